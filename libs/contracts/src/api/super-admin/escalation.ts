import { z } from 'zod';
import { CASE_STATUSES, CASE_TURNS, ESCALATION_FILTERS, PRIORITIES } from '../../constants/cases';
import { LIMITS } from '../../constants/limits';
import { endpoint } from '../endpoint';
import { ExportAnswer } from '../exports';
import { CaseDetail, PublicCaseResponse } from '../member/case-detail';
import { optionalReportDay } from './report-dates';

/**
 * The back office's escalation queue: every company's cases by filter (all-10: created in the
 * last 10 days; open: waiting for the receiver's final answer; late: open and past its SLA), paged and sorted on
 * the server; delete, details (to respond as the receiving side) and the spreadsheet.
 */

export const ESCALATION_SORT_COLUMNS = [
  'internal_case_number',
  'company',
  'receiver',
  'priority',
  'created_at',
  'document',
  'status',
] as const;
export type EscalationSortColumnName = (typeof ESCALATION_SORT_COLUMNS)[number];

export const ESCALATION_CASE_DELETED = 'The case has been deleted.';

export const EscalationFilterParam = z.object({
  filter: z.enum(ESCALATION_FILTERS, { error: 'The filter must be all-10, open or late.' }),
});

export const EscalationQueueQuery = z.object({
  q: z.string().trim().max(LIMITS.nameMax, 'The search may not be greater than 100 characters.').optional(),
  sort: z.enum(ESCALATION_SORT_COLUMNS, { error: 'The sort column is not valid.' }).default('created_at'),
  dir: z.enum(['asc', 'desc'], { error: 'The direction must be asc or desc.' }).default('desc'),
  /** The path names the filter; a filter here must agree with it (the web sends both). */
  filter: z.enum(ESCALATION_FILTERS, { error: 'The filter must be all-10, open or late.' }).optional(),
  /** Capped at LIMITS.maxPageSize (a larger limit answers maxPageSize rows). */
  limit: z.coerce
    .number({ error: 'The limit must be a number.' })
    .int()
    .min(1)
    .default(LIMITS.pageSize)
    .transform((limit) => Math.min(limit, LIMITS.maxPageSize)),
  page: z.coerce.number({ error: 'The page must be a number.' }).int().min(1).max(100_000).default(1),
});
export type EscalationQueueQuery = z.input<typeof EscalationQueueQuery>;

export const EscalationRow = z.object({
  id: z.number(),
  token: z.string(),
  internal_case_number: z.string(),
  company: z.object({ id: z.number(), name: z.string() }),
  receiver: z.object({ id: z.number(), name: z.string() }),
  priority: z.enum(PRIORITIES),
  created_at: z.string(),
  document: z.object({ id: z.number(), name: z.string(), company_id: z.number(), document_type: z.string() }),
  status: z.enum(CASE_STATUSES),
  late: z.boolean(),
  /** Whose move the case waits for; null: nobody's. */
  turn: z.enum(CASE_TURNS).nullable(),
  /** The entries of the case's log a super admin sees (no notes): the unread mark is entry_count - read_count. */
  entry_count: z.number(),
  /** The viewer's read count (null: never opened nor watched); absent from live rows, which are every admin's. */
  read_count: z.number().nullable().optional(),
});
export type EscalationRow = z.infer<typeof EscalationRow>;

export const EscalationPage = z.object({
  data: z.array(EscalationRow),
  per_page: z.number(),
  current_page: z.number(),
  total: z.number(),
  last_page: z.number(),
  /** Present (true) only when `total` is an estimate: the queue counts exactly up to 1,000 cases. */
  total_estimated: z.literal(true).optional(),
});
export type EscalationPage = z.infer<typeof EscalationPage>;

/**
 * The export's date bounds in the path: YYYY-MM-DD or YY-MM-DD as the other reports take them (optionalReportDay),
 * answered as YYYY-MM-DD; start may be 0 (no lower bound; a lone end date is sent as start 0). Both ends are whole
 * UTC days, included.
 */
export const EscalationReportParams = z
  .object({
    filter: z.enum(ESCALATION_FILTERS, { error: 'The filter must be all-10, open or late.' }),
    start: optionalReportDay('start', true),
    end: optionalReportDay('end'),
  })
  .refine((range) => !range.start || !range.end || range.start <= range.end, {
    message: 'The start date must be before the end date.',
    path: ['start'],
  });
export type EscalationReportParams = z.output<typeof EscalationReportParams>;

/** The super admin's view of a case: the member case page's shape (no side) plus the receiving side's answers. */
export const EscalationCaseDetails = z.object({
  case: CaseDetail,
  allowed: PublicCaseResponse.shape.allowed,
});
export type EscalationCaseDetails = z.infer<typeof EscalationCaseDetails>;

const reportSummary = 'Start the escalation spreadsheet of a filter (export kind escalation, escalation.YYMMDD.xlsx)';

export const superAdminEscalationApi = {
  queue: endpoint({
    method: 'GET',
    path: 'super_admin/escalation/queue/:filter',
    access: 'super_admin',
    summary: 'One page of the escalation queue: filter all-10, open or late; q, sort, dir, limit, page',
    query: EscalationQueueQuery,
    response: EscalationPage,
  }),
  delete: endpoint({
    method: 'GET',
    path: 'super_admin/escalation/:id/delete',
    access: 'super_admin',
    summary: 'Delete a case (soft: it leaves every list and page)',
    response: z.object({ success: z.boolean(), message: z.string() }),
  }),
  details: endpoint({
    method: 'GET',
    path: 'super_admin/escalation/:case_id/details',
    access: 'super_admin',
    summary: 'A case with the answers its receiving side may give now (given through caller/case/{token}/respond)',
    response: EscalationCaseDetails,
  }),
  report: endpoint({
    method: 'GET',
    path: 'super_admin/escalation/report/:filter',
    access: 'super_admin',
    summary: reportSummary,
    response: ExportAnswer,
  }),
  reportFrom: endpoint({
    method: 'GET',
    path: 'super_admin/escalation/report/:filter/:start',
    access: 'super_admin',
    summary: `${reportSummary}, from a day (YYYY-MM-DD or YY-MM-DD; 0 = no start)`,
    response: ExportAnswer,
  }),
  reportRange: endpoint({
    method: 'GET',
    path: 'super_admin/escalation/report/:filter/:start/:end',
    access: 'super_admin',
    summary: `${reportSummary}, between two days (start 0 = no start)`,
    response: ExportAnswer,
  }),
} as const;
