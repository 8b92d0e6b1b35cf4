// Attention, My Cases (issue 28): a page of My Cases with unread marks for a user watching 10,000 cases. The user
// (a caller of the generated company with the most cases) gets 10,000 cases of their own inserted with SQL, newest
// first, each watched with half of them one entry unread. The SQL of a page is what CaseListService (api/dist) runs
// for `caller/my-cases`, captured while it answers through a recording connection: the page-and-total statement
// (named and prepared by the api, so timed as EXECUTE of a prepared statement) and the read counts of the page's rows
// (planned each time), each under EXPLAIN (ANALYZE, BUFFERS) on one warm connection. Beside it, GET caller/my-cases.
import { mkdirSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { URLSearchParams } from 'node:url';
import contracts from '@casebridge/contracts';
import { signInToken } from './lib/api-process.mjs';
import { percentiles } from './lib/load.mjs';
import { LOG_DIR } from './lib/processes.mjs';
import { noteRow } from './lib/report.mjs';
import { numbered } from './lib/sql.mjs';

const require = createRequire(import.meta.url);
const { CaseListService } = require('../api/dist/cases/case-list.service.js');
const { CachedReads } = require('../api/dist/platform/read-cache/cached-reads.service.js');

const WATCHED_CASES = 10_000;
const PAGES = 50;
/** Untimed runs first: PostgreSQL plans a prepared statement's first five executions one by one. */
const WARM_UP = 6;
const TARGET_MS = 3;
/** The cases this bench inserts (and deletes again). */
const CASE_PREFIX = 'BATT-';
/** As CasesController asks it for `caller/my-cases`. */
const MY_CASES_REQUEST = { scope: 'my-cases', recent: false, defaultSort: 'created_at' };
const VARIANTS = [
  { name: 'My Cases', file: 'my-cases-plan.txt', query: {} },
  { name: 'My Cases, watching filter', file: 'my-cases-watching-plan.txt', query: { filter: 'watching' } },
];

/** A caller of the generated company with the most cases, as the api's actor. */
async function benchCaller(client) {
  const { rows } = await client.query(`select u.id, u.email, u.role, u.company_id, co.membership_type
      from companies co
      join users u on u.company_id = co.id and u.role = 'caller' and u.status = 'active'
        and u.approval_status = 'approved'
      where co.slug like 'bench-%' and co.status = 'active'
      order by (select count(*) from cases c where c.submitter_company_id = co.id) desc, u.id limit 1`);
  if (rows.length === 0) throw new Error('the bench database holds no caller of a generated company');
  const [user] = rows;
  return {
    email: user.email,
    actor: {
      userId: user.id,
      role: user.role,
      companyId: user.company_id,
      membershipType: user.membership_type,
      sessionId: 'bench',
      impersonatorId: null,
    },
  };
}

/**
 * WATCHED_CASES cases submitted by the user (copies of one of the company's cases, a minute apart, newest now),
 * each with a watching case_readers row; every other one has its last entry unread.
 */
async function insertWatchedCases(client, actor) {
  await deleteWatchedCases(client);
  const { rows: columns } = await client.query(
    `select column_name from information_schema.columns
      where table_schema = current_schema() and table_name = 'cases' and column_name <> 'id' order by ordinal_position`,
  );
  const overrides = {
    token: `encode(sha256(('attention-bench-case-' || g)::bytea), 'hex')`,
    internal_case_number: `'${CASE_PREFIX}' || lpad(g::text, 5, '0')`,
    submitter_user_id: '$1::int',
    created_at: `now() - g * interval '1 minute'`,
    updated_at: `now() - g * interval '1 minute'`,
    deleted_at: 'null',
    is_sample: 'false',
    feed_key: 'null',
    event_seq: '0',
    entries_submitter: '1 + g % 4',
    entries_receiver: '1 + g % 4',
    entries_staff: '1',
  };
  const names = columns.map((column) => column.column_name);
  const values = names.map((name) => overrides[name] ?? `t.${name}`);
  const inserted = await client.query(
    `insert into cases (${names.join(', ')})
      select ${values.join(', ')}
      from (select * from cases where submitter_company_id = $2 and deleted_at is null and is_sample = false
              order by id limit 1) t
      cross join generate_series(1, ${WATCHED_CASES}) g`,
    [actor.userId, actor.companyId],
  );
  if (inserted.rowCount !== WATCHED_CASES) throw new Error(`inserted ${inserted.rowCount} cases, not ${WATCHED_CASES}`);
  await client.query(
    `insert into case_readers (user_id, case_id, side, watching, read_seq, read_count)
      select $1, c.id, 'submitter', true, 0, c.entries_submitter - c.id % 2 from cases c
      where c.internal_case_number like '${CASE_PREFIX}%'
      on conflict (user_id, case_id) do update set watching = true, read_count = excluded.read_count`,
    [actor.userId],
  );
  // As autovacuum would leave the tables after such a batch (index-only scans need the visibility map).
  await client.query('vacuum (analyze) cases, case_readers');
}

async function deleteWatchedCases(client) {
  await client.query(`delete from cases where internal_case_number like '${CASE_PREFIX}%'`);
}

/** The statements CaseListService runs for the page, run for real on `client` while recorded. */
async function pageStatements(client, actor, query) {
  const statements = [];
  const recorder = {
    execute: async (sql, params) => {
      statements.push({ text: numbered(sql), values: params });
      return (await client.query(numbered(sql), params)).rows;
    },
    // As inside a transaction: the read cache and the named statements are passed by (never started here).
    getTransactionContext: () => ({}),
  };
  const list = await new CaseListService(recorder, new CachedReads({})).list(
    actor,
    MY_CASES_REQUEST,
    contracts.CaseListQuery.parse(query),
  );
  const readCounts = statements.find((statement) => /from case_readers where user_id/.test(statement.text));
  const estimate = statements.find((statement) => statement.text.startsWith('explain'));
  if (!readCounts) throw new Error('My Cases ran no read-count statement: is the page empty?');
  return { page: statements[0], readCounts, estimate, list };
}

/**
 * Planning + execution ms of each of the page's two statements, PAGES times after WARM_UP untimed runs; the last
 * plans of both go to var/bench/`file`.
 */
async function timeStatements(client, { page, readCounts }, file) {
  const explain = async (text, values = []) =>
    (await client.query(`explain (analyze, buffers, format json) ${text}`, values)).rows[0]['QUERY PLAN'][0];
  const elapsed = (plan) => plan['Planning Time'] + plan['Execution Time'];
  const literal = (value) => (typeof value === 'number' ? String(value) : client.escapeLiteral(String(value)));
  await client.query('deallocate all');
  await client.query(`prepare attention_my_cases as ${page.text}`);
  const execute = `execute attention_my_cases(${page.values.map(literal).join(', ')})`;
  const totals = [];
  const pages = [];
  for (let run = 0; run < WARM_UP + PAGES; run += 1) {
    const pageMs = elapsed(await explain(execute));
    const countsMs = elapsed(await explain(readCounts.text, readCounts.values));
    if (run < WARM_UP) continue;
    totals.push(pageMs + countsMs);
    pages.push(pageMs);
  }
  const plans = [];
  for (const [text, values] of [
    [execute, []],
    [readCounts.text, readCounts.values],
  ]) {
    const plan = await client.query(`explain (analyze, buffers) ${text}`, values);
    plans.push(`-- ${text.slice(0, 60)}`, ...plan.rows.map((line) => line['QUERY PLAN']), '');
  }
  await client.query('deallocate attention_my_cases');
  mkdirSync(LOG_DIR, { recursive: true });
  writeFileSync(
    path.join(LOG_DIR, file),
    [page.text, `-- parameters: ${JSON.stringify(page.values)}`, '', ...plans].join('\n'),
  );
  return { total: percentiles(totals), page: percentiles(pages) };
}

/** GET caller/my-cases as the user, PAGES times one after another after WARM_UP. */
async function timeRequests(apiUrl, token, query) {
  const url = `${apiUrl}/api/${contracts.API.cases.myCases.path}?${new URLSearchParams(query)}`;
  const times = [];
  let unread = 0;
  for (let run = 0; run < WARM_UP + PAGES; run += 1) {
    const started = performance.now();
    const response = await fetch(url, { headers: { authorization: `Bearer ${token}` } });
    const body = await response.json();
    if (!response.ok) throw new Error(`GET ${url}: ${response.status} ${JSON.stringify(body)}`);
    if (run >= WARM_UP) times.push(performance.now() - started);
    unread = body.my_cases.data.filter((row) => row.read_count !== null && row.entry_count > row.read_count).length;
  }
  return { ...percentiles(times), unread };
}

export async function runMyCasesSql({ apiUrl, client, settings }) {
  const caller = await benchCaller(client);
  const rows = [];
  const notes = [];
  try {
    await insertWatchedCases(client, caller.actor);
    const token = await signInToken(apiUrl, caller.email);
    for (const variant of VARIANTS) {
      const statements = await pageStatements(client, caller.actor, variant.query);
      const sql = await timeStatements(client, statements, variant.file);
      const request = await timeRequests(apiUrl, token, variant.query);
      const { list } = statements;
      settings.log(
        `attention, ${variant.name}: SQL per page p50 ${sql.total.p50.toFixed(2)} ms p99 ${sql.total.p99.toFixed(2)} ms ` +
          `(page statement p50 ${sql.page.p50.toFixed(2)} ms), GET p50 ${request.p50.toFixed(1)} ms p99 ` +
          `${request.p99.toFixed(1)} ms, ${list.data.length} rows, ${request.unread} unread, total ${list.total}`,
      );
      const label = `attention: ${variant.name} page with unread marks, user watching ${WATCHED_CASES.toLocaleString('en-US')} cases`;
      const verdict = (ms) => (ms <= TARGET_MS ? 'pass' : 'miss');
      rows.push(
        noteRow(
          label,
          'SQL ms per page p50 (page + read counts)',
          sql.total.p50.toFixed(2),
          `≤ ${TARGET_MS} ms`,
          verdict(sql.total.p50),
        ),
        noteRow(label, 'SQL ms per page p99', sql.total.p99.toFixed(2), `≤ ${TARGET_MS} ms`, verdict(sql.total.p99)),
        noteRow(label, 'GET caller/my-cases p50 / p99 ms', `${request.p50.toFixed(1)} / ${request.p99.toFixed(1)}`),
      );
      if (variant === VARIANTS[0]) {
        notes.push(
          `Attention, My Cases: ${caller.email} (company ${caller.actor.companyId}) with ${WATCHED_CASES.toLocaleString('en-US')} ` +
            'cases of their own inserted with SQL and watched, half with an entry unread; a page ' +
            `(${list.data.length} rows, ${request.unread} unread marks, total ${list.total}${list.total_estimated ? ' estimated' : ''}) costs ` +
            'the statements CaseListService (api/dist) runs, captured as it ran: the page-and-total statement as the ' +
            "api's prepared statement, then the read counts of the page's rows, each under EXPLAIN (ANALYZE, BUFFERS), " +
            `${PAGES} pages after ${WARM_UP} untimed (plans in var/bench/my-cases*-plan.txt). ` +
            (statements.estimate
              ? "A total past 1,000 is the planner's estimate: its EXPLAIN runs once a minute per list and is not counted. "
              : '') +
            'The GET is timed end to end, one request after another; without the filter the page statement is answered ' +
            "from the api's read cache after the first, the read counts never are.",
        );
      }
    }
  } finally {
    await deleteWatchedCases(client);
  }
  return { rows, notes };
}
