import { Entity, Enum, ManyToOne, type Opt, PrimaryKey, Property, type Rel } from '@mikro-orm/core';
import { DEPARTMENT_STATUSES, type DepartmentStatus } from '@casebridge/contracts';
import { createdAtColumn, updatedAtColumn } from '../columns';
import { ContactDocument } from '../documents/contact-document.entity';
import { Community } from '../groups/community.entity';
import { Company } from './company.entity';

/** A part of a company that receives cases through its own process document. */
@Entity({ tableName: 'departments' })
export class Department {
  @PrimaryKey({ type: 'integer' })
  id!: number;

  @ManyToOne({ entity: () => Company, index: true, deleteRule: 'cascade' })
  company!: Rel<Company>;

  @Property({ type: 'string', length: 100 })
  name!: string;

  @Property({ type: 'text', nullable: true })
  description: string | null = null;

  @ManyToOne({ entity: () => Community, index: true, nullable: true, deleteRule: 'set null' })
  community: Rel<Community> | null = null;

  @ManyToOne({ entity: () => ContactDocument, index: true, nullable: true, deleteRule: 'set null' })
  contactDocument: Rel<ContactDocument> | null = null;

  @Enum({ items: [...DEPARTMENT_STATUSES], default: 'active' })
  status: Opt<DepartmentStatus> = 'active';

  @Property(createdAtColumn())
  createdAt: Opt<Date> = new Date();

  @Property(updatedAtColumn())
  updatedAt: Opt<Date> = new Date();
}
