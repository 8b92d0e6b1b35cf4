import { Entity, Index, ManyToOne, type Opt, PrimaryKey, Property, type Rel } from '@mikro-orm/core';
import { createdAtColumn, updatedAtColumn } from '../columns';
import { Company } from '../accounts/company.entity';
import { User } from '../accounts/user.entity';
import { ContactDocument } from './contact-document.entity';

/** A company's internal note on a partner's process document (one per company and document). */
@Entity({ tableName: 'document_notes' })
@Index({ properties: ['company', 'document'] })
export class DocumentNote {
  @PrimaryKey({ type: 'integer' })
  id!: number;

  @ManyToOne({ entity: () => ContactDocument, index: true, deleteRule: 'cascade' })
  document!: Rel<ContactDocument>;

  @ManyToOne({ entity: () => Company, deleteRule: 'cascade' })
  company!: Rel<Company>;

  /** Last author. */
  @ManyToOne({ entity: () => User, index: true, nullable: true, deleteRule: 'set null' })
  user: Rel<User> | null = null;

  @Property({ type: 'text' })
  note!: string;

  @Property({ type: 'string', length: 50, default: 'contact_document' })
  location: Opt<string> = 'contact_document';

  @Property(createdAtColumn())
  createdAt: Opt<Date> = new Date();

  @Property(updatedAtColumn())
  updatedAt: Opt<Date> = new Date();
}
