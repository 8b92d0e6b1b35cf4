import { Entity, Enum, ManyToOne, type Opt, PrimaryKey, Property, type Rel } from '@mikro-orm/core';
import { GROUP_DOCUMENT_KINDS, type GroupDocumentKind } from '@casebridge/contracts';
import { createdAtColumn } from '../columns';
import { Company } from '../accounts/company.entity';
import { Community } from './community.entity';

/** A file or link a company shares with the members of a group. */
@Entity({ tableName: 'group_documents' })
export class GroupDocument {
  @PrimaryKey({ type: 'integer' })
  id!: number;

  @ManyToOne({ entity: () => Community, index: true, deleteRule: 'cascade' })
  community!: Rel<Community>;

  @ManyToOne({ entity: () => Company, index: true, deleteRule: 'cascade' })
  company!: Rel<Company>;

  @Property({ type: 'string', length: 255 })
  name!: string;

  @Enum({ items: [...GROUP_DOCUMENT_KINDS] })
  documentType!: GroupDocumentKind;

  @Property({ type: 'string', length: 1000, nullable: true })
  url: string | null = null;

  @Property({ type: 'string', length: 500, nullable: true })
  filePath: string | null = null;

  @Property({ type: 'string', length: 255, nullable: true })
  originalFilename: string | null = null;

  @Property({ type: 'string', length: 100, nullable: true })
  mimeType: string | null = null;

  @Property(createdAtColumn())
  createdAt: Opt<Date> = new Date();
}
