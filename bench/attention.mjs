// Attention (issue 28, performance). (1) Fan-out: a note on a case watched by W users (W = 10 and 1,000, each with
// its own signed-in socket in its user room) reaches every watcher's bell and list marks as one `watch.entry`; per
// note, the time from just before the POST until the last watcher has it, the api's CPU (from /proc) and the
// requests the api served (its Prometheus request counter): the POST alone. Raw limit: a bare Socket.IO server
// emitting the same message to the same 1,000 sockets. (2) My Cases with unread marks for a user watching 10,000
// cases: the SQL of one page (attention-list.mjs).
import { Buffer } from 'node:buffer';
import { randomUUID } from 'node:crypto';
import contracts from '@casebridge/contracts';
import jwt from 'jsonwebtoken';
import pg from 'pg';
import { runMyCasesSql } from './attention-list.mjs';
import { deleteRedisPrefix, newJwtSecret, signInToken, startApiInstance } from './lib/api-process.mjs';
import { percentiles } from './lib/load.mjs';
import { processCpuSeconds, stopChild } from './lib/processes.mjs';
import { noteRow, row } from './lib/report.mjs';
import { openFleet } from './lib/socket-fleet.mjs';
import { measureRawBroadcast, postJson } from './live-events.mjs';

const { API, SERVER_EVENTS, endpointPath } = contracts;

/** The targets: the POST is the only request; api CPU per note at 1,000 watchers within 3x of 10. */
const TARGETS = { requestsPerNote: 1, cpuGrowth: 3 };
const WATCHER_SIZES = [10, 1_000];
/** Untimed notes before each measured run, so the first run does not pay the JIT's warm-up. */
const WARM_UP_NOTES = 5;
/** The users this bench inserts (and deletes again): their own mail domain. */
const WATCHER_DOMAIN = 'attention-bench.test';

/**
 * An accepted case between two generated companies that both show notes (the one with the fewest notes, so a reused
 * database does not hand every run a case earlier runs filled) and an active member of its receiving company, who
 * posts the notes.
 */
async function benchCase(client) {
  const { rows } = await client.query(`select c.id, c.token, c.submitter_company_id, u.email as poster
      from cases c
      join companies s on s.id = c.submitter_company_id and s.allow_notes and s.membership_type <> 'limited'
      join companies r on r.id = c.receiver_company_id and r.allow_notes and r.membership_type <> 'limited'
      join lateral (select email from users where company_id = r.id and status = 'active'
        and approval_status = 'approved' and role = 'caller' order by id limit 1) u on true
      where c.status = 'accepted' and c.deleted_at is null and c.is_sample = false
        and s.slug like 'bench-%' and r.slug like 'bench-%'
      order by (select count(*) from case_notes n where n.case_id = c.id), c.id limit 1`);
  if (rows.length === 0) throw new Error('the bench database holds no accepted case between generated companies');
  return rows[0];
}

/**
 * `count` users of the case's submitting company, inserted with SQL (sharing a generated user's password hash), and
 * one session each, inserted as the api's sign-in writes it and signed with the api's JWT secret: 1,000 sign-ins
 * through /api/auth/login would cost ~50 s of argon2 on this machine, which is not what this benchmark measures.
 */
async function insertWatchers(client, kase, count, jwtSecret) {
  await client.query(`delete from users where email like $1`, [`%@${WATCHER_DOMAIN}`]);
  const { rows } = await client.query(
    `insert into users (first_name, last_name, email, role, type, status, approval_status, email_verified_at,
        company_id, password_hash, agreement_date, registration_type, created_at, updated_at)
      select 'Watcher', 'Bench ' || g, 'watcher' || g || '@${WATCHER_DOMAIN}', 'caller', 'basic', 'active',
        'approved', now(), $1, (select password_hash from users where company_id = $1 and password_hash is not null
          order by id limit 1), now(), 'admin', now(), now()
      from generate_series(1, $2::int) g
      returning id`,
    [kase.submitter_company_id, count],
  );
  const userIds = rows.map((user) => user.id).sort((a, b) => a - b);
  const sessions = await client.query(
    `insert into auth_sessions (uuid, user_id, current_jti, last_used_at, refresh_until)
      select gen_random_uuid(), id, $2, now(), now() + interval '1 hour' from unnest($1::int[]) id
      returning uuid, user_id, current_jti`,
    [userIds, randomUUID()],
  );
  const tokenOf = new Map(
    sessions.rows.map((session) => [
      session.user_id,
      jwt.sign({ sub: String(session.user_id), sid: session.uuid, jti: session.current_jti }, jwtSecret, {
        algorithm: 'HS256',
        expiresIn: 3600,
      }),
    ]),
  );
  return userIds.map((id) => ({ id, token: tokenOf.get(id) }));
}

