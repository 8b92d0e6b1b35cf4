import {
  allowedAnswers,
  CASE_AUDIENCES,
  caseControls,
  rooms,
  SERVER_EVENTS,
  slaState,
  TURN_AFTER_ENTRY,
  type CaseAssignee,
  type CaseAudience,
  type CaseEventMessage,
  type CaseEventType,
  type CaseHeader,
  type CaseListRow,
  type CaseSide,
  type CasesChangedMessage,
  type EscalationRow,
  type RelayedEvent,
  type ResponseStamp,
} from '@casebridge/contracts';
import { AfterCommit } from '../after-commit';
import { watchEntryBroadcasts } from '../attention/watch-broadcasts';
import { toEscalationRow } from '../queries/escalation-queue';
import { inboundActionTotals } from '../queries/inbound-action';
import { CaseEvent } from '../entities/cases/case-event.entity';
import { attachmentIdsOf, loadBroadcastSources, type BroadcastSources } from './broadcast-sources';
import type { CaseSnapshot, SqlRunner } from './case-snapshots';

/** A case event as stored (api entity or worker row alike). */
export interface StoredCaseEvent {
  caseId: number;
  seq: number;
  type: CaseEventType;
  actorLabel: string | null;
  createdAt: Date;
  payload: Record<string, unknown> | null;
  /** Who wrote it (null: a token link or the system); absent where the reader does not need it (the feed). */
  actorUserId?: number | null;
  /** Only this company side sees the entry (an internal note); null or absent: every audience. */
  visibleTo?: 'submitter' | 'receiver' | null;
}

/** A case event as stored, with its id: what is announced once its transaction has committed. */
export type CommittedCaseEvent = StoredCaseEvent & { id: number };

/**
 * An ORM subscriber handing the case events a flush stored to `announce` once their transaction has committed
 * (never for a rolled-back change): the api publishes them, the worker relays them to the api.
 */
export function caseEventsAfterCommit(announce: (events: CommittedCaseEvent[]) => Promise<void>) {
  return new AfterCommit<CommittedCaseEvent>((entity) => {
    if (!(entity instanceof CaseEvent)) return null;
    return {
      id: entity.id,
      caseId: entity.case.id,
      seq: entity.seq,
      type: entity.type as CaseEventType,
      actorLabel: entity.actorLabel,
      createdAt: entity.createdAt,
      payload: entity.payload,
      actorUserId: entity.actorUser?.id ?? null,
      visibleTo: entity.visibleTo,
    };
  }, announce);
}

/**
 * The one rule for who receives what of a case event, used by the api (its own writes) and the worker (relayed):
 * - each audience of the case (submitting members, receiving members, super admins, the token page) gets the entry
 *   as it may see it, in its own room, so the cost of an event is four messages whatever the number of followers;
 * - each of the two companies gets the case's list row as it sees it (its followers skip it: their case.event
 *   carries the same fields), and super admins the escalation queue row.
 * One read per batch of events (loadBroadcastSources; none when the writer read the `sources` itself), and one
 * more when a case's turn moved.
 */
export async function caseEventBroadcasts(
  run: SqlRunner,
  events: readonly StoredCaseEvent[],
  now: Date = new Date(),
  given?: BroadcastSources,
): Promise<RelayedEvent[]> {
  const sources = given ?? (await loadBroadcastSources(run, events, { watchers: true }));
  const { snapshots, items } = sources;
  const broadcasts: RelayedEvent[] = [];
  for (const event of events) {
    const snapshot = snapshots.get(event.caseId);
    if (!snapshot || snapshot.deleted) continue;
    for (const audience of CASE_AUDIENCES) {
      // An internal note's entry does not exist for the other audiences: their seq has a gap there.
      if (!entryReaches(audience, event)) continue;
      broadcasts.push({
        room: rooms.caseAudience(snapshot.id, audience),
        event: SERVER_EVENTS.caseEvent,
        message: caseEventMessage(audience, event, snapshot, items),
      });
    }
  }
  // Lists and queues show the case's state, so once per case however many of its events the batch holds; not to
  // a side none of whose entries the batch holds (an internal note of the other company changed nothing it sees).
  // A case whose turn moved changes its receiver's count of inbound cases waiting for it: read once per company.
  const receiversToCount = new Set(
    events
      .filter((event) => event.type in TURN_AFTER_ENTRY)
      .flatMap((event) => snapshots.get(event.caseId)?.receiver_company_id ?? []),
  );
  const totals = await inboundActionTotals(run, [...receiversToCount]);
  for (const snapshot of snapshots.values()) {
    const reached = new Set(
      CASE_AUDIENCES.filter((audience) =>
        events.some((event) => event.caseId === snapshot.id && entryReaches(audience, event)),
      ),
    );
    broadcasts.push(...caseStateBroadcasts(snapshot, now, reached, totals));
  }
  broadcasts.push(...watchEntryBroadcasts(events, sources));
  return broadcasts;
}

