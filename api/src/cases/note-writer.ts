import {
  CASE_STATUSES,
  caseControls,
  type CaseNoteShape,
  type CaseSide,
  type CaseStatus,
  type NoteVisibility,
} from '@casebridge/contracts';
import {
  actorWatchSql,
  caseSnapshotsSql,
  namesEngineers,
  oneEntrySources,
  numberingOf,
  numberingSql,
  valuesPlaceholders,
  type BroadcastSources,
  type CaseSnapshot,
  type CommittedCaseEvent,
  type SideWatchers,
  type SqlRunner,
} from '@casebridge/db';
import type { Actor } from '../platform/access/actor';
import { isoUtc } from '../platform/common/sql-text';
import { memberScopeSql } from './case-access.service';

/** Where the case rules let a member add a note (caseControls), as `side:status` pairs the statement checks. */
const NOTE_ALLOWED = CASE_STATUSES.flatMap((status) =>
  (['submitter', 'receiver'] as const)
    .filter((side) => caseControls(status, side, true).can_add_note)
    .map((side) => `${side}:${status}`),
);

// A note's entry makes nobody but its author watch (the one watch statement below); an entry naming engineers
// would need watchForEntries' second statement too.
if (namesEngineers('note_added')) throw new Error('note-writer: a note entry now names engineers; watch them too');

export interface NoteToWrite {
  actor: Actor;
  token: string;
  summary: string | null;
  description: string | null;
  visibility: NoteVisibility;
  /** If-Match: write only while the case's event_seq is one of these. */
  ifEventSeq?: readonly number[];
}

/** The case as the statement found it (locked), whether or not the note was written: what the checks read. */
export interface NoteCase {
  status: CaseStatus;
  eventSeq: number;
  side: CaseSide;
  /** Whether the member's company has the collaboration feed (false without a company). */
  allowNotes: boolean;
}

export interface NoteWrite {
  found: NoteCase;
  /**
   * Null when the case's state refused the note (nothing was written); the caller says why. `sources`: what the
   * live messages are built from, as the statement read it (absent when it may be stale).
   */
  written: { note: CaseNoteShape; entry: CommittedCaseEvent; sources?: BroadcastSources } | null;
}

/**
 * Adds a note in one statement, so without a transaction of its own: the case row locked within the member's reach,
 * the note inserted, its entry numbered on the case row (libs/db numberingSql, as every entry), stored, and its
 * author made a watcher (actorWatchSql) - each step only when the case allows the note at that moment - and what
 * the live messages are built from read on the way (the case row as updated, the watchers). One round trip instead
 * of eleven: on this path, the database's and the api's cost is per statement. The refusals are left to the caller,
 * from what the statement found; null when the case is out of the member's reach.
 */
