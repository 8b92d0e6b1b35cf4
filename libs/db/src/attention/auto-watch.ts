import type { CaseEventType } from '@casebridge/contracts';
import type { SqlRunner } from '../case-events/case-snapshots';
import { entriesOfSide, readerSideSql, valuesPlaceholders } from './reader-sql';

/** Entries that may name an engineer of either side (the case's own fields, or a token-link answer). */
const ENGINEER_ENTRY_TYPES: ReadonlySet<CaseEventType> = new Set([
  'submitted',
  'engineer_updated',
  'submission_updated',
  'accepted',
  'information_requested',
  'rejected',
]);

export interface WatchedEntry {
  caseId: number;
  type: CaseEventType;
  actorUserId: number | null;
}

/**
 * Who starts watching because of new entries, inside the writer's transaction (after the case's counters moved):
 * - a member of either company who acted (submitted, answered, wrote a note, changed the engineer) watches the
 *   case, read up to now: their own entry is not news to them. Acting undoes an earlier unwatch.
 * - the users named engineer of either side (by e-mail, in that side's company) watch it, unread from the start,
 *   unless they unwatched it themselves.
 * One statement for the actors and one for the engineers, whatever the number of entries.
 */
export async function watchForEntries(run: SqlRunner, entries: readonly WatchedEntry[]): Promise<void> {
  const acted = entries.filter((entry) => entry.actorUserId !== null);
  if (acted.length > 0) {
    await run(
      actorWatchSql(
        `(values ${valuesPlaceholders(acted.length, 2, ['::int', '::int'])}) a(user_id, case_id)
         join users u on u.id = a.user_id
         join cases c on c.id = a.case_id`,
      ),
      acted.flatMap((entry) => [entry.actorUserId, entry.caseId]),
    );
  }
  const naming = [...new Set(entries.filter((entry) => ENGINEER_ENTRY_TYPES.has(entry.type)).map((e) => e.caseId))];
  if (naming.length > 0) {
    // A case a company sends itself has one side for its members: the submitter's.
    await run(
      `insert into case_readers as r (user_id, case_id, side, watching)
       select distinct on (u.id, c.id) u.id, c.id,
              case when c.submitter_company_id = c.receiver_company_id then 'submitter' else e.side end, true
         from cases c
         cross join lateral (values ('submitter', c.submitter_company_id, c.engineer_email),
                                    ('receiver', c.receiver_company_id, c.receiver_engineer_email)) e(side, company_id, email)
         join users u on u.email = lower(trim(e.email)) and u.company_id = e.company_id and u.status = 'active'
        where c.id in (${naming.map(() => '?').join(', ')}) and e.email is not null
       on conflict (user_id, case_id) do update set watching = true, updated_at = now()
        where not r.watching and r.unwatched_at is null`,
      naming,
    );
  }
}

/**
 * The statement by which the members who acted watch their cases, read up to now (see watchForEntries). `sources`
 * is a FROM list giving `u` (the acting users) and `c` (their cases' rows, counters already moved).
 */
export function actorWatchSql(sources: string): string {
  return `insert into case_readers as r (user_id, case_id, side, watching, read_seq, read_count)
       select u.id, c.id, s.side, true, c.event_seq, ${entriesOfSide('c', 's.side')}
         from ${sources}
         cross join lateral (select ${readerSideSql('c', 'u.company_id')} as side) s
        where s.side in ('submitter', 'receiver')
       on conflict (user_id, case_id) do update
         set watching = true, unwatched_at = null, side = excluded.side, updated_at = now(),
             read_count = case when excluded.read_seq >= r.read_seq then excluded.read_count else r.read_count end,
             read_seq = greatest(r.read_seq, excluded.read_seq)`;
}

/** Whether an entry of this type makes the engineers it names watch (watchForEntries' second statement). */
export function namesEngineers(type: CaseEventType): boolean {
  return ENGINEER_ENTRY_TYPES.has(type);
}

/**
 * A case's new owner watches it, unread from where it stands (being made the owner is news to them), even after an
 * unwatch of their own: ownership is a new reason. In the writer's transaction, so the entry reaches them live.
 */
export async function watchAsOwner(
  run: SqlRunner,
  owner: { userId: number; caseId: number; side: 'submitter' | 'receiver' },
): Promise<void> {
  await run(
    `insert into case_readers as r (user_id, case_id, side, watching)
     values (?, ?, ?, true)
     on conflict (user_id, case_id) do update set watching = true, unwatched_at = null, updated_at = now()`,
    [owner.userId, owner.caseId, owner.side],
  );
}
