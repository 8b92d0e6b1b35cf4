import { caseRowBelongs, placeRow, type ListView, type PagedList } from './list-placement';
import type { CasesChangedMessage } from './realtime';

interface Row {
  token: string;
  updated_at: string;
  summary: string;
}

const row = (token: string, minute: number, summary = token): Row => ({
  token,
  updated_at: `2026-11-24T10:${String(minute).padStart(2, '0')}:00.000Z`,
  summary,
});
const page = (rows: Row[], total = rows.length, current_page = 1): PagedList<Row> => ({
  data: rows,
  total,
  current_page,
  per_page: 3,
});
const newest: ListView = { page: 1, sort: 'updated_at', dir: 'desc', enterable: false };

describe('placing a changed row in a held page', () => {
  const held = page([row('c', 30), row('b', 20), row('a', 10)], 7);

  it('moves a changed row of the first page to its top, and a new case in (dropping the last, total + 1)', () => {
    expect(placeRow(held, newest, { row: row('a', 40), isNew: false, belongs: true })).toEqual({
      kind: 'set',
      list: page([row('a', 40), row('c', 30), row('b', 20)], 7),
    });
    expect(placeRow(held, newest, { row: row('n', 41), isNew: true, belongs: true })).toEqual({
      kind: 'set',
      list: page([row('n', 41), row('c', 30), row('b', 20)], 8),
    });
  });

  it('takes a row from a later page to the top without changing the total', () => {
    expect(placeRow(held, newest, { row: row('z', 42), isNew: false, belongs: true })).toEqual({
      kind: 'set',
      list: page([row('z', 42), row('c', 30), row('b', 20)], 7),
    });
  });

  it('replaces a row in place when its sort value did not change; ignores one that is elsewhere', () => {
    const bySummary: ListView = { page: 1, sort: 'summary', dir: 'asc', enterable: false };
    const changed = { ...row('b', 20), updated_at: 'later' };
    expect(placeRow(held, bySummary, { row: changed, isNew: false, belongs: true })).toEqual({
      kind: 'set',
      list: page([row('c', 30), changed, row('a', 10)], 7),
    });
    expect(placeRow(held, bySummary, { row: row('q', 50), isNew: false, belongs: true })).toEqual({ kind: 'none' });
    expect(placeRow(held, newest, { row: row('q', 50), isNew: false, belongs: false })).toEqual({ kind: 'none' });
  });

  it('leaves a full first page alone for a row older than its last (a note on an old case)', () => {
    expect(placeRow(held, newest, { row: row('old', 5), isNew: false, belongs: true })).toEqual({ kind: 'none' });
    // Not when the page is not full (the row may belong on it), nor in a list rows can join.
    const short = page([row('c', 30), row('b', 20)], 2);
    expect(placeRow(short, newest, { row: row('old', 5), isNew: false, belongs: true })).toEqual({ kind: 'refetch' });
    expect(placeRow(held, { ...newest, enterable: true }, { row: row('old', 5), isNew: false, belongs: true })).toEqual(
      { kind: 'refetch' },
    );
    // Between the first and the last row: it entered this page.
    expect(placeRow(held, newest, { row: row('mid', 15), isNew: false, belongs: true })).toEqual({ kind: 'refetch' });
  });

  it('reads again where it cannot know: a hole, a later page, a row that may have entered the filter', () => {
    expect(placeRow(held, newest, { row: row('b', 45), isNew: false, belongs: false })).toEqual({ kind: 'refetch' });
    expect(
      placeRow(page(held.data, 7, 2), { ...newest, page: 2 }, { row: row('z', 50), isNew: false, belongs: true }),
    ).toEqual({ kind: 'refetch' });
    expect(placeRow(held, { ...newest, enterable: true }, { row: row('z', 50), isNew: false, belongs: true })).toEqual({
      kind: 'refetch',
    });
  });
});

describe('whether a case row belongs to a list', () => {
  const change = (overrides: Partial<CasesChangedMessage> = {}): CasesChangedMessage => ({
    case_token: 't',
    status: 'open',
    seq: 2,
    submitter_user_id: 7,
    needs_action: false,
    removed: false,
    row: {
      id: 1,
      internal_case_number: 'ACME-1',
      token: 't',
      direction: 'outbound',
      partner: { name: 'Globex Storage' },
      partner_case_number: null,
      summary: 'Replication stalls',
      priority: 'high',
      status: 'open',
      created_at: new Date().toISOString(),
      updated_at: new Date().toISOString(),
      respond_date: null,
      response_due_at: null,
      sla_paused: false,
      late: false,
      is_test: false,
      turn: null,
      assignee: null,
      entry_count: 1,
    },
    ...overrides,
  });
  const caller = { userId: 7, role: 'caller' as const };

  it('follows the scope, the 30 days, not closed, needs action and the search', () => {
    const recent = { scope: 'mine', recent: true, query: { not_closed: 'true' } };
    expect(caseRowBelongs(change(), recent, caller)).toBe(true);
    expect(caseRowBelongs(change(), recent, { userId: 8, role: 'caller' })).toBe(false);
    expect(caseRowBelongs(change({ row: { ...change().row, status: 'closed' } }), recent, caller)).toBe(false);
    const old = { ...change().row, created_at: '2020-01-01T00:00:00.000Z' };
    expect(caseRowBelongs(change({ row: old }), recent, caller)).toBe(false);
    const action = { scope: 'company', recent: false, query: { filter: 'inbound-action' } };
    expect(caseRowBelongs(change(), action, caller)).toBe(false);
    expect(caseRowBelongs(change({ needs_action: true }), action, caller)).toBe(true);
    const search = { scope: 'company', recent: false, query: { q: 'globex' } };
    expect(caseRowBelongs(change(), search, caller)).toBe(true);
    expect(caseRowBelongs(change(), { ...search, query: { q: 'initech' } }, caller)).toBe(false);
    expect(caseRowBelongs(change({ removed: true }), { scope: 'company', recent: false, query: {} }, caller)).toBe(
      false,
    );
  });
});
