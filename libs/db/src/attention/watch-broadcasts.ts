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
import { watcherKey, type BroadcastSources } from '../case-events/broadcast-sources';
import type { CaseSnapshot } from '../case-events/case-snapshots';
import { TOKEN_ANSWER_TYPES } from './reader-sql';

const TOKEN_ANSWERS: ReadonlySet<CaseEventType> = new Set(TOKEN_ANSWER_TYPES);

/**
 * Each new entry to the watchers of its case: one message per side that sees it, sent to all of that side's
 * watchers' user rooms in one emit. Its cost is one message per side whatever the number of watchers (the
 * watchers come with the batch's one read, loadBroadcastSources); each client counts it into its bell and list
 * marks by itself.
 */
export function watchEntryBroadcasts(
  events: readonly StoredCaseEvent[],
  sources: Pick<BroadcastSources, 'snapshots' | 'watchers' | 'actorCompanies'>,
): RelayedEvent[] {
  const broadcasts: RelayedEvent[] = [];
  for (const event of events) {
    const snapshot = sources.snapshots.get(event.caseId);
    if (!snapshot || snapshot.deleted) continue;
    const actorSide = actorSideOf(event, snapshot, sources.actorCompanies);
    for (const side of READER_SIDES) {
      const userIds = sources.watchers.get(watcherKey(snapshot.id, side));
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
