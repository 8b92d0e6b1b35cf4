import {
  Collection,
  Entity,
  Index,
  ManyToMany,
  ManyToOne,
  OneToMany,
  type Opt,
  PrimaryKey,
  Property,
  type Rel,
} from '@mikro-orm/core';
import { createdAtColumn, timestampColumn, updatedAtColumn } from '../columns';
import { Company } from '../accounts/company.entity';
import { Department } from '../accounts/department.entity';
import { DocumentVersion } from './document-version.entity';
import {
  DocumentEmailTemplate,
  DocumentFile,
  DocumentGroup,
  DocumentLinkage,
  DocumentManager,
  DocumentTag,
} from './document-parts.entity';

/**
 * A process document ("contact document"): how a company wants to receive collaboration requests.
 * Its content lives in versions; `currentVersion` is the one members see.
 */
@Entity({ tableName: 'contact_documents' })
@Index({ properties: ['company', 'deletedAt'] })
export class ContactDocument {
  @PrimaryKey({ type: 'integer' })
  id!: number;

  @ManyToOne({ entity: () => Company, deleteRule: 'cascade' })
  company!: Rel<Company>;

  @Property({ type: 'string', length: 255 })
  name!: string;

  /** HTML of a static (default type) document. */
  @Property({ type: 'text', nullable: true })
  staticDocument: string | null = null;

  /** Label of the chooser of a parent document. */
  @Property({ type: 'string', length: 255, nullable: true })
  parentOptionName: string | null = null;

  @ManyToOne({ entity: () => DocumentVersion, index: true, nullable: true, deleteRule: 'set null' })
  currentVersion: Rel<DocumentVersion> | null = null;

  @OneToMany({ entity: () => DocumentVersion, mappedBy: 'document' })
  versions = new Collection<DocumentVersion>(this);

  @ManyToMany({ entity: () => Department, pivotTable: 'contact_document_departments' })
  departments = new Collection<Department>(this);

  @OneToMany({ entity: () => DocumentGroup, mappedBy: 'document', orphanRemoval: true })
  groupRelations = new Collection<DocumentGroup>(this);

  @OneToMany({ entity: () => DocumentTag, mappedBy: 'document', orphanRemoval: true })
  tags = new Collection<DocumentTag>(this);

  @OneToMany({ entity: () => DocumentManager, mappedBy: 'document', orphanRemoval: true })
  managers = new Collection<DocumentManager>(this);

  @OneToMany({ entity: () => DocumentEmailTemplate, mappedBy: 'document', orphanRemoval: true })
  emailTemplates = new Collection<DocumentEmailTemplate>(this);

  @OneToMany({ entity: () => DocumentFile, mappedBy: 'document', orphanRemoval: true })
  files = new Collection<DocumentFile>(this);

  /** Sub-processes offered by a parent document. */
  @OneToMany({ entity: () => DocumentLinkage, mappedBy: 'parent', orderBy: { position: 'asc' } })
  linkages = new Collection<DocumentLinkage>(this);

  @Property(createdAtColumn())
  createdAt: Opt<Date> = new Date();

  @Property(updatedAtColumn())
  updatedAt: Opt<Date> = new Date();

  /** Soft delete: cases keep pointing at deleted documents. */
  @Property(timestampColumn({ nullable: true }))
  deletedAt: Date | null = null;
}
