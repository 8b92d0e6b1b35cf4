import { Migration } from '@mikro-orm/migrations';

const PENDING = `"status" in ('queued', 'building')`;
const SAME_EXPORT = `"user_id", "kind", md5(coalesce("params", '{}')::text)`;

/**
 * One pending build per user, kind and params (ExportJob): a repeated ask answers the pending export. Twins
 * already pending keep the newest; the older ones end failed (the worker skips a failed row if its job runs).
 */
export class Migration20261123112551 extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `update "export_jobs" set "status" = 'failed', "error" = 'Replaced by a newer export of the same report.' ` +
        `where ${PENDING} and "id" not in ` +
        `(select max("id") from "export_jobs" where ${PENDING} group by ${SAME_EXPORT});`,
    );
    this.addSql(`create unique index "export_jobs_pending_unique" on "export_jobs" (${SAME_EXPORT}) where ${PENDING};`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop index "export_jobs_pending_unique";`);
  }
}