export async function writeNote(run: SqlRunner, input: NoteToWrite): Promise<NoteWrite | null> {
  const { actor } = input;
  const scope = memberScopeSql('c', actor, input.token);
  const internal = input.visibility === 'internal';
  // How the entry moves the case's counters, for each audience it may be kept for: every one (a partner note) or
  // the author's side (an internal note, whose side only the locked row tells).
  const numbering = ([null, 'submitter', 'receiver'] as const).flatMap((visibleTo) => [
    visibleTo,
    ...numberingOf({ type: NOTE_ENTRY, visibleTo: visibleTo ?? undefined }),
  ]);
  const [row] = await run<FoundRow>(
    `with target as (
       select c.id, c.status, c.event_seq, c.submitter_company_id, c.receiver_company_id,
              u.first_name, u.last_name, co.id as company_id, co.name as company_name, co.url as company_url,
              coalesce(co.allow_notes, false) as allow_notes,
              case when ?::int = c.submitter_company_id then 'submitter'
                   when ?::int = c.receiver_company_id then 'receiver' else 'none' end as side
         from cases c
         join users u on u.id = ?::int
         left join companies co on co.id = u.company_id
        where ${scope.sql}
          for update of c
     ), allowed as (
       select *, trim(first_name || ' ' || last_name) as author, case when ?::boolean then side end as kept_for
         from target
        where allow_notes and (side || ':' || status) = any(?::text[]) and ?::boolean
          and (?::int[] is null or event_seq = any(?::int[]))
     ), note as (
       insert into case_notes (case_id, user_id, company_id, creator_name, summary, description, visibility)
       select a.id, ?::int, a.company_id, a.author, ?::text, ?::text, ?::text from allowed a
       returning id, created_at
     ), numbered as (
       ${numberingSql(
         `(select a.id, k.submitter, k.receiver, k.staff, k.moves_turn, k.turn
             from allowed a
             join (values ${valuesPlaceholders(3, 6, ['::text', '::int', '::int', '::int', '::boolean', '::text'])})
               as k(kept_for, submitter, receiver, staff, moves_turn, turn)
               on k.kept_for is not distinct from a.kept_for)`,
         'c.*',
       )}
     ), entry as (
       insert into case_events (case_id, seq, type, actor_user_id, actor_label, payload, visible_to)
       select n.id, n.event_seq, ?::text, ?::int, a.author,
              jsonb_build_object('summary', ?::text, 'note_id', note.id) || ?::jsonb, a.kept_for
         from numbered n, allowed a, note
       returning id, seq, created_at
     ), watching as (
       ${actorWatchSql('numbered c join users u on u.id = ?::int')}
       returning r.user_id, r.side
     ), seen as (
       select c.event_seq from cases c join target t on t.id = c.id
     )
     select t.id, t.status, t.event_seq, t.side, t.first_name, t.last_name, t.company_id, t.company_name,
            t.company_url, t.allow_notes,
            note.id as note_id, ${isoUtc('note.created_at')} as note_created_at,
            entry.id as entry_id, entry.seq as entry_seq, entry.created_at as entry_created_at,
            (select s.event_seq from seen s) = t.event_seq as fresh,
            (select row_to_json(x) from (${caseSnapshotsSql('true', 'numbered')}) x) as snapshot,
            (select coalesce(json_agg(w), '[]') from (
               select v.side, array_agg(v.user_id order by v.user_id) as user_ids from (
                 select r.user_id, r.side from case_readers r join numbered c on c.id = r.case_id
                  where r.watching and r.user_id <> ?::int
                 union all select user_id, side from watching
               ) v group by v.side) w) as watchers
       from target t left join note on true left join entry on true`,
    [
      actor.companyId,
      actor.companyId,
      actor.userId,
      ...scope.params,
      internal,
      NOTE_ALLOWED,
      input.summary !== null || input.description !== null,
      input.ifEventSeq ?? null,
      input.ifEventSeq ?? null,
      actor.userId,
      input.summary,
      input.description,
      input.visibility,
      ...numbering,
      NOTE_ENTRY,
      actor.userId,
      input.summary,
      JSON.stringify(internal ? { visibility: 'internal' } : {}),
      actor.userId,
      actor.userId,
    ],
  );
  return row ? toNoteWrite(row, actor, input) : null;
}

const NOTE_ENTRY = 'note_added' as const;

interface FoundRow {
  id: number;
  status: CaseStatus;
  event_seq: number;
  side: CaseSide;
  first_name: string;
  last_name: string;
  company_id: number | null;
  company_name: string | null;
  company_url: string | null;
  allow_notes: boolean;
  note_id: number | null;
  note_created_at: string | null;
  entry_id: number | null;
  entry_seq: number | null;
  entry_created_at: Date | null;
  /** Nothing moved the case between the statement's snapshot and its lock: what it read is the case as written. */
  fresh: boolean;
  /** The case row as the note left it (null when nothing was written). */
  snapshot: CaseSnapshot | null;
  watchers: SideWatchers[];
}

function toNoteWrite(row: FoundRow, actor: Actor, input: NoteToWrite): NoteWrite {
  const found: NoteCase = { status: row.status, eventSeq: row.event_seq, side: row.side, allowNotes: row.allow_notes };
  if (row.note_id === null || row.entry_id === null || row.entry_seq === null) return { found, written: null };
  const internal = input.visibility === 'internal';
  const fullName = `${row.first_name} ${row.last_name}`.trim();
  const note: CaseNoteShape = {
    id: row.note_id,
    summary: input.summary,
    description: input.description,
    created_at: row.note_created_at!,
    creator_name: fullName,
    user: { full_name: fullName },
    company: row.company_id === null ? null : { name: row.company_name ?? '', url: row.company_url },
    visibility: input.visibility,
  };
  const entry: CommittedCaseEvent = {
    id: row.entry_id,
    caseId: row.id,
    seq: row.entry_seq,
    type: NOTE_ENTRY,
    actorLabel: fullName,
    actorUserId: actor.userId,
    payload: { summary: input.summary, note_id: row.note_id, ...(internal ? { visibility: 'internal' } : {}) },
    visibleTo: internal && row.side !== 'none' ? row.side : null,
    createdAt: new Date(row.entry_created_at!),
  };
  // Read at the statement's snapshot, the case's other rows (its responses) may be older than the locked row when
  // another write moved the case meanwhile: then the live messages read everything again after the commit.
  const sources =
    row.fresh && row.snapshot
      ? oneEntrySources({
          snapshot: row.snapshot,
          note,
          watchers: row.watchers,
          actor: { userId: actor.userId, companyId: row.company_id },
        })
      : undefined;
  return { found, written: { note, entry, sources } };
}
