import { Entity, Index, ManyToOne, type Opt, PrimaryKey, Property, type Rel } from '@mikro-orm/core';
import { createdAtColumn } from '../columns';
import { User } from './user.entity';

/** One successful sign-in; feeds the user-logins report. */
@Entity({ tableName: 'login_events' })
@Index({ properties: ['createdAt'] })
export class LoginEvent {
  @PrimaryKey({ type: 'integer' })
  id!: number;

  @ManyToOne({ entity: () => User, index: true, deleteRule: 'cascade' })
  user!: Rel<User>;

  @Property({ type: 'string', length: 45, nullable: true })
  ip: string | null = null;

  @Property(createdAtColumn())
  createdAt: Opt<Date> = new Date();
}
