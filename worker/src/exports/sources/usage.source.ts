import { reportInterval } from '@casebridge/contracts';
import { usageReportRowsQuery, type UsageReportRecord } from '@casebridge/db';
import { dayParam, numberParam } from '../export-params';
import { EXPORT_PAGE_SIZE, keysetPages, type ExportCell, type ExportSource } from '../export-source';

/** What the api stored with a usage export (the reports domain's usage export policy). */
function paramsOf(raw: Record<string, unknown>) {
  const range = { start: dayParam(raw, 'start'), end: dayParam(raw, 'end') };
  return { ...range, company_id: numberParam(raw, 'company_id'), ...reportInterval(range) };
}

/**
 * The usage report as a spreadsheet: the rows of the api's report page (one shared query), newest first,
 * read by keyset on (created_at, id).
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
    const fetch = (after: { at: string; id: number } | null) => {
      const query = usageReportRowsQuery({
        companyId: params.company_id,
        from: params.from,
        until: params.until,
        after,
        limit: EXPORT_PAGE_SIZE,
      });
      return em.execute<UsageReportRecord[]>(query.sql, query.params);
    };
    for await (const records of keysetPages(fetch, (last) => ({ at: last.created_at, id: last.id }))) {
      yield records.map((record): ExportCell[] => [
        record.type,
        record.case_number,
        record.partner,
        new Date(record.created_at),
        record.response_date ? new Date(record.response_date) : null,
        record.token,
      ]);
    }
  },
};
