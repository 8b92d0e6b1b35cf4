import { Injectable } from '@nestjs/common';
import type { CaseEventType } from '@casebridge/contracts';
import { appendCaseEvent, type Case, type CaseEvent, type NewCaseEvent, type User } from '@casebridge/db';
import { EntityManager } from '@mikro-orm/postgresql';

export interface CaseEventActor {
  user?: User | null;
  /** Who did it, as people read it: a user's name, "Globex Storage (token link)", "System". */
  label: string;
}

/**
 * The case services' door to the case log (libs/db appendCaseEvent, the one writer the worker uses too): every
 * status change, response, note and attachment, numbered per case, stored with the caller's next flush and
 * announced after the commit. The payload names the item it added (note_id, response_id, attachment_id), so the
 * live message can carry the item itself; never customer data.
 */
@Injectable()
export class CaseEventsService {
  constructor(private readonly em: EntityManager) {}

  record(
    caseEntity: Case,
    type: CaseEventType,
    actor: CaseEventActor,
    payload: Record<string, unknown> = {},
    options: Pick<NewCaseEvent, 'visibleTo'> = {},
  ): Promise<CaseEvent> {
    return appendCaseEvent(this.em, {
      caseId: caseEntity.id,
      type,
      actorLabel: actor.label,
      actorUserId: actor.user?.id ?? null,
      payload,
      ...options,
    });
  }
}