/** The missed entries a follower of one audience replays on (re)connect, oldest first. */
export async function caseEventMessages(
  run: SqlRunner,
  events: readonly StoredCaseEvent[],
  audience: CaseAudience,
): Promise<CaseEventMessage[]> {
  const messages = await audienceMessages(
    run,
    events.map((event) => ({ ...event, audience })),
    { withDeleted: true },
  );
  return messages.filter((message): message is CaseEventMessage => message !== null);
}

/**
 * Each event as its own audience sees it, in the same order as `events`: null where the case is gone (or deleted,
 * unless `withDeleted`). One read for the whole list.
 */
export async function audienceMessages(
  run: SqlRunner,
  events: readonly (StoredCaseEvent & { audience: CaseAudience })[],
  options: { withDeleted: boolean },
): Promise<(CaseEventMessage | null)[]> {
  const { snapshots, items } = await loadBroadcastSources(run, events, { watchers: false });
  return events.map((event) => {
    const snapshot = snapshots.get(event.caseId);
    if (!snapshot || (snapshot.deleted && !options.withDeleted)) return null;
    if (!entryReaches(event.audience, event)) return null;
    return caseEventMessage(event.audience, event, snapshot, items);
  });
}

/**
 * Whether an audience gets an entry at all: one kept for one company side (an internal note) reaches only that
 * side's members, never the other company, super admins or the token page.
 */
export function entryReaches(audience: CaseAudience, event: Pick<StoredCaseEvent, 'visibleTo'>): boolean {
  return !event.visibleTo || event.visibleTo === audience;
}

/**
 * The list row to both companies and the queue row to super admins, for a case whose state changed outside its
 * log (deleted by a super admin: `removed`). Samples are on no list; test cases are not in the escalation queue.
 * `reached`: only to these audiences (the ones a batch's entries reach); absent: all.
 */
export function caseStateBroadcasts(
  snapshot: CaseSnapshot,
  now: Date = new Date(),
  reached?: ReadonlySet<CaseAudience>,
  inboundActionTotals?: ReadonlyMap<number, number>,
): RelayedEvent[] {
  if (snapshot.is_sample) return [];
  const sides = [
    ...(!reached || reached.has('submitter') ? [snapshot.submitter_company_id] : []),
    ...(!reached || reached.has('receiver') ? [snapshot.receiver_company_id] : []),
  ];
  const companies = [...new Set(sides)];
  const lists = companies.map((companyId): RelayedEvent => ({
    room: rooms.company(companyId),
    except: rooms.case(snapshot.id),
    event: SERVER_EVENTS.casesChanged,
    message: listChange(snapshot, companyId, now, inboundActionTotals),
  }));
  if (snapshot.is_test || (reached && !reached.has('staff'))) return lists;
  return [
    ...lists,
    {
      room: rooms.superAdmins,
      event: SERVER_EVENTS.queueChanged,
      message: {
        queue: 'escalation',
        row: escalationRow(snapshot),
        seq: snapshot.event_seq,
        removed: snapshot.deleted,
      },
    },
  ];
}

/** What one audience sees of a case: its side, and whether its company's feed shows notes. */
function viewOf(audience: CaseAudience, snapshot: CaseSnapshot) {
  switch (audience) {
    case 'submitter':
      return { side: 'submitter' as const, allowNotes: snapshot.submitter_allow_notes, member: true };
    case 'receiver':
      return { side: 'receiver' as const, allowNotes: snapshot.receiver_allow_notes, member: true };
    case 'staff':
      // As the member case page answers a super admin: no side, no feed.
      return { side: 'none' as const, allowNotes: false, member: true };
    case 'link':
      return { side: 'none' as const, allowNotes: false, member: false };
  }
}

function caseEventMessage(
  audience: CaseAudience,
  event: StoredCaseEvent,
  snapshot: CaseSnapshot,
  items: BroadcastSources['items'],
): CaseEventMessage {
  const view = viewOf(audience, snapshot);
  const idOf = (key: string) => {
    const id = event.payload?.[key];
    return typeof id === 'number' ? id : -1;
  };
  const note = view.allowNotes ? items.notes.get(idOf('note_id')) : undefined;
  const attachments = view.member
    ? attachmentIdsOf(event).flatMap((id) => {
        const row = items.attachments.get(id);
        return row ? [row] : [];
      })
    : [];
  const response = items.responses.get(idOf('response_id'));
  // A linked manager escalation is shown to both companies (and super admins), never to the token page.
  const escalation = view.member ? items.escalations.get(idOf('manager_request_id')) : undefined;
  return {
    case_token: snapshot.token,
    seq: event.seq,
    type: event.type,
    status: snapshot.status,
    actor: event.actorLabel,
    at: event.createdAt.toISOString(),
    case: caseHeader(snapshot, view.side),
    ...(view.member
      ? { controls: caseControls(snapshot.status, view.side, view.allowNotes) }
      : { allowed: allowedAnswers(snapshot.status, stampsOf(snapshot)) }),
    ...(response ? { response } : {}),
    ...(note ? { note } : {}),
    ...(attachments.length ? { attachments } : {}),
    ...(escalation ? { escalation } : {}),
    ...(event.type === 'assigned' ? { assigned_to: assignedTo(event) } : {}),
  };
}

