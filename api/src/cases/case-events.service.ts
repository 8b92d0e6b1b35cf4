import { Injectable } from '@nestjs/common';
import type { CaseEventType } from '@casebridge/contracts';
import { Case, CaseEvent, User } from '@casebridge/db';
import { EntityManager } from '@mikro-orm/postgresql';

export interface CaseEventActor {
  user?: User | null;
  /** Who did it, as people read it: a user's name, "Globex Storage (token link)", "System". */
  label: string;
}

/**
 * The case's event log: every status change, response, note and attachment, numbered per case.
 * Numbers come from an atomic increment, so concurrent writers never share one; a failed request may leave a gap,
 * which readers tolerate (they ask for "everything after N"). Read the current number from the database, not from
 * a case loaded before the increment.
 * Event types are CASE_EVENT_TYPES (e.g. 'accepted'); the payload says what changed, never customer data.
 */
@Injectable()
export class CaseEventsService {
  constructor(private readonly em: EntityManager) {}

  /** Appends an event; the row is written with the caller's next flush. */
  async record(
    caseEntity: Case,
    type: CaseEventType,
    actor: CaseEventActor,
    payload: Record<string, unknown> = {},
  ): Promise<CaseEvent> {
    // em.execute runs inside the caller's transaction, if any: a connection of its own would wait for ever on
    // the row lock the caller's transaction holds on the case.
    const rows = await this.em.execute<{ event_seq: number }[]>(
      'update cases set event_seq = event_seq + 1 where id = ? returning event_seq',
      [caseEntity.id],
    );
    // The loaded entity's eventSeq is deliberately left alone: assigning it would make the next flush write
    // this number back over a newer one from a concurrent request.
    const seq = rows[0].event_seq;
    return this.em.create(CaseEvent, {
      case: caseEntity,
      seq,
      type,
      actorUser: actor.user ?? null,
      actorLabel: actor.label,
      payload,
    });
  }
}
