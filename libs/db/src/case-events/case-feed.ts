import type { CaseAudience, CaseEventType, FeedEvent } from '@casebridge/contracts';
import { audienceMessages, type StoredCaseEvent } from './case-event-broadcasts';
import type { SqlRunner } from './case-snapshots';

/**
 * A company's change feed: every entry of every case it is a side of, in one order that never changes (the feed
 * key and the entry's id; the migration that made the `case_feed` table says why that order leaves no gaps).
 * The integration API pages it with a cursor and webhook deliveries carry the cursor of their entry.
 */
export interface FeedPosition {
  /** The entry's feed key: a PostgreSQL xid8, kept as its decimal text. */
  feedKey: string;
  eventId: number;
}

export interface FeedEntry extends StoredCaseEvent {
  position: FeedPosition;
  /** The company's side of the case: what it may see of the entry is decided as for a live message to that side. */
  audience: Extract<CaseAudience, 'submitter' | 'receiver'>;
}

const CURSOR_TEXT = /^(\d{1,20})\.(\d{1,10})$/;
const MAX_EVENT_ID = 2 ** 31 - 1;

/** Opaque to clients: base64url of "feedKey.eventId". */
export function encodeFeedCursor(position: FeedPosition): string {
  return Buffer.from(`${position.feedKey}.${position.eventId}`).toString('base64url');
}

/** The position a cursor names, or null for anything that is not a cursor this feed gave out. */
export function decodeFeedCursor(cursor: string): FeedPosition | null {
  if (!/^[A-Za-z0-9_-]{1,48}$/.test(cursor)) return null;
  const match = CURSOR_TEXT.exec(Buffer.from(cursor, 'base64url').toString('latin1'));
  if (!match) return null;
  const eventId = Number(match[2]);
  if (eventId > MAX_EVENT_ID || BigInt(match[1]) >= 2n ** 64n) return null;
  return { feedKey: match[1], eventId };
}

interface FeedRow {
  feed_key: string;
  event_id: number;
  audience: FeedEntry['audience'];
  case_id: number;
  seq: number;
  type: CaseEventType;
  actor_label: string | null;
  created_at: Date;
  payload: Record<string, unknown> | null;
  visible_to: FeedEntry['visibleTo'];
}

/**
 * Up to `limit` entries of the company's feed after `after` (from the start without it), oldest first. Only
 * entries below the oldest running transaction are served: all of them have committed, and none can appear
 * before them later. One index range read (company_id, feed_key, event_id).
 */
export async function readCaseFeed(
  run: SqlRunner,
  companyId: number,
  after: FeedPosition | null,
  limit: number,
): Promise<FeedEntry[]> {
  const start = after ?? { feedKey: '0', eventId: 0 };
  const rows = await run<FeedRow>(
    `select f.feed_key::text as feed_key, f.event_id, f.audience, e.case_id, e.seq, e.type, e.actor_label,
            e.created_at, e.payload, e.visible_to
       from case_feed f
       join case_events e on e.id = f.event_id
      where f.company_id = ?
        and (f.feed_key, f.event_id) > (?::xid8, ?)
        and f.feed_key < pg_snapshot_xmin(pg_current_snapshot())
      order by f.feed_key, f.event_id
      limit ?`,
    [companyId, start.feedKey, start.eventId, limit],
  );
  return rows.map(entryOf);
}

function entryOf(row: FeedRow): FeedEntry {
  return {
    position: { feedKey: row.feed_key, eventId: row.event_id },
    audience: row.audience,
    caseId: row.case_id,
    seq: row.seq,
    type: row.type,
    actorLabel: row.actor_label,
    createdAt: new Date(row.created_at),
    payload: row.payload,
    visibleTo: row.visible_to,
  };
}

/** One committed entry as it stands in each of the given companies' feeds (for its webhook deliveries). */
export async function caseFeedEntriesOf(
  run: SqlRunner,
  eventId: number,
  companyIds: readonly number[],
): Promise<{ companyId: number; entry: FeedEntry }[]> {
  if (companyIds.length === 0) return [];
  const rows = await run<FeedRow & { company_id: number }>(
    `select f.company_id, f.feed_key::text as feed_key, f.event_id, f.audience, e.case_id, e.seq, e.type,
            e.actor_label, e.created_at, e.payload, e.visible_to
       from case_feed f
       join case_events e on e.id = f.event_id
      where f.event_id = ? and f.company_id in (${companyIds.map(() => '?').join(', ')})
      order by f.company_id`,
    [eventId, ...companyIds],
  );
  return rows.map((row) => ({ companyId: row.company_id, entry: entryOf(row) }));
}

/**
 * The entries as their company sees them, in the feed's order: the same message as a live `case.event` to that
 * side of the case (notes only where the company's feed shows them, never customer data). Entries of a case
 * deleted since are left out, and so is one kept for the other side (its internal note: the feed's trigger gives
 * it no row for this company in the first place).
 */
export async function caseFeedMessages(run: SqlRunner, entries: readonly FeedEntry[]): Promise<FeedEvent[]> {
  const messages = await audienceMessages(run, entries, { withDeleted: false });
  const feed: FeedEvent[] = [];
  entries.forEach((entry, index) => {
    const message = messages[index];
    if (!message) return;
    // Assigned onto the message rather than spread into a copy: a page builds 500 of them.
    feed.push(
      Object.assign(message, {
        id: `evt_${entry.position.eventId}`,
        cursor: encodeFeedCursor(entry.position),
        direction: entry.audience === 'submitter' ? ('outbound' as const) : ('inbound' as const),
      }),
    );
  });
  return feed;
}
