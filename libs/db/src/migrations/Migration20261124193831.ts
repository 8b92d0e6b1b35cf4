import { Migration } from '@mikro-orm/migrations';

export class Migration20261124193831 extends Migration {

  override async up(): Promise<void> {
    this.addSql(`drop index "cases_receiver_company_id_updated_at_index";`);
    this.addSql(`drop index "cases_submitter_company_id_updated_at_index";`);

    this.addSql(`create index "cases_submitter_user_listed_created_index" on "cases" ("submitter_user_id", "created_at", "id") where "deleted_at" is null and "is_sample" = false;`);
    this.addSql(`create index "cases_receiver_company_listed_created_index" on "cases" ("receiver_company_id", "created_at", "id") where "deleted_at" is null and "is_sample" = false;`);
    this.addSql(`create index "cases_submitter_company_listed_created_index" on "cases" ("submitter_company_id", "created_at", "id") where "deleted_at" is null and "is_sample" = false;`);
    this.addSql(`create index "cases_receiver_company_listed_updated_index" on "cases" ("receiver_company_id", "updated_at", "id") where "deleted_at" is null and "is_sample" = false;`);
    this.addSql(`create index "cases_submitter_company_listed_updated_index" on "cases" ("submitter_company_id", "updated_at", "id") where "deleted_at" is null and "is_sample" = false;`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop index "cases_submitter_user_listed_created_index";`);
    this.addSql(`drop index "cases_receiver_company_listed_created_index";`);
    this.addSql(`drop index "cases_submitter_company_listed_created_index";`);
    this.addSql(`drop index "cases_receiver_company_listed_updated_index";`);
    this.addSql(`drop index "cases_submitter_company_listed_updated_index";`);

    this.addSql(`create index "cases_receiver_company_id_updated_at_index" on "cases" ("receiver_company_id", "updated_at");`);
    this.addSql(`create index "cases_submitter_company_id_updated_at_index" on "cases" ("submitter_company_id", "updated_at");`);
  }

}
