/** One row of the company usage report (admin Reports page), timestamps as ISO-8601 UTC text. */
export interface UsageReportRecord {
  id: number;
  type: 'Inbound' | 'Outbound';
  case_number: string;
  partner: string;
  created_at: string;
  response_date: string | null;
  token: string;
}

export interface UsageReportQueryOptions {
  companyId: number;
  from: Date;
  until: Date;
  limit: number;
  /** Offset paging for the api's pages; the worker pages by keyset instead (see `after`). */
  offset?: number;
  /** Keyset cursor: rows strictly older than this (created_at text as answered, id). */
  after?: { at: string; id: number } | null;
}

/** A timestamptz as ISO-8601 UTC text with microseconds, exact enough to be a keyset cursor. */
const isoText = (expression: string) => `to_char(${expression} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

const FROM_WHERE = `from cases c
  join companies sc on sc.id = c.submitter_company_id
  join companies rc on rc.id = c.receiver_company_id
  where c.deleted_at is null and c.is_sample = false and c.is_test = false
    and (c.submitter_company_id = ? or c.receiver_company_id = ?)
    and c.created_at >= ? and c.created_at < ?`;

/**
 * The cases a company submitted (Outbound) or received (Inbound) in [from, until), newest first: the one query
 * behind the usage report page (api) and its spreadsheet (worker). Samples and test cases (sent to the sandbox
 * partner) are not usage.
 */
export function usageReportRowsQuery(options: UsageReportQueryOptions): { sql: string; params: unknown[] } {
  const { companyId, from, until, after } = options;
  const sql = `select c.id,
      case when c.receiver_company_id = ? then 'Inbound' else 'Outbound' end as type,
      c.internal_case_number as case_number,
      case when c.receiver_company_id = ? then sc.name else rc.name end as partner,
      ${isoText('c.created_at')} as created_at,
      ${isoText('(select min(r.created_at) from case_responses r where r.case_id = c.id)')} as response_date,
      c.token
    ${FROM_WHERE} ${after ? 'and (c.created_at, c.id) < (?::timestamptz, ?)' : ''}
    order by c.created_at desc, c.id desc
    limit ? offset ?`;
  const params = [
    companyId,
    companyId,
    companyId,
    companyId,
    from,
    until,
    ...(after ? [after.at, after.id] : []),
    options.limit,
    options.offset ?? 0,
  ];
  return { sql, params };
}

/** How many rows the usage report has for a company and interval. */
export function usageReportCountQuery(options: Pick<UsageReportQueryOptions, 'companyId' | 'from' | 'until'>) {
  return {
    sql: `select count(*)::int as total ${FROM_WHERE}`,
    params: [options.companyId, options.companyId, options.from, options.until],
  };
}
