import type { CaseEventType, RelayedEvent } from '@casebridge/contracts';
import { Case, CaseEvent } from '@casebridge/db';
import { EntityManager } from '@mikro-orm/postgresql';
import { caseEventRelays, type NumberedCase } from '../realtime/relay';

/** Who the case log says did what the worker did. */
export const WORKER_ACTOR = 'System';

/**
 * Appends a case event inside the caller's transaction, numbered by the atomic event_seq increment every writer
 * uses, and returns the live messages to relay once the transaction has committed.
 */
export async function appendCaseEvent(
  em: EntityManager,
  caseId: number,
  type: CaseEventType,
  payload: Record<string, unknown>,
): Promise<RelayedEvent[]> {
  const [row] = await em.execute<NumberedCase[]>(
    `update cases set event_seq = event_seq + 1 where id = ?
     returning id, token, status, event_seq, submitter_company_id, receiver_company_id`,
    [caseId],
  );
  const at = new Date();
  em.create(CaseEvent, {
    case: em.getReference(Case, caseId),
    seq: row.event_seq,
    type,
    actorLabel: WORKER_ACTOR,
    payload,
    createdAt: at,
  });
  return caseEventRelays(row, type, WORKER_ACTOR, at);
}
