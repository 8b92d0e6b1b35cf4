import { z } from 'zod';

/**
 * The back-office Reports page (super_admin/reports/...): six spreadsheets, each an export kind
 * built by the worker. Three cover a date range given in the path as YY-MM-DD (both ends included, UTC days);
 * three have no range. docs/decisions.md lists what each sheet holds.
 */
export const SUPER_ADMIN_REPORT_KINDS = [
  'user_logins',
  'processes_viewed',
  'word_search',
  'managers',
  'mail_domain',
  'user_aged_logins',
] as const;
export type SuperAdminReportKind = (typeof SUPER_ADMIN_REPORT_KINDS)[number];

/** The reports that need a start and an end date. */
export const RANGED_REPORT_KINDS = ['user_logins', 'processes_viewed', 'word_search'] as const;

/** Button labels and the file name stem (file: {stem}.YYMMDD.xlsx). */
export const SUPER_ADMIN_REPORTS: Record<SuperAdminReportKind, { label: string; stem: string }> = {
  user_logins: { label: 'User Logins', stem: 'user-logins' },
  processes_viewed: { label: 'Processes Viewed', stem: 'processes-viewed' },
  word_search: { label: 'Word Search', stem: 'word-search' },
  managers: { label: 'Managers', stem: 'managers' },
  mail_domain: { label: 'Mail Domain', stem: 'mail-domain' },
  user_aged_logins: { label: 'User Aged Logins', stem: 'user-aged-logins' },
};

/** Days since the last login, as the user-aged-logins sheet groups them: [label, up to this many days]. */
export const AGED_LOGIN_BUCKETS = [
  ['0-30 days', 30],
  ['31-60 days', 60],
  ['61-90 days', 90],
  ['91-180 days', 180],
  ['181-365 days', 365],
  ['Over 365 days', Infinity],
] as const;
export const NEVER_LOGGED_IN = 'Never';

const REPORT_DAY = /^(\d{2}|\d{4})-(\d{2})-(\d{2})$/;

/**
 * A report day as YYYY-MM-DD, or null when `value` is not a real date. The page sends YY-MM-DD (26-11-23 is
 * 2026-11-23); the full year is accepted too.
 */
export function parseReportDay(value: string): string | null {
  const match = REPORT_DAY.exec(value.trim());
  if (!match) return null;
  const year = match[1].length === 2 ? 2000 + Number(match[1]) : Number(match[1]);
  const date = new Date(Date.UTC(year, Number(match[2]) - 1, Number(match[3])));
  const day = date.toISOString().slice(0, 10);
  // 26-02-31 would roll over to March: refuse it instead.
  return day === `${String(year).padStart(4, '0')}-${match[2]}-${match[3]}` ? day : null;
}

/** YY-MM-DD of a YYYY-MM-DD day (what the page puts in the path). */
export function toReportPathDay(day: string): string {
  return day.slice(2, 10);
}

const reportDay = (label: 'start' | 'end') =>
  z
    .string({ error: `The ${label} date is required.` })
    .trim()
    .min(1, `The ${label} date is required.`)
    .transform((value, ctx) => {
      const day = parseReportDay(value);
      if (day === null) {
        ctx.addIssue({ code: 'custom', message: `The ${label} date must be a valid date (YY-MM-DD).` });
        return z.NEVER;
      }
      return day;
    });

/**
 * An optional bound of a report's range (the escalation spreadsheet): YY-MM-DD or YYYY-MM-DD like the other reports,
 * answered as YYYY-MM-DD; nothing (and `0` when `orZero`: a lone end date sends 0 as the start) is no bound.
 */
export const optionalReportDay = (label: 'start' | 'end', orZero = false) =>
  z
    .string()
    .nullish()
    .transform((value, ctx) => {
      if (value === undefined || value === null || (orZero && value === '0')) return null;
      const day = parseReportDay(value);
      if (day === null) {
        ctx.addIssue({
          code: 'custom',
          message: `The ${label} date must be a valid date (YY-MM-DD or YYYY-MM-DD)${orZero ? ' or 0' : ''}.`,
        });
        return z.NEVER;
      }
      return day;
    });

/** start and end of a ranged report: both required, end not before start; answers YYYY-MM-DD days. */
export const ReportDatesRange = z
  .object({ start: reportDay('start'), end: reportDay('end') })
  .refine((range) => range.start <= range.end, {
    path: ['end'],
    message: 'The end date may not be before the start date.',
  });
export type ReportDatesRange = z.output<typeof ReportDatesRange>;
