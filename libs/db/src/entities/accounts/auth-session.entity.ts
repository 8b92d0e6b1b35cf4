import { Entity, Index, ManyToOne, type Opt, PrimaryKey, Property, type Rel } from '@mikro-orm/core';
import { createdAtColumn, timestampColumn } from '../columns';
import { User } from './user.entity';

/**
 * One signed-in session. The access token carries the session uuid and a jti; refresh rotates
 * currentJti, logout and password change set revokedAt.
 */
@Entity({ tableName: 'auth_sessions' })
@Index({ properties: ['user', 'revokedAt'] })
export class AuthSession {
  @PrimaryKey({ type: 'uuid' })
  uuid!: string;

  @ManyToOne({ entity: () => User, deleteRule: 'cascade' })
  user!: Rel<User>;

  @Property({ type: 'string', length: 64 })
  currentJti!: string;

  /** The super admin who is logged in as `user`, if any. */
  @ManyToOne({ entity: () => User, index: true, nullable: true, deleteRule: 'cascade' })
  impersonator: Rel<User> | null = null;

  @Property(createdAtColumn())
  createdAt: Opt<Date> = new Date();

  @Property(timestampColumn({ onCreate: () => new Date() }))
  lastUsedAt: Opt<Date> = new Date();

  /** After this instant an expired access token can no longer be refreshed. */
  @Property(timestampColumn())
  refreshUntil!: Date;

  @Property(timestampColumn({ nullable: true }))
  revokedAt: Date | null = null;

  @Property({ type: 'string', length: 50, nullable: true })
  revokedReason: string | null = null;
}
