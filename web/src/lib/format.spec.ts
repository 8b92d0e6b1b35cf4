import { describe, expect, it } from '@jest/globals';
import { formatBackOfficeDate, formatDateTimeUtc } from './format';

describe('date formats', () => {
  it('shows back-office table dates as MMM-DD-YYYY hh:mm a in UTC', () => {
    expect(formatBackOfficeDate('2026-03-04T00:05:00Z')).toBe('Mar-04-2026 12:05 am');
    expect(formatBackOfficeDate('2026-11-23T15:30:00Z')).toBe('Nov-23-2026 03:30 pm');
    expect(formatBackOfficeDate(null)).toBe('');
    expect(formatBackOfficeDate('not a date')).toBe('');
  });

  it('shows case table dates as MM/DD/YY hh:mm a in UTC', () => {
    expect(formatDateTimeUtc('2026-11-23T15:30:00Z')).toBe('11/23/26 03:30 pm');
  });
});
