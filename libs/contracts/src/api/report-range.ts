import { z } from 'zod';
import { LIMITS } from '../constants/limits';

/** The longest date range a report may cover. */
export const REPORT_MAX_RANGE_DAYS = 366;

const DAY_MS = 24 * 3600 * 1000;
const DATE_PATTERN = /^(\d{4})-(\d{2})-(\d{2})$/;

/** YYYY-MM-DD of a moment, in UTC. */
export function utcDay(date: Date): string {
  return date.toISOString().slice(0, 10);
}

function parseDay(value: string): Date | null {
  const match = DATE_PATTERN.exec(value);
  if (!match) return null;
  const date = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])));
  // 2026-02-31 would roll over to March: refuse it instead.
  return utcDay(date) === value ? date : null;
}

/** A resolved report range: whole UTC days, both ends included. */
export interface ReportRange {
  start: string;
  end: string;
}

/** The default range: the last 30 days up to today (UTC). */
export function defaultReportRange(now: Date = new Date()): ReportRange {
  return { start: utcDay(new Date(now.getTime() - LIMITS.reportDefaultRangeDays * DAY_MS)), end: utcDay(now) };
}

/** The moments a range covers: [from, until) in UTC. */
export function reportInterval(range: ReportRange): { from: Date; until: Date } {
  const from = parseDay(range.start);
  const end = parseDay(range.end);
  if (!from || !end) throw new Error(`reportInterval: invalid range ${range.start}..${range.end}`);
  return { from, until: new Date(end.getTime() + DAY_MS) };
}

const dayField = (label: string) =>
  z
    .string()
    .trim()
    // A date picker sends YYYY-MM-DD; a full ISO timestamp is cut to its day.
    .transform((value) => value.slice(0, 10))
    .refine((value) => parseDay(value) !== null, `The ${label} date must be a valid date (YYYY-MM-DD).`)
    .optional()
    .or(z.literal('').transform(() => undefined));

/**
 * start and end (YYYY-MM-DD, both optional): a missing end is today, a missing start 30 days before the end.
 * start after end and ranges over REPORT_MAX_RANGE_DAYS are refused (422).
 */
export const ReportRangeQuery = z
  .object({ start: dayField('start'), end: dayField('end') })
  .transform((value, ctx): ReportRange => {
    const end = value.end ?? utcDay(new Date());
    const start = value.start ?? utcDay(new Date(parseDay(end)!.getTime() - LIMITS.reportDefaultRangeDays * DAY_MS));
    const days = (parseDay(end)!.getTime() - parseDay(start)!.getTime()) / DAY_MS;
    if (days < 0) {
      ctx.addIssue({ code: 'custom', path: ['start'], message: 'The start date must be before the end date.' });
      return z.NEVER;
    }
    if (days + 1 > REPORT_MAX_RANGE_DAYS) {
      ctx.addIssue({
        code: 'custom',
        path: ['end'],
        message: `The date range may not be longer than ${REPORT_MAX_RANGE_DAYS} days.`,
      });
      return z.NEVER;
    }
    return { start, end };
  });
