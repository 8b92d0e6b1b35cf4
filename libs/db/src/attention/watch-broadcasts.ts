import {
  entryVisibleTo,
  READER_SIDES,
  rooms,
  SERVER_EVENTS,
  type CaseEventType,
  type ReaderSide,
  type RelayedEvent,
  type WatchEntryMessage,
} from '@casebridge/contracts';
import type { StoredCaseEvent } from '../case-events/case-event-broadcasts';
import type { CaseSnapshot, SqlRunner } from '../case-events/case-snapshots';
import { TOKEN_ANSWER_TYPES } from './reader-sql';

const TOKEN_ANSWERS: ReadonlySet<CaseEventType> = new Set(TOKEN_ANSWER_TYPES);

interface WatcherRow {
  case_id: number;
  side: ReaderSide;
  user_ids: number[];
}

/**
 * Each new entry to the watchers of its case: one message per side that sees it, sent to all of that side's
 * watchers' user rooms in one emit. Its cost is one read of the watchers per batch and one message per side,
 * whatever the number of watchers; each client counts it into its bell and list marks by itself.
 */
export async function watchEntryBroadcasts(
  run: SqlRunner,
  events: readonly StoredCaseEvent[],
  snapshots: ReadonlyMap<number, CaseSnapshot>,
): Promise<RelayedEvent[]> {
  const caseIds = [...snapshots.values()].filter((snapshot) => !snapshot.deleted).map((snapshot) => snapshot.id);
  if (caseIds.length === 0) return [];
  const actorIds = [...new Set(events.map((event) => event.actorUserId).filter((id): id is number => !!id))];
  const [watchers, actors] = await Promise.all([
    run<WatcherRow>(
      `select case_id, side, array_agg(user_id order by user_id) as user_ids
         from case_readers where watching and case_id in (${caseIds.map(() => '?').join(', ')})
        group by case_id, side`,
      caseIds,
    ),
    actorIds.length
      ? run<{ id: number; company_id: number | null }>(
          `select id, company_id from users where id in (${actorIds.map(() => '?').join(', ')})`,
          actorIds,
        )
      : Promise.resolve([]),
  ]);
  if (watchers.length === 0) return [];
  const companyOf = new Map(actors.map((actor) => [actor.id, actor.company_id]));
  const watchersOf = new Map(watchers.map((row) => [`${row.case_id}:${row.side}`, row.user_ids]));
  const broadcasts: RelayedEvent[] = [];
  for (const event of events) {
    const snapshot = snapshots.get(event.caseId);
    if (!snapshot || snapshot.deleted) continue;
    const actorSide = actorSideOf(event, snapshot, companyOf);
    for (const side of READER_SIDES) {
      const userIds = watchersOf.get(`${snapshot.id}:${side}`);
      if (!userIds || !entryVisibleTo(side, { type: event.type, visibleTo: event.visibleTo ?? null })) continue;
      broadcasts.push({
        room: userIds.map((userId) => rooms.user(userId)),
        event: SERVER_EVENTS.watchEntry,
        message: watchEntryMessage(event, snapshot, side, actorSide),
      });
    }
  }
  return broadcasts;
}

function watchEntryMessage(
  event: StoredCaseEvent,
  snapshot: CaseSnapshot,
  side: ReaderSide,
  actorSide: ReaderSide | null,
): WatchEntryMessage {
  const entries = { submitter: snapshot.entries_submitter, receiver: snapshot.entries_receiver };
  return {
    case_token: snapshot.token,
    internal_case_number: snapshot.internal_case_number,
    summary: snapshot.summary,
    status: snapshot.status,
    seq: event.seq,
    type: event.type,
    actor: event.actorLabel,
    at: event.createdAt.toISOString(),
    own_side: actorSide === side,
    entry_count: side === 'staff' ? snapshot.entries_staff : entries[side],
    by_user_id: event.actorUserId ?? null,
  };
}

/** The side the entry came from: its author's company (a super admin: staff), the token link's, or none (system). */
function actorSideOf(
  event: StoredCaseEvent,
  snapshot: CaseSnapshot,
  companyOf: ReadonlyMap<number, number | null>,
): ReaderSide | null {
  if (event.actorUserId) {
    const company = companyOf.get(event.actorUserId);
    if (company === undefined) return null;
    if (company === null) return 'staff';
    if (company === snapshot.submitter_company_id) return 'submitter';
    return company === snapshot.receiver_company_id ? 'receiver' : null;
  }
  return TOKEN_ANSWERS.has(event.type) ? 'receiver' : null;
}
