// Live events: a note posted through the REST api on a case followed by N Socket.IO clients (default 1,000); per
// note, the time from just before the POST until the last client has its `case.event`. Raw limit: a bare Socket.IO
// server (raw-socketio-server.mjs, own process) broadcasting the same message to a room of the same N clients on
// an HTTP trigger. Then both again as two instances on one Redis (ours: a case event's messages as one fan-out
// stream entry; raw: the Redis Streams adapter), half of the clients on each and the note (or trigger) sent to the
// first.
import { Buffer } from 'node:buffer';
import contracts from '@casebridge/contracts';
import pg from 'pg';
import { deleteRedisPrefix, newJwtSecret, signInToken, startApiInstance } from './lib/api-process.mjs';
import { percentiles } from './lib/load.mjs';
import { freePort, processCpuSeconds, startNode, stopChild, waitForHttpOk } from './lib/processes.mjs';
import { row } from './lib/report.mjs';
import { openFleet } from './lib/socket-fleet.mjs';

/** The targets: last-client p99 within 1.5x of raw on one instance, 2x across two. */
const TARGETS = { one: 1.5, two: 2 };
/** Sign-ins whose tokens the clients share (sessions are per sign-in; the gateway authenticates each socket). */
const SIGNED_IN_USERS = 10;

/** An accepted case of two generated, non-limited companies, and active members of both (posters first). */
export async function benchCase(databaseUrl) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query(`select c.id, c.token, c.submitter_company_id, c.receiver_company_id
      from cases c
      join companies s on s.id = c.submitter_company_id and s.allow_notes and s.membership_type <> 'limited'
      join companies r on r.id = c.receiver_company_id and r.allow_notes and r.membership_type <> 'limited'
      where c.status = 'accepted' and c.deleted_at is null and s.slug like 'bench-%' and r.slug like 'bench-%'
      order by c.id limit 1`);
    if (rows.length === 0) throw new Error('the bench database holds no accepted case between generated companies');
    const [found] = rows;
    const users = await client.query(
      `select email from users where company_id = any($1) and status = 'active'
        order by (company_id = $2) desc, id limit ${SIGNED_IN_USERS}`,
      [[found.submitter_company_id, found.receiver_company_id], found.submitter_company_id],
    );
    return { token: found.token, emails: users.rows.map((user) => user.email) };
  } finally {
    await client.end();
  }
}

export async function postJson(url, token, body) {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`POST ${url}: ${response.status} ${await response.text()}`);
  await response.arrayBuffer();
}

/** Ours: clients spread over `apiUrls`, each following the case; notes posted to the first instance. */
export async function measureOurs({ apiUrls, kase, settings }) {
  const tokens = [];
  for (const email of kase.emails) tokens.push(await signInToken(apiUrls[0], email));
  const clients = settings.liveClients;
  let seqBefore = 0;
  let sample = null;
  const fleet = await openFleet({
    count: clients,
    urlOf: (index) => apiUrls[Math.floor((index * apiUrls.length) / clients)],
    authOf: (index) => ({ token: tokens[index % tokens.length] }),
    join: async (socket) => {
      const answer = await socket
        .timeout(30_000)
        .emitWithAck(contracts.CLIENT_EVENTS.followCase, { case_token: kase.token });
      if (!answer.ok) throw new Error(`case.follow refused: ${answer.error}`);
      seqBefore = Math.max(seqBefore, answer.seq);
    },
  });
  fleet.sockets[0].on(contracts.SERVER_EVENTS.caseEvent, (message) => (sample ??= message));
  const noteUrl = `${apiUrls[0]}/api/${contracts.API.cases.addNote.path.replace(':token', kase.token)}`;
  try {
    const firstSeq = seqBefore + 1;
    const result = await fleet.measure({
      notes: settings.liveNotes,
      seqOf: (k) => firstSeq + k,
      trigger: (k) => postJson(noteUrl, tokens[0], { summary: `Bench live note ${k + 1}`, description: '' }),
    });
    return { ...result, sample };
  } finally {
    await fleet.close();
  }
}

/**
 * Raw: bare Socket.IO servers (with the streams adapter when there are two) broadcasting `sample` to `clients`
 * clients `notes` times; the trigger goes to the first. With `balance` (a function that puts a balancer in front of
 * the servers' URLs and answers `{ url, stop }`), clients and triggers go through the balancer instead.
 */
