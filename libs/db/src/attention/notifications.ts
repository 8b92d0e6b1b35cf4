import type { CaseEventType, CaseStatus, NotificationItem } from '@casebridge/contracts';
import type { SqlRunner } from '../case-events/case-snapshots';
import { entriesOfSide, entryVisibleSql, readerSideSql, TOKEN_ANSWER_TYPES } from './reader-sql';

/**
 * The notification centre's reads: the entries of the cases a user watches, as their side sees them (not their own
 * entries), with the unread total of the same statement. Paging goes by entry id, newest first; replay after a
 * reconnect goes by the change feed's rule: entries whose feed key is past the cursor, the cursor being the oldest
 * transaction still running when the previous answer was read, so an entry committed after an answer is always
 * past its cursor (nothing missed). Entries seen twice are told apart by their case's seq (nothing twice).
 */

/** The most entries a replay answers; more means the client reads the first page again. */
export const MAX_REPLAYED_NOTIFICATIONS = 200;
const CURSOR_TEXT = /^\d{1,20}$/;

export function isNotificationCursor(cursor: string): boolean {
  return CURSOR_TEXT.test(cursor) && BigInt(cursor) < 2n ** 64n;
}

interface ItemRow {
  id: number | null;
  unread_total: number;
  cursor: string;
  case_token: string;
  internal_case_number: string;
  summary: string;
  status: CaseStatus;
  seq: number;
  type: CaseEventType;
  actor: string | null;
  at: string;
  own_side: boolean;
  unread: boolean;
}

export interface NotificationRead {
  items: (NotificationItem & { id: number })[];
  unreadTotal: number;
  cursor: string;
}

const ITEM_COLUMNS = `e.id, c.token as case_token, c.internal_case_number, c.summary, c.status, e.seq, e.type,
  e.actor_label as actor, to_char(e.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as at,
  (case when e.actor_user_id is not null then ${readerSideSql('c', 'au.company_id')} = r.side
        when e.type in (${TOKEN_ANSWER_TYPES.map((type) => `'${type}'`).join(', ')}) then r.side = 'receiver'
        else false end) as own_side,
  e.seq > r.read_seq as unread`;

/**
 * The entries of the cases a user (`userSql`: a parameter or a column) watches, as their side sees them, not their
 * own: `r` is the reader row, `c` the case, `e` the entry, `au` its actor. The notification centre and the daily
 * digest read this.
 */
export function watchedEntriesOf(userSql: string): string {
  return `case_readers r
  join cases c on c.id = r.case_id and c.deleted_at is null
  join case_events e on e.case_id = r.case_id
  left join users au on au.id = e.actor_user_id
  where r.user_id = ${userSql} and r.watching and ${entryVisibleSql('e', 'r.side')}
    and e.actor_user_id is distinct from r.user_id`;
}

/** watchedEntriesOf the one user given as a parameter. */
const WATCHED_ENTRIES = watchedEntriesOf('?');

const UNREAD_TOTAL = `(select coalesce(sum(greatest(${entriesOfSide('c', 'r.side')} - r.read_count, 0)), 0)::int
  from case_readers r join cases c on c.id = r.case_id and c.deleted_at is null
  where r.user_id = ? and r.watching)`;

/** One page, newest first, entries older than `before` (an entry id) when given. */
export async function notificationPage(
  run: SqlRunner,
  userId: number,
  options: { before?: number; limit: number },
): Promise<NotificationRead> {
  const rows = await run<ItemRow>(
    `with items as (
       select ${ITEM_COLUMNS} from ${WATCHED_ENTRIES} ${options.before ? 'and e.id < ?' : ''}
        order by e.id desc limit ?)
     select ${UNREAD_TOTAL} as unread_total, pg_snapshot_xmin(pg_current_snapshot())::text as cursor, items.*
       from (select 1) one left join items on true
      order by items.id desc`,
    [userId, ...(options.before ? [options.before] : []), options.limit, userId],
  );
  return readOf(rows);
}

/** Every entry past the cursor (oldest first, at most MAX_REPLAYED_NOTIFICATIONS + 1 to tell there were more). */
export async function notificationsAfter(run: SqlRunner, userId: number, cursor: string): Promise<NotificationRead> {
  const rows = await run<ItemRow>(
    `with items as (
       select ${ITEM_COLUMNS}, e.feed_key from ${WATCHED_ENTRIES} and e.feed_key >= ?::xid8
        order by e.feed_key, e.id limit ?)
     select ${UNREAD_TOTAL} as unread_total, pg_snapshot_xmin(pg_current_snapshot())::text as cursor, items.*
       from (select 1) one left join items on true
      order by items.feed_key, items.id`,
    [userId, cursor, MAX_REPLAYED_NOTIFICATIONS + 1, userId],
  );
  return readOf(rows);
}

function readOf(rows: ItemRow[]): NotificationRead {
  const first = rows[0];
  return {
    unreadTotal: first?.unread_total ?? 0,
    cursor: first?.cursor ?? '0',
    items: rows
      .filter((row) => row.id !== null)
      .map((row) => ({
        id: row.id as number,
        case_token: row.case_token,
        internal_case_number: row.internal_case_number,
        summary: row.summary,
        status: row.status,
        seq: row.seq,
        type: row.type,
        actor: row.actor,
        at: row.at,
        own_side: row.own_side,
        unread: row.unread,
      })),
  };
}

/** A user's unread entries across every case they watch. */
export async function unreadTotal(run: SqlRunner, userId: number): Promise<number> {
  const [row] = await run<{ total: number }>(`select ${UNREAD_TOTAL} as total`, [userId]);
  return row?.total ?? 0;
}
