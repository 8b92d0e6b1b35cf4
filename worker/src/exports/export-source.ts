import type { EntityManager } from '@mikro-orm/postgresql';

/** A cell value of an export row; Date cells are written as spreadsheet dates (UTC). */
export type ExportCell = string | number | Date | null;

export interface ExportColumn {
  header: string;
  width: number;
  /** A date column: shown as MM/DD/YY hh:mm AM/PM. */
  date?: boolean;
}

/**
 * The worker's half of an export kind: its sheet and its rows. `pages` yields rows a page at a time (read by
 * keyset from PostgreSQL), so a sheet of any size is written without holding it in memory.
 */
export interface ExportSource {
  sheetName: string;
  columns: ExportColumn[];
  /** The file name before `.YYMMDD.xlsx`; throws UnrecoverableError when the params cannot be used. */
  fileStem(em: EntityManager, params: Record<string, unknown>): Promise<string>;
  pages(em: EntityManager, params: Record<string, unknown>): AsyncIterable<ExportCell[][]>;
}

/**
 * Rows read per query. Small on purpose: a page and its cells stay alive until its last row is written, and at
 * 1,000 rows they outlived V8's young-generation collections, were promoted and piled up as old garbage (the
 * worker's RSS grew by ~100 MB over a 100k-row export); at 200 they die young and RSS stays within ~10 MB of
 * idle (bench/exports.mjs). Keyset pages are one index range each, so the extra queries cost little.
 */
export const EXPORT_PAGE_SIZE = 200;

/** A timestamptz as ISO text with microseconds: exact enough to resume a keyset after it. */
export const cursorText = (expression: string) =>
  `to_char(${expression} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

/**
 * Reads a source's rows a page at a time by keyset: `fetch(cursor)` answers up to EXPORT_PAGE_SIZE rows after
 * `cursor` (null for the first page) and `cursorOf` names the cursor of a page's last row. Stops at a short page.
 */
export async function* keysetPages<R, C>(
  fetch: (cursor: C | null) => Promise<R[]>,
  cursorOf: (last: R) => C,
): AsyncIterable<R[]> {
  let cursor: C | null = null;
  for (;;) {
    const records = await fetch(cursor);
    if (records.length === 0) return;
    yield records;
    if (records.length < EXPORT_PAGE_SIZE) return;
    cursor = cursorOf(records[records.length - 1]);
  }
}