/** The watching rows of `users` on the case (side submitter, read up to now), and no other watcher of the case. */
async function setWatchers(client, kase, users) {
  await client.query('update case_readers set watching = false where case_id = $1 and watching', [kase.id]);
  await client.query(
    `insert into case_readers (user_id, case_id, side, watching, read_seq, read_count)
      select u, c.id, 'submitter', true, c.event_seq, c.entries_submitter from cases c, unnest($2::int[]) u
      where c.id = $1
      on conflict (user_id, case_id) do update set watching = true`,
    [kase.id, users.map((user) => user.id)],
  );
}

/** Requests the api answered under /api (its request-duration histogram's counts) and watch.entry emits. */
async function apiCounters(apiUrl) {
  const text = await (await fetch(`${apiUrl}/metrics`)).text();
  let requests = 0;
  let watchEmits = 0;
  for (const line of text.split('\n')) {
    const count = /^http_request_duration_seconds_count\{(.*)\} (\d+)$/.exec(line);
    if (count && /route="\/api\//.test(count[1])) requests += Number(count[2]);
    const emits = /^realtime_events_emitted_total\{event="watch\.entry"\} (\d+)$/.exec(line);
    if (emits) watchEmits = Number(emits[1]);
  }
  return { requests, watchEmits };
}

/** W watchers with their sockets open; `notes` notes posted one after another by the partner. */
async function fanOut({ api, client, kase, users, posterToken, notes }) {
  await setWatchers(client, kase, users);
  let sample = null;
  const fleet = await openFleet({
    count: users.length,
    event: SERVER_EVENTS.watchEntry,
    urlOf: () => api.url,
    authOf: (index) => ({ token: users[index].token }),
    // Every signed-in socket is in its user room from the handshake on: nothing to follow.
    join: async () => undefined,
  });
  fleet.sockets[0].on(SERVER_EVENTS.watchEntry, (message) => (sample ??= message));
  const noteUrl = `${api.url}/api/${endpointPath(API.cases.addNote.path, { token: kase.token })}`;
  const post = (label) => (k) =>
    postJson(noteUrl, posterToken, { summary: `Bench ${label} note ${k + 1}`, description: '' });
  const nextSeq = async () =>
    (await client.query('select event_seq from cases where id = $1', [kase.id])).rows[0].event_seq + 1;
  try {
    const warmSeq = await nextSeq();
    await fleet.measure({ notes: WARM_UP_NOTES, seqOf: (k) => warmSeq + k, trigger: post('warm-up') });
    const firstSeq = await nextSeq();
    const countersBefore = await apiCounters(api.url);
    const cpuBefore = processCpuSeconds(api.child.pid);
    const result = await fleet.measure({ notes, seqOf: (k) => firstSeq + k, trigger: post('attention') });
    const cpu = processCpuSeconds(api.child.pid) - cpuBefore;
    const countersAfter = await apiCounters(api.url);
    return {
      ...percentiles(result.lastClientMs),
      lost: result.lost,
      duplicates: result.duplicates,
      drops: result.drops,
      sample,
      cpuMsPerNote: (cpu * 1000) / notes,
      requestsPerNote: (countersAfter.requests - countersBefore.requests) / notes,
      emitsPerNote: (countersAfter.watchEmits - countersBefore.watchEmits) / notes,
    };
  } finally {
    await fleet.close();
  }
}

export async function runAttentionBench({ databaseUrl, redisUrl, settings }) {
  const redisPrefix = `casebridge_bench_${process.pid}${Date.now().toString(36)}_attention`;
  const jwtSecret = newJwtSecret();
  const api = await startApiInstance('api-attention', { databaseUrl, redisUrl, redisPrefix, jwtSecret });
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  const rows = [];
  const notes = [];
  try {
    const kase = await benchCase(client);
    const posterToken = await signInToken(api.url, kase.poster);
    const users = await insertWatchers(client, kase, Math.max(...WATCHER_SIZES), jwtSecret);
    const runs = {};
    for (const size of WATCHER_SIZES) {
      runs[size] = await fanOut({
        api,
        client,
        kase,
        users: users.slice(0, size),
        posterToken,
        notes: settings.liveNotes,
      });
      settings.log(
        `attention, ${size} watchers: last watcher p50 ${runs[size].p50.toFixed(1)} ms p99 ${runs[size].p99.toFixed(1)} ms, ` +
          `lost ${runs[size].lost}, ${runs[size].requestsPerNote.toFixed(2)} requests, ` +
          `${runs[size].cpuMsPerNote.toFixed(1)} ms api CPU and ${runs[size].emitsPerNote.toFixed(2)} watch.entry emits per note`,
      );
    }
    const largest = Math.max(...WATCHER_SIZES);
    if (!runs[largest].sample) throw new Error('no watch.entry reached the watchers: see var/bench/api-attention.log');
    const raw = await measureRawBroadcast({
      instances: 1,
      redisUrl,
      redisPrefix: `${redisPrefix}_raw`,
      sample: runs[largest].sample,
      clients: largest,
      notes: settings.liveNotes,
    });
    const rawSummary = percentiles(raw.lastClientMs);
    const rawCpuMs = raw.cpuSeconds === undefined ? NaN : (raw.cpuSeconds * 1000) / settings.liveNotes;
    settings.log(
      `attention raw emit to ${largest} sockets: p50 ${rawSummary.p50.toFixed(1)} ms p99 ${rawSummary.p99.toFixed(1)} ms, ` +
        `lost ${raw.lost}, ${rawCpuMs.toFixed(1)} ms server CPU per emit`,
    );
    for (const size of WATCHER_SIZES) {
      const ours = runs[size];
      const isLargest = size === largest;
      const label = `attention: note on a case watched by ${size.toLocaleString('en-US')} users, last watcher's bell`;
      rows.push(row(label, 'p50 ms', ours.p50, isLargest ? rawSummary.p50 : NaN, null));
      rows.push(row(label, 'p99 ms', ours.p99, isLargest ? rawSummary.p99 : NaN, null));
      rows.push(row(label, 'api CPU ms per note', ours.cpuMsPerNote, isLargest ? rawCpuMs : NaN, null));
      rows.push(
        noteRow(
          label,
          'requests per note',
          ours.requestsPerNote.toFixed(2),
          `${TARGETS.requestsPerNote}`,
          ours.requestsPerNote <= TARGETS.requestsPerNote ? 'pass' : 'miss',
        ),
      );
      const lost = ours.lost + ours.duplicates;
      rows.push(
        noteRow(label, 'lost / duplicated', `${ours.lost} / ${ours.duplicates}`, '0', lost === 0 ? 'pass' : 'miss'),
      );
    }
    const [small] = WATCHER_SIZES;
    const growth = runs[largest].cpuMsPerNote / Math.max(runs[small].cpuMsPerNote, 0.1);
    rows.push(
      noteRow(
        `attention: api CPU per note, ${largest.toLocaleString('en-US')} vs ${small} watchers`,
        'ratio',
        `${runs[largest].cpuMsPerNote.toFixed(1)} ms / ${runs[small].cpuMsPerNote.toFixed(1)} ms = ${growth.toFixed(2)}x`,
        `≤ ${TARGETS.cpuGrowth}x`,
        growth <= TARGETS.cpuGrowth ? 'pass' : 'miss',
      ),
    );
    notes.push(
      `Attention fan-out: ${settings.liveNotes} notes one after another (after ${WARM_UP_NOTES} untimed ones) posted by ` +
        `a member of the receiving company on case ${kase.token.slice(0, 8)}…, watched by W users of the submitting ` +
        'company inserted with SQL, each with its own session and socket (sessions inserted and signed with the ' +
        "api's JWT secret: 1,000 argon2 sign-ins would take a minute); each socket is in its user and company rooms, " +
        `so it also gets the company's cases.changed. A ${Buffer.byteLength(JSON.stringify(runs[largest].sample))}-byte ` +
        `watch.entry; ${runs[largest].emitsPerNote.toFixed(2)} watch.entry emits per note at ${largest} watchers ` +
        `(${runs[small].emitsPerNote.toFixed(2)} at ${small}: one per side, the partner who posts watches the other). ` +
        "Requests from the api's Prometheus request counter (routes under /api), CPU from /proc (10 ms ticks); the " +
        `raw server's CPU is that of the bare Socket.IO process. Sockets dropped: ${runs[small].drops + runs[largest].drops}.`,
    );
    const myCases = await runMyCasesSql({ apiUrl: api.url, client, settings });
    rows.push(...myCases.rows);
    notes.push(...myCases.notes);
  } finally {
    await client.query(`delete from users where email like $1`, [`%@${WATCHER_DOMAIN}`]);
    await client.end();
    await stopChild(api.child);
    await deleteRedisPrefix(redisUrl, redisPrefix);
  }
  return { rows, notes };
}
