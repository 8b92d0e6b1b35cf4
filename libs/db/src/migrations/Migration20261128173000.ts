import { Migration } from '@mikro-orm/migrations';

/**
 * Mail preferences and the daily digest: a user's time zone (null = UTC), their choice per kind of mail (no row =
 * the kind's default, so nothing changes for existing users), and one row per user and local date a digest was
 * handled (its primary key keeps a second one from ever being queued). The `case-digest` mail is inserted only
 * where templates are already stored (a fresh database gets it from the seed), never over an edited one.
 */
const CASE_DIGEST = {
  slug: 'case-digest',
  name: 'Daily digest',
  subject: '[{{product}}] Your daily digest: {{entry_count}} unread',
  body: [
    '<p>Hello {{first_name}},</p>',
    '<p>These {{entry_count}} entries on cases you watch are waiting for you:</p>',
    '<div style="white-space: pre-line">{{entries}}</div>',
    '<p><a href="{{link}}" class="button">Open My Cases</a></p>',
    '<p>You chose to get these by daily digest. <a href="{{settings_link}}">Change your mail preferences</a>.</p>',
  ].join('\n'),
};

const literal = (value: string): string => `'${value.replace(/'/g, "''")}'`;

export class Migration20261128173000 extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table "users" add column "time_zone" varchar(64) null;`);
    this.addSql(`create table "mail_preferences" (
  "user_id" int not null references "users" ("id") on update cascade on delete cascade,
  "kind" text not null,
  "delivery" text not null check ("delivery" in ('immediate', 'digest', 'off')),
  "updated_at" timestamptz not null default current_timestamp,
  constraint "mail_preferences_pkey" primary key ("user_id", "kind"));`);
    // The digest's scan looks for users with at least one kind in the digest.
    this.addSql(
      `create index "mail_preferences_digest_index" on "mail_preferences" ("user_id") where "delivery" = 'digest';`,
    );
    this.addSql(`create table "digest_sends" (
  "user_id" int not null references "users" ("id") on update cascade on delete cascade,
  "local_date" date not null,
  "entries" int not null,
  "sent_at" timestamptz not null default current_timestamp,
  constraint "digest_sends_pkey" primary key ("user_id", "local_date"));`);
    this.addSql(
      `insert into "email_templates" ("slug", "name", "subject", "body", "type") ` +
        `select ${literal(CASE_DIGEST.slug)}, ${literal(CASE_DIGEST.name)}, ` +
        `${literal(CASE_DIGEST.subject)}, ${literal(CASE_DIGEST.body)}, 'system' ` +
        `where exists (select 1 from "email_templates") on conflict ("slug") do nothing;`,
    );
  }

  override async down(): Promise<void> {
    this.addSql(`delete from "email_templates" where "slug" = 'case-digest';`);
    this.addSql(`drop table if exists "digest_sends" cascade;`);
    this.addSql(`drop table if exists "mail_preferences" cascade;`);
    this.addSql(`alter table "users" drop column "time_zone";`);
  }
}
