import { Migration } from '@mikro-orm/migrations';

export class Migration20261123023319 extends Migration {

  override async up(): Promise<void> {
    this.addSql(`alter table "webhook_endpoints" add column "events" jsonb null;`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table "webhook_endpoints" drop column "events";`);
  }

}
