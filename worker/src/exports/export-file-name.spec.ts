import { exportFileName, safeStem } from './export-file-name';
import { describePayload } from './sources/case-audit.source';

describe('export file names', () => {
  it('are stem.YYMMDD.xlsx with the date in UTC', () => {
    expect(exportFileName('usage', new Date('2026-11-23T10:00:00Z'))).toBe('usage.261123.xlsx');
    expect(exportFileName('case-ACME-10431-audit', new Date('2026-11-23T23:59:59Z'))).toBe(
      'case-ACME-10431-audit.261123.xlsx',
    );
    // Late evening west of UTC is already the next day in UTC.
    expect(exportFileName('usage', new Date('2027-01-01T00:30:00Z'))).toBe('usage.270101.xlsx');
    expect(exportFileName('usage', new Date('2009-03-05T12:00:00Z'))).toBe('usage.090305.xlsx');
  });

  it('keep only letters, digits, dashes and underscores in the stem', () => {
    expect(safeStem('case-../../etc/passwd-audit')).toBe('case-etc-passwd-audit');
    expect(safeStem('case-A B"C\r\nX-audit')).toBe('case-A-B-C-X-audit');
    expect(safeStem('///')).toBe('export');
    expect(exportFileName('case-Ünïcode 7-audit', new Date('2026-01-02T00:00:00Z'))).toBe(
      'case-n-code-7-audit.260102.xlsx',
    );
  });
});

describe('audit event details', () => {
  it('lists the payload as key: value pairs, skipping empty values', () => {
    expect(describePayload({ status: 'accepted', note: '', by: null, fields: ['a', 'b'] })).toBe(
      'status: accepted; fields: ["a","b"]',
    );
    expect(describePayload('{"summary":"Call me"}')).toBe('summary: Call me');
    expect(describePayload(null)).toBe('');
  });
});
