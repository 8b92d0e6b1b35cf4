import { defaultReportRange, ReportRangeQuery, reportInterval } from './report-range';

describe('report ranges', () => {
  it('default to the last 30 days up to today (UTC)', () => {
    expect(defaultReportRange(new Date('2026-11-23T23:30:00Z'))).toEqual({ start: '2026-10-24', end: '2026-11-23' });
    expect(ReportRangeQuery.parse({ end: '2026-03-31' })).toEqual({ start: '2026-03-01', end: '2026-03-31' });
  });

  it('cover whole UTC days, both ends included', () => {
    const { from, until } = reportInterval({ start: '2026-01-01', end: '2026-01-01' });
    expect(from.toISOString()).toBe('2026-01-01T00:00:00.000Z');
    expect(until.toISOString()).toBe('2026-01-02T00:00:00.000Z');
  });

  it('refuse start after end, impossible dates and more than 366 days', () => {
    const issues = (input: object) => ReportRangeQuery.safeParse(input).error?.issues.map((issue) => issue.message);
    expect(issues({ start: '2026-02-02', end: '2026-02-01' })).toEqual(['The start date must be before the end date.']);
    expect(issues({ start: '2026-02-30', end: '2026-03-01' })).toEqual([
      'The start date must be a valid date (YYYY-MM-DD).',
    ]);
    expect(ReportRangeQuery.safeParse({ start: '2024-01-01', end: '2024-12-31' }).success).toBe(true);
    expect(issues({ start: '2025-01-01', end: '2026-01-02' })).toEqual([
      'The date range may not be longer than 366 days.',
    ]);
  });
});
