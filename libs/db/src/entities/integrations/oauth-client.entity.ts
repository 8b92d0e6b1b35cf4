import { Entity, Index, ManyToOne, type Opt, PrimaryKey, Property, type Rel } from '@mikro-orm/core';
import { createdAtColumn, timestampColumn } from '../columns';
import { Company } from '../accounts/company.entity';
import { User } from '../accounts/user.entity';

/**
 * A machine client of the integration API (OAuth 2.0 client credentials), made by a company admin. It acts as one
 * of the company's api users (whose role and company decide what it may see and do) within its scopes. Only
 * hashes of its secrets are stored; during a rotation the previous secret stays valid until its expiry.
 */
@Entity({ tableName: 'oauth_clients' })
export class OAuthClient {
  @PrimaryKey({ type: 'integer' })
  id!: number;

  @ManyToOne({ entity: () => Company, index: true, deleteRule: 'cascade' })
  company!: Rel<Company>;

  /** The api user it acts as. */
  @ManyToOne({ entity: () => User, index: true, deleteRule: 'cascade' })
  user!: Rel<User>;

  @Property({ type: 'string', length: 100 })
  name!: string;

  /** The public identifier a connector sends as client_id. */
  @Property({ type: 'string', length: 64, unique: true })
  clientId!: string;

  @Property({ type: 'string', length: 64 })
  secretHash!: string;

  @Property({ type: 'string', length: 64, nullable: true })
  previousSecretHash: string | null = null;

  @Property(timestampColumn({ nullable: true }))
  previousSecretExpiresAt: Date | null = null;

  /** Granted scopes (CONNECT_SCOPES), space-separated as OAuth writes them. */
  @Property({ type: 'string', length: 200 })
  scopes!: string;

  @Property(timestampColumn({ nullable: true }))
  lastUsedAt: Date | null = null;

  @Property(timestampColumn({ nullable: true }))
  revokedAt: Date | null = null;

  @Property(createdAtColumn())
  createdAt: Opt<Date> = new Date();
}

/** An access token issued to a client: opaque, short-lived, only its hash stored; revoking the client drops them. */
@Entity({ tableName: 'oauth_access_tokens' })
@Index({ properties: ['expiresAt'] })
export class OAuthAccessToken {
  @PrimaryKey({ type: 'integer' })
  id!: number;

  @ManyToOne({ entity: () => OAuthClient, index: true, deleteRule: 'cascade' })
  client!: Rel<OAuthClient>;

  @Property({ type: 'string', length: 64, unique: true })
  tokenHash!: string;

  /** The scopes of this token: those asked for at issue, within the client's. */
  @Property({ type: 'string', length: 200 })
  scopes!: string;

  @Property(timestampColumn())
  expiresAt!: Date;

  @Property(createdAtColumn())
  createdAt: Opt<Date> = new Date();
}
