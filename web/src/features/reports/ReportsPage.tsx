import { useState } from 'react';
import { Link } from 'react-router-dom';
import {
  defaultReportRange,
  LIMITS,
  reportsApi,
  routePath,
  type ReportRange,
  type UsageReport,
  type UsageReportRow,
} from '@casebridge/contracts';
import { ApiError, call } from '../../lib/api';
import type { FieldErrors } from '../../lib/api-error';
import { formatDateTimeUtc } from '../../lib/format';
import { useAsync } from '../../lib/use-async';
import { PageFrame } from '../../app/PageFrame';
import { DataTable, type DataColumn } from '../../ui/DataTable';
import { TextField } from '../../ui/fields';
import { ExportButton } from '../exports/ExportButton';

const COLUMNS: DataColumn<UsageReportRow>[] = [
  { key: 'type', header: 'Type', render: (row) => row.type },
  { key: 'case_number', header: 'Case#', render: (row) => row.case_number },
  { key: 'partner', header: 'Partner', render: (row) => row.partner },
  { key: 'created_at', header: 'Request Date', render: (row) => formatDateTimeUtc(row.created_at) },
  { key: 'response_date', header: 'Response Date', render: (row) => formatDateTimeUtc(row.response_date) },
  {
    key: 'details',
    header: 'Details',
    render: (row) => (
      <Link to={routePath('admin.case-info', { token: row.token })} aria-label={`Details of case ${row.case_number}`}>
        Details
      </Link>
    ),
  },
];

/** /admin/reports: the company's cases in a date range (spec 2 "Reports"), with the Excel export. */
export function ReportsPage() {
  const [range, setRange] = useState<ReportRange>(() => defaultReportRange());
  const [page, setPage] = useState(1);
  const report = useAsync(() => loadReport(range, page), [range.start, range.end, page]);
  const fieldErrors = report.data?.errors ?? {};
  const rows = report.data?.report;
  const rangeValid = Boolean(range.start && range.end) && !fieldErrors.start && !fieldErrors.end;
  const pick = (field: keyof ReportRange, value: string) => {
    setRange((previous) => ({ ...previous, [field]: value }));
    setPage(1);
  };

  return (
    <PageFrame title="Reports">
      <section className="card" aria-labelledby="usage-report-title">
        <h2 id="usage-report-title">Usage Report</h2>
        <div className="report-filters">
          <TextField
            label="Start Date"
            type="date"
            value={range.start}
            max={range.end || undefined}
            onChange={(event) => pick('start', event.target.value)}
            error={fieldErrors.start}
          />
          <TextField
            label="End Date"
            type="date"
            value={range.end}
            min={range.start || undefined}
            onChange={(event) => pick('end', event.target.value)}
            error={fieldErrors.end}
          />
          {/* A new range starts a new export: the file offered always matches the dates shown. */}
          <ExportButton
            key={`${range.start}:${range.end}`}
            label="Export Details to Excel"
            disabled={!rangeValid}
            request={() => call(reportsApi.usageExport, { query: range })}
          />
        </div>
        {report.status === 'failed' && (
          <p className="notice notice-warning" role="alert">
            {report.error}
          </p>
        )}
        <DataTable
          caption="Usage report"
          columns={COLUMNS}
          rows={rows?.data ?? []}
          rowKey={(row) => row.token}
          loading={report.status === 'loading'}
          emptyText="No cases in this date range."
          utcNote
          paging={
            rows
              ? {
                  page: rows.current_page,
                  perPage: rows.per_page,
                  total: rows.total,
                  onPage: setPage,
                }
              : undefined
          }
        />
      </section>
    </PageFrame>
  );
}

/** The report of a range; a refused range (422) answers its field errors instead of failing the page. */
async function loadReport(
  range: ReportRange,
  page: number,
): Promise<{ report: UsageReport | null; errors: FieldErrors }> {
  try {
    return { report: await call(reportsApi.usage, { query: { ...range, page, limit: LIMITS.pageSize } }), errors: {} };
  } catch (error) {
    if (error instanceof ApiError && error.status === 422) return { report: null, errors: error.fieldErrors };
    throw error;
  }
}
