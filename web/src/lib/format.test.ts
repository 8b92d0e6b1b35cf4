import { describe, expect, it } from 'vitest';
import { formatBackOfficeDate, formatDate, formatDateTime, formatDateTimeUtc, formatLongDate } from './format';

// Local-time helpers are checked with dates built from local parts, so the result is the same in every time zone.
describe('formatDateTime (details, viewer time zone)', () => {
  it('shows MM/DD/YY hh:mm a with a 12-hour clock', () => {
    expect(formatDateTime(new Date(2026, 2, 4, 9, 7))).toBe('03/04/26 09:07 am');
    expect(formatDateTime(new Date(2026, 10, 23, 15, 30))).toBe('11/23/26 03:30 pm');
  });

  it('shows midnight as 12 am and noon as 12 pm', () => {
    expect(formatDateTime(new Date(2026, 0, 1, 0, 0))).toBe('01/01/26 12:00 am');
    expect(formatDateTime(new Date(2026, 0, 1, 12, 0))).toBe('01/01/26 12:00 pm');
    expect(formatDateTime(new Date(2026, 0, 1, 23, 59))).toBe('01/01/26 11:59 pm');
  });

  it('pads a two-digit year', () => {
    expect(formatDateTime(new Date(2005, 6, 9, 1, 2))).toBe('07/09/05 01:02 am');
  });

  it('accepts an ISO string or epoch milliseconds', () => {
    const local = new Date(2026, 4, 17, 18, 45);
    expect(formatDateTime(local.toISOString())).toBe('05/17/26 06:45 pm');
    expect(formatDateTime(local.getTime())).toBe('05/17/26 06:45 pm');
  });

  it('is empty for a missing or unreadable value', () => {
    for (const value of [null, undefined, '', 'yesterday', new Date(Number.NaN)]) {
      expect(formatDateTime(value)).toBe('');
    }
  });
});

describe('formatDate (viewer time zone)', () => {
  it('shows MM/DD/YY without the time', () => {
    expect(formatDate(new Date(2026, 11, 31, 23, 59))).toBe('12/31/26');
    expect(formatDate(null)).toBe('');
    expect(formatDate('nope')).toBe('');
  });
});

describe('formatDateTimeUtc (case tables)', () => {
  it('uses the UTC day and hour, not the viewer’s', () => {
    // 23:30 UTC on Dec 31: still Dec 31 in UTC whatever the machine's zone.
    expect(formatDateTimeUtc('2026-12-31T23:30:00Z')).toBe('12/31/26 11:30 pm');
    expect(formatDateTimeUtc('2027-01-01T00:00:00.000Z')).toBe('01/01/27 12:00 am');
    expect(formatDateTimeUtc(Date.UTC(2026, 5, 1, 12, 5))).toBe('06/01/26 12:05 pm');
    expect(formatDateTimeUtc(undefined)).toBe('');
  });
});

describe('formatBackOfficeDate (back-office tables)', () => {
  it('shows MMM-DD-YYYY hh:mm a in UTC with the full year', () => {
    expect(formatBackOfficeDate('2026-01-09T12:00:00Z')).toBe('Jan-09-2026 12:00 pm');
    expect(formatBackOfficeDate('2026-12-31T23:59:00Z')).toBe('Dec-31-2026 11:59 pm');
    expect(formatBackOfficeDate(new Date(Date.UTC(2005, 6, 4, 7, 3)))).toBe('Jul-04-2005 07:03 am');
    expect(formatBackOfficeDate('')).toBe('');
  });
});

describe('formatLongDate (news)', () => {
  it('spells the month out in English', () => {
    expect(formatLongDate(new Date(2025, 2, 4, 10, 0))).toBe('March 4, 2025');
    expect(formatLongDate(new Date(2025, 2, 4, 10, 0).toISOString())).toBe('March 4, 2025');
    expect(formatLongDate('not a date')).toBe('');
  });
});
