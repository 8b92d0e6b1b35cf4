import type { EntityManager } from '@mikro-orm/postgresql';

/**
 * The case a manager request's existing vendor case reference names: a live case between the request's two
 * companies (either direction) whose token is the reference, or whose internal case number is it regardless of
 * case. Null when nothing matches, or when several cases do (a number used twice): a guess could put the
 * escalation on the wrong case, so the request stays unlinked. A case with a third company is never linked, as
 * that company would see the escalation on the case's feed.
 */
export async function linkedCaseId(
  em: EntityManager,
  submitterCompanyId: number,
  receiverCompanyId: number,
  reference: string | null | undefined,
): Promise<number | null> {
  const text = reference?.trim();
  if (!text) return null;
  const rows = await em.execute<{ id: number }[]>(
    `select c.id from cases c
      where c.deleted_at is null and c.is_sample = false
        and ((c.submitter_company_id = ? and c.receiver_company_id = ?)
          or (c.submitter_company_id = ? and c.receiver_company_id = ?))
        and (c.token = ? or lower(c.internal_case_number) = lower(?))
      limit 2`,
    [submitterCompanyId, receiverCompanyId, receiverCompanyId, submitterCompanyId, text, text],
  );
  return rows.length === 1 ? rows[0].id : null;
}
