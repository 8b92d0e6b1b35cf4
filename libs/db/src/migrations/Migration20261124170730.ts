import { Migration } from '@mikro-orm/migrations';

export class Migration20261124170730 extends Migration {

  override async up(): Promise<void> {
    this.addSql(`create table "idempotency_keys" ("id" serial primary key, "user_id" int not null, "key" varchar(300) not null, "fingerprint" varchar(64) not null, "response" jsonb null, "completed_at" timestamptz null, "expires_at" timestamptz not null, "created_at" timestamptz not null default current_timestamp);`);
    this.addSql(`create index "idempotency_keys_expires_at_index" on "idempotency_keys" ("expires_at");`);
    this.addSql(`alter table "idempotency_keys" add constraint "idempotency_keys_user_id_key_unique" unique ("user_id", "key");`);

    this.addSql(`alter table "idempotency_keys" add constraint "idempotency_keys_user_id_foreign" foreign key ("user_id") references "users" ("id") on update cascade on delete cascade;`);

    this.addSql(`alter table "one_time_tokens" drop constraint if exists "one_time_tokens_purpose_check";`);

    this.addSql(`alter table "one_time_tokens" add constraint "one_time_tokens_purpose_check" check("purpose" in ('verification', 'password_reset', 'login_link', 'auto_login', 'registration_approval', 'email_change'));`);

    this.addSql(`alter table "manager_requests" add column "answered_at" timestamptz null;`);
    // Requests answered before links took one answer count as answered at their first response.
    this.addSql(`update "manager_requests" set "answered_at" = "first"."at" from (select "request_id", min("created_at") as "at" from "manager_responses" group by "request_id") as "first" where "first"."request_id" = "manager_requests"."id";`);

    this.addSql(`alter table "communities" add column "msteams_link_version" int not null default 0;`);

    this.addSql(`alter table "onboarding_sessions" add column "restore_token_hash" varchar(64) null;`);
    this.addSql(`alter table "onboarding_sessions" add constraint "onboarding_sessions_restore_token_hash_unique" unique ("restore_token_hash");`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "idempotency_keys" cascade;`);

    this.addSql(`alter table "one_time_tokens" drop constraint if exists "one_time_tokens_purpose_check";`);

    this.addSql(`alter table "communities" drop column "msteams_link_version";`);

    this.addSql(`alter table "manager_requests" drop column "answered_at";`);

    this.addSql(`alter table "onboarding_sessions" drop constraint "onboarding_sessions_restore_token_hash_unique";`);
    this.addSql(`alter table "onboarding_sessions" drop column "restore_token_hash";`);

    this.addSql(`alter table "one_time_tokens" add constraint "one_time_tokens_purpose_check" check("purpose" in ('verification', 'password_reset', 'login_link', 'auto_login', 'registration_approval'));`);
  }

}
