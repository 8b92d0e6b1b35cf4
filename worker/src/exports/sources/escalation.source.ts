import {
  CASE_STATUS_LABELS,
  ESCALATION_FILTERS,
  PRIORITY_QUEUE_LABELS,
  reportInterval,
  type EscalationFilter,
} from '@casebridge/contracts';
import { escalationQueueRowsQuery, type EscalationQueueRecord } from '@casebridge/db';
import { UnrecoverableError } from 'bullmq';
import { dayParam } from '../export-params';
import { EXPORT_PAGE_SIZE, keysetPages, type ExportCell, type ExportSource } from '../export-source';

/** What the api stored with an escalation export (the cases domain's escalation export policy): a filter and optional days. */
function paramsOf(raw: Record<string, unknown>) {
  const filter = raw.filter;
  if (typeof filter !== 'string' || !(ESCALATION_FILTERS as readonly string[]).includes(filter)) {
    throw new UnrecoverableError('The export has no valid filter.');
  }
  const start = raw.start === null || raw.start === undefined ? null : dayParam(raw, 'start');
  const end = raw.end === null || raw.end === undefined ? null : dayParam(raw, 'end');
  return {
    filter: filter as EscalationFilter,
    from: start ? reportInterval({ start, end: start }).from : null,
    until: end ? reportInterval({ start: end, end }).until : null,
  };
}

/**
 * The back office's escalation queue as a spreadsheet (escalation.YYMMDD.xlsx): the queue's own query (shared with
 * the api), the filter and days the super admin chose, newest first, read by keyset on (created_at, id).
 */
export const escalationSource: ExportSource = {
  sheetName: 'Escalation',
  columns: [
    { header: 'Case#', width: 20 },
    { header: 'Company', width: 30 },
    { header: 'Receiver', width: 30 },
    { header: 'Priority', width: 12 },
    { header: 'Created (UTC)', width: 20, date: true },
    { header: 'Document', width: 36 },
    { header: 'Status', width: 24 },
    { header: 'Late Since (UTC)', width: 20, date: true },
  ],

  async fileStem(_em, raw) {
    paramsOf(raw);
    return 'escalation';
  },

  async *pages(em, raw) {
    const params = paramsOf(raw);
    const fetch = (cursor: { at: string; id: number } | null) => {
      const query = escalationQueueRowsQuery({
        ...params,
        sort: 'created_at',
        dir: 'desc',
        after: cursor,
        limit: EXPORT_PAGE_SIZE,
      });
      return em.execute<EscalationQueueRecord[]>(query.sql, query.params);
    };
    for await (const records of keysetPages(fetch, (last) => ({ at: last.created_at, id: last.id }))) {
      yield records.map((record): ExportCell[] => [
        record.internal_case_number,
        record.company_name,
        record.receiver_name,
        PRIORITY_QUEUE_LABELS[record.priority],
        new Date(record.created_at),
        record.document_name,
        CASE_STATUS_LABELS[record.status],
        record.late_at ? new Date(record.late_at) : null,
      ]);
    }
  },
};
