import { Entity, ManyToOne, type Opt, PrimaryKey, PrimaryKeyProp, Property, type Rel } from '@mikro-orm/core';
import type { MailDelivery, MailKind } from '@casebridge/contracts';
import { timestampColumn, updatedAtColumn } from '../columns';
import { User } from './user.entity';

/**
 * A user's choice for one kind of mail. No row means the kind's default (MAIL_KIND_INFO), so existing users keep
 * what they had. Read with plain SQL (libs/db/src/mail/mail-preferences.ts) by the mail worker and the digest.
 */
@Entity({ tableName: 'mail_preferences' })
export class MailPreference {
  [PrimaryKeyProp]?: ['user', 'kind'];

  @ManyToOne({ entity: () => User, primary: true, deleteRule: 'cascade' })
  user!: Rel<User>;

  @PrimaryKey({ type: 'text' })
  kind!: MailKind;

  @Property({ type: 'text' })
  delivery!: MailDelivery;

  @Property(updatedAtColumn())
  updatedAt: Opt<Date> = new Date();
}

/**
 * One digest day of a user: written in the transaction that queues the digest mail, so a restarted or racing worker
 * never sends a second one for the same local date. Also written for a day with nothing to tell.
 */
@Entity({ tableName: 'digest_sends' })
export class DigestSend {
  [PrimaryKeyProp]?: ['user', 'localDate'];

  @ManyToOne({ entity: () => User, primary: true, deleteRule: 'cascade' })
  user!: Rel<User>;

  /** The user's calendar date (YYYY-MM-DD) in their time zone. */
  @PrimaryKey({ type: 'date' })
  localDate!: string;

  /** How many entries the mail listed; 0 when none was sent. */
  @Property({ type: 'integer' })
  entries!: number;

  @Property(timestampColumn({ defaultRaw: 'current_timestamp' }))
  sentAt: Opt<Date> = new Date();
}
