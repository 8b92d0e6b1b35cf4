import { Migration } from '@mikro-orm/migrations';

/**
 * Manager escalations linked to their case: the case a request's existing vendor case reference names, set at
 * intake (null: unlinked, as before). A deleted case leaves its requests unlinked.
 */
export class Migration20261128172000 extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table "manager_requests" add column "case_id" int null;`);
    this.addSql(
      `alter table "manager_requests" add constraint "manager_requests_case_id_foreign" foreign key ("case_id")
        references "cases" ("id") on update cascade on delete set null;`,
    );
    this.addSql(`create index "manager_requests_case_id_index" on "manager_requests" ("case_id");`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table "manager_requests" drop constraint "manager_requests_case_id_foreign";`);
    this.addSql(`drop index "manager_requests_case_id_index";`);
    this.addSql(`alter table "manager_requests" drop column "case_id";`);
  }
}
