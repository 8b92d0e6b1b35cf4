import type { EntityManager } from '@mikro-orm/postgresql';

/**
 * Totals of long lists that do not read every matching row: lists count exactly up to COUNT_EXACT_UP_TO (a count
 * over a LIMITed subquery, so the scan stops there); above that they answer PostgreSQL's own estimate of the
 * matching rows, flagged `total_estimated`, so a company with a million cases costs what one with a thousand does.
 */
export const COUNT_EXACT_UP_TO = 1_000;

/** A statement with `?` placeholders and its parameters, in text order. */
export interface Fragment {
  sql: string;
  params: unknown[];
}

export const fragment = (sql: string, ...params: unknown[]): Fragment => ({ sql, params });

/** Joins fragments with a separator, keeping their parameters in text order. */
export function joinFragments(parts: Fragment[], separator: string): Fragment {
  return { sql: parts.map((part) => part.sql).join(separator), params: parts.flatMap((part) => part.params) };
}

/** `select count(*)` of a row source, stopping after COUNT_EXACT_UP_TO + 1 rows. */
export function boundedCount(source: Fragment): Fragment {
  return {
    sql: `select count(*)::int as total from (select 1 from (${source.sql}) matching limit ?) bounded`,
    params: [...source.params, COUNT_EXACT_UP_TO + 1],
  };
}

/** Planner estimates per statement and parameters; an estimate is an estimate, so a minute old is as good. */
const ESTIMATE_TTL_MS = 60_000;
const ESTIMATES_KEPT = 1_000;
const estimates = new Map<string, { rows: number; until: number }>();

/**
 * The total to answer for a bounded count: exact up to COUNT_EXACT_UP_TO, else the planner's row estimate of
 * `source` (EXPLAIN plans without running it), never less than what the bounded count already saw.
 */
export async function pageTotal(
  em: EntityManager,
  counted: number,
  source: Fragment,
): Promise<{ total: number; total_estimated?: true }> {
  if (counted <= COUNT_EXACT_UP_TO) return { total: counted };
  const key = JSON.stringify([source.sql, source.params]);
  const now = Date.now();
  let cached = estimates.get(key);
  if (!cached || cached.until <= now) {
    const [plan] = await em.execute<{ 'QUERY PLAN': [{ Plan: { 'Plan Rows': number } }] }[]>(
      `explain (format json) ${source.sql}`,
      source.params,
    );
    cached = { rows: Math.round(plan['QUERY PLAN'][0].Plan['Plan Rows']), until: now + ESTIMATE_TTL_MS };
    if (estimates.size >= ESTIMATES_KEPT) estimates.delete(estimates.keys().next().value as string);
    estimates.set(key, cached);
  }
  return { total: Math.max(cached.rows, counted), total_estimated: true };
}
