import type { EntityManager } from '@mikro-orm/postgresql';

/**
 * The viewer's read count on each row of a list page (null: they neither watch nor ever opened the case): one
 * statement for the page, kept apart from the page's own statement, which is shared by every viewer of the list
 * and so cached for all of them.
 */
export async function withReadCounts<Row extends { id: number }>(
  em: EntityManager,
  userId: number,
  rows: Row[],
): Promise<(Row & { read_count: number | null })[]> {
  if (rows.length === 0) return [];
  const reads = await em.execute<{ case_id: number; read_count: number }[]>(
    `select case_id, read_count from case_readers where user_id = ? and case_id in (${rows.map(() => '?').join(', ')})`,
    [userId, ...rows.map((row) => row.id)],
  );
  const readOf = new Map(reads.map((read) => [read.case_id, read.read_count]));
  return rows.map((row) => ({ ...row, read_count: readOf.get(row.id) ?? null }));
}
