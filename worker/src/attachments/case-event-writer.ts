import { rooms, SERVER_EVENTS, type CaseEventType, type CaseStatus, type RelayedEvent } from '@casebridge/contracts';
import { Case, CaseEvent } from '@casebridge/db';
import { EntityManager } from '@mikro-orm/postgresql';

/** Who the case log says did what the worker did. */
export const WORKER_ACTOR = 'System';

interface NumberedCase {
  id: number;
  token: string;
  status: CaseStatus;
  event_seq: number;
  submitter_company_id: number;
  receiver_company_id: number;
}

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
  const changed = { case_token: row.token, status: row.status, seq: row.event_seq };
  return [
    {
      room: rooms.case(row.id),
      event: SERVER_EVENTS.caseEvent,
      message: { ...changed, type, actor: WORKER_ACTOR, at: at.toISOString() },
    },
    ...[...new Set([row.submitter_company_id, row.receiver_company_id])].map((companyId): RelayedEvent => ({
      room: rooms.company(companyId),
      except: rooms.case(row.id),
      event: SERVER_EVENTS.casesChanged,
      message: changed,
    })),
  ];
}
