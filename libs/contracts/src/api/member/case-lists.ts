import { z } from 'zod';
import { CASE_DIRECTIONS, CASE_STATUSES, CASE_TURNS, PRIORITIES } from '../../constants/cases';
import { LIMITS } from '../../constants/limits';
import { pageField, pageSizeField, Paginated } from '../common';
import { CaseAssignee } from './case-assignment';

// The case lists (the company's, the user's, My Cases): their rows, query and page.

export const CaseListRow = z.object({
  id: z.number(),
  internal_case_number: z.string(),
  token: z.string(),
  direction: z.enum(CASE_DIRECTIONS),
  partner: z.object({ name: z.string() }),
  partner_case_number: z.string().nullable(),
  summary: z.string(),
  priority: z.enum(PRIORITIES),
  status: z.enum(CASE_STATUSES),
  created_at: z.string(),
  updated_at: z.string(),
  respond_date: z.string().nullable(),
  response_due_at: z.string().nullable(),
  sla_paused: z.boolean(),
  late: z.boolean(),
  /** Sent to the sandbox partner: a trial case, outside reports and SLA. */
  is_test: z.boolean(),
  /** Whose move the case waits for (the submitter's or the receiver's); null: nobody's. */
  turn: z.enum(CASE_TURNS).nullable(),
  /** Who owns the case on the company's side; null: nobody. */
  assignee: CaseAssignee.nullable(),
  /** The entries of the case's log the viewer's side can see (live rows carry it too). */
  entry_count: z.number(),
  /**
   * How many of them the viewer has read: null when they neither watch nor ever opened the case (no mark). Absent
   * from live rows, which are the company's: a client keeps the value it has.
   */
  read_count: z.number().nullable().optional(),
});
export type CaseListRow = z.infer<typeof CaseListRow>;

export const CASE_SORT_COLUMNS = [
  'internal_case_number',
  'partner',
  'summary',
  'priority',
  'status',
  'created_at',
  'updated_at',
  'respond_date',
] as const;

export const CaseListQuery = z.object({
  q: z.string().trim().max(LIMITS.nameMax).optional(),
  /** Absent: updated_at for the case lists, created_at for My Cases. */
  sort: z.enum(CASE_SORT_COLUMNS, { error: 'The sort column is not valid.' }).optional(),
  dir: z.enum(['asc', 'desc'], { error: 'The direction must be asc or desc.' }).default('desc'),
  /** inbound-action: inbound cases waiting for the viewer's company; watching: cases the viewer watches. */
  filter: z.enum(['inbound-action', 'watching'], { error: 'The filter is not valid.' }).optional(),
  /** The server caps the page size at LIMITS.maxPageSize (a larger limit answers maxPageSize rows). */
  limit: pageSizeField(),
  page: pageField,
  not_closed: z.enum(['true', 'false']).optional(),
});
export type CaseListQuery = z.input<typeof CaseListQuery>;

export const CaseList = Paginated(CaseListRow).extend({
  /** Present (true) only when `total` is an estimate: lists count exactly up to 1,000 matching cases. */
  total_estimated: z.literal(true).optional(),
});
export type CaseList = z.infer<typeof CaseList>;
