/**
 * Date and time formatting of the member area (MM/DD/YY hh:mm a; case tables in UTC).
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

/** MMM-DD-YYYY hh:mm a in UTC, as back-office tables show dates; '' for none. */
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
