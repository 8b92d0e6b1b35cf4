import { Entity, ManyToOne, type Opt, PrimaryKey, Property, type Rel } from '@mikro-orm/core';
import { createdAtColumn, timestampColumn } from '../columns';
import { User } from './user.entity';

/** A long-lived token of an api-role user. Only the sha256 of the raw token is stored. */
@Entity({ tableName: 'api_tokens' })
export class ApiToken {
  @PrimaryKey({ type: 'integer' })
  id!: number;

  @ManyToOne({ entity: () => User, index: true, deleteRule: 'cascade' })
  user!: Rel<User>;

  @Property({ type: 'string', length: 100 })
  name!: string;

  @Property({ type: 'string', length: 64, unique: true })
  tokenHash!: string;

  @Property(timestampColumn({ nullable: true }))
  lastUsedAt: Date | null = null;

  @Property(timestampColumn({ nullable: true }))
  revokedAt: Date | null = null;

  @Property(createdAtColumn())
  createdAt: Opt<Date> = new Date();
}
