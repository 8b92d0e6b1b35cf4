import { useState } from 'react';
import { Link } from 'react-router-dom';
import { defaultReportRange, LIMITS, routePath, type ReportRange, type UsageReportRow } from '@casebridge/contracts';
import { API } from '../../lib/api-routes';
import { ApiError, call } from '../../lib/api';
import { formatDateTimeUtc } from '../../lib/format';
import { queryErrorText, useApiQuery } from '../../lib/queries';
import { PageFrame } from '../../app/PageFrame';
import { DataTable, type DataColumn } from '../../ui/DataTable';
import { DateRangeFields } from '../../ui/DateRangeFields';
import { ExportButton } from '../../ui/ExportButton';
import './reports.css';

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

/** /admin/reports: the company's cases in a date range (the last 30 days at first), with the Excel export. */
export function ReportsPage() {
  const [range, setRange] = useState<ReportRange>(() => defaultReportRange());
  const [page, setPage] = useState(1);
  const report = useApiQuery(API.reports.usage, { query: { ...range, page, limit: LIMITS.pageSize } });
  // A refused range (422) shows its messages under the dates instead of failing the page.
  const refused = report.error instanceof ApiError && report.error.status === 422 ? report.error : null;
  const fieldErrors = refused?.fieldErrors ?? {};
  const rows = report.data;
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
          <DateRangeFields range={range} onPick={pick} errors={fieldErrors} />
          {/* A new range starts a new export: the file offered always matches the dates shown. */}
          <ExportButton
            key={`${range.start}:${range.end}`}
            label="Export Details to Excel"
            disabled={!rangeValid}
            request={() => call(API.reports.usageExport, { query: range })}
          />
        </div>
        {report.isError && !refused && (
          <p className="notice notice-warning" role="alert">
            {queryErrorText(report.error)}
          </p>
        )}
        <DataTable
          caption="Usage report"
          columns={COLUMNS}
          rows={rows?.data ?? []}
          rowKey={(row) => row.token}
          loading={report.isPending}
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
