// The company case list's page SQL at full size (issue 16, benchmark e): the one statement CaseListService runs for
// `caller/get-cases/company` (page and bounded total), captured from api/dist, under EXPLAIN ANALYZE on the generated
// network as the member of the company with the most cases. Once as a plain statement (planned every time), once as
// the prepared statement the api runs (planned once per connection).
import { createRequire } from 'node:module';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import contracts from '@casebridge/contracts';
import pg from 'pg';
import { LOG_DIR } from './lib/processes.mjs';
import { numbered } from './lib/sql.mjs';

const require = createRequire(import.meta.url);
const { CaseListService } = require('../api/dist/cases/case-list.service.js');
const { CachedReads } = require('../api/dist/platform/read-cache/cached-reads.service.js');

/** The target for the page query, total included. */
export const LIST_PLAN_TARGET_MS = 3;
const RUNS = 25;

/** The statement the api runs for the member's default company list (no database needed to capture it). */
async function companyListStatement(actor) {
  const statements = [];
  const recorder = {
    execute: async (sql, params) => {
      statements.push({ text: numbered(sql), values: params });
      return [{ total: 0, id: null }];
    },
    getTransactionContext: () => ({}),
  };
  // The recorder acts as a transaction, so the read cache passes every statement through (never started here).
  await new CaseListService(recorder, new CachedReads({})).list(
    actor,
    { scope: 'company', recent: false, defaultSort: 'updated_at' },
    contracts.CaseListQuery.parse({}),
  );
  return statements[0];
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

/** Largest row count any scan of the plan produced, and the buffers it touched. */
function planFacts(plan) {
  let largestScan = 0;
  const visit = (node) => {
    if (/Scan/.test(node['Node Type'])) largestScan = Math.max(largestScan, node['Actual Rows'] * node['Actual Loops']);
    for (const child of node.Plans ?? []) visit(child);
  };
  visit(plan.Plan);
  return { largestScan, buffers: plan.Plan['Shared Hit Blocks'] + plan.Plan['Shared Read Blocks'] };
}

export async function runListPlanBench({ databaseUrl, member, settings }) {
  const statement = await companyListStatement(member.actor);
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const explain = async (prefix, text, values) =>
      (await client.query(`explain (analyze, buffers, format json) ${prefix}${text}`, values)).rows[0]['QUERY PLAN'][0];
    const plain = [];
    for (let run = 0; run < RUNS + 3; run += 1) plain.push(await explain('', statement.text, statement.values));
    const warm = plain.slice(3);
    const planning = median(warm.map((plan) => plan['Planning Time']));
    const execution = median(warm.map((plan) => plan['Execution Time']));
    const total = median(warm.map((plan) => plan['Planning Time'] + plan['Execution Time']));

    // As the api runs it: a named statement, planned by PostgreSQL's plan cache, then executed.
    const types = statement.values.map((value) => (typeof value === 'number' ? 'int' : 'text'));
    await client.query(`prepare company_list(${types.join(', ')}) as ${statement.text}`);
    const literals = statement.values.map((value) => (typeof value === 'number' ? String(value) : `'${value}'`));
    const prepared = [];
    for (let run = 0; run < RUNS + 6; run += 1) {
      prepared.push(await explain('', `execute company_list(${literals.join(', ')})`, []));
    }
    const cached = prepared.slice(6);
    const preparedTotal = median(cached.map((plan) => plan['Planning Time'] + plan['Execution Time']));
    const facts = planFacts(warm[warm.length - 1]);

    const text = await client.query(`explain (analyze, buffers) ${statement.text}`, statement.values);
    mkdirSync(LOG_DIR, { recursive: true });
    const planFile = path.join(LOG_DIR, 'company-list-plan.txt');
    writeFileSync(
      planFile,
      [
        statement.text,
        `-- parameters: ${JSON.stringify(statement.values)}`,
        '',
        ...text.rows.map((row) => row['QUERY PLAN']),
      ].join('\n'),
    );
    settings.log(
      `list plan: planning ${planning.toFixed(2)} ms + execution ${execution.toFixed(2)} ms; ` +
        `prepared ${preparedTotal.toFixed(2)} ms; largest scan ${facts.largestScan} rows`,
    );
    const label = 'caller/get-cases/company page SQL at full size (page + bounded total), EXPLAIN ANALYZE';
    const verdict = (ms) => (ms <= LIST_PLAN_TARGET_MS ? 'pass' : 'miss');
    return {
      rows: [
        figureRow(
          label,
          'planning + execution ms (plain statement)',
          total.toFixed(2),
          `≤ ${LIST_PLAN_TARGET_MS} ms`,
          verdict(total),
        ),
        figureRow(label, 'execution ms (plain statement)', execution.toFixed(2), '-', '-'),
        figureRow(
          label,
          'planning + execution ms (prepared, as the api runs it)',
          preparedTotal.toFixed(2),
          `≤ ${LIST_PLAN_TARGET_MS} ms`,
          verdict(preparedTotal),
        ),
        figureRow(label, 'rows of the largest scan / buffers', `${facts.largestScan} / ${facts.buffers}`, '-', '-'),
      ],
      notes: [
        `List plan (e): medians of ${RUNS} EXPLAIN (ANALYZE, BUFFERS) runs on one warm connection, as ` +
          `${member.email} (company ${member.actor.companyId}); the plan is in ${path.relative(path.join(LOG_DIR, '..', '..'), planFile)}. ` +
          'The largest scan is the bounded count (it stops after 1,001 index entries); the page itself reads ' +
          'offset + limit entries of each side.',
      ],
    };
  } finally {
    await client.end();
  }
}

function figureRow(benchmark, figure, ours, target, verdict) {
  return { benchmark, figure, ours, raw: '-', ratio: '-', target, verdict };
}