/** An `assigned` entry's owner as its payload names them (the timeline's SQL reads the same). */
function assignedTo(event: StoredCaseEvent): CaseAssignee | null {
  const id = event.payload?.assignee_user_id;
  const name = event.payload?.assignee_name;
  return typeof id === 'number' ? { id, full_name: typeof name === 'string' ? name : '' } : null;
}

/** Each side's own owner; super admins and the token page get none. */
function assigneeOfSide(snapshot: CaseSnapshot, side: 'submitter' | 'receiver'): CaseAssignee | null {
  return side === 'submitter' ? snapshot.submitter_assignee : snapshot.receiver_assignee;
}

function caseHeader(snapshot: CaseSnapshot, side: CaseSide): CaseHeader {
  return {
    status: snapshot.status,
    internal_case_number: snapshot.internal_case_number,
    engineer: {
      first_name: snapshot.engineer_first_name,
      last_name: snapshot.engineer_last_name,
      email: snapshot.engineer_email,
      phone: snapshot.engineer_phone,
      phone_country_code: snapshot.engineer_phone_country_code,
    },
    receiver_case_number: snapshot.receiver_case_number,
    receiver_engineer: {
      name: snapshot.receiver_engineer_name,
      email: snapshot.receiver_engineer_email,
      phone: snapshot.receiver_engineer_phone,
    },
    updated_at: snapshot.updated_at,
    response_due_at: snapshot.response_due_at,
    sla_paused: slaState(slaClockOf(snapshot)).paused,
    event_seq: snapshot.event_seq,
    turn: snapshot.turn,
    ...(side === 'none' ? {} : { assignee: assigneeOfSide(snapshot, side) }),
  };
}

/** The case as the company's lists show it (the same row GET caller/get-cases answers). */
function listRow(snapshot: CaseSnapshot, companyId: number, now: Date): CaseListRow {
  const inbound = snapshot.receiver_company_id === companyId;
  const sla = slaState(slaClockOf(snapshot), now);
  return {
    id: snapshot.id,
    internal_case_number: snapshot.internal_case_number,
    token: snapshot.token,
    direction: inbound ? 'inbound' : 'outbound',
    partner: { name: inbound ? snapshot.submitter_company_name : snapshot.receiver_company_name },
    partner_case_number: snapshot.receiver_case_number,
    summary: snapshot.summary,
    priority: snapshot.priority,
    status: snapshot.status,
    created_at: snapshot.created_at,
    updated_at: snapshot.updated_at,
    respond_date: snapshot.respond_date,
    response_due_at: snapshot.response_due_at,
    sla_paused: sla.paused,
    late: sla.late,
    is_test: snapshot.is_test,
    turn: snapshot.turn,
    assignee: assigneeOfSide(snapshot, companyId === snapshot.submitter_company_id ? 'submitter' : 'receiver'),
    // A case a company sends itself is the submitter's for its members (readerSideSql).
    entry_count: companyId === snapshot.submitter_company_id ? snapshot.entries_submitter : snapshot.entries_receiver,
  };
}

function listChange(
  snapshot: CaseSnapshot,
  companyId: number,
  now: Date,
  inboundActionTotals?: ReadonlyMap<number, number>,
): CasesChangedMessage {
  const inbound = snapshot.receiver_company_id === companyId;
  const total = inbound ? inboundActionTotals?.get(companyId) : undefined;
  return {
    ...(total === undefined ? {} : { inbound_action_total: total }),
    case_token: snapshot.token,
    status: snapshot.status,
    seq: snapshot.event_seq,
    row: listRow(snapshot, companyId, now),
    submitter_user_id: snapshot.submitter_user_id,
    // The "inbound needing action" filter of the lists: the receiver's move (cases.turn).
    needs_action: inbound && snapshot.turn === 'receiver',
    removed: snapshot.deleted,
  };
}

function escalationRow(snapshot: CaseSnapshot): EscalationRow {
  return toEscalationRow({
    ...snapshot,
    company_id: snapshot.submitter_company_id,
    company_name: snapshot.submitter_company_name,
    receiver_id: snapshot.receiver_company_id,
    receiver_name: snapshot.receiver_company_name,
  });
}

function stampsOf(snapshot: CaseSnapshot): ResponseStamp[] {
  return snapshot.responses.map((response) => ({ type: response.type, createdAt: new Date(response.created_at) }));
}

function slaClockOf(snapshot: CaseSnapshot) {
  const date = (value: string | null) => (value ? new Date(value) : null);
  return {
    responseDueAt: date(snapshot.response_due_at),
    slaPausedAt: date(snapshot.sla_paused_at),
    slaStoppedAt: date(snapshot.sla_stopped_at),
  };
}
