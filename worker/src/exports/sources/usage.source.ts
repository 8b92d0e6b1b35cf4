import { reportInterval } from '@casebridge/contracts';
import { dayParam, numberParam } from '../export-params';
import { cursorText, EXPORT_PAGE_SIZE, type ExportCell, type ExportSource } from '../export-source';

interface UsageRecord {
  id: number;
  cursor_at: string;
  type: string;
  case_number: string;
  partner: string;
  created_at: string;
  response_date: string | null;
  token: string;
}

/** What the api stored with a usage export (EXPORT_POLICIES.usage). */
function paramsOf(raw: Record<string, unknown>) {
  const range = { start: dayParam(raw, 'start'), end: dayParam(raw, 'end') };
  return { ...range, company_id: numberParam(raw, 'company_id'), ...reportInterval(range) };
}

/**
 * The usage report as a spreadsheet: the same rows as the api's UsageReportService (keep the two queries
 * alike), newest first, read by keyset on (created_at, id).
 */
export const usageSource: ExportSource = {
  sheetName: 'Usage',
  columns: [
    { header: 'Type', width: 10 },
    { header: 'Case#', width: 20 },
    { header: 'Partner', width: 30 },
    { header: 'Request Date (UTC)', width: 20, date: true },
    { header: 'Response Date (UTC)', width: 20, date: true },
    { header: 'Case Token', width: 36 },
  ],

  async fileStem(_em, raw) {
    paramsOf(raw);
    return 'usage';
  },

  async *pages(em, raw) {
    const params = paramsOf(raw);
    const { from, until } = params;
    let cursor: { at: string; id: number } | null = null;
    for (;;) {
      const after = cursor ? 'and (c.created_at, c.id) < (?::timestamptz, ?)' : '';
      const records: UsageRecord[] = await em.execute<UsageRecord[]>(
        `select c.id, ${cursorText('c.created_at')} as cursor_at,
            case when c.receiver_company_id = ? then 'Inbound' else 'Outbound' end as type,
            c.internal_case_number as case_number,
            case when c.receiver_company_id = ? then sc.name else rc.name end as partner,
            ${cursorText('c.created_at')} as created_at,
            ${cursorText('(select min(r.created_at) from case_responses r where r.case_id = c.id)')} as response_date,
            c.token
          from cases c
          join companies sc on sc.id = c.submitter_company_id
          join companies rc on rc.id = c.receiver_company_id
          where c.deleted_at is null and c.is_sample = false
            and (c.submitter_company_id = ? or c.receiver_company_id = ?)
            and c.created_at >= ? and c.created_at < ? ${after}
          order by c.created_at desc, c.id desc
          limit ?`,
        [
          params.company_id,
          params.company_id,
          params.company_id,
          params.company_id,
          from,
          until,
          ...(cursor ? [cursor.at, cursor.id] : []),
          EXPORT_PAGE_SIZE,
        ],
      );
      if (records.length === 0) return;
      yield records.map((record): ExportCell[] => [
        record.type,
        record.case_number,
        record.partner,
        new Date(record.created_at),
        record.response_date ? new Date(record.response_date) : null,
        record.token,
      ]);
      if (records.length < EXPORT_PAGE_SIZE) return;
      const last = records[records.length - 1];
      cursor = { at: last.cursor_at, id: last.id };
    }
  },
};
