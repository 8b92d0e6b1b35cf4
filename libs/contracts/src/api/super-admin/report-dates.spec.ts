import { parseReportDay, ReportDatesRange, toReportPathDay } from './report-dates';

describe('report path dates (YY-MM-DD)', () => {
  it('reads YY-MM-DD as a day of this century, and full years too', () => {
    expect(parseReportDay('26-03-10')).toBe('2026-03-10');
    expect(parseReportDay('2026-03-10')).toBe('2026-03-10');
    expect(parseReportDay(' 99-12-31 ')).toBe('2099-12-31');
  });

  it('refuses what is not a calendar day', () => {
    for (const value of ['26-13-01', '26-02-30', '26-3-10', '260310', 'yesterday', '', '2026-02-29']) {
      expect(parseReportDay(value)).toBeNull();
    }
    expect(parseReportDay('28-02-29')).toBe('2028-02-29');
  });

  it('writes the YY-MM-DD form of a date picker day', () => {
    expect(toReportPathDay('2026-11-23')).toBe('26-11-23');
  });

  it('needs both ends, the end not before the start (same day allowed)', () => {
    expect(ReportDatesRange.parse({ start: '26-03-10', end: '26-03-10' })).toEqual({
      start: '2026-03-10',
      end: '2026-03-10',
    });
    const backwards = ReportDatesRange.safeParse({ start: '26-03-11', end: '26-03-10' });
    expect(backwards.success).toBe(false);
    expect(backwards.error?.issues[0]).toMatchObject({
      path: ['end'],
      message: 'The end date may not be before the start date.',
    });
    const missing = ReportDatesRange.safeParse({ start: '26-03-11' });
    expect(missing.error?.issues.map((issue) => issue.message)).toEqual(['The end date is required.']);
  });
});
