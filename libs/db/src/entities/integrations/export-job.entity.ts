import { Entity, Enum, Index, ManyToOne, type Opt, PrimaryKey, Property, type Rel, Unique } from '@mikro-orm/core';
import { EXPORT_JOB_STATUSES, type ExportJobStatus } from '@casebridge/contracts';
import { createdAtColumn, timestampColumn } from '../columns';
import { User } from '../accounts/user.entity';

/** A spreadsheet export built by the worker; the file is kept until expiresAt. */
@Entity({ tableName: 'export_jobs' })
@Index({ properties: ['user', 'createdAt'] })
@Index({ properties: ['status', 'expiresAt'] })
// One pending build per user, kind and params: asking again while it is queued or building answers that export
// (api ExportsService.create). jsonb text is canonical (keys sorted), so equal params hash alike.
@Unique({
  name: 'export_jobs_pending_unique',
  expression:
    'create unique index "export_jobs_pending_unique" on "export_jobs" ("user_id", "kind", md5(coalesce("params", \'{}\')::text)) where "status" in (\'queued\', \'building\');',
})
export class ExportJob {
  @PrimaryKey({ type: 'integer' })
  id!: number;

  @ManyToOne({ entity: () => User, deleteRule: 'cascade' })
  user!: Rel<User>;

  /** Which report, e.g. cases, user-logins, processes-viewed. */
  @Property({ type: 'string', length: 100 })
  kind!: string;

  @Enum({ items: [...EXPORT_JOB_STATUSES], default: 'queued' })
  status: Opt<ExportJobStatus> = 'queued';

  @Property({ type: 'string', length: 255, nullable: true })
  fileName: string | null = null;

  /** Path relative to STORAGE_DIR. */
  @Property({ type: 'string', length: 500, nullable: true })
  filePath: string | null = null;

  @Property({ type: 'integer', nullable: true })
  rowCount: number | null = null;

  @Property({ type: 'text', nullable: true })
  error: string | null = null;

  @Property({ type: 'json', nullable: true })
  params: Opt<Record<string, unknown>> | null = null;

  @Property(timestampColumn({ nullable: true }))
  expiresAt: Date | null = null;

  @Property(createdAtColumn())
  createdAt: Opt<Date> = new Date();
}
