import { Entity, ManyToOne, type Opt, PrimaryKey, Property, type Rel } from '@mikro-orm/core';
import { createdAtColumn } from '../columns';
import { Company } from '../accounts/company.entity';
import { User } from '../accounts/user.entity';

/** A company admin's request to change data only membership may change (24-48 hours). */
@Entity({ tableName: 'change_requests' })
export class ChangeRequest {
  @PrimaryKey({ type: 'integer' })
  id!: number;

  @ManyToOne({ entity: () => Company, index: true, deleteRule: 'cascade' })
  company!: Rel<Company>;

  @ManyToOne({ entity: () => User, index: true, nullable: true, deleteRule: 'set null' })
  user: Rel<User> | null = null;

  @Property({ type: 'string', length: 100 })
  changeType!: string;

  @Property({ type: 'text' })
  changes!: string;

  @Property(createdAtColumn())
  createdAt: Opt<Date> = new Date();
}
