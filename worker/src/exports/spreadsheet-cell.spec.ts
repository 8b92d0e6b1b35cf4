import { safeCell } from './spreadsheet-cell';

describe('safeCell: text that starts like a formula is escaped with a leading quote', () => {
  it.each([
    ['=HYPERLINK("http://x","y")', `'=HYPERLINK("http://x","y")`],
    ['+1+1', "'+1+1"],
    ['-1+1', "'-1+1"],
    ['@SUM(A1)', "'@SUM(A1)"],
    ['\t=1', "'\t=1"],
    ['\r=1', "'\r=1"],
    ['=', "'="],
  ])('%j becomes %j', (value, escaped) => {
    expect(safeCell(value)).toBe(escaped);
  });

  it('leaves other text, numbers, dates and empty cells as they are', () => {
    const date = new Date('2026-04-01T12:00:00Z');
    for (const value of ['Acme Systems', ' =1', "'=1", 'a=b', '', null, 0, -5, -0.25, 42, date]) {
      expect(safeCell(value)).toBe(value);
    }
  });
});
