import { useEffect } from 'react';
import type { QueryKey } from '@tanstack/react-query';
import {
  applyCaseEventToListRow,
  caseRowBelongs,
  placeRow,
  settleQueueRow,
  type ListView,
  type Placement,
  textMatches,
  LIMITS,
  placeOnboardingRow,
  SERVER_EVENTS,
  type CaseAttentionMessage,
  type CaseEventMessage,
  type Endpoint,
  type CaseList,
  type CaseListRow,
  type CasesChangedMessage,
  type EscalationPage,
  type OnboardingQueueFilter,
  type QueueChangedMessage,
  type Role,
  type WatchEntryMessage,
} from '@casebridge/contracts';
import { API } from './api-routes';
import { signedInSocket } from './live';
import { apiKey, endpointId, queryClient } from './queries';

type Query = Record<string, string | number | undefined>;
const DAY_MS = 24 * 3_600_000;
/** Lists that cannot place a change read again after a random pause: a thousand screens never ask at once. */
const REFETCH_JITTER_MS = 2_000;

const refetchScheduled = new Set<string>();

/** Every list the socket keeps current: after a reconnect each may have missed changes. */
const LIVE_LISTS = [
  API.cases.inboundActionCount,
  API.cases.list,
  API.cases.listRecent,
  API.cases.myCases,
  API.superAdminEscalation.queue,
  API.superAdminOnboarding.queue,
  API.adminCompany.registrationQueue,
  API.superAdminUsers.registrationQueue,
];

/** Reads one cached list again, once however many changes asked for it, after a random pause. */
function refetchLater(key: QueryKey): void {
  const id = JSON.stringify(key);
  if (refetchScheduled.has(id)) return;
  refetchScheduled.add(id);
  window.setTimeout(() => {
    refetchScheduled.delete(id);
    void queryClient.invalidateQueries({ queryKey: key, exact: true });
  }, Math.random() * REFETCH_JITTER_MS);
}

function apply<L>(key: QueryKey, placement: Placement<L>): void {
  if (placement.kind === 'set') queryClient.setQueryData(key, placement.list);
  else if (placement.kind === 'refetch') refetchLater(key);
}

function cachedLists<T>(endpoint: Pick<Endpoint, 'method' | 'path'>): [QueryKey, T][] {
  return queryClient
    .getQueriesData<T>({ queryKey: [endpointId(endpoint)] })
    .filter((entry): entry is [QueryKey, T] => entry[1] !== undefined);
}

function caseListView(query: Query, defaultSort: string): ListView {
  return {
    page: Number(query.page ?? 1),
    sort: String(query.sort ?? defaultSort),
    dir: query.dir === 'asc' ? 'asc' : 'desc',
    // Rows enter the watching view from watching, which cases.changed does not tell.
    enterable: query.filter === 'inbound-action' || query.filter === 'watching',
  };
}

/** A live row carries no viewer's read position: it keeps the one of the row it replaces (null when none). */
function keepingReadCount<Row extends { read_count?: number | null }>(row: Row, held: Row | undefined): Row {
  return held ? { ...row, read_count: held.read_count ?? null } : row;
}

/**
 * A live row is the company's: it carries no read position, so the viewer's is kept from the row it replaces.
 * Into the watching view it enters only if already there, or as a case the viewer just submitted (they watch it).
 */
function viewerRow(list: CaseList, change: CasesChangedMessage, query: Query, viewer: { userId: number }) {
  const held = list.data.find((row) => row.token === change.row.token);
  const row = keepingReadCount(change.row, held);
  const watchable =
    query.filter !== 'watching' || !!held || (change.seq === 1 && change.submitter_user_id === viewer.userId);
  return { row, watchable };
}

/** A company case changed: every cached case list of the viewer places its row, or reads again where it cannot. */
export function placeCaseChange(change: CasesChangedMessage, viewer: { userId: number; role: Role }): void {
  const isNew = change.seq === 1;
  // The dashboard's count of inbound cases waiting for the company, when this change moved it.
  if (change.inbound_action_total !== undefined) {
    queryClient.setQueryData(apiKey(API.cases.inboundActionCount), { total: change.inbound_action_total });
  }
  for (const endpoint of [API.cases.list, API.cases.listRecent]) {
    for (const [key, list] of cachedLists<CaseList>(endpoint)) {
      const [, params, query] = key as [string, { scope: string }, Query];
      const where = { scope: params.scope, recent: endpoint === API.cases.listRecent, query };
      const { row, watchable } = viewerRow(list, change, query, viewer);
      const belongs = watchable && caseRowBelongs(change, where, viewer);
      apply(key, placeRow(list, caseListView(query, 'updated_at'), { row, isNew, belongs }));
    }
  }
  for (const [key, answer] of cachedLists<{ my_cases: CaseList }>(API.cases.myCases)) {
    const query = key[2] as Query;
    const { row, watchable } = viewerRow(answer.my_cases, change, query, viewer);
    const belongs = watchable && caseRowBelongs(change, { scope: 'my-cases', recent: false, query }, viewer);
    const placement = placeRow(answer.my_cases, caseListView(query, 'created_at'), { row, isNew, belongs });
    apply(key, placement.kind === 'set' ? { kind: 'set', list: { my_cases: placement.list } } : placement);
  }
}

