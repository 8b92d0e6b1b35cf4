import { Migration } from '@mikro-orm/migrations';

/** Machine clients of the integration API (OAuth 2.0 client credentials) and the access tokens they are issued. */
export class Migration20261128120000 extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create table "oauth_clients" (
  "id" serial primary key,
  "company_id" int not null,
  "user_id" int not null,
  "name" varchar(100) not null,
  "client_id" varchar(64) not null,
  "secret_hash" varchar(64) not null,
  "previous_secret_hash" varchar(64) null,
  "previous_secret_expires_at" timestamptz null,
  "scopes" varchar(200) not null,
  "last_used_at" timestamptz null,
  "revoked_at" timestamptz null,
  "created_at" timestamptz not null default current_timestamp
);`);
    this.addSql('create index "oauth_clients_company_id_index" on "oauth_clients" ("company_id");');
    this.addSql('create index "oauth_clients_user_id_index" on "oauth_clients" ("user_id");');
    this.addSql('alter table "oauth_clients" add constraint "oauth_clients_client_id_unique" unique ("client_id");');
    this.addSql(`alter table "oauth_clients" add constraint "oauth_clients_company_id_foreign"
  foreign key ("company_id") references "companies" ("id") on update cascade on delete cascade;`);
    this.addSql(`alter table "oauth_clients" add constraint "oauth_clients_user_id_foreign"
  foreign key ("user_id") references "users" ("id") on update cascade on delete cascade;`);

    this.addSql(`create table "oauth_access_tokens" (
  "id" serial primary key,
  "client_id" int not null,
  "token_hash" varchar(64) not null,
  "scopes" varchar(200) not null,
  "expires_at" timestamptz not null,
  "created_at" timestamptz not null default current_timestamp
);`);
    this.addSql('create index "oauth_access_tokens_client_id_index" on "oauth_access_tokens" ("client_id");');
    this.addSql('create index "oauth_access_tokens_expires_at_index" on "oauth_access_tokens" ("expires_at");');
    this.addSql(
      'alter table "oauth_access_tokens" add constraint "oauth_access_tokens_token_hash_unique" unique ("token_hash");',
    );
    this.addSql(`alter table "oauth_access_tokens" add constraint "oauth_access_tokens_client_id_foreign"
  foreign key ("client_id") references "oauth_clients" ("id") on update cascade on delete cascade;`);
  }

  override async down(): Promise<void> {
    this.addSql('drop table if exists "oauth_access_tokens" cascade;');
    this.addSql('drop table if exists "oauth_clients" cascade;');
  }
}
