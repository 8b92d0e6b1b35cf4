import {
  Collection,
  Entity,
  Enum,
  ManyToOne,
  OneToMany,
  type Opt,
  PrimaryKey,
  Property,
  type Rel,
  Unique,
} from '@mikro-orm/core';
import {
  DOCUMENT_DEFAULTS,
  DOCUMENT_STATUSES,
  DOCUMENT_TYPES,
  type DocumentStatus,
  type DocumentType,
} from '@casebridge/contracts';
import { createdAtColumn } from '../columns';
import { User } from '../accounts/user.entity';
import { ContactDocument } from './contact-document.entity';
import { VersionRequirement } from './version-requirement.entity';

/** One edit of a process document; cases remember the version they were submitted against. */
@Entity({ tableName: 'document_versions' })
@Unique({ properties: ['document', 'versionNumber'] })
export class DocumentVersion {
  @PrimaryKey({ type: 'integer' })
  id!: number;

  @ManyToOne({ entity: () => ContactDocument, deleteRule: 'cascade' })
  document!: Rel<ContactDocument>;

  @Property({ type: 'integer' })
  versionNumber!: number;

  @Enum({ items: [...DOCUMENT_STATUSES], default: DOCUMENT_DEFAULTS.status })
  status: Opt<DocumentStatus> = DOCUMENT_DEFAULTS.status;

  @Enum({ items: [...DOCUMENT_TYPES], default: DOCUMENT_DEFAULTS.document_type })
  documentType: Opt<DocumentType> = DOCUMENT_DEFAULTS.document_type;

  /** Sub-kind of a json document (the receiving system's format). */
  @Property({ type: 'string', length: 100, nullable: true })
  jsonType: string | null = null;

  @Property({ type: 'string', length: 255, nullable: true })
  title: string | null = null;

  @Property({ type: 'string', length: 100, default: DOCUMENT_DEFAULTS.support_hours })
  supportHours: Opt<string> = DOCUMENT_DEFAULTS.support_hours;

  @Property({ type: 'string', length: 255, default: DOCUMENT_DEFAULTS.product_supported })
  productSupported: Opt<string> = DOCUMENT_DEFAULTS.product_supported;

  /** Where new cases are mailed. */
  @Property({ type: 'string', length: 254, nullable: true })
  collaborateEmail: string | null = null;

  /** Comma separated cc addresses. */
  @Property({ type: 'string', length: 1000, nullable: true })
  collaborateCcEmail: string | null = null;

  @Property({ type: 'text', nullable: true })
  escalationInstructions: string | null = null;

  @Property({ type: 'string', length: 254, nullable: true })
  escalationAlias: string | null = null;

  @Property({ type: 'text', nullable: true })
  adminNote: string | null = null;

  @Property({ type: 'string', length: 255, nullable: true })
  commonCustomerSectionTitle: string | null = null;

  @ManyToOne({ entity: () => User, index: true, nullable: true, deleteRule: 'set null' })
  escalationUser: Rel<User> | null = null;

  @ManyToOne({ entity: () => User, index: true, nullable: true, deleteRule: 'set null' })
  altEscalationUser: Rel<User> | null = null;

  @OneToMany({ entity: () => VersionRequirement, mappedBy: 'version', orderBy: { position: 'asc' } })
  requirements = new Collection<VersionRequirement>(this);

  @Property(createdAtColumn())
  createdAt: Opt<Date> = new Date();
}
