import {
  Collection,
  Entity,
  Enum,
  Index,
  ManyToMany,
  ManyToOne,
  type Opt,
  PrimaryKey,
  Property,
  type Rel,
} from '@mikro-orm/core';
import {
  MEMBER_RELATIONSHIPS,
  type MemberRelationship,
  USER_ACCESS_FLAGS,
  type UserAccessFlag,
} from '@casebridge/contracts';
import { createdAtColumn } from '../columns';
import { Company } from '../accounts/company.entity';
import { Department } from '../accounts/department.entity';
import { User } from '../accounts/user.entity';
import { ContactDocument } from '../documents/contact-document.entity';
import { Community } from './community.entity';

/** A company's (or one department's) membership of a group: a "group partner". */
@Entity({ tableName: 'company_group_relations' })
@Index({ properties: ['community', 'isActive'] })
export class CompanyGroupRelation {
  @PrimaryKey({ type: 'integer' })
  id!: number;

  @ManyToOne({ entity: () => Community, deleteRule: 'cascade' })
  community!: Rel<Community>;

  @ManyToOne({ entity: () => Company, index: true, deleteRule: 'cascade' })
  company!: Rel<Company>;

  @ManyToOne({ entity: () => Department, index: true, nullable: true, deleteRule: 'cascade' })
  department: Rel<Department> | null = null;

  /** The member's process document other group members submit cases through. */
  @ManyToOne({ entity: () => ContactDocument, index: true, nullable: true, deleteRule: 'set null' })
  document: Rel<ContactDocument> | null = null;

  @Property({ type: 'boolean', default: true })
  isActive: Opt<boolean> = true;

  /** all: every user of the company sees the group; limit: only `users`. */
  @Enum({ items: [...USER_ACCESS_FLAGS], default: 'all' })
  userAccessFlag: Opt<UserAccessFlag> = 'all';

  @Enum({ items: [...MEMBER_RELATIONSHIPS], default: 'many_to_many' })
  memberRelationship: Opt<MemberRelationship> = 'many_to_many';

  @ManyToMany({ entity: () => User, pivotTable: 'company_group_relation_users' })
  users = new Collection<User>(this);

  @Property(createdAtColumn())
  createdAt: Opt<Date> = new Date();
}
