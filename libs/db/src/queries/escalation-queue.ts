import { LIMITS, type CaseTurn, type EscalationFilter, type EscalationRow } from '@casebridge/contracts';

/**
 * The back office's escalation queue: one definition of its filters, search and sort for the api's
 * pages and the worker's spreadsheet. Timestamps are answered as ISO-8601 UTC text.
 */

/** Sortable columns of the queue and the SQL each one sorts by. Anything else never reaches the SQL. */
export const ESCALATION_SORT_SQL = {
  internal_case_number: 'c.internal_case_number',
  company: 'sc.name',
  receiver: 'rc.name',
  // Priority 1 (high) first when ascending, as the labels read.
  priority: "case c.priority when 'high' then 1 when 'medium' then 2 else 3 end",
  created_at: 'c.created_at',
  document: 'd.name',
  status: 'c.status',
} as const;
export type EscalationSortColumn = keyof typeof ESCALATION_SORT_SQL;

export interface EscalationQueueRecord {
  id: number;
  token: string;
  internal_case_number: string;
  company_id: number;
  company_name: string;
  receiver_id: number;
  receiver_name: string;
  priority: 'low' | 'medium' | 'high';
  status: 'open' | 'accepted' | 'information' | 'rejected' | 'closed';
  created_at: string;
  late_at: string | null;
  document_id: number;
  document_name: string;
  document_company_id: number;
  document_type: string;
  entries_staff: number;
  turn: CaseTurn | null;
}

/** The queue's row as the contract answers it, from a record of the queue's statement (or a case snapshot). */
export function toEscalationRow(record: EscalationQueueRecord): EscalationRow {
  return {
    id: record.id,
    token: record.token,
    internal_case_number: record.internal_case_number,
    company: { id: record.company_id, name: record.company_name },
    receiver: { id: record.receiver_id, name: record.receiver_name },
    priority: record.priority,
    created_at: new Date(record.created_at).toISOString(),
    document: {
      id: record.document_id,
      name: record.document_name,
      company_id: record.document_company_id,
      document_type: record.document_type,
    },
    status: record.status,
    late: record.late_at !== null,
    turn: record.turn,
    entry_count: record.entries_staff,
  };
}

export interface EscalationQueueOptions {
  filter: EscalationFilter;
  /** Case number, either company or the document name contains it (case-insensitive; % and _ match themselves). */
  q?: string | null;
  /** Created at or after (inclusive) and before (exclusive); either may be absent. */
  from?: Date | null;
  until?: Date | null;
}

export interface EscalationPageOptions extends EscalationQueueOptions {
  sort: EscalationSortColumn;
  dir: 'asc' | 'desc';
  limit: number;
  offset?: number;
  /** Keyset cursor of the default order (created_at desc, id desc): rows strictly older than this. */
  after?: { at: string; id: number } | null;
}

const isoText = (expression: string) => `to_char(${expression} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

/** Still waiting for the receiver's final answer: open, or information requested. */
const UNANSWERED = "c.status in ('open', 'information')";

const FILTER_SQL: Record<EscalationFilter, string> = {
  'all-10': `c.created_at >= now() - make_interval(days => ${LIMITS.escalationRecentDays})`,
  open: UNANSWERED,
  late: `c.late_at is not null and ${UNANSWERED}`,
};

function whereOf(options: EscalationQueueOptions): { sql: string; params: unknown[] } {
  // Test cases (sent to the sandbox partner, which answers by itself) need no escalation.
  const parts = ['c.deleted_at is null', 'c.is_sample = false', 'c.is_test = false', FILTER_SQL[options.filter]];
  const params: unknown[] = [];
  const q = options.q?.trim();
  if (q) {
    const like = `%${q.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
    parts.push('(c.internal_case_number ilike ? or sc.name ilike ? or rc.name ilike ? or d.name ilike ?)');
    params.push(like, like, like, like);
  }
  if (options.from) {
    parts.push('c.created_at >= ?');
    params.push(options.from);
  }
  if (options.until) {
    parts.push('c.created_at < ?');
    params.push(options.until);
  }
  return { sql: parts.join(' and '), params };
}

const FROM = `from cases c
  join companies sc on sc.id = c.submitter_company_id
  join companies rc on rc.id = c.receiver_company_id
  join contact_documents d on d.id = c.document_id
  join document_versions v on v.id = c.document_version_id`;

/** One page of the queue in the chosen order (ties broken by id in the same direction). */
export function escalationQueueRowsQuery(options: EscalationPageOptions): { sql: string; params: unknown[] } {
  const where = whereOf(options);
  const dir = options.dir === 'asc' ? 'asc' : 'desc';
  const keyset = options.after ? ' and (c.created_at, c.id) < (?::timestamptz, ?)' : '';
  const sql = `select c.id, c.token, c.internal_case_number, c.entries_staff, c.turn,
      sc.id as company_id, sc.name as company_name, rc.id as receiver_id, rc.name as receiver_name,
      c.priority, c.status, ${isoText('c.created_at')} as created_at,
      case when c.late_at is null then null else ${isoText('c.late_at')} end as late_at,
      d.id as document_id, d.name as document_name, d.company_id as document_company_id,
      v.document_type
    ${FROM}
    where ${where.sql}${keyset}
    order by ${ESCALATION_SORT_SQL[options.sort]} ${dir}, c.id ${dir}
    limit ? offset ?`;
  const params = [
    ...where.params,
    ...(options.after ? [options.after.at, options.after.id] : []),
    options.limit,
    options.offset ?? 0,
  ];
  return { sql, params };
}

/**
 * Every case has its companies and document (non-null foreign keys), so the matching rows join them only when the
 * search reads their names, and never the document version (nothing filters on it).
 */
const COUNT_FROM_SEARCHED = `from cases c
  join companies sc on sc.id = c.submitter_company_id
  join companies rc on rc.id = c.receiver_company_id
  join contact_documents d on d.id = c.document_id`;

/** One row per case of the queue, nothing read: what the api counts (up to a bound) and estimates. */
export function escalationQueueMatchingQuery(options: EscalationQueueOptions): { sql: string; params: unknown[] } {
  const where = whereOf(options);
  const from = options.q?.trim() ? COUNT_FROM_SEARCHED : 'from cases c';
  return { sql: `select 1 ${from} where ${where.sql}`, params: where.params };
}
