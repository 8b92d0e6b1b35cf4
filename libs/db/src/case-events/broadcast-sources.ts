import type { CaseEscalationShape, CaseNoteShape, CaseResponseShape, ReaderSide } from '@casebridge/contracts';
import { escalationJson } from './case-escalations';
import {
  attachmentRecordsSql,
  caseSnapshotsSql,
  noteRecordsSql,
  responseRowsSql,
  toAttachment,
  toNote,
  type AttachmentRecord,
  type CaseEventItems,
  type CaseSnapshot,
  type NoteRecord,
  type SqlRunner,
} from './case-snapshots';

/** What a batch of case events is built into live messages from: the cases, the items the entries name, watchers. */
export interface BroadcastSources {
  snapshots: Map<number, CaseSnapshot>;
  items: CaseEventItems & { escalations: Map<number, CaseEscalationShape> };
  /** Each case's watching users per side, keyed `caseId:side` (empty unless asked for). */
  watchers: Map<string, number[]>;
  /** The company of each author (null: a super admin); empty unless watchers were asked for. */
  actorCompanies: Map<number, number | null>;
}

/** The events' fields the read needs (StoredCaseEvent's). */
interface SourcedEvent {
  caseId: number;
  payload: Record<string, unknown> | null;
  actorUserId?: number | null;
}

/** A select's rows as one JSON array (`[]` when none). */
const rowsJson = (select: string) => `(select coalesce(json_agg(x), '[]') from (${select}) x)`;

/** `?, ?, ?` for a list (`null` for none): plain lists plan well, `= any(array)` got generic plans 5x as slow. */
const inList = (count: number) => (count === 0 ? 'null' : Array.from({ length: count }, () => '?').join(', '));

/** How many ids of each kind a batch names: the statement's text depends on nothing else. */
type Shape = [
  cases: number,
  notes: number,
  responses: number,
  attachments: number,
  escalations: number,
  actors: number,
];

/**
 * Everything in one statement: on the busiest path (a note) each statement costs the api a round trip and a
 * system call or two, more than building the messages. `watchers`: the watch-entry messages' readers too. Its
 * text depends only on the batch's shape (one case, one note, one author for a note), so it is prepared once.
 */
function sourcesSql([cases, notes, responses, attachments, escalations, actors]: Shape): string {
  return `select
  ${rowsJson(caseSnapshotsSql(`c.id in (${inList(cases)})`))} as snapshots,
  ${rowsJson(noteRecordsSql(`n.id in (${inList(notes)})`))} as notes,
  ${rowsJson(responseRowsSql(`r.id in (${inList(responses)})`))} as responses,
  ${rowsJson(attachmentRecordsSql(`a.id in (${inList(attachments)})`))} as attachments,
  ${rowsJson(`select ${escalationJson('m')} as escalation from manager_requests m
               where m.case_id is not null and m.id in (${inList(escalations)})`)} as escalations,
  ${rowsJson(`select case_id, side, array_agg(user_id order by user_id) as user_ids from case_readers
               where ?::boolean and watching and case_id in (${inList(cases)}) group by case_id, side`)} as watchers,
  ${rowsJson(`select id, company_id from users where ?::boolean and id in (${inList(actors)})`)} as actors`;
}

const statements = new Map<string, string>();

function sourcesStatement(shape: Shape): string {
  const key = shape.join(',');
  let sql = statements.get(key);
  if (sql === undefined) {
    sql = sourcesSql(shape);
    // Shapes beyond a few are rare (batches of the worker); the texts are not kept past a bound.
    if (statements.size < 100) statements.set(key, sql);
  }
  return sql;
}

interface SourcesRow {
  snapshots: CaseSnapshot[];
  notes: NoteRecord[];
  responses: CaseResponseShape[];
  attachments: AttachmentRecord[];
  escalations: { escalation: CaseEscalationShape }[];
  watchers: (SideWatchers & { case_id: number })[];
  actors: { id: number; company_id: number | null }[];
}

export async function loadBroadcastSources(
  run: SqlRunner,
  events: readonly SourcedEvent[],
  options: { watchers: boolean },
): Promise<BroadcastSources> {
  const unique = (ids: number[]) => [...new Set(ids)];
  const idsOf = (key: string) =>
    unique(events.map((event) => event.payload?.[key]).filter((id): id is number => typeof id === 'number'));
  const lists = [
    unique(events.map((event) => event.caseId)),
    idsOf('note_id'),
    idsOf('response_id'),
    unique(events.flatMap(attachmentIdsOf)),
    idsOf('manager_request_id'),
    unique(events.map((event) => event.actorUserId).filter((id): id is number => !!id)),
  ];
  const [cases, notes, responses, attachments, escalations, actors] = lists;
  const shape = lists.map((list) => list.length) as Shape;
  const [row] = await run<SourcesRow>(sourcesStatement(shape), [
    ...cases,
    ...notes,
    ...responses,
    ...attachments,
    ...escalations,
    options.watchers,
    ...cases,
    options.watchers,
    ...actors,
  ]);
  return {
    snapshots: new Map(row.snapshots.map((snapshot) => [snapshot.id, snapshot])),
    items: {
      notes: new Map(row.notes.map((note) => [note.id, toNote(note)])),
      responses: new Map(row.responses.map((response) => [response.id, response])),
      attachments: new Map(row.attachments.map((attachment) => [attachment.id, toAttachment(attachment)])),
      escalations: new Map(row.escalations.map(({ escalation }) => [escalation.id, escalation])),
    },
    watchers: new Map(row.watchers.map((watcher) => [`${watcher.case_id}:${watcher.side}`, watcher.user_ids])),
    actorCompanies: new Map(row.actors.map((actor) => [actor.id, actor.company_id])),
  };
}

/** The watchers of one case as a statement answers them: each side's watching users. */
export interface SideWatchers {
  side: ReaderSide;
  user_ids: number[];
}

/**
 * The sources of one entry whose own statement read them (a note: the case row it updated, the note it inserted,
 * the watchers it left): what its live messages are built from without a read after the commit.
 */
export function oneEntrySources(entry: {
  snapshot: CaseSnapshot;
  note: CaseNoteShape;
  watchers: readonly SideWatchers[];
  actor: { userId: number; companyId: number | null };
}): BroadcastSources {
  const { snapshot, note, actor } = entry;
  return {
    snapshots: new Map([[snapshot.id, snapshot]]),
    items: { notes: new Map([[note.id, note]]), responses: new Map(), attachments: new Map(), escalations: new Map() },
    watchers: new Map(entry.watchers.map((watcher) => [`${snapshot.id}:${watcher.side}`, watcher.user_ids])),
    actorCompanies: new Map([[actor.userId, actor.companyId]]),
  };
}

/** Worker entries name one attachment (attachment_id), an upload by a member several (attachment_ids). */
export function attachmentIdsOf(event: Pick<SourcedEvent, 'payload'>): number[] {
  const one = event.payload?.attachment_id;
  const many = event.payload?.attachment_ids;
  const ids = [...(typeof one === 'number' ? [one] : []), ...(Array.isArray(many) ? many : [])];
  return ids.filter((id): id is number => typeof id === 'number');
}
