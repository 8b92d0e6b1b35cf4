import type { SqlRunner } from '../case-events/case-snapshots';

/**
 * How many of each company's inbound cases wait for its move (`cases.turn = 'receiver'`, on its lists): the
 * dashboard's count and the figure a `cases.changed` carries to the receiving company. One index-only count per
 * company (cases_receiver_turn_index). Companies with none are answered 0.
 */
export async function inboundActionTotals(run: SqlRunner, companyIds: readonly number[]): Promise<Map<number, number>> {
  const totals = new Map(companyIds.map((id) => [id, 0]));
  if (companyIds.length === 0) return totals;
  const rows = await run<{ company_id: number; total: number }>(
    `select receiver_company_id as company_id, count(*)::int as total from cases
      where receiver_company_id in (?) and turn = 'receiver' and deleted_at is null and is_sample = false
      group by receiver_company_id`,
    [companyIds],
  );
  for (const row of rows) totals.set(row.company_id, row.total);
  return totals;
}
