// Writes: notes posted through the REST api by `--writers` closed-loop clients (50), each on a case of its own
// (50 accepted cases of generated companies), for D seconds: notes/s, latency, and the api's CPU per note (from
// /proc). Raw limit: the same rows written as plain SQL through a pg.Pool of 10 (the ORM's pool size) at the same
// concurrency: per note one transaction that locks the case, inserts the note, numbers its entry on the case row,
// records the watchers (libs/db's watchForEntries, as the api runs it) and inserts the entry; the tables' triggers
// (change announcements, the change feed) run as they do for the api.
import db from '@casebridge/db';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { deleteRedisPrefix, newJwtSecret, signInToken, startApiInstance } from './lib/api-process.mjs';
import { percentiles } from './lib/load.mjs';
import { processCpuSeconds, stopChild } from './lib/processes.mjs';
import { row } from './lib/report.mjs';
import { numbered } from './lib/sql.mjs';

/** The targets: notes a second across the cases, their p99, and the api's CPU per note. */
const TARGETS = { notesPerSecond: 200, p99Ms: 250, cpuMsPerNote: 8 };

/** Accepted cases between generated, non-limited companies, each with an active member of its submitter. */
async function writeCases(databaseUrl, count) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query(
      `select distinct on (c.id) c.id, c.token, u.id as user_id, u.email, u.company_id,
              u.first_name || ' ' || u.last_name as name
         from cases c
         join companies s on s.id = c.submitter_company_id and s.allow_notes and s.membership_type <> 'limited'
         join companies r on r.id = c.receiver_company_id and r.allow_notes and r.membership_type <> 'limited'
         join users u on u.company_id = s.id and u.status = 'active' and u.role in ('caller', 'business_manager')
        where c.status = 'accepted' and c.deleted_at is null and s.slug like 'bench-%' and r.slug like 'bench-%'
        order by c.id, u.id
        limit $1`,
      [count],
    );
    if (rows.length < count) throw new Error(`only ${rows.length} accepted cases to write to (${count} wanted)`);
    return rows;
  } finally {
    await client.end();
  }
}

/** `writers` loops, loop k writing to cases[k], for `seconds`; latencies of every write. */
async function writeLoops(cases, seconds, write) {
  const latencies = [];
  let errors = 0;
  const started = performance.now();
  const deadline = started + seconds * 1000;
  await Promise.all(
    cases.map(async (kase, index) => {
      for (let n = 0; performance.now() < deadline; n += 1) {
        const before = performance.now();
        try {
          await write(kase, index, n);
        } catch {
          errors += 1;
        }
        latencies.push(performance.now() - before);
      }
    }),
  );
  const elapsed = (performance.now() - started) / 1000;
  return { ...percentiles(latencies), notesPerSecond: latencies.length / elapsed, notes: latencies.length, errors };
}

/** One note as plain SQL: the rows the api writes for it, in one transaction. */
async function rawNote(pool, kase, summary) {
  const client = await pool.connect();
  try {
    await client.query('begin');
    await client.query('select id from cases where id = $1 for update', [kase.id]);
    const note = await client.query(
      `insert into case_notes (case_id, user_id, company_id, creator_name, summary, visibility)
       values ($1, $2, $3, $4, $5, 'partner') returning id`,
      [kase.id, kase.user_id, kase.company_id, kase.name, summary],
    );
    const counted = await client.query(
      `update cases set event_seq = event_seq + 1, entries_submitter = entries_submitter + 1,
              entries_receiver = entries_receiver + 1, entries_staff = entries_staff + 1
        where id = $1 returning event_seq`,
      [kase.id],
    );
    await db.watchForEntries(
      (sql, params) => client.query(numbered(sql), [...params]).then((result) => result.rows),
      [{ caseId: kase.id, type: 'note_added', actorUserId: kase.user_id }],
    );
    await client.query(
      `insert into case_events (case_id, seq, type, actor_user_id, actor_label, payload)
       values ($1, $2, 'note_added', $3, $4, $5)`,
      [kase.id, counted.rows[0].event_seq, kase.user_id, kase.name, { summary, note_id: note.rows[0].id }],
    );
    await client.query('commit');
  } catch (error) {
    await client.query('rollback').catch(() => undefined);
    throw error;
  } finally {
    client.release();
  }
}

