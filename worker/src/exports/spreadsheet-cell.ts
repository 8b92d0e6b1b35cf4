import type { ExportCell } from './export-source';

/**
 * The first characters that make a spreadsheet program read a cell as a formula (=, +, -, @) or that hide one
 * behind a control character (tab, carriage return): OWASP's CSV/formula injection list.
 */
const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * The one cell-escaping rule of every export: a text cell that starts like a formula gets a leading single quote
 * (OWASP), so no spreadsheet evaluates it — not on opening, not when edited, not once saved as CSV. It stays a
 * plain string cell; numbers and dates are left alone (a negative number is a number, not text).
 */
export function safeCell(value: ExportCell): ExportCell {
  return typeof value === 'string' && FORMULA_START.test(value) ? `'${value}` : value;
}
