import { TURN_AFTER_ENTRY, type CaseEventType } from '@casebridge/contracts';
import type { EntityManager } from '@mikro-orm/postgresql';
import { watchForEntries } from '../attention/auto-watch';
import { entryIncrements, valuesPlaceholders } from '../attention/reader-sql';
import { User } from '../entities/accounts/user.entity';
import { CaseEvent } from '../entities/cases/case-event.entity';
import { Case } from '../entities/cases/case.entity';

/** One entry for a case's log. */
export interface NewCaseEvent {
  caseId: number;
  type: CaseEventType;
  /** Who did it, as people read it: a user's name, "Globex Storage (token link)", "System". */
  actorLabel: string;
  actorUserId?: number | null;
  /** What changed, by reference (note_id, response_id, attachment_id...) and in words; never customer data. */
  payload?: Record<string, unknown>;
  at?: Date;
  /** Only this company side's members see the entry (an internal note); absent: every audience. */
  visibleTo?: 'submitter' | 'receiver';
}

/**
 * The one writer of case events, for the api and the worker alike. Every entry is numbered by an atomic
 * `event_seq + 1` on its case row inside the caller's transaction (concurrent writers never share a number; a
 * rolled-back write may leave a gap, which readers tolerate), and is stored with the caller's next flush. Live
 * messages go out after the commit, built from the stored entries (CaseEventAnnouncer).
 */
export async function appendCaseEvents(em: EntityManager, entries: readonly NewCaseEvent[]): Promise<CaseEvent[]> {
  if (entries.length === 0) return [];
  const ids = entries.map((entry) => entry.caseId);
  if (new Set(ids).size !== ids.length) throw new Error('appendCaseEvents: one entry per case per call');
  // em.execute runs inside the caller's transaction, if any: a connection of its own would wait for ever on the
  // row lock that transaction holds on the case.
  const run = <T extends object>(sql: string, params: readonly unknown[]) => em.execute<T[]>(sql, [...params]);
  const numbered = await run<{ id: number; event_seq: number }>(
    numberingSql(
      `(values ${valuesPlaceholders(entries.length, 6, ['::int', '::int', '::int', '::int', '::boolean', '::text'])})`,
      'c.id, c.event_seq',
    ),
    entries.flatMap((entry) => [entry.caseId, ...numberingOf(entry)]),
  );
  await watchForEntries(
    run,
    entries.map((entry) => ({ caseId: entry.caseId, type: entry.type, actorUserId: entry.actorUserId ?? null })),
  );
  const seqOf = new Map(numbered.map((row) => [row.id, row.event_seq]));
  return entries.map((entry) => {
    const seq = seqOf.get(entry.caseId);
    if (seq === undefined) throw new Error(`appendCaseEvents: case ${entry.caseId} does not exist`);
    // The loaded Case entity's eventSeq is deliberately left alone: assigning it would make a later flush write
    // this number back over a newer one from a concurrent request.
    return em.create(CaseEvent, {
      case: em.getReference(Case, entry.caseId),
      seq,
      type: entry.type,
      actorUser: entry.actorUserId ? em.getReference(User, entry.actorUserId) : null,
      actorLabel: entry.actorLabel,
      payload: entry.payload ?? {},
      visibleTo: entry.visibleTo ?? null,
      createdAt: entry.at ?? new Date(),
    });
  });
}

/**
 * What numbering an entry does to its case row, as the five values numberingSql reads after the case id: the counts
 * of the sides that see it, whether it moves the turn, and to whom.
 */
export function numberingOf(
  entry: Pick<NewCaseEvent, 'type' | 'visibleTo'>,
): [number, number, number, boolean, string | null] {
  const adds = entryIncrements({ type: entry.type, visibleTo: entry.visibleTo ?? null });
  return [
    adds.submitter,
    adds.receiver,
    adds.staff,
    entry.type in TURN_AFTER_ENTRY,
    TURN_AFTER_ENTRY[entry.type] ?? null,
  ];
}

/**
 * The statement numbering entries on their case rows: `values` is a row source of (id, submitter, receiver, staff,
 * moves_turn, turn) per case (see numberingOf); `returning` what the caller reads of the moved rows.
 */
export function numberingSql(values: string, returning: string): string {
  return `update cases c set event_seq = c.event_seq + 1, entries_submitter = c.entries_submitter + v.submitter,
        entries_receiver = c.entries_receiver + v.receiver, entries_staff = c.entries_staff + v.staff,
        turn = case when v.moves_turn then v.turn else c.turn end
       from ${values} as v(id, submitter, receiver, staff, moves_turn, turn)
      where c.id = v.id
     returning ${returning}`;
}

export async function appendCaseEvent(em: EntityManager, entry: NewCaseEvent): Promise<CaseEvent> {
  const [event] = await appendCaseEvents(em, [entry]);
  return event;
}