export async function runWritesBench({ databaseUrl, redisUrl, settings }) {
  const cases = await writeCases(databaseUrl, settings.writers);
  const redisPrefix = `casebridge_bench_${process.pid}${Date.now().toString(36)}_writes`;
  const api = await startApiInstance('api-writes', { databaseUrl, redisUrl, redisPrefix, jwtSecret: newJwtSecret() });
  let ours;
  let cpuSeconds;
  try {
    const tokens = new Map();
    for (const kase of cases)
      if (!tokens.has(kase.email)) tokens.set(kase.email, await signInToken(api.url, kase.email));
    const post = (kase, index, n) =>
      fetch(`${api.url}/api/caller/case/${kase.token}/note`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${tokens.get(kase.email)}` },
        body: JSON.stringify({ summary: `Bench write ${index}.${n}`, description: '' }),
      }).then(async (response) => {
        await response.arrayBuffer();
        if (!response.ok) throw new Error(String(response.status));
      });
    // A second of warm-up (connections, prepared plans), untimed.
    await writeLoops(cases, 1, post);
    const cpuBefore = processCpuSeconds(api.child.pid);
    ours = await writeLoops(cases, settings.durationSeconds, post);
    cpuSeconds = processCpuSeconds(api.child.pid) - cpuBefore;
  } finally {
    await stopChild(api.child);
    await deleteRedisPrefix(redisUrl, redisPrefix);
  }
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 10 });
  let raw;
  try {
    raw = await writeLoops(cases, settings.durationSeconds, (kase, index, n) =>
      rawNote(pool, kase, `Bench raw write ${index}.${n}`),
    );
  } finally {
    await pool.end();
  }
  const cpuMsPerNote = (cpuSeconds * 1000) / ours.notes;
  settings.log(
    `writes: ours ${ours.notesPerSecond.toFixed(0)} notes/s p99 ${ours.p99.toFixed(0)} ms, ` +
      `${cpuMsPerNote.toFixed(1)} ms api CPU a note; raw ${raw.notesPerSecond.toFixed(0)} notes/s p99 ${raw.p99.toFixed(0)} ms`,
  );
  const label = `writes: notes by ${cases.length} writers, each on a case of its own`;
  const verdict = (ok) => (ok ? 'pass' : 'miss');
  return {
    rows: [
      {
        benchmark: label,
        figure: 'notes /s',
        ours: ours.notesPerSecond.toFixed(1),
        raw: raw.notesPerSecond.toFixed(1),
        ratio: (ours.notesPerSecond / raw.notesPerSecond).toFixed(2),
        target: `≥ ${TARGETS.notesPerSecond}`,
        verdict: verdict(ours.notesPerSecond >= TARGETS.notesPerSecond),
      },
      row(label, 'p50 ms', ours.p50, raw.p50, null),
      {
        ...row(label, 'p99 ms', ours.p99, raw.p99, null),
        target: `≤ ${TARGETS.p99Ms} ms`,
        verdict: verdict(ours.p99 <= TARGETS.p99Ms),
      },
      {
        benchmark: label,
        figure: 'api CPU ms per note',
        ours: cpuMsPerNote.toFixed(1),
        raw: '-',
        ratio: '-',
        target: `≤ ${TARGETS.cpuMsPerNote}`,
        verdict: verdict(cpuMsPerNote <= TARGETS.cpuMsPerNote),
      },
      {
        benchmark: label,
        figure: 'errors',
        ours: String(ours.errors),
        raw: String(raw.errors),
        ratio: '-',
        target: '0',
        verdict: verdict(ours.errors === 0),
      },
    ],
    notes: [
      `Writes: ${cases.length} closed-loop writers for ${settings.durationSeconds} s after 1 s of warm-up, one accepted ` +
        'case each; ours through POST caller/case/:token/note on one api instance (its CPU read from /proc), raw the ' +
        "same rows as plain SQL through a pg.Pool of 10 (bench/writes.mjs). Raw has no HTTP, validation, access check, live messages or idempotency: it is the database's share.",
    ],
  };
}
