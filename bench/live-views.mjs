// Live views: what the user sees, with the requests it causes and the api's CPU (issue 16, benchmarks (a), (b)).
// (a) Note visible: N simulated browsers, each holding the case page it read (GET case-details), follow the case as
//     the documented protocol says (docs/realtime.md) and apply every entry to what they hold (the same
//     applyCaseEventToDetail the web app uses); per note, the time from just before the POST until the note is in
//     every browser's state. Requests caused are counted by the api itself (its one log line per request), the api's
//     CPU from /proc. Raw limit: a bare Socket.IO server broadcasting the same message to the same N clients.
// (b) Company list live: N members of one company, each holding its dashboard list (company, 30 days, open), one
//     case of the company changes (the receiving engineer's details); the time until every list shows the changed
//     row on top (placed with the web app's placeRow / caseRowBelongs, a list that cannot place it reads again), and
//     the requests that caused.
import { Buffer } from 'node:buffer';
import { readFileSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';
import contracts from '@casebridge/contracts';
import pg from 'pg';
import { deleteRedisPrefix, newJwtSecret, signInToken, startApiInstance } from './lib/api-process.mjs';
import { percentiles } from './lib/load.mjs';
import { stopChild } from './lib/processes.mjs';
import { noteRow, row } from './lib/report.mjs';
import { openFleet } from './lib/socket-fleet.mjs';
import { measureRawBroadcast, postJson } from './live-events.mjs';

const { API, CLIENT_EVENTS, SERVER_EVENTS, applyCaseEventToDetail, caseRowBelongs, endpointPath, placeRow } = contracts;

/** The targets: note visible p99 within 2x raw; 1 request per note; CPU at 1,000 within 3x of 10; <= 50. */
const TARGETS = { visibleP99: 2, requestsPerNote: 1, cpuGrowth: 3, listRequests: 50 };
const SIGNED_IN_USERS = 10;

async function query(databaseUrl, sql, params = []) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    return (await client.query(sql, params)).rows;
  } finally {
    await client.end();
  }
}

/**
 * An accepted case of the last 30 days between two generated companies that both show notes, the active members
 * of its submitting company (first) and its receiving one. Of the biggest company's cases, the one with the fewest
 * notes: a reused database would otherwise hand every run the case earlier runs filled with their notes, and each
 * simulated page would apply every note to a feed of thousands.
 */
async function benchCase(databaseUrl) {
  const [found] = await query(
    databaseUrl,
    `select c.id, c.token, c.submitter_company_id, c.receiver_company_id from cases c
      join companies s on s.id = c.submitter_company_id and s.allow_notes and s.membership_type <> 'limited'
      join companies r on r.id = c.receiver_company_id and r.allow_notes and r.membership_type <> 'limited'
      where c.status = 'accepted' and c.deleted_at is null and c.is_sample = false
        and c.created_at > now() - interval '20 days' and s.slug like 'bench-%' and r.slug like 'bench-%'
      order by (select count(*) from users u where u.company_id = c.submitter_company_id) desc,
        (select count(*) from case_notes n where n.case_id = c.id), c.id limit 1`,
  );
  if (!found) throw new Error('the bench database holds no recent accepted case between generated companies');
  const members = await query(
    databaseUrl,
    `select email, company_id from users where company_id = any($1) and status = 'active' and approval_status = 'approved'
      order by (company_id = $2) desc, id`,
    [[found.submitter_company_id, found.receiver_company_id], found.submitter_company_id],
  );
  const submitters = members.filter((member) => member.company_id === found.submitter_company_id);
  return { ...found, submitters: submitters.map((member) => member.email), everyone: members.map((m) => m.email) };
}

async function getJson(url, token) {
  const response = await fetch(url, { headers: { authorization: `Bearer ${token}` } });
  if (!response.ok) throw new Error(`GET ${url}: ${response.status}`);
  return response.json();
}

