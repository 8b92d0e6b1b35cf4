import { isCompanyAdminRole, type Role } from './constants/roles';
import { LIMITS } from './constants/limits';
import type { CasesChangedMessage } from './realtime';

/**
 * Where a changed row goes in a page of a sorted, paged list the client holds — decided without asking the server.
 * When the client cannot know (a row leaves a page and leaves a hole, rows shift between pages, a row may have
 * entered a filter it was not in), the answer is `refetch`, and the caller reads that one list again, once.
 */

export interface PagedList<Row> {
  data: Row[];
  total: number;
  current_page: number;
  per_page: number;
}

export interface ListView {
  page: number;
  sort: string;
  dir: 'asc' | 'desc';
  /** Rows of this list can join it without being new (e.g. "needs action", "late"): the total is unknown then. */
  enterable: boolean;
}

export interface RowChange<Row> {
  row: Row;
  /** The row's case has just been created (it was in no list before). */
  isNew: boolean;
  /** The row passes this list's filters now. */
  belongs: boolean;
}

export type Placement<L> = { kind: 'set'; list: L } | { kind: 'refetch' } | { kind: 'none' };

/** Sort columns whose value a change of the case can alter (so the row may move). */
const MOVING_SORTS = new Set(['updated_at', 'status', 'respond_date', 'internal_case_number', 'late']);
/** Time columns that only grow: a changed (updated) or new (created) row sorts first in descending order. */
const NEWEST_FIRST = new Set(['updated_at', 'created_at']);

export function placeRow<Row extends { token: string }, L extends PagedList<Row>>(
  list: L,
  view: ListView,
  change: RowChange<Row>,
): Placement<L> {
  const index = list.data.findIndex((row) => row.token === change.row.token);
  const valueOf = (row: Row) => (row as Record<string, unknown>)[view.sort];
  // Sort values may be objects (partner, company): compared by content.
  const sameValue = (a: Row, b: Row) => JSON.stringify(valueOf(a)) === JSON.stringify(valueOf(b));
  const topOfFirstPage = view.page === 1 && view.dir === 'desc' && NEWEST_FIRST.has(view.sort);
  const goesFirst = (row: Row) => list.data.length === 0 || String(valueOf(row)) >= String(valueOf(list.data[0]));

  if (index >= 0) {
    if (!change.belongs) return { kind: 'refetch' };
    if (sameValue(list.data[index], change.row)) {
      return { kind: 'set', list: { ...list, data: list.data.map((row, at) => (at === index ? change.row : row)) } };
    }
    if (topOfFirstPage && goesFirst(change.row)) {
      const rest = list.data.filter((_row, at) => at !== index);
      return { kind: 'set', list: { ...list, data: [change.row, ...rest] } };
    }
    return { kind: 'refetch' };
  }

  if (!change.belongs) return { kind: 'none' };
  // A row this full first page does not hold, older than its last row: it was and stays on a later page (these
  // times only grow, and in a list rows cannot join this row was in it before), so this page is untouched. A note
  // on an old case reaches every member's list; none of them needs to read it again.
  const last = list.data[list.data.length - 1];
  const fullPage = list.data.length >= list.per_page && last !== undefined;
  if (
    !change.isNew &&
    !view.enterable &&
    topOfFirstPage &&
    fullPage &&
    String(valueOf(change.row)) < String(valueOf(last))
  ) {
    return { kind: 'none' };
  }
  const known = change.isNew || !view.enterable;
  const moved = change.isNew || (view.sort === 'updated_at' && !view.enterable);
  if (known && moved && topOfFirstPage && goesFirst(change.row)) {
    const data = [change.row, ...list.data].slice(0, list.per_page);
    return { kind: 'set', list: { ...list, data, total: list.total + (change.isNew ? 1 : 0) } };
  }
  // A row that did not move stays on whichever page holds it; anything else may shift this page.
  if (known && !change.isNew && !MOVING_SORTS.has(view.sort)) return { kind: 'none' };
  return { kind: 'refetch' };
}

const DAY_MS = 24 * 3_600_000;

/** The lists' search (`q`): the server's case-insensitive "contains", on the row's texts. */
export function textMatches(term: unknown, ...texts: string[]): boolean {
  return typeof term !== 'string' || !term || texts.some((text) => text.toLowerCase().includes(term.toLowerCase()));
}

/**
 * Whether a company's case row passes one case list's filters (GET caller/get-cases, my-cases), evaluated on the row
 * the live message carries: `scope` mine, company or my-cases; `recent` the 30-day lists; `query` the list's query.
 */
export function caseRowBelongs(
  change: CasesChangedMessage,
  list: { scope: string; recent: boolean; query: Record<string, string | number | undefined> },
  viewer: { userId: number; role: Role },
  now: number = Date.now(),
): boolean {
  const { row } = change;
  if (change.removed) return false;
  const mine = change.submitter_user_id === viewer.userId;
  if (list.scope === 'mine' && !mine) return false;
  if (list.scope === 'my-cases' && !isCompanyAdminRole(viewer.role) && !mine && row.direction !== 'inbound')
    return false;
  if (list.recent && Date.parse(row.created_at) < now - LIMITS.casesThirtyDays * DAY_MS) return false;
  if (list.query.not_closed === 'true' && row.status === 'closed') return false;
  if (list.query.filter === 'inbound-action' && !change.needs_action) return false;
  return textMatches(list.query.q, row.internal_case_number, row.summary, row.partner.name);
}
