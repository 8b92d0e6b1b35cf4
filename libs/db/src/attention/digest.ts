import { DIGEST_LOCAL_HOUR, type CaseEventType } from '@casebridge/contracts';
import type { SqlRunner } from '../case-events/case-snapshots';
import { WATCHED_ENTRIES } from './notifications';

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

/** The user's unread entries of the given types on the cases they watch, grouped by case (newest case first). */
export async function digestEntries(run: SqlRunner, userId: number, types: readonly string[]): Promise<DigestRead> {
  if (types.length === 0) return { entries: [], total: 0 };
  const rows = await run<{
    case_token: string;
    internal_case_number: string;
    summary: string;
    side: DigestEntry['side'];
    type: CaseEventType;
    actor: string | null;
    at: Date;
    total: number;
  }>(
    `select c.token as case_token, c.internal_case_number, c.summary, r.side, e.type, e.actor_label as actor,
            e.created_at as at, count(*) over ()::int as total
       from ${WATCHED_ENTRIES} and e.seq > r.read_seq and e.type in (?)
      order by max(e.id) over (partition by c.id) desc, c.id, e.seq
      limit ?`,
    [userId, types, MAX_DIGEST_ENTRIES],
  );
  return {
    total: rows[0]?.total ?? 0,
    entries: rows.map((row) => ({
      caseToken: row.case_token,
      caseNumber: row.internal_case_number,
      summary: row.summary,
      side: row.side,
      type: row.type,
      actor: row.actor,
      at: new Date(row.at),
    })),
  };
}

/**
 * Claims the user's digest of a local date: true for the one caller that inserted the row. Run it in the
 * transaction that queues the mail, so the claim and the mail stand or fall together.
 */
export async function claimDigest(run: SqlRunner, digest: DueDigest, entries: number): Promise<boolean> {
  const rows = await run<{ user_id: number }>(
    `insert into digest_sends (user_id, local_date, entries) values (?, ?::date, ?)
     on conflict do nothing returning user_id`,
    [digest.userId, digest.localDate, entries],
  );
  return rows.length === 1;
}
