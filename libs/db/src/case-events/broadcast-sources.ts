import type { CaseEscalationShape, CaseNoteShape, CaseResponseShape, ReaderSide } from '@casebridge/contracts';
import { escalationJson } from './case-escalations';
import {
  attachmentRecordsSql,
  caseSnapshotsSql,
  noteRecordsSql,
  placeholders,
  responseRowsSql,
  toAttachment,
  toNote,
  type AttachmentRecord,
  type CaseEventItems,
  type CaseSnapshot,
  type NoteRecord,
  type SqlRunner,
} from './case-snapshots';

/** The key of one case's watchers of one side in BroadcastSources.watchers. */
export const watcherKey = (caseId: number, side: ReaderSide) => `${caseId}:${side}`;

/** What a batch of case events is built into live messages from: the cases, the items the entries name, watchers. */
export interface BroadcastSources {
  snapshots: Map<number, CaseSnapshot>;
  items: CaseEventItems & { escalations: Map<number, CaseEscalationShape> };
  /** Each case's watching users per side, keyed by watcherKey (empty unless asked for). */
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
const inList = (count: number) => (count === 0 ? 'null' : placeholders(count));

/** Batches up to this many events are read in one statement; larger ones (a feed page) part by part, at once. */
const ONE_STATEMENT_UP_TO = 16;

interface SourcesRow {
  snapshots: CaseSnapshot[];
  notes: NoteRecord[];
  responses: CaseResponseShape[];
  attachments: AttachmentRecord[];
  escalations: { escalation: CaseEscalationShape }[];
  watchers: (SideWatchers & { case_id: number })[];
  actors: { id: number; company_id: number | null }[];
}

/** One part of the read: a select of one kind of row for the ids the batch names. */
interface Part {
  key: keyof SourcesRow;
  select: string;
  params: unknown[];
}

/** The parts of a batch's read; each select's text depends only on how many ids it is given. */
function partsOf(
  ids: Record<'cases' | 'notes' | 'responses' | 'attachments' | 'escalations' | 'actors', number[]>,
  watchers: boolean,
): Part[] {
  const where = (column: string, list: number[]) => `${column} in (${inList(list.length)})`;
  return [
    { key: 'snapshots', select: caseSnapshotsSql(where('c.id', ids.cases)), params: ids.cases },
    { key: 'notes', select: noteRecordsSql(where('n.id', ids.notes)), params: ids.notes },
    { key: 'responses', select: responseRowsSql(where('r.id', ids.responses)), params: ids.responses },
    { key: 'attachments', select: attachmentRecordsSql(where('a.id', ids.attachments)), params: ids.attachments },
    {
      key: 'escalations',
      select: `select ${escalationJson('m')} as escalation from manager_requests m
                where m.case_id is not null and ${where('m.id', ids.escalations)}`,
      params: ids.escalations,
    },
    {
      key: 'watchers',
      select: `select case_id, side, array_agg(user_id order by user_id) as user_ids from case_readers
                where watching and ${where('case_id', watchers ? ids.cases : [])} group by case_id, side`,
      params: watchers ? ids.cases : [],
    },
    {
      key: 'actors',
      select: `select id, company_id from users where ${where('id', watchers ? ids.actors : [])}`,
      params: watchers ? ids.actors : [],
    },
  ];
}

/**
 * A small batch (the live messages of one write) in one statement, each part as a JSON array: on the busiest path,
 * a note, each statement costs the api a round trip and a system call or two, more than building the messages. A
 * large one (a feed page of 500 entries) as one plain select per part, side by side: 500 case rows as JSON took
 * twice as long to build and parse as the rows themselves.
 */
async function readParts(run: SqlRunner, parts: readonly Part[], events: number): Promise<SourcesRow> {
  if (events <= ONE_STATEMENT_UP_TO) {
    const [row] = await run<SourcesRow>(
      `select ${parts.map((part) => `${rowsJson(part.select)} as ${part.key}`).join(', ')}`,
      parts.flatMap((part) => part.params),
    );
    return row;
  }
  const answers = await Promise.all(
    parts.map((part) => (part.params.length === 0 ? [] : run<object>(part.select, part.params))),
  );
  return Object.fromEntries(parts.map((part, index) => [part.key, answers[index]])) as unknown as SourcesRow;
}

export async function loadBroadcastSources(
  run: SqlRunner,
  events: readonly SourcedEvent[],
  options: { watchers: boolean },
): Promise<BroadcastSources> {
  const unique = (ids: number[]) => [...new Set(ids)];
  const idsOf = (key: string) =>
    unique(events.map((event) => event.payload?.[key]).filter((id): id is number => typeof id === 'number'));
  const ids = {
    cases: unique(events.map((event) => event.caseId)),
    notes: idsOf('note_id'),
    responses: idsOf('response_id'),
    attachments: unique(events.flatMap(attachmentIdsOf)),
    escalations: idsOf('manager_request_id'),
    actors: unique(events.map((event) => event.actorUserId).filter((id): id is number => !!id)),
  };
  const row = await readParts(run, partsOf(ids, options.watchers), events.length);
  return {
    snapshots: new Map(row.snapshots.map((snapshot) => [snapshot.id, snapshot])),
    items: {
      notes: new Map(row.notes.map((note) => [note.id, toNote(note)])),
      responses: new Map(row.responses.map((response) => [response.id, response])),
      attachments: new Map(row.attachments.map((attachment) => [attachment.id, toAttachment(attachment)])),
      escalations: new Map(row.escalations.map(({ escalation }) => [escalation.id, escalation])),
    },
    watchers: new Map(row.watchers.map((watcher) => [watcherKey(watcher.case_id, watcher.side), watcher.user_ids])),
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
    watchers: new Map(entry.watchers.map((watcher) => [watcherKey(snapshot.id, watcher.side), watcher.user_ids])),
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
