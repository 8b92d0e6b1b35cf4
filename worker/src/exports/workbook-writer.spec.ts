import ExcelJS from 'exceljs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ExportCell } from './export-source';
import { writeWorkbook } from './workbook-writer';

const FORMULAS = ['=HYPERLINK("http://x","y")', '+1+1', '-1+1', '@SUM(A1)', '\t=1', '\r=1'];

async function* onePage(rows: ExportCell[][]): AsyncIterable<ExportCell[][]> {
  yield rows;
}

describe('writeWorkbook: every cell through the one escaping rule', () => {
  let folder: string;

  beforeAll(async () => {
    folder = await mkdtemp(join(tmpdir(), 'casebridge-workbook-'));
  });
  afterAll(async () => {
    await rm(folder, { recursive: true, force: true });
  });

  it('writes formula-like text as quoted plain text, numbers and dates as themselves', async () => {
    const path = join(folder, 'formulas.xlsx');
    const when = new Date('2026-04-01T12:00:00Z');
    const columns = [
      { header: 'Text', width: 20 },
      { header: 'Number', width: 10 },
      { header: 'When', width: 20, date: true },
    ];
    const rows = FORMULAS.map((formula, index): ExportCell[] => [formula, -index - 1, when]);
    expect(await writeWorkbook(path, 'Sheet', columns, onePage(rows))).toBe(FORMULAS.length);

    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.readFile(path);
    const read = workbook.worksheets[0].getRows(2, FORMULAS.length)!;
    expect(read.map((row) => row.getCell(1).type)).toEqual(FORMULAS.map(() => ExcelJS.ValueType.String));
    // XML readers turn a carriage return into a line feed; the quote still comes first.
    expect(read.map((row) => row.getCell(1).value)).toEqual(FORMULAS.map((f) => `'${f}`.replace(/\r/g, '\n')));
    expect(read.map((row) => row.getCell(2).value)).toEqual([-1, -2, -3, -4, -5, -6]);
    expect(read.map((row) => row.getCell(3).value)).toEqual(FORMULAS.map(() => when));
  });
});
