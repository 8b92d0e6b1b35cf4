import { endpoint } from '../endpoint';
import { ExportAnswer } from '../exports';
import { RANGED_REPORT_KINDS, SUPER_ADMIN_REPORTS, type SuperAdminReportKind } from './report-dates';

const ranged = (kind: (typeof RANGED_REPORT_KINDS)[number], path: string) =>
  endpoint({
    method: 'GET',
    path: `super_admin/reports/${path}/:start/:end`,
    access: 'super_admin',
    summary: `Start ${SUPER_ADMIN_REPORTS[kind].stem}.YYMMDD.xlsx for a range (dates YY-MM-DD; export kind ${kind})`,
    response: ExportAnswer,
  });

const plain = (kind: SuperAdminReportKind) =>
  endpoint({
    method: 'GET',
    path: `super_admin/reports/${kind}`,
    access: 'super_admin',
    summary: `Start ${SUPER_ADMIN_REPORTS[kind].stem}.YYMMDD.xlsx (export kind ${kind})`,
    response: ExportAnswer,
  });

export const superAdminReportsApi = {
  userLogins: ranged('user_logins', 'user_logins'),
  // The path keeps the agreed spelling 'proccesses' (a typo the clients depend on).
  processesViewed: ranged('processes_viewed', 'proccesses_viewed'),
  wordSearch: ranged('word_search', 'word_search'),
  managers: plain('managers'),
  mailDomain: plain('mail_domain'),
  userAgedLogins: plain('user_aged_logins'),
} as const;