export async function measureRawBroadcast({ instances, redisUrl, redisPrefix, sample, clients, notes, balance }) {
  const servers = [];
  const stops = [];
  try {
    for (let index = 0; index < instances; index += 1) {
      const port = await freePort();
      const child = startNode(`raw-socketio-${index + 1}`, ['bench/raw-socketio-server.mjs'], {
        ...process.env,
        PORT: String(port),
        ...(instances > 1 ? { REDIS_URL: redisUrl, REDIS_PREFIX: redisPrefix } : { REDIS_URL: '' }),
      });
      const url = `http://127.0.0.1:${port}`;
      await waitForHttpOk(`${url}/health`, child);
      servers.push({ child, url });
    }
    const front = balance ? await balance(servers.map((server) => server.url)) : null;
    if (front) stops.push(front.stop);
    const fleet = await openFleet({
      count: clients,
      urlOf: (index) => front?.url ?? servers[Math.floor((index * instances) / clients)].url,
      authOf: () => ({}),
      join: (socket) => socket.timeout(30_000).emitWithAck('join', {}),
    });
    try {
      const cpuBefore = processCpuSeconds(servers[0].child.pid);
      const result = await fleet.measure({
        notes,
        seqOf: (k) => k + 1,
        trigger: (k) => postJson(`${front?.url ?? servers[0].url}/broadcast`, null, { ...sample, seq: k + 1 }),
      });
      // The first server's CPU over the broadcasts (the one the triggers reach), for benches that compare CPU.
      return { ...result, cpuSeconds: processCpuSeconds(servers[0].child.pid) - cpuBefore };
    } finally {
      await fleet.close();
    }
  } finally {
    for (const stop of stops) await stop();
    for (const server of servers) await stopChild(server.child);
  }
}

function summary(result) {
  return {
    ...percentiles(result.lastClientMs),
    triggerP50: percentiles(result.triggerMs).p50,
    lost: result.lost,
    duplicates: result.duplicates,
    drops: result.drops,
  };
}

export async function runLiveEventsBench({ databaseUrl, redisUrl, settings }) {
  const kase = await benchCase(databaseUrl);
  const runId = `${process.pid}${Date.now().toString(36)}`;
  const redisPrefix = `casebridge_bench_${runId}_live`;
  const rawPrefix = `casebridge_bench_${runId}_rawio`;
  const jwtSecret = newJwtSecret();
  const instanceOptions = { databaseUrl, redisUrl, redisPrefix, jwtSecret };
  const results = {};
  const apis = [];
  try {
    for (const instances of [1, 2]) {
      while (apis.length < instances) apis.push(await startApiInstance(`api-live-${apis.length + 1}`, instanceOptions));
      const ours = await measureOurs({ apiUrls: apis.map((api) => api.url), kase, settings });
      if (!ours.sample) throw new Error('no case.event reached the clients: see var/bench/api-live-1.log');
      const raw = await measureRawBroadcast({
        instances,
        redisUrl,
        redisPrefix: rawPrefix,
        sample: ours.sample,
        clients: settings.liveClients,
        notes: settings.liveNotes,
      });
      results[instances] = {
        ours: summary(ours),
        raw: summary(raw),
        bytes: Buffer.byteLength(JSON.stringify(ours.sample)),
      };
      settings.log(
        `live events, ${instances} instance(s): ours p50 ${results[instances].ours.p50.toFixed(1)} ms p99 ` +
          `${results[instances].ours.p99.toFixed(1)} ms (lost ${ours.lost}), raw p50 ${results[instances].raw.p50.toFixed(1)} ` +
          `ms p99 ${results[instances].raw.p99.toFixed(1)} ms (lost ${raw.lost})`,
      );
    }
  } finally {
    for (const api of apis) await stopChild(api.child);
    await deleteRedisPrefix(redisUrl, redisPrefix);
    await deleteRedisPrefix(redisUrl, rawPrefix);
  }

  const clients = settings.liveClients.toLocaleString('en-US');
  const rows = [];
  for (const [instances, label] of [
    [1, `live events: note to ${clients} Socket.IO clients, last client, one instance`],
    [2, `live events: note to ${clients} Socket.IO clients, last client, two instances on one Redis`],
  ]) {
    const { ours, raw } = results[instances];
    rows.push(row(label, 'p50 ms', ours.p50, raw.p50, null));
    rows.push(row(label, 'p99 ms', ours.p99, raw.p99, { max: TARGETS[instances === 1 ? 'one' : 'two'] }));
    const lost = ours.lost + ours.duplicates;
    rows.push({
      benchmark: label,
      figure: 'lost / duplicated deliveries',
      ours: `${ours.lost} / ${ours.duplicates}`,
      raw: `${raw.lost} / ${raw.duplicates}`,
      ratio: '-',
      target: '0',
      verdict: lost === 0 ? 'pass' : 'miss',
    });
  }
  const notes = [
    `Live events: ${settings.liveNotes} notes one after another, each timed from just before its POST (ours) or ` +
      `broadcast request (raw) until all ${clients} clients had it; a ${results[1].bytes}-byte case.event. Clients, ` +
      'api and raw servers are separate processes on the same machine; ours includes writing the note.',
    `Live events, where the time goes: the note's POST answered in ${results[1].ours.triggerP50.toFixed(0)} ms ` +
      `(p50; raw trigger ${results[1].raw.triggerP50.toFixed(0)} ms) on one instance, ` +
      `${results[2].ours.triggerP50.toFixed(0)} ms on two. Our clients follow the case, so they get the case.event ` +
      "alone: the company's cases.changed skips the case room (it was a second packet per client). Sockets dropped " +
      `during the runs: ours ${results[1].ours.drops + results[2].ours.drops}, raw ${results[1].raw.drops + results[2].raw.drops}.`,
  ];
  return { rows, notes };
}
