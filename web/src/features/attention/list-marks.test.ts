import { beforeEach, describe, expect, it } from 'vitest';
import {
  type CaseList,
  type CaseListRow,
  type CasesChangedMessage,
  type EscalationPage,
  type EscalationRow,
} from '@casebridge/contracts';
import { API } from '../../lib/api-routes';
import {
  applyAttentionToLists,
  applyWatchEntryToLists,
  clearListMarks,
  placeCaseChange,
  placeQueueChange,
} from '../../lib/live-lists';
import { apiKey, queryClient } from '../../lib/queries';
import { unreadOf } from './UnreadMark';

const ME = { userId: 7, role: 'business_manager' as const };

function row(token: string, overrides: Partial<CaseListRow> = {}): CaseListRow {
  return {
    id: token.length,
    internal_case_number: `C-${token}`,
    token,
    direction: 'outbound',
    partner: { name: 'Globex Storage' },
    partner_case_number: null,
    summary: 'Replication stalls',
    priority: 'high',
    status: 'accepted',
    created_at: '2026-11-28T10:00:00.000Z',
    updated_at: '2026-11-28T10:00:00.000Z',
    respond_date: null,
    response_due_at: null,
    sla_paused: false,
    late: false,
    is_test: false,
    turn: null,
    assignee: null,
    entry_count: 3,
    read_count: 3,
    ...overrides,
  };
}

const list = (rows: CaseListRow[]): CaseList => ({ data: rows, total: rows.length, current_page: 1, per_page: 20 });
const allKey = apiKey(API.cases.myCases, undefined, { sort: 'created_at', dir: 'desc', page: 1 });
const watchingKey = apiKey(API.cases.myCases, undefined, {
  sort: 'created_at',
  dir: 'desc',
  page: 1,
  filter: 'watching',
});
const rowsOf = (key: readonly unknown[]) => queryClient.getQueryData<{ my_cases: CaseList }>(key)!.my_cases.data;

/** The lists' unread marks, kept from live messages alone (the cache is what the tables render). */
describe('unread marks in the cached case lists', () => {
  beforeEach(() => {
    queryClient.clear();
    queryClient.setQueryData(allKey, { my_cases: list([row('a'), row('b', { read_count: null })]) });
    queryClient.setQueryData(watchingKey, { my_cases: list([row('a')]) });
  });

  it('counts a watched entry into the mark, and not the user’s own', () => {
    applyWatchEntryToLists({ ...entry('a', 5), by_user_id: 9 }, ME.userId);
    expect(unreadOf(rowsOf(allKey)[0])).toBe(1);
    applyWatchEntryToLists({ ...entry('a', 6), entry_count: 5, by_user_id: ME.userId }, ME.userId);
    expect(unreadOf(rowsOf(allKey)[0])).toBe(0);
    // A case without a read position has no mark.
    applyWatchEntryToLists({ ...entry('b', 5), by_user_id: 9 }, ME.userId);
    expect(unreadOf(rowsOf(allKey)[1])).toBe(0);
  });

  it('keeps the viewer’s read position when a company row replaces theirs', () => {
    const changed: CasesChangedMessage = {
      case_token: 'a',
      status: 'accepted',
      seq: 5,
      row: row('a', { entry_count: 5, read_count: undefined }),
      submitter_user_id: ME.userId,
      needs_action: false,
      removed: false,
    };
    placeCaseChange(changed, ME);
    expect(rowsOf(allKey)[0]).toMatchObject({ entry_count: 5, read_count: 3 });
    expect(unreadOf(rowsOf(allKey)[0])).toBe(2);
  });

  it('clears the mark on case.attention and drops an unwatched case from the watching view', () => {
    applyWatchEntryToLists({ ...entry('a', 5), by_user_id: 9 }, ME.userId);
    const read = { case_token: 'a', read_seq: 5, read_count: 4, entry_count: 4, unread: 0, cleared: 1 };
    applyAttentionToLists({ ...read, watching: true });
    expect(unreadOf(rowsOf(allKey)[0])).toBe(0);
    expect(rowsOf(watchingKey)).toHaveLength(1);
    applyAttentionToLists({ ...read, watching: false, cleared: 0 });
    expect(rowsOf(watchingKey)).toHaveLength(0);
    expect(rowsOf(allKey)).toHaveLength(2);
  });

  it('mark all read clears every mark', () => {
    applyWatchEntryToLists({ ...entry('a', 5), by_user_id: 9 }, ME.userId);
    clearListMarks();
    expect(rowsOf(allKey).map(unreadOf)).toEqual([0, 0]);
  });
});

function entry(token: string, seq: number) {
  return {
    case_token: token,
    internal_case_number: `C-${token}`,
    summary: 'Replication stalls',
    status: 'accepted' as const,
    seq,
    type: 'note_added' as const,
    actor: 'Pat Partner',
    at: '2026-11-28T12:00:00.000Z',
    own_side: false,
    entry_count: 4,
    by_user_id: null as number | null,
  };
}

/** The super admin's escalation queue carries the staff side's counts and follows the same messages. */
describe('unread marks in the cached escalation queue', () => {
  const queueKey = apiKey(
    API.superAdminEscalation.queue,
    { filter: 'open' },
    { q: '', sort: 'created_at', dir: 'desc', filter: 'open', limit: 10, page: 1 },
  );
  const queueRow = (overrides: Partial<EscalationRow> = {}): EscalationRow => ({
    id: 41,
    token: 'q',
    internal_case_number: 'C-q',
    company: { id: 1, name: 'Acme' },
    receiver: { id: 2, name: 'Globex' },
    priority: 'high',
    created_at: new Date().toISOString(),
    document: { id: 3, name: 'Storage', company_id: 2, document_type: 'form' },
    status: 'open',
    late: false,
    turn: 'receiver',
    entry_count: 2,
    read_count: 2,
    ...overrides,
  });
  const queueRows = () => queryClient.getQueryData<EscalationPage>(queueKey)!.data;

  beforeEach(() => {
    queryClient.clear();
    queryClient.setQueryData(queueKey, { data: [queueRow()], total: 1, current_page: 1, per_page: 10 });
  });

  it('marks a watched entry, keeps the admin’s read position through a live row, and clears on reading', () => {
    applyWatchEntryToLists({ ...entry('q', 3), entry_count: 3, by_user_id: 9 }, ME.userId);
    expect(unreadOf(queueRows()[0])).toBe(1);
    placeQueueChange({
      queue: 'escalation',
      seq: 4,
      removed: false,
      row: queueRow({ entry_count: 4, read_count: undefined }),
    });
    expect(queueRows()[0]).toMatchObject({ entry_count: 4, read_count: 2 });
    const read = { case_token: 'q', read_seq: 4, read_count: 4, entry_count: 4, unread: 0, cleared: 2 };
    applyAttentionToLists({ ...read, watching: true });
    expect(unreadOf(queueRows()[0])).toBe(0);
  });
});
