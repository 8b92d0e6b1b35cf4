import { Migration } from '@mikro-orm/migrations';

/**
 * The sandbox partner: a company flag (the worker answers that company's cases by itself) and a case flag, set at
 * submission when the receiver is the sandbox, that keeps trial cases out of reports, the escalation queue and the
 * SLA's late marking. Existing cases are real ones: both default to false.
 */
export class Migration20261128151500 extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table "companies" add column "is_sandbox" boolean not null default false;`);
    this.addSql(`alter table "cases" add column "is_test" boolean not null default false;`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table "cases" drop column "is_test";`);
    this.addSql(`alter table "companies" drop column "is_sandbox";`);
  }
}
