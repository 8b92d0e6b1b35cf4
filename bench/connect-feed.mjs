// The integration API's change feed (GET /api/v1/events) at size: a company with FEED_EVENTS entries, read by one
// client paging with limit=500 from the start to the end. Ours: through the api (each entry built as the live
// message of the company's side). Raw: the feed's own statement paged over pg alone (what PostgreSQL gives before
// any message is built). And the page's SQL under EXPLAIN ANALYZE at the middle of the feed.
import db from '@casebridge/db';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { row } from './lib/report.mjs';
import { numbered } from './lib/sql.mjs';

/** The issue's targets: events a second to one client, and the SQL of one page at that size. */
export const FEED_EVENTS_PER_SECOND_TARGET = 20_000;
export const FEED_PAGE_SQL_TARGET_MS = 2;
const PAGE = 500;
const RUNS = 25;

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

/**
 * Tops the company's feed up to `events` entries: notes on its first thousand cases, written as the product writes
 * them (a case_notes row with its text, and a note_added entry naming it), through the real triggers.
 */
async function fillFeed(client, companyId, events) {
  const { rows } = await client.query('select count(*)::int as n from case_feed where company_id = $1', [companyId]);
  const missing = events - rows[0].n;
  if (missing <= 0) return rows[0].n;
  const cases = (
    await client.query(
      `select id from cases where submitter_company_id = $1 or receiver_company_id = $1 order by id limit 1000`,
      [companyId],
    )
  ).rows.map((kase) => kase.id);
  const perCase = Math.ceil(missing / cases.length);
  await client.query('begin');
  await client.query(
    `with notes as (
       insert into case_notes (case_id, company_id, creator_name, summary, description, created_at)
       select c.id, $3, 'Bench Engineer', 'Bench update ' || g,
              repeat('Collected the logs and checked the firmware level; next step agreed with the partner. ', 4),
              now()
         from cases c, generate_series(1, $2::int) g
        where c.id = any($1::int[])
       returning id, case_id, summary
     )
     insert into case_events (case_id, seq, type, actor_label, payload, created_at)
     select n.case_id, c.event_seq + row_number() over (partition by n.case_id order by n.id), 'note_added',
            'Bench Engineer', jsonb_build_object('summary', n.summary, 'note_id', n.id), now()
       from notes n join cases c on c.id = n.case_id`,
    [cases, perCase, companyId],
  );
  await client.query('update cases set event_seq = event_seq + $2 where id = any($1::int[])', [cases, perCase]);
  await client.query('commit');
  await client.query('vacuum (analyze) case_feed');
  return rows[0].n + perCase * cases.length;
}

/** The statement readCaseFeed runs, captured with a recording runner (as the api and worker run it). */
async function feedStatement(companyId, after, limit) {
  let captured;
  await db.readCaseFeed(
    async (sql, params) => {
      captured = { text: numbered(sql), values: [...params] };
      return [];
    },
    companyId,
    after,
    limit,
  );
  return captured;
}

export async function runConnectFeedBench({ apiUrl, databaseUrl, member, settings }) {
  const companyId = member.actor.companyId;
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const total = await fillFeed(client, companyId, settings.feedEvents);

    // Ours: one client pages through the whole feed over HTTP.
    let started = performance.now();
    let cursor = null;
    let seen = 0;
    for (;;) {
      const url = `${apiUrl}/api/v1/events?limit=${PAGE}${cursor ? `&after=${cursor}` : ''}`;
      const answer = await fetch(url, { headers: { Authorization: `Bearer ${member.token}` } });
      if (!answer.ok) throw new Error(`GET /api/v1/events answered ${answer.status}: ${await answer.text()}`);
      const page = await answer.json();
      seen += page.data.length;
      cursor = page.next_cursor;
      if (!page.has_more) break;
    }
    const oursPerSecond = seen / ((performance.now() - started) / 1000);

    // Raw: the same statement, paged over one pg connection, no message built.
    started = performance.now();
    let position = null;
    let rawSeen = 0;
    for (;;) {
      const statement = await feedStatement(companyId, position, PAGE + 1);
      const { rows } = await client.query(statement.text, statement.values);
      const page = rows.slice(0, PAGE);
      rawSeen += page.length;
      if (page.length) position = { feedKey: page.at(-1).feed_key, eventId: page.at(-1).event_id };
      if (rows.length <= PAGE) break;
    }
    const rawPerSecond = rawSeen / ((performance.now() - started) / 1000);

    // One page's SQL in the middle of the feed, warm.
    const middle = (
      await client.query(
        `select feed_key::text as feed_key, event_id from case_feed where company_id = $1
          order by feed_key, event_id offset $2 limit 1`,
        [companyId, Math.floor(total / 2)],
      )
    ).rows[0];
    const statement = await feedStatement(companyId, { feedKey: middle.feed_key, eventId: middle.event_id }, PAGE + 1);
    const plans = [];
    for (let run = 0; run < RUNS + 3; run += 1) {
      const { rows } = await client.query(`explain (analyze, format json) ${statement.text}`, statement.values);
      plans.push(rows[0]['QUERY PLAN'][0]);
    }
    const pageMs = median(plans.slice(3).map((plan) => plan['Planning Time'] + plan['Execution Time']));

    settings.log(
      `connect feed: ${seen} events over HTTP at ${oursPerSecond.toFixed(0)}/s, raw SQL ${rawPerSecond.toFixed(0)}/s; ` +
        `page SQL ${pageMs.toFixed(2)} ms`,
    );
    const label = `GET /api/v1/events, limit=${PAGE}, one client, ${seen} events of one company`;
    return {
      rows: [
        row(label, 'events /s (ours vs the feed SQL alone)', oursPerSecond, rawPerSecond, null),
        row(
          label,
          `events /s (ours vs the target ${FEED_EVENTS_PER_SECOND_TARGET})`,
          oursPerSecond,
          FEED_EVENTS_PER_SECOND_TARGET,
          {
            min: 1,
          },
        ),
        row(
          `${label}: one page's SQL mid-feed`,
          `ms (vs the target ${FEED_PAGE_SQL_TARGET_MS})`,
          pageMs,
          FEED_PAGE_SQL_TARGET_MS,
          {
            max: 1,
          },
        ),
      ],
      notes: [
        `Connect feed: ${member.email}'s company (${companyId}) topped up to ${total} feed entries (notes with ` +
          'their text, each a case_notes row and its entry, written through the triggers); ours builds every entry as the live message of the ' +
          `company's side; the SQL figure is the median of ${RUNS} warm EXPLAIN ANALYZE runs (planning + execution).`,
      ],
    };
  } finally {
    await client.end();
  }
}
