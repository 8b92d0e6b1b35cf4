import ExcelJS from 'exceljs';
import type { ExportCell, ExportColumn } from './export-source';
import { safeCell } from './spreadsheet-cell';

const DATE_FORMAT = 'mm/dd/yy hh:mm AM/PM';

/**
 * Writes rows to an .xlsx file with exceljs' streaming writer: each row is committed (flushed to the zip
 * stream) as soon as it is added, so memory stays flat whatever the number of rows. Returns the row count.
 * Every cell, header included, goes through safeCell: text that starts like a formula is never evaluated.
 */
export async function writeWorkbook(
  path: string,
  sheetName: string,
  columns: ExportColumn[],
  pages: AsyncIterable<ExportCell[][]>,
): Promise<number> {
  // Shared strings would keep every distinct string in memory until the end: inline strings instead.
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ filename: path, useStyles: true, useSharedStrings: false });
  const sheet = workbook.addWorksheet(sheetName, { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = columns.map((column, index) => ({
    key: `c${index}`,
    width: column.width,
    style: column.date ? { numFmt: DATE_FORMAT } : {},
  }));
  const header = sheet.addRow(columns.map((column) => safeCell(column.header)));
  header.font = { bold: true };
  header.commit();

  let rows = 0;
  for await (const page of pages) {
    for (const cells of page) {
      sheet.addRow(cells.map(safeCell)).commit();
      rows++;
    }
  }
  sheet.commit();
  await workbook.commit();
  return rows;
}
