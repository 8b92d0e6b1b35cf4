import { useState, type ReactNode } from 'react';
import {
  SUPER_ADMIN_REPORTS,
  toReportPathDay,
  type ExportAnswer,
  type SuperAdminReportKind,
} from '@casebridge/contracts';
import { API } from '../../../lib/api-routes';
import { PageFrame } from '../../../app/PageFrame';
import { call } from '../../../lib/api';
import { DateRangeFields, type DateRange } from '../../../ui/DateRangeFields';
import { ExportButton } from '../../../ui/ExportButton';
import '../reports.css';

const RANGED = {
  user_logins: API.superAdminReports.userLogins,
  processes_viewed: API.superAdminReports.processesViewed,
  word_search: API.superAdminReports.wordSearch,
} as const;

const UNDATED = {
  managers: API.superAdminReports.managers,
  mail_domain: API.superAdminReports.mailDomain,
  user_aged_logins: API.superAdminReports.userAgedLogins,
} as const;

const SHEET_NOTES: Record<SuperAdminReportKind, string> = {
  user_logins: 'Every sign-in: user, company, role, login method, address and time.',
  processes_viewed: 'Who opened which process document, whose process it is, and when.',
  word_search: 'Partner searches typed on the dashboard and the result picked.',
  managers: 'Business and program managers of every company, with their contact details.',
  mail_domain: 'Users per e-mail domain and company, and whether it is the company domain.',
  user_aged_logins: 'Every user by days since the last login (0-30, 31-60, 61-90, 91-180, 181-365, over 365, never).',
};

/** /super_admin/reports: six spreadsheets, three of them for a date range. */
export function SuperAdminReportsPage() {
  const [range, setRange] = useState<DateRange>({ start: '', end: '' });
  const backwards = Boolean(range.start && range.end && range.end < range.start);
  // The ranged buttons need both dates, the end not before the start.
  const rangeReady = Boolean(range.start && range.end) && !backwards;
  const pick = (field: keyof DateRange, value: string) => setRange((previous) => ({ ...previous, [field]: value }));
  // The api takes YY-MM-DD days in the path.
  const dated = (kind: keyof typeof RANGED) => (): Promise<ExportAnswer> =>
    call(RANGED[kind], { params: { start: toReportPathDay(range.start), end: toReportPathDay(range.end) } });

  return (
    <PageFrame title="Reports">
      <section className="card" aria-labelledby="dated-reports-title">
        <h2 id="dated-reports-title">Reports by Date Range</h2>
        <p className="muted">Pick a start and an end date (both included, UTC), then export a spreadsheet.</p>
        <div className="report-filters">
          <DateRangeFields
            range={range}
            onPick={pick}
            errors={{ end: backwards ? 'The end date may not be before the start date.' : undefined }}
          />
        </div>
        {(Object.keys(RANGED) as (keyof typeof RANGED)[]).map((kind) => (
          <ReportRow key={kind} kind={kind}>
            {/* A new range starts a new export: the file offered always matches the dates shown. */}
            <ExportButton
              key={`${range.start}:${range.end}`}
              label={`Export ${SUPER_ADMIN_REPORTS[kind].label}`}
              disabled={!rangeReady}
              request={dated(kind)}
            />
          </ReportRow>
        ))}
      </section>
      <section className="card" aria-labelledby="network-reports-title">
        <h2 id="network-reports-title">Network Reports</h2>
        {(Object.keys(UNDATED) as (keyof typeof UNDATED)[]).map((kind) => (
          <ReportRow key={kind} kind={kind}>
            <ExportButton label={`Export ${SUPER_ADMIN_REPORTS[kind].label}`} request={() => call(UNDATED[kind])} />
          </ReportRow>
        ))}
      </section>
    </PageFrame>
  );
}

function ReportRow({ kind, children }: { kind: SuperAdminReportKind; children: ReactNode }) {
  return (
    <div className="stack" aria-label={SUPER_ADMIN_REPORTS[kind].label} role="group">
      <h3>{SUPER_ADMIN_REPORTS[kind].label}</h3>
      <p className="muted">{SHEET_NOTES[kind]}</p>
      {children}
    </div>
  );
}
