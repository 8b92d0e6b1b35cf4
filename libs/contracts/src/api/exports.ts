import { z } from 'zod';
import { ESCALATION_FILTERS } from '../constants/cases';
import { EXPORT_JOB_STATUSES } from '../constants/record-states';
import { endpoint } from './endpoint';
import { ReportRangeQuery } from './report-range';
import { optionalReportDay, ReportDatesRange } from './super-admin/report-dates';

/**
 * The one export mechanism: every spreadsheet of the product is an export of a kind, built by the worker and
 * downloaded by the user who asked for it. A new kind is one entry here (its params), one in the api's
 * export policies, registered by its domain (who may ask), and one in the worker's EXPORT_SOURCES (its rows).
 */
export const EXPORT_PARAMS = {
  /** Company usage report (admin Reports page): the cases of the caller's company in a date range. */
  usage: ReportRangeQuery,
  /** Audit timeline of one case, for members of either company of the case. */
  case_audit: z.object({
    token: z
      .string({ error: 'The case token is required.' })
      .trim()
      .min(1, 'The case token is required.')
      .max(200, 'The case token is not valid.'),
  }),
  /**
   * Users of one company: a company admin's own (the users page's export button; company_id is ignored), or
   * for a super admin the company named by company_id (super_admin/companies/{id}/users/export).
   */
  company_users: z.object({
    company_id: z.coerce.number({ error: 'The company is required.' }).int().positive().optional(),
  }),
  /** Every member company (companies.xlsx); super admins only. */
  companies: z.object({}),
  /** Members of one partner group (the group detail's partners table), for an admin of a member company. */
  group_members: z.object({ group_id: z.coerce.number({ error: 'The group is required.' }).int().positive() }),
  /** My Partners (partner groups page): the companies of the admin's groups. */
  partners: z.object({}),
  /** Every group (groups.xlsx); super admins only. */
  groups: z.object({}),
  /** Every partner relation of one group (super_admin/groups/{id}/partners/export); super admins only. */
  group_partners: z.object({ group_id: z.coerce.number({ error: 'The group is required.' }).int().positive() }),
  /** The back office's Inactive Users list; super admins only. */
  inactive_users: z.object({}),
  /** Back-office reports; super admins only. The ranged three take start and end (YY-MM-DD). */
  user_logins: ReportDatesRange,
  processes_viewed: ReportDatesRange,
  word_search: ReportDatesRange,
  managers: z.object({}),
  mail_domain: z.object({}),
  user_aged_logins: z.object({}),
  /** The back office's escalation queue by filter and optional days; super admins only. */
  escalation: z.object({
    filter: z.enum(ESCALATION_FILTERS, { error: 'The filter must be all-10, open or late.' }),
    start: optionalReportDay('start', true),
    end: optionalReportDay('end'),
  }),
} as const;

export type ExportKind = keyof typeof EXPORT_PARAMS;
export const EXPORT_KINDS = Object.keys(EXPORT_PARAMS) as [ExportKind, ...ExportKind[]];
export type ExportParams<K extends ExportKind> = z.input<(typeof EXPORT_PARAMS)[K]>;

export const CreateExportBody = z.object({
  kind: z.enum(EXPORT_KINDS, { error: 'The export kind is not known.' }),
  params: z.record(z.string(), z.unknown(), { error: 'The params must be an object.' }).default({}),
});
export type CreateExportBody = z.input<typeof CreateExportBody>;

export const ExportShape = z.object({
  id: z.number(),
  kind: z.string(),
  status: z.enum(EXPORT_JOB_STATUSES),
  file_name: z.string().nullable(),
  rows: z.number().nullable(),
  error: z.string().nullable(),
  created_at: z.string(),
  /** When a ready file is deleted; download before then. */
  expires_at: z.string().nullable(),
});
export type ExportShape = z.infer<typeof ExportShape>;

export const ExportAnswer = z.object({ export: ExportShape });
export type ExportAnswer = z.infer<typeof ExportAnswer>;

/** A short-lived link that downloads a ready export without the bearer token (the browser saves it itself). */
export const ExportLinkAnswer = z.object({ url: z.string(), expires_at: z.string() });
export type ExportLinkAnswer = z.infer<typeof ExportLinkAnswer>;

/** The signature of an export link served by the api itself (the local folder's link; S3 signs its own). */
export const ExportFileQuery = z.object({
  expires: z.coerce.number({ error: 'The link is not valid.' }).int().min(0),
  signature: z.string({ error: 'The link is not valid.' }).min(1).max(200),
});

/** Seconds an export link works: enough to start the download, too short to pass around. */
export const EXPORT_LINK_SECONDS = 60;

export const exportsApi = {
  create: endpoint({
    method: 'POST',
    path: 'exports',
    access: 'user',
    summary: 'Queue a spreadsheet export (kind and its params); progress arrives as export.status on the socket',
    body: CreateExportBody,
    response: ExportAnswer,
  }),
  status: endpoint({
    method: 'GET',
    path: 'exports/:id',
    access: 'user',
    summary: 'The state of one of the caller’s exports',
    response: ExportAnswer,
  }),
  download: endpoint({
    method: 'GET',
    path: 'exports/:id/download',
    access: 'user',
    summary: 'The file of a ready export (owner only; 409 while building, 410 once expired)',
    response: z.unknown(),
    file: true,
  }),
  link: endpoint({
    method: 'POST',
    path: 'exports/:id/link',
    access: 'user',
    summary: `A link to the file of a ready export, valid ${EXPORT_LINK_SECONDS} s, that needs no token (owner only; 409 while building, 410 once expired)`,
    response: ExportLinkAnswer,
  }),
  file: endpoint({
    method: 'GET',
    path: 'exports/:id/file',
    access: 'public',
    summary: 'The file of a ready export through a link from exports/:id/link (403 once the link has expired)',
    query: ExportFileQuery,
    response: z.unknown(),
    file: true,
  }),
} as const;

// ---------- the exports queue (api produces, worker consumes) ----------

export const EXPORT_JOB_NAMES = {
  /** Build the file of one ExportJob row. */
  build: 'build-export',
  /** Repeatable: delete expired files and mark their rows expired. */
  cleanup: 'cleanup-exports',
} as const;

export interface BuildExportJob {
  export_id: number;
}

/** Plain object (no bullmq import) so the web bundle can import the contracts. */
export const EXPORT_JOB_OPTIONS = {
  attempts: 3,
  backoff: { type: 'exponential', delay: 2000 },
  removeOnComplete: { age: 24 * 3600 },
  /** Failed jobs are kept a week for inspection; the ExportJob row keeps the error for good. */
  removeOnFail: { age: 7 * 24 * 3600 },
} as const;

/** BullMQ job id of an export: one job per ExportJob row, so a repeated enqueue is a no-op. */
export function exportJobId(exportId: number): string {
  return `export.${exportId}`;
}
