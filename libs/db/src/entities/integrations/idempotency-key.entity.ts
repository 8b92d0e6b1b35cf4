import { Entity, Index, ManyToOne, type Opt, PrimaryKey, Property, type Rel, Unique } from '@mikro-orm/core';
import { createdAtColumn, timestampColumn } from '../columns';
import { User } from '../accounts/user.entity';

/**
 * A request a user asked to happen once (Idempotency-Key header, or an identical submission within a minute):
 * the first request claims the row, the others answer its stored result instead of doing the work again.
 */
@Entity({ tableName: 'idempotency_keys' })
@Unique({ properties: ['user', 'key'] })
@Index({ properties: ['expiresAt'] })
export class IdempotencyKey {
  @PrimaryKey({ type: 'integer' })
  id!: number;

  @ManyToOne({ entity: () => User, deleteRule: 'cascade' })
  user!: Rel<User>;

  /** The client's key, or `repeat:{fingerprint}` for a submission sent again without one. */
  @Property({ type: 'string', length: 300 })
  key!: string;

  /** sha256 of the method, path and canonical body: the same key with another request is refused. */
  @Property({ type: 'string', length: 64 })
  fingerprint!: string;

  /** The first request's answer once it succeeded; null while it is still being handled. */
  @Property({ type: 'json', nullable: true })
  response: Opt<unknown> | null = null;

  @Property(timestampColumn({ nullable: true }))
  completedAt: Date | null = null;

  @Property(timestampColumn())
  expiresAt!: Date;

  @Property(createdAtColumn())
  createdAt: Opt<Date> = new Date();
}
