import { Entity, Enum, Index, ManyToOne, type Opt, PrimaryKey, Property, type Rel } from '@mikro-orm/core';
import { ONE_TIME_TOKEN_PURPOSES, type OneTimeTokenPurpose } from '@casebridge/contracts';
import { createdAtColumn, timestampColumn } from '../columns';
import { User } from './user.entity';

/** A link token (verification, reset, login link...). Only the sha256 of the raw token is stored. */
@Entity({ tableName: 'one_time_tokens' })
@Index({ properties: ['user', 'purpose'] })
export class OneTimeToken {
  @PrimaryKey({ type: 'integer' })
  id!: number;

  /** sha256 hex of the raw token sent in the link. */
  @Property({ type: 'string', length: 64, unique: true })
  tokenHash!: string;

  @Enum({ items: [...ONE_TIME_TOKEN_PURPOSES] })
  purpose!: OneTimeTokenPurpose;

  @ManyToOne({ entity: () => User, deleteRule: 'cascade' })
  user!: Rel<User>;

  @Property(timestampColumn())
  expiresAt!: Date;

  @Property(timestampColumn({ nullable: true }))
  usedAt: Date | null = null;

  /** Extra context of the link, e.g. the redirect of an auto-login link. */
  @Property({ type: 'json', nullable: true })
  data: Opt<Record<string, unknown>> | null = null;

  @Property(createdAtColumn())
  createdAt: Opt<Date> = new Date();
}
