/**
 * Date and time formatting of the member area (spec 1 §9: MM/DD/YY hh:mm a; case tables in UTC).
 * Plain Date arithmetic: no date library for a handful of formats.
 */

const pad = (value: number) => String(value).padStart(2, '0');

function toDate(value: string | number | Date | null | undefined): Date | null {
  if (value === null || value === undefined || value === '') return null;
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

interface DateParts {
  year: number;
  month: number;
  day: number;
  hours: number;
  minutes: number;
}

function partsOf(date: Date, utc: boolean): DateParts {
  return utc
    ? {
        year: date.getUTCFullYear(),
        month: date.getUTCMonth() + 1,
        day: date.getUTCDate(),
        hours: date.getUTCHours(),
        minutes: date.getUTCMinutes(),
      }
    : {
        year: date.getFullYear(),
        month: date.getMonth() + 1,
        day: date.getDate(),
        hours: date.getHours(),
        minutes: date.getMinutes(),
      };
}

function render(parts: DateParts): string {
  const hours12 = parts.hours % 12 === 0 ? 12 : parts.hours % 12;
  const meridiem = parts.hours < 12 ? 'am' : 'pm';
  return `${pad(parts.month)}/${pad(parts.day)}/${pad(parts.year % 100)} ${pad(hours12)}:${pad(parts.minutes)} ${meridiem}`;
}

/** MM/DD/YY hh:mm a in UTC, as case tables show it; '' for a missing or unreadable value. */
export function formatDateTimeUtc(value: string | number | Date | null | undefined): string {
  const date = toDate(value);
  return date ? render(partsOf(date, true)) : '';
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** MMM-DD-YYYY hh:mm a in UTC, as back-office tables show dates (spec 3 §9); '' for none. */
export function formatBackOfficeDate(value: string | number | Date | null | undefined): string {
  const date = toDate(value);
  if (!date) return '';
  const parts = partsOf(date, true);
  const hours12 = parts.hours % 12 === 0 ? 12 : parts.hours % 12;
  const meridiem = parts.hours < 12 ? 'am' : 'pm';
  return `${MONTHS[parts.month - 1]}-${pad(parts.day)}-${parts.year} ${pad(hours12)}:${pad(parts.minutes)} ${meridiem}`;
}

/** MM/DD/YY hh:mm a in the viewer's time zone (details outside tables). */
export function formatDateTime(value: string | number | Date | null | undefined): string {
  const date = toDate(value);
  return date ? render(partsOf(date, false)) : '';
}

/** MM/DD/YY in the viewer's time zone. */
export function formatDate(value: string | number | Date | null | undefined): string {
  const date = toDate(value);
  if (!date) return '';
  const parts = partsOf(date, false);
  return `${pad(parts.month)}/${pad(parts.day)}/${pad(parts.year % 100)}`;
}

/** A long, readable date for news and headings, e.g. "March 4, 2025". */
export function formatLongDate(value: string | number | Date | null | undefined): string {
  const date = toDate(value);
  return date ? date.toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric' }) : '';
}

const UNITS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['year', 365 * 24 * 3600],
  ['month', 30 * 24 * 3600],
  ['week', 7 * 24 * 3600],
  ['day', 24 * 3600],
  ['hour', 3600],
  ['minute', 60],
  ['second', 1],
];

const relativeFormat = new Intl.RelativeTimeFormat('en', { numeric: 'auto' });

/** "3 hours ago", "in 2 days", "now": for due dates and feed entries. */
export function formatRelative(value: string | number | Date | null | undefined, now: Date = new Date()): string {
  const date = toDate(value);
  if (!date) return '';
  const seconds = Math.round((date.getTime() - now.getTime()) / 1000);
  for (const [unit, size] of UNITS) {
    if (Math.abs(seconds) >= size || unit === 'second') {
      return relativeFormat.format(Math.round(seconds / size), unit);
    }
  }
  return '';
}

/** Whole days between two moments (positive when `value` is in the past). */
export function daysSince(value: string | number | Date | null | undefined, now: Date = new Date()): number | null {
  const date = toDate(value);
  return date ? Math.floor((now.getTime() - date.getTime()) / (24 * 3600 * 1000)) : null;
}
