// Case lists under concurrent load: the api's `caller/get-cases` variants and the super-admin escalation queue,
// each against the same SQL run directly through a pg Pool at the same concurrency.
// The SQL is the api's own: CaseListService (from api/dist) runs against a recording stand-in of the entity
// manager, and the escalation queue's builders come from @casebridge/db, bounded as the api's service counts.
// Both sides run the statements as named prepared statements; neither reads the session (the api's cache has it).
import { createHash } from 'node:crypto';
import { createRequire } from 'node:module';
import { URLSearchParams } from 'node:url';
import contracts from '@casebridge/contracts';
import db from '@casebridge/db';
import pg from 'pg';
import { closedLoop, httpLoad } from './lib/load.mjs';
import { comparisonRows } from './lib/report.mjs';
import { numbered } from './lib/sql.mjs';

const require = createRequire(import.meta.url);
const { CaseListService } = require('../api/dist/cases/case-list.service.js');
const { boundedCount } = require('../api/dist/platform/common/page-totals.js');

/** The targets of the issue: p99 within 2x of raw, throughput at least half. */
const CASE_LIST_TARGETS = { p99Max: 2, rpsMin: 0.5 };

/** Member list variants: path (after /api/), query, and the CaseListService request the controller makes. */
const MEMBER_VARIANTS = [
  { name: 'company', scope: 'company', recent: false, query: {} },
  { name: 'company, 30 days', scope: 'company', recent: true, path: '/30', query: {} },
  { name: 'mine', scope: 'mine', recent: false, query: {} },
  { name: 'company, sorted by partner', scope: 'company', recent: false, query: { sort: 'partner', dir: 'asc' } },
  { name: 'company, searched', scope: 'company', recent: false, query: { q: 'controller' } },
];

const ESCALATION_VARIANTS = [
  { name: 'open', filter: 'open', query: {} },
  { name: 'all-10, searched', filter: 'all-10', query: { q: 'storage' } },
];

/** As the api's readRows: each statement named after its text, prepared once per pooled connection. */
const statementOf = (sql, values) => ({
  name: `r${createHash('sha1').update(sql).digest('hex').slice(0, 24)}`,
  text: numbered(sql),
  values,
});

/** The statements CaseListService runs for one request, captured without a database. */
async function memberListSql(actor, variant) {
  const statements = [];
  const recorder = {
    execute: async (sql, params) => {
      statements.push(statementOf(sql, params));
      return [{ total: 0, id: null }];
    },
    // Reads outside a transaction go to a pooled connection; this stand-in takes them all.
    getTransactionContext: () => ({}),
  };
  const query = contracts.CaseListQuery.parse(variant.query);
  await new CaseListService(recorder).list(
    actor,
    { scope: variant.scope, recent: variant.recent, defaultSort: 'updated_at' },
    query,
  );
  return statements;
}

function escalationSql(variant) {
  const query = contracts.EscalationQueueQuery.parse(variant.query);
  const options = { filter: variant.filter, q: query.q ?? null };
  const count = boundedCount(db.escalationQueueMatchingQuery(options));
  const rows = db.escalationQueueRowsQuery({
    ...options,
    sort: query.sort,
    dir: query.dir,
    limit: query.limit,
    offset: (query.page - 1) * query.limit,
  });
  return [count, rows].map((statement) => statementOf(statement.sql, statement.params));
}

const queryString = (query) => {
  const text = new URLSearchParams(query).toString();
  return text ? `?${text}` : '';
};

async function compare({ label, url, token, statements, pool, settings }) {
  const ours = await httpLoad({
    url,
    headers: { authorization: `Bearer ${token}` },
    connections: settings.connections,
    durationSeconds: settings.durationSeconds,
  });
  const raw = await closedLoop({
    concurrency: settings.connections,
    durationSeconds: settings.durationSeconds,
    task: async () => {
      for (const statement of statements) await pool.query(statement);
    },
  });
  settings.log(
    `case lists: ${label}: ours p99 ${ours.p99.toFixed(1)} ms ${ours.rps.toFixed(0)}/s, ` +
      `raw p99 ${raw.p99.toFixed(1)} ms ${raw.rps.toFixed(0)}/s`,
  );
  return comparisonRows(label, ours, raw, CASE_LIST_TARGETS);
}

/** member: { token, session: { sid }, actor }; superAdmin likewise. Resolves with the table rows. */
export async function runCaseListBench({ apiUrl, databaseUrl, member, superAdmin, settings }) {
  // The ORM's pool is 10 connections by default; the raw side gets the same.
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 10 });
  const rows = [];
  try {
    for (const variant of MEMBER_VARIANTS) {
      const path = `caller/get-cases/${variant.scope}${variant.path ?? ''}`;
      rows.push(
        ...(await compare({
          label: `${path}${queryString(variant.query)} (${variant.name})`,
          url: `${apiUrl}/api/${path}${queryString(variant.query)}`,
          token: member.token,
          statements: await memberListSql(member.actor, variant),
          pool,
          settings,
        })),
      );
    }
    for (const variant of ESCALATION_VARIANTS) {
      const path = `super_admin/escalation/queue/${variant.filter}`;
      rows.push(
        ...(await compare({
          label: `${path}${queryString(variant.query)} (${variant.name})`,
          url: `${apiUrl}/api/${path}${queryString(variant.query)}`,
          token: superAdmin.token,
          statements: escalationSql(variant),
          pool,
          settings,
        })),
      );
    }
  } finally {
    await pool.end();
  }
  return rows;
}