/**
 * A followed case's entry (its followers get no cases.changed): rows of it that cached lists hold take the new
 * fields; a list that does not hold it is marked stale, read again when next shown.
 */
export function applyCaseEventToLists(message: CaseEventMessage): void {
  const patch = (list: CaseList): CaseList => ({
    ...list,
    data: list.data.map((row: CaseListRow) => applyCaseEventToListRow(row, message)),
  });
  for (const endpoint of [API.cases.list, API.cases.listRecent]) {
    for (const [key, list] of cachedLists<CaseList>(endpoint)) {
      if (list.data.some((row) => row.token === message.case_token)) queryClient.setQueryData(key, patch(list));
      else void queryClient.invalidateQueries({ queryKey: key, exact: true, refetchType: 'none' });
    }
  }
  for (const [key, answer] of cachedLists<{ my_cases: CaseList }>(API.cases.myCases)) {
    queryClient.setQueryData(key, { my_cases: patch(answer.my_cases) });
  }
}

/** The fields of a case row that the attention messages change (case lists and the escalation queue alike). */
type MarkedRow = Pick<CaseListRow, 'token' | 'entry_count' | 'read_count'>;

/**
 * Rewrites the rows of every cached case list (dashboard lists, My Cases, the super admin's escalation queue) that
 * `patch` changes.
 */
function patchCaseRows(patch: <Row extends MarkedRow>(row: Row) => Row): void {
  const patched = <List extends { data: MarkedRow[] }>(list: List): List | null => {
    const data = list.data.map(patch);
    return data.some((row, at) => row !== list.data[at]) ? { ...list, data } : null;
  };
  for (const endpoint of [API.cases.list, API.cases.listRecent]) {
    for (const [key, list] of cachedLists<CaseList>(endpoint)) {
      const next = patched(list);
      if (next) queryClient.setQueryData(key, next);
    }
  }
  for (const [key, answer] of cachedLists<{ my_cases: CaseList }>(API.cases.myCases)) {
    const next = patched(answer.my_cases);
    if (next) queryClient.setQueryData(key, { my_cases: next });
  }
  for (const [key, page] of cachedLists<EscalationPage>(API.superAdminEscalation.queue)) {
    const next = patched(page);
    if (next) queryClient.setQueryData(key, next);
  }
}

/**
 * A new entry of a watched case (lib attention): its rows take the side's entry count, so their unread mark grows;
 * the author's own entry moved their read position with it (the server reads them up to it).
 */
export function applyWatchEntryToLists(message: WatchEntryMessage, viewerId: number | null): void {
  const mine = message.by_user_id !== null && message.by_user_id === viewerId;
  patchCaseRows((row) => {
    if (row.token !== message.case_token || row.entry_count > message.entry_count) return row;
    return { ...row, entry_count: message.entry_count, ...(mine ? { read_count: message.entry_count } : {}) };
  });
}

/**
 * The viewer's read position or watching changed for a case (this or another tab): its rows take the new read
 * count. A case unwatched leaves the watching view at once; one watched anew joins it when the view is next read.
 */
export function applyAttentionToLists(message: CaseAttentionMessage): void {
  patchCaseRows((row) =>
    row.token === message.case_token
      ? { ...row, read_count: message.read_count, entry_count: Math.max(row.entry_count, message.entry_count) }
      : row,
  );
  for (const [key, answer] of cachedLists<{ my_cases: CaseList }>(API.cases.myCases)) {
    if ((key[2] as Query).filter !== 'watching') continue;
    const held = answer.my_cases.data.some((row) => row.token === message.case_token);
    if (!message.watching && held) {
      const data = answer.my_cases.data.filter((row) => row.token !== message.case_token);
      queryClient.setQueryData(key, { my_cases: { ...answer.my_cases, data, total: answer.my_cases.total - 1 } });
    } else if (message.watching && !held) {
      void queryClient.invalidateQueries({ queryKey: key, exact: true, refetchType: 'none' });
    }
  }
}

