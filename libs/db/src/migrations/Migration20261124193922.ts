import { Migration } from '@mikro-orm/migrations';

export class Migration20261124193922 extends Migration {

  override async up(): Promise<void> {
    this.addSql(`alter table "change_requests" add column "state" text check ("state" in ('open', 'done')) not null default 'open', add column "done_at" timestamptz null, add column "done_by_id" int null;`);
    this.addSql(`alter table "change_requests" add constraint "change_requests_done_by_id_foreign" foreign key ("done_by_id") references "users" ("id") on update cascade on delete set null;`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table "change_requests" drop constraint "change_requests_done_by_id_foreign";`);

    this.addSql(`alter table "change_requests" drop column "state", drop column "done_at", drop column "done_by_id";`);
  }

}
