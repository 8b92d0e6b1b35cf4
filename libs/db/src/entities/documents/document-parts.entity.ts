import { Entity, Enum, ManyToOne, type Opt, PrimaryKey, Property, type Rel, Unique } from '@mikro-orm/core';
import { FILE_KINDS, MANAGER_USER_TYPES, type ManagerUserType } from '@casebridge/contracts';
import { Department } from '../accounts/department.entity';
import { User } from '../accounts/user.entity';
import { EmailTemplate } from '../content/email-template.entity';
import { Community } from '../groups/community.entity';
import { ContactDocument } from './contact-document.entity';

/** The small records that hang off a process document. */

/** A group whose members may use the document (optionally through one department). */
@Entity({ tableName: 'document_groups' })
export class DocumentGroup {
  @PrimaryKey({ type: 'integer' })
  id!: number;

  @ManyToOne({ entity: () => ContactDocument, index: true, deleteRule: 'cascade' })
  document!: Rel<ContactDocument>;

  @ManyToOne({ entity: () => Community, index: true, deleteRule: 'cascade' })
  community!: Rel<Community>;

  @ManyToOne({ entity: () => Department, index: true, nullable: true, deleteRule: 'cascade' })
  department: Rel<Department> | null = null;
}

/** Search tag of a document (shown in the company directory). */
@Entity({ tableName: 'document_tags' })
@Unique({ properties: ['document', 'tag'] })
export class DocumentTag {
  @PrimaryKey({ type: 'integer' })
  id!: number;

  @ManyToOne({ entity: () => ContactDocument, deleteRule: 'cascade' })
  document!: Rel<ContactDocument>;

  @Property({ type: 'string', length: 100, index: true })
  tag!: string;
}

/** Process owner of a document: receives manager escalation requests. */
@Entity({ tableName: 'document_managers' })
export class DocumentManager {
  @PrimaryKey({ type: 'integer' })
  id!: number;

  @ManyToOne({ entity: () => ContactDocument, index: true, deleteRule: 'cascade' })
  document!: Rel<ContactDocument>;

  @ManyToOne({ entity: () => User, index: true, deleteRule: 'cascade' })
  user!: Rel<User>;

  @Enum({ items: [...MANAGER_USER_TYPES], default: 'main' })
  userType: Opt<ManagerUserType> = 'main';
}

/** Which stored template a document uses for one kind of mail, e.g. new_receiving_member. */
@Entity({ tableName: 'document_email_templates' })
@Unique({ properties: ['document', 'type'] })
export class DocumentEmailTemplate {
  @PrimaryKey({ type: 'integer' })
  id!: number;

  @ManyToOne({ entity: () => ContactDocument, deleteRule: 'cascade' })
  document!: Rel<ContactDocument>;

  @Property({ type: 'string', length: 100 })
  type!: string;

  @ManyToOne({ entity: () => EmailTemplate, index: true, deleteRule: 'cascade' })
  template!: Rel<EmailTemplate>;
}

/** A downloadable file or link attached to a document, optionally only for one group. */
@Entity({ tableName: 'document_files' })
export class DocumentFile {
  @PrimaryKey({ type: 'integer' })
  id!: number;

  @ManyToOne({ entity: () => ContactDocument, index: true, deleteRule: 'cascade' })
  document!: Rel<ContactDocument>;

  @Property({ type: 'string', length: 255 })
  name!: string;

  @Enum({ items: [...FILE_KINDS] })
  documentType!: (typeof FILE_KINDS)[number];

  @Property({ type: 'string', length: 1000, nullable: true })
  url: string | null = null;

  @ManyToOne({ entity: () => Community, index: true, nullable: true, deleteRule: 'set null' })
  community: Rel<Community> | null = null;

  @Property({ type: 'string', length: 500, nullable: true })
  filePath: string | null = null;

  @Property({ type: 'string', length: 255, nullable: true })
  originalFilename: string | null = null;
}

/** An option of a parent document's chooser, leading to a child document. */
@Entity({ tableName: 'document_linkages' })
export class DocumentLinkage {
  @PrimaryKey({ type: 'integer' })
  id!: number;

  @ManyToOne({ entity: () => ContactDocument, index: true, deleteRule: 'cascade' })
  parent!: Rel<ContactDocument>;

  @ManyToOne({ entity: () => ContactDocument, index: true, deleteRule: 'cascade' })
  child!: Rel<ContactDocument>;

  @Property({ type: 'string', length: 255 })
  optionName!: string;

  @Property({ type: 'boolean', default: false })
  deleted: Opt<boolean> = false;

  @Property({ type: 'integer', default: 0 })
  position: Opt<number> = 0;
}