/** "Mark all read": every row with a read position is read up to its last entry. */
export function clearListMarks(): void {
  patchCaseRows((row) =>
    row.read_count !== null && row.read_count !== undefined && row.read_count < row.entry_count
      ? { ...row, read_count: row.entry_count }
      : row,
  );
}

/** Whether an escalation row passes a queue filter (the server's, evaluated on the row). */
function escalationBelongs(message: Extract<QueueChangedMessage, { queue: 'escalation' }>, filter: string, q: unknown) {
  const { row } = message;
  if (message.removed) return false;
  const unanswered = row.status === 'open' || row.status === 'information';
  if (filter === 'open' && !unanswered) return false;
  if (filter === 'late' && !(row.late && unanswered)) return false;
  if (filter === 'all-10' && Date.parse(row.created_at) < Date.now() - LIMITS.escalationRecentDays * DAY_MS)
    return false;
  return textMatches(q, row.internal_case_number, row.company.name, row.receiver.name, row.document.name);
}

/** A back-office or registration queue's row changed: the cached queues place it. */
export function placeQueueChange(message: QueueChangedMessage): void {
  if (message.queue === 'escalation') {
    for (const [key, page] of cachedLists<EscalationPage>(API.superAdminEscalation.queue)) {
      const [, params, query] = key as [string, { filter: string }, Query];
      const view = { ...caseListView(query, 'created_at'), enterable: params.filter === 'late' };
      const belongs = escalationBelongs(message, params.filter, query.q);
      // The live row is every admin's: the viewer's read position is kept from the row it replaces.
      const row = keepingReadCount(
        message.row,
        page.data.find((held) => held.id === message.row.id),
      );
      apply(key, placeRow(page, view, { row, isNew: message.seq === 1, belongs }));
    }
    return;
  }
  // Short queues, answered whole (contracts' queue-placement): pending rows oldest first, then decided ones.
  if (message.queue === 'registration') {
    for (const endpoint of [API.adminCompany.registrationQueue, API.superAdminUsers.registrationQueue]) {
      for (const [key, answer] of cachedLists<{ queue: (typeof message.row)[] }>(endpoint)) {
        const queue = settleQueueRow(answer.queue, message.row, message.removed, () => true);
        queryClient.setQueryData(key, { queue });
      }
    }
    return;
  }
  // Each cached filter of the approval queue (pending review by default) holds only the rows it shows: a decided
  // application leaves the pending view and enters the view of its decision, at the top.
  for (const [key, answer] of cachedLists<{ queue: (typeof message.row)[] }>(API.superAdminOnboarding.queue)) {
    const filter = ((key[2] as Query).status ?? 'pending_review') as OnboardingQueueFilter;
    queryClient.setQueryData(key, { queue: placeOnboardingRow(answer.queue, message.row, message.removed, filter) });
  }
}

/**
 * Keeps the signed-in user's cached lists and queues current from the socket, for every page at once: mounted
 * once by the layout. After a reconnect the lists may have missed changes and are read again once (jittered).
 */
export function useLiveLists(viewer: { userId: number; role: Role } | null): void {
  const userId = viewer?.userId;
  const role = viewer?.role;
  useEffect(() => {
    if (userId === undefined || role === undefined) return;
    const socket = signedInSocket();
    let connectedBefore = socket.connected;
    const onCasesChanged = (change: CasesChangedMessage) => placeCaseChange(change, { userId, role });
    const onReconnect = () => {
      if (connectedBefore) {
        for (const endpoint of [...LIVE_LISTS]) {
          for (const [key] of cachedLists(endpoint)) refetchLater(key);
        }
      }
      connectedBefore = true;
    };
    socket.on(SERVER_EVENTS.casesChanged, onCasesChanged);
    socket.on(SERVER_EVENTS.caseEvent, applyCaseEventToLists);
    socket.on(SERVER_EVENTS.queueChanged, placeQueueChange);
    socket.on('connect', onReconnect);
    return () => {
      socket.off(SERVER_EVENTS.casesChanged, onCasesChanged);
      socket.off(SERVER_EVENTS.caseEvent, applyCaseEventToLists);
      socket.off(SERVER_EVENTS.queueChanged, placeQueueChange);
      socket.off('connect', onReconnect);
    };
  }, [userId, role]);
}