/**
 * The requests the api logged (one line each) and its CPU seconds over a measured window. The log is written
 * asynchronously, so each end of the window is a sentinel request whose own log line is waited for.
 */
let sentinels = 0;

function apiMeter(api) {
  const ticksPerSecond = 100; // USER_HZ on Linux
  const cpu = () => {
    const fields = readFileSync(`/proc/${api.child.pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return (Number(fields[11]) + Number(fields[12])) / ticksPerSecond;
  };
  const log = () => readFileSync(api.child.logFile, 'utf8');
  /** Sends a sentinel request and answers the log's length once the sentinel's line is in it. */
  const mark = async () => {
    const label = `bench-mark-${process.pid}-${++sentinels}`;
    await fetch(`${api.url}/api/auth/middleware?mark=${label}`);
    for (;;) {
      const text = log();
      const at = text.indexOf(label);
      if (at >= 0) return text.indexOf('\n', at) + 1;
      await sleep(20);
    }
  };
  return {
    start: async () => ({ from: await mark(), cpu: cpu() }),
    since: async ({ from, cpu: cpuBefore }) => {
      const cpuSeconds = cpu() - cpuBefore;
      const to = await mark();
      const lines = log().slice(from, to).split('\n');
      // The closing sentinel's own line is not counted.
      const requests = lines.filter((line) => line.includes('"url":"/api/') && !line.includes('bench-mark-')).length;
      return { cpuSeconds, requests };
    },
  };
}

/** (a) N browsers on the case page; `notes` notes posted one after another. */
async function noteVisible({ api, kase, clients, notes, tokens }) {
  const detailUrl = `${api.url}/api/${endpointPath(API.cases.details.path, { token: kase.token })}`;
  const states = [];
  const fleet = await openFleet({
    count: clients,
    urlOf: () => api.url,
    authOf: (index) => ({ token: tokens[index % tokens.length] }),
    join: async (socket, index) => {
      states[index] = (await getJson(detailUrl, tokens[index % tokens.length])).case;
      const answer = await socket
        .timeout(30_000)
        .emitWithAck(CLIENT_EVENTS.followCase, { case_token: kase.token, after_seq: states[index].event_seq });
      if (!answer.ok) throw new Error(`case.follow refused: ${answer.error}`);
    },
    // Shown when the note the entry carries is in the page's feed after applying it.
    shows: (index, message) => {
      states[index] = applyCaseEventToDetail(states[index], message);
      return message.note !== undefined && states[index].notes.some((note) => note.id === message.note.id);
    },
  });
  let sample = null;
  fleet.sockets[0].on(SERVER_EVENTS.caseEvent, (message) => (sample ??= message));
  const noteUrl = `${api.url}/api/${endpointPath(API.cases.addNote.path, { token: kase.token })}`;
  const meter = apiMeter(api);
  try {
    const firstSeq = states[0].event_seq + 1;
    const before = await meter.start();
    const result = await fleet.measure({
      notes,
      seqOf: (k) => firstSeq + k,
      trigger: (k) => postJson(noteUrl, tokens[0], { summary: `Bench visible note ${k + 1}`, description: '' }),
    });
    const used = await meter.since(before);
    return { ...result, sample, requestsPerNote: used.requests / notes, cpuPerNote: used.cpuSeconds / notes };
  } finally {
    await fleet.close();
  }
}

/** (b) N members of the case's submitting company, each holding its dashboard list; the case changes `changes` times. */
async function listLive({ api, kase, clients, changes, tokens, userIds }) {
  const list = {
    scope: 'company',
    recent: true,
    query: { not_closed: 'true', sort: 'updated_at', dir: 'desc', page: 1, limit: 10 },
  };
  const listUrl =
    `${api.url}/api/${endpointPath(API.cases.listRecent.path, { scope: 'company', days: 30 })}` +
    '?not_closed=true&sort=updated_at&dir=desc&page=1&limit=10';
  const lists = [];
  const view = { page: 1, sort: 'updated_at', dir: 'desc', enterable: false };
  const fleet = await openFleet({
    count: clients,
    event: SERVER_EVENTS.casesChanged,
    urlOf: () => api.url,
    authOf: (index) => ({ token: tokens[index % tokens.length] }),
    join: async (_socket, index) => {
      lists[index] = await getJson(listUrl, tokens[index % tokens.length]);
    },
    // Shown when the changed row is on top of the list: placed in what the client holds, or read again.
    shows: async (index, change) => {
      const viewer = { userId: userIds[index % userIds.length], role: 'caller' };
      const belongs = caseRowBelongs(change, list, viewer);
      const placed = placeRow(lists[index], view, { row: change.row, isNew: change.seq === 1, belongs });
      if (placed.kind === 'set') lists[index] = placed.list;
      if (placed.kind === 'refetch') lists[index] = await getJson(listUrl, tokens[index % tokens.length]);
      const top = lists[index].data[0];
      return top?.token === change.case_token && top.updated_at === change.row.updated_at;
    },
  });
  let sample = null;
  fleet.sockets[0].on(SERVER_EVENTS.casesChanged, (message) => (sample ??= message));
  // A member of the receiving company changes the case (its engineer's details, which moves the case up every
  // list: a note leaves the list row as it was); its followers are none of these members.
  const writer = await signInToken(api.url, kase.everyone.at(-1));
  const changeUrl = `${api.url}/api/${endpointPath(API.cases.updateResponse.path, { token: kase.token })}`;
  const meter = apiMeter(api);
  try {
    const [{ event_seq }] = await query(api.databaseUrl, 'select event_seq from cases where id = $1', [kase.id]);
    const before = await meter.start();
    const result = await fleet.measure({
      notes: changes,
      seqOf: (k) => event_seq + 1 + k,
      trigger: (k) =>
        postJson(changeUrl, writer, {
          engineer_name: `Bench Engineer ${k + 1}`,
          engineer_email: `bench.engineer.${k + 1}@example.test`,
          engineer_phone: null,
          engineer_country_code: '',
        }),
    });
    const used = await meter.since(before);
    // The triggering POST is not caused by the change: every other request is.
    return { ...result, sample, requestsPerChange: used.requests / changes - 1 };
  } finally {
    await fleet.close();
  }
}

const summary = (result) => ({ ...percentiles(result.lastClientMs), lost: result.lost + result.duplicates });

export async function runLiveViewsBench({ databaseUrl, redisUrl, settings }) {
  const kase = await benchCase(databaseUrl);
  const redisPrefix = `casebridge_bench_${process.pid}${Date.now().toString(36)}_views`;
  const api = await startApiInstance('api-live-views', {
    databaseUrl,
    redisUrl,
    redisPrefix,
    jwtSecret: newJwtSecret(),
  });
  api.databaseUrl = databaseUrl;
  const rows = [];
  const notes = [];
  try {
    const tokens = [];
    for (const email of kase.everyone.slice(0, SIGNED_IN_USERS)) tokens.push(await signInToken(api.url, email));
    const sizes = [...new Set([10, 100, settings.liveClients])].sort((a, b) => a - b);
    const visible = {};
    for (const clients of sizes) {
      visible[clients] = await noteVisible({ api, kase, clients, notes: settings.liveNotes, tokens });
      settings.log(
        `note visible, ${clients} browsers: p50 ${summary(visible[clients]).p50.toFixed(1)} ms, ` +
          `p99 ${summary(visible[clients]).p99.toFixed(1)} ms, ` +
          `${visible[clients].requestsPerNote.toFixed(2)} requests and ${(visible[clients].cpuPerNote * 1000).toFixed(1)} ms api CPU per note`,
      );
    }
    const largest = sizes.at(-1);
    const raw = await measureRawBroadcast({
      instances: 1,
      redisUrl,
      redisPrefix: `${redisPrefix}_raw`,
      sample: visible[largest].sample,
      clients: largest,
      notes: settings.liveNotes,
    });
    settings.log(
      `bare emit, ${largest} clients: p50 ${summary(raw).p50.toFixed(1)} ms, p99 ${summary(raw).p99.toFixed(1)} ms`,
    );
    for (const clients of sizes.filter((size) => size >= 100)) {
      const label = `note visible in ${clients.toLocaleString('en-US')} browsers' state (POST to every page)`;
      const ours = summary(visible[clients]);
      rows.push(
        row(
          label,
          'p99 ms',
          ours.p99,
          clients === largest ? summary(raw).p99 : null,
          clients === largest ? { max: TARGETS.visibleP99 } : null,
        ),
      );
      rows.push(
        noteRow(
          label,
          'requests per note',
          visible[clients].requestsPerNote.toFixed(2),
          `${TARGETS.requestsPerNote}`,
          visible[clients].requestsPerNote <= TARGETS.requestsPerNote ? 'pass' : 'miss',
        ),
      );
      rows.push(noteRow(label, 'lost / duplicated', `${ours.lost}`, '0', ours.lost === 0 ? 'pass' : 'miss'));
    }
    const cpuGrowth = visible[largest].cpuPerNote / Math.max(visible[10].cpuPerNote, 0.001);
    rows.push(
      noteRow(
        `api CPU per note, ${largest.toLocaleString('en-US')} vs 10 watchers`,
        'ratio',
        `${(visible[largest].cpuPerNote * 1000).toFixed(1)} ms / ${(visible[10].cpuPerNote * 1000).toFixed(1)} ms = ${cpuGrowth.toFixed(2)}x`,
        `<= ${TARGETS.cpuGrowth}x`,
        cpuGrowth <= TARGETS.cpuGrowth ? 'pass' : 'miss',
      ),
    );

    const members = kase.submitters.slice(0, SIGNED_IN_USERS);
    const memberTokens = [];
    for (const email of members) memberTokens.push(await signInToken(api.url, email));
    const userIds = (
      await query(databaseUrl, 'select id from users where email = any($1) order by array_position($1, email)', [
        members,
      ])
    ).map((r) => r.id);
    const changes = Math.max(10, Math.round(settings.liveNotes / 5));
    const lists = await listLive({ api, kase, clients: largest, changes, tokens: memberTokens, userIds });
    const rawList = await measureRawBroadcast({
      instances: 1,
      redisUrl,
      redisPrefix: `${redisPrefix}_rawlist`,
      sample: lists.sample,
      clients: largest,
      notes: changes,
    });
    const label = `one case change, ${largest.toLocaleString('en-US')} company members' dashboard lists`;
    rows.push(row(label, 'p99 ms (all lists show it)', summary(lists).p99, summary(rawList).p99, null));
    rows.push(
      noteRow(
        label,
        'requests caused per change',
        lists.requestsPerChange.toFixed(1),
        `<= ${TARGETS.listRequests}`,
        lists.requestsPerChange <= TARGETS.listRequests ? 'pass' : 'miss',
      ),
    );
    notes.push(
      `Live views: ${settings.liveNotes} notes (and ${changes} list changes) one after another; simulated browsers apply ` +
        'each entry with the contracts functions the web app uses. Requests are counted from the api log (one line per ' +
        `request), CPU from /proc (10 ms ticks). A ${Buffer.byteLength(JSON.stringify(visible[largest].sample))}-byte ` +
        `case.event; a ${Buffer.byteLength(JSON.stringify(lists.sample))}-byte cases.changed. The list clients hold the ` +
        'company list of the last 30 days (every member sees the row move up); a "mine" list ignores other people\'s cases.',
    );
  } finally {
    await stopChild(api.child);
    await deleteRedisPrefix(redisUrl, redisPrefix);
  }
  return { rows, notes };
}
