import {
  DIGEST_LOCAL_HOUR,
  MAIL_KIND_INFO,
  MAIL_KIND_OF_EVENT,
  type CaseEventType,
  type MailKind,
} from '@casebridge/contracts';
import type { SqlRunner } from '../case-events/case-snapshots';
import { watchedEntriesOf } from './notifications';

/**
 * The daily digest's reads. A user's local date and time come from their time zone (null = UTC); a user is due once
 * their local clock has passed DIGEST_LOCAL_HOUR today, they put at least one kind in the digest, and no digest row
 * exists for their local date yet.
 */

/** The most entries one digest lists; the rest are counted and waiting on the site. */
export const MAX_DIGEST_ENTRIES = 100;

export interface DueDigest {
  userId: number;
  /** YYYY-MM-DD in the user's time zone. */
  localDate: string;
}

const LOCAL = `(?::timestamptz at time zone coalesce(u.time_zone, 'UTC'))`;

/** Users whose digest of their local today is due at `now` (after `afterUserId`, by id, at most `limit`). */
export async function dueDigests(run: SqlRunner, now: Date, afterUserId: number, limit: number): Promise<DueDigest[]> {
  const rows = await run<{ user_id: number; local_date: string }>(
    `select u.id as user_id, to_char(l.local_at::date, 'YYYY-MM-DD') as local_date
       from users u
       cross join lateral (select ${LOCAL} as local_at) l
      where u.id > ? and u.status = 'active'
        and exists (select 1 from mail_preferences p where p.user_id = u.id and p.delivery = 'digest')
        and l.local_at::time >= make_time(?, 0, 0)
        and not exists (select 1 from digest_sends d where d.user_id = u.id and d.local_date = l.local_at::date)
      order by u.id
      limit ?`,
    [now, afterUserId, DIGEST_LOCAL_HOUR, limit],
  );
  return rows.map((row) => ({ userId: row.user_id, localDate: row.local_date }));
}

export interface DigestEntry {
  caseToken: string;
  caseNumber: string;
  summary: string;
  side: 'submitter' | 'receiver' | 'staff';
  type: CaseEventType;
  actor: string | null;
  at: Date;
}

export interface DigestRead {
  entries: DigestEntry[];
  /** Every unread entry of the digest's kinds, also those past MAX_DIGEST_ENTRIES. */
  total: number;
}

/** A digest's recipient: an active user (inactive ones get no mail, their day is still recorded). */
export interface DigestReader {
  id: number;
  email: string;
  firstName: string;
}

/** The entry types each kind of mail that may go in the digest stands for, as `(kind, type)` pairs. */
function digestKindTypes(): { kinds: MailKind[]; types: CaseEventType[] } {
  const pairs = (Object.entries(MAIL_KIND_OF_EVENT) as [CaseEventType, MailKind][]).filter(([, kind]) =>
    MAIL_KIND_INFO[kind].deliveries.includes('digest'),
  );
  return { kinds: pairs.map(([, kind]) => kind), types: pairs.map(([type]) => type) };
}

/** The active users among `userIds`, by id. */
export async function digestReaders(run: SqlRunner, userIds: readonly number[]): Promise<Map<number, DigestReader>> {
  if (userIds.length === 0) return new Map();
  const rows = await run<{ id: number; email: string; first_name: string }>(
    `select id, email, first_name from users where id in (?) and status = 'active'`,
    [userIds],
  );
  return new Map(rows.map((row) => [row.id, { id: row.id, email: row.email, firstName: row.first_name }]));
}

/**
 * Each user's unread entries of the kinds they put in the digest, on the cases they watch, grouped by case (the case
 * with the newest entry first), in one statement for the whole batch. Users with nothing unread are absent.
 */
export async function digestEntriesOf(run: SqlRunner, userIds: readonly number[]): Promise<Map<number, DigestRead>> {
  const { kinds, types } = digestKindTypes();
  if (userIds.length === 0 || kinds.length === 0) return new Map();
  const rows = await run<{
    user_id: number;
    case_id: number;
    case_last: number;
    seq: number;
    case_token: string;
    internal_case_number: string;
    summary: string;
    side: DigestEntry['side'];
    type: CaseEventType;
    actor: string | null;
    at: Date;
    total: number;
  }>(
    `select b.user_id, x.*
       from unnest(array[?]::int[]) as b(user_id)
       cross join lateral (
         select c.id as case_id, max(e.id) over (partition by c.id) as case_last, e.seq, c.token as case_token,
                c.internal_case_number, c.summary, r.side, e.type, e.actor_label as actor, e.created_at as at,
                count(*) over ()::int as total
           from ${watchedEntriesOf('b.user_id')} and e.seq > r.read_seq
            and e.type in (select k.type from mail_preferences p
                             join unnest(array[?]::text[], array[?]::text[]) as k(kind, type) on k.kind = p.kind
                            where p.user_id = b.user_id and p.delivery = 'digest')
          order by case_last desc, c.id, e.seq
          limit ?) x`,
    [userIds, kinds, types, MAX_DIGEST_ENTRIES],
  );
  // The statement's order within a user is not promised through the outer join: sorted here, as the lateral did.
  rows.sort((a, b) => a.user_id - b.user_id || b.case_last - a.case_last || a.case_id - b.case_id || a.seq - b.seq);
  const reads = new Map<number, DigestRead>();
  for (const row of rows) {
    let read = reads.get(row.user_id);
    if (!read) reads.set(row.user_id, (read = { entries: [], total: row.total }));
    read.entries.push({
      caseToken: row.case_token,
      caseNumber: row.internal_case_number,
      summary: row.summary,
      side: row.side,
      type: row.type,
      actor: row.actor,
      at: new Date(row.at),
    });
  }
  return reads;
}

/**
 * Claims the users' digests of their local dates, with the number of entries each lists: the user ids this caller
 * inserted (a racing worker waits on the rows, then finds them taken). Run it in the transaction that queues the
 * mails, so the claims and the mails stand or fall together.
 */
export async function claimDigests(
  run: SqlRunner,
  claims: readonly (DueDigest & { entries: number })[],
): Promise<Set<number>> {
  if (claims.length === 0) return new Set();
  const rows = await run<{ user_id: number }>(
    `insert into digest_sends (user_id, local_date, entries)
     select * from unnest(array[?]::int[], array[?]::date[], array[?]::int[])
     on conflict do nothing returning user_id`,
    [claims.map((claim) => claim.userId), claims.map((claim) => claim.localDate), claims.map((claim) => claim.entries)],
  );
  return new Set(rows.map((row) => row.user_id));
}
