import { Migration } from '@mikro-orm/migrations';

/** Webhook secret rotation with a grace period: deliveries are signed with both secrets until it ends. */
export class Migration20261128123000 extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table "webhook_endpoints"
  add column "previous_secret" varchar(255) null,
  add column "previous_secret_expires_at" timestamptz null;`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table "webhook_endpoints"
  drop column "previous_secret",
  drop column "previous_secret_expires_at";`);
  }
}
