import { Entity, Enum, ManyToOne, type Opt, PrimaryKey, Property, type Rel } from '@mikro-orm/core';
import { CHANGE_REQUEST_STATES, type ChangeRequestState } from '@casebridge/contracts';
import { createdAtColumn, timestampColumn } from '../columns';
import { Company } from '../accounts/company.entity';
import { User } from '../accounts/user.entity';

/** A company admin's request to change data only membership may change (24-48 hours); staff mark it done. */
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

  @Enum({ items: [...CHANGE_REQUEST_STATES], default: 'open' })
  state: Opt<ChangeRequestState> = 'open';

  @Property(timestampColumn({ nullable: true }))
  doneAt: Date | null = null;

  /** The super admin who marked it done; kept as null when that account is deleted. */
  @ManyToOne({ entity: () => User, nullable: true, deleteRule: 'set null' })
  doneBy: Rel<User> | null = null;

  @Property(createdAtColumn())
  createdAt: Opt<Date> = new Date();
}
