import type { EntityManager } from '@mikro-orm/postgresql';
import { LOGIN_METHOD_LABELS, reportInterval, roleLabel, type LoginMethod } from '@casebridge/contracts';
import { dayParam } from '../export-params';
import { cursorText, EXPORT_PAGE_SIZE, keysetPages, type ExportCell, type ExportSource } from '../export-source';

/**
 * The three dated back-office reports: logins, process views and partner searches between two
 * UTC days (both included), oldest first, each read by keyset on (created_at, id).
 */

interface Keyed {
  id: number;
  cursor_at: string;
}

/** What the api stored with a ranged report: two YYYY-MM-DD days, as [from, until) moments. */
function rangeOf(raw: Record<string, unknown>) {
  return reportInterval({ start: dayParam(raw, 'start'), end: dayParam(raw, 'end') });
}

/**
 * Pages of `select` (which must return id and cursor_at, filter on `at` within [?, ?) and leave room for
 * `{after}`) in (at, id) order.
 */
async function* eventPages<R extends Keyed>(
  em: EntityManager,
  raw: Record<string, unknown>,
  at: string,
  select: (after: string) => string,
  toCells: (record: R) => ExportCell[],
): AsyncIterable<ExportCell[][]> {
  const { from, until } = rangeOf(raw);
  const fetch = (cursor: Keyed | null) =>
    em.execute<R[]>(`${select(cursor ? `and (${at}, e.id) > (?::timestamptz, ?)` : '')} order by ${at}, e.id limit ?`, [
      from,
      until,
      ...(cursor ? [cursor.cursor_at, cursor.id] : []),
      EXPORT_PAGE_SIZE,
    ]);
  for await (const records of keysetPages(fetch, (last: R): Keyed => last)) yield records.map(toCells);
}

const when = (value: Date | string) => new Date(value);
const fullName = (first: string, last: string) => `${first} ${last}`.trim();

interface LoginRecord extends Keyed {
  first_name: string;
  last_name: string;
  email: string;
  role: string;
  company_name: string | null;
  login_method: string | null;
  ip: string | null;
  created_at: Date | string;
}

/** user_logins: every successful sign-in (any way in: password, link, reset, SSO) with who and from where. */
export const userLoginsSource: ExportSource = {
  sheetName: 'User Logins',
  columns: [
    { header: 'User', width: 26 },
    { header: 'Email', width: 34 },
    { header: 'Company', width: 28 },
    { header: 'Role', width: 20 },
    { header: 'Company Login Method', width: 24 },
    { header: 'IP Address', width: 18 },
    { header: 'Login Time (UTC)', width: 20, date: true },
  ],
  async fileStem(_em, raw) {
    rangeOf(raw);
    return 'user-logins';
  },
  pages(em, raw) {
    return eventPages<LoginRecord>(
      em,
      raw,
      'e.created_at',
      (after) =>
        `select e.id, ${cursorText('e.created_at')} as cursor_at, e.ip, e.created_at,
            u.first_name, u.last_name, u.email, u.role, c.name as company_name, c.login_method
          from login_events e join users u on u.id = e.user_id left join companies c on c.id = u.company_id
          where e.created_at >= ? and e.created_at < ? ${after}`,
      (record) => [
        fullName(record.first_name, record.last_name),
        record.email,
        record.company_name,
        roleLabel(record.role),
        record.login_method ? (LOGIN_METHOD_LABELS[record.login_method as LoginMethod] ?? record.login_method) : null,
        record.ip,
        when(record.created_at),
      ],
    );
  },
};

interface ViewRecord extends Keyed {
  first_name: string;
  last_name: string;
  email: string;
  company_name: string | null;
  process_name: string;
  owner_name: string;
  created_at: Date | string;
}

/** processes_viewed: who opened which process document (and whose it is). */
export const processesViewedSource: ExportSource = {
  sheetName: 'Processes Viewed',
  columns: [
    { header: 'Viewer', width: 26 },
    { header: 'Email', width: 34 },
    { header: 'Company', width: 28 },
    { header: 'Process', width: 34 },
    { header: 'Process Owner', width: 28 },
    { header: 'Viewed (UTC)', width: 20, date: true },
  ],
  async fileStem(_em, raw) {
    rangeOf(raw);
    return 'processes-viewed';
  },
  pages(em, raw) {
    return eventPages<ViewRecord>(
      em,
      raw,
      'e.created_at',
      (after) =>
        `select e.id, ${cursorText('e.created_at')} as cursor_at, e.created_at,
            u.first_name, u.last_name, u.email, c.name as company_name, d.name as process_name, o.name as owner_name
          from process_views e join users u on u.id = e.user_id left join companies c on c.id = u.company_id
            join contact_documents d on d.id = e.document_id join companies o on o.id = d.company_id
          where e.created_at >= ? and e.created_at < ? ${after}`,
      (record) => [
        fullName(record.first_name, record.last_name),
        record.email,
        record.company_name,
        record.process_name,
        record.owner_name,
        when(record.created_at),
      ],
    );
  },
};

interface SearchRecord extends Keyed {
  term: string;
  location: string | null;
  first_name: string;
  last_name: string;
  email: string;
  company_name: string | null;
  picked: string | null;
  created_at: Date | string;
}

/** word_search: the partner searches typed on the dashboard, and the result(s) then picked. */
export const wordSearchSource: ExportSource = {
  sheetName: 'Word Search',
  columns: [
    { header: 'Search Term', width: 30 },
    { header: 'Location', width: 16 },
    { header: 'User', width: 26 },
    { header: 'Email', width: 34 },
    { header: 'Company', width: 28 },
    { header: 'Result Picked', width: 30 },
    { header: 'Searched (UTC)', width: 20, date: true },
  ],
  async fileStem(_em, raw) {
    rangeOf(raw);
    return 'word-search';
  },
  pages(em, raw) {
    return eventPages<SearchRecord>(
      em,
      raw,
      'e.created_at',
      (after) =>
        `select e.id, ${cursorText('e.created_at')} as cursor_at, e.term, e.location, e.created_at,
            u.first_name, u.last_name, u.email, c.name as company_name,
            (select string_agg(p.member, ', ' order by p.created_at, p.id)
              from search_result_picks p where p.search_id = e.id) as picked
          from saved_searches e join users u on u.id = e.user_id left join companies c on c.id = u.company_id
          where e.created_at >= ? and e.created_at < ? ${after}`,
      (record) => [
        record.term,
        record.location,
        fullName(record.first_name, record.last_name),
        record.email,
        record.company_name,
        record.picked,
        when(record.created_at),
      ],
    );
  },
};
