import { Migration } from '@mikro-orm/migrations';

/** The webhook delivery log: each delivery's last attempt, how long it took and why it failed. */
export class Migration20261128124500 extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table "webhook_deliveries"
  add column "duration_ms" int null,
  add column "error" varchar(500) null,
  add column "last_attempt_at" timestamptz null;`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table "webhook_deliveries"
  drop column "duration_ms",
  drop column "error",
  drop column "last_attempt_at";`);
  }
}
