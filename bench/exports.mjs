// Exports: the user_logins export (a super admin's back-office report) built by the real worker from login events
// made for it (exportRowsSql: one day holds a tenth of them, ten days all), against a bare exceljs streaming write
// of the same rows in its own process. Each side runs in a fresh process whose RSS is sampled every 50 ms (and
// VmHWM read at the end): rows per second and peak RSS.
import contracts from '@casebridge/contracts';
import { Queue } from 'bullmq';
import { Redis } from 'ioredis';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { clearInterval, setInterval } from 'node:timers';
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import { addExportRows } from './generate.mjs';
import { EXPORT_ROWS_DAYS, EXPORT_ROWS_FIRST_DAY } from './lib/generation-sql.mjs';
import { LOG_DIR, startNode, stopChild } from './lib/processes.mjs';
import { row } from './lib/report.mjs';

const RSS_LIMIT_MB = 200;
const TIMEOUT_MS = 30 * 60 * 1000;

/** VmRSS and VmHWM of a process in MB (null once it is gone). */
function memoryOf(pid) {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = (name) => Number(new RegExp(`${name}:\\s+(\\d+)`).exec(status)?.[1] ?? NaN);
    const memory = { rss: kb('VmRSS') / 1024, hwm: kb('VmHWM') / 1024 };
    // A process that has exited but not been reaped has no memory lines.
    return Number.isFinite(memory.rss) && Number.isFinite(memory.hwm) ? memory : null;
  } catch {
    return null;
  }
}

/** Samples a process's RSS every 50 ms until stopped; resolves with the peak (sampled, and VmHWM). */
function sampleRss(pid) {
  let peak = 0;
  let hwm = 0;
  const sample = () => {
    const memory = memoryOf(pid);
    if (!memory) return;
    peak = Math.max(peak, memory.rss);
    hwm = Math.max(hwm, memory.hwm);
  };
  sample();
  const timer = setInterval(sample, 50);
  return () => {
    sample();
    clearInterval(timer);
    return Math.max(peak, hwm);
  };
}

const dayAfter = (day, days) => new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000);
const isoDay = (date) => date.toISOString().slice(0, 10);

/** Makes the benchmark's login events unless the bench database already holds exactly `rows` of them. */
async function ensureExportRows(client, rows, log) {
  const until = dayAfter(EXPORT_ROWS_FIRST_DAY, EXPORT_ROWS_DAYS);
  const count = async () =>
    (
      await client.query('select count(*)::int as n from login_events where created_at >= $1 and created_at < $2', [
        `${EXPORT_ROWS_FIRST_DAY}T00:00:00Z`,
        until,
      ])
    ).rows[0].n;
  if ((await count()) === rows) return;
  await client.query('BEGIN');
  await addExportRows(client, rows, log);
  await client.query('COMMIT');
  await client.query('ANALYZE login_events');
}

/** Starts the built worker and waits for its "worker started" log line. */
async function startWorker(name, env) {
  // A log left by an earlier run would say "worker started" before this worker has.
  rmSync(path.join(LOG_DIR, `${name}.log`), { force: true });
  const worker = startNode(name, ['worker/dist/main.js'], env);
  const deadline = Date.now() + 60_000;
  while (!(existsSync(worker.logFile) && readFileSync(worker.logFile, 'utf8').includes('"worker started"'))) {
    if (worker.exitCode !== null || Date.now() > deadline)
      throw new Error(`worker did not start; see ${worker.logFile}`);
    await sleep(100);
  }
  return worker;
}

/** Ours: a queued export row and its job as the api makes them, built by a fresh worker process. */
async function ours({ client, databaseUrl, redisUrl, adminId, range, storageDir }) {
  const prefix = `casebridge_bench_${process.pid}_exports`;
  const worker = await startWorker(`worker-exports-${range.start}-${range.end}`, {
    ...process.env,
    NODE_ENV: 'production',
    JWT_SECRET: randomBytes(24).toString('hex'),
    DATABASE_URL: databaseUrl,
    REDIS_URL: redisUrl,
    REDIS_PREFIX: prefix,
    STORAGE_DIR: storageDir,
    // Metrics on a free port, so a demo worker (or another bench) on this host never collides with it.
    WORKER_METRICS_PORT: '0',
  });
  const redis = new Redis(redisUrl, { maxRetriesPerRequest: null });
  const queue = new Queue(contracts.QUEUES.exports, { connection: redis, prefix });
  const baseline = memoryOf(worker.pid)?.rss ?? NaN;
  const stopSampling = sampleRss(worker.pid);
  try {
    const {
      rows: [{ id }],
    } = await client.query(
      `insert into export_jobs (user_id, kind, status, params, created_at)
        values ($1, 'user_logins', 'queued', $2, now()) returning id`,
      [adminId, JSON.stringify(range)],
    );
    const job = await queue.add(
      contracts.EXPORT_JOB_NAMES.build,
      { export_id: id },
      { ...contracts.EXPORT_JOB_OPTIONS, jobId: contracts.exportJobId(id) },
    );
    const deadline = Date.now() + TIMEOUT_MS;
    let state;
    for (;;) {
      const { rows } = await client.query('select status, row_count, file_path, error from export_jobs where id = $1', [
        id,
      ]);
      state = rows[0];
      if (state.status === 'ready' || state.status === 'failed') break;
      if (worker.exitCode !== null) throw new Error(`the worker exited mid-export; see ${worker.logFile}`);
      if (Date.now() > deadline) throw new Error(`export ${id} still ${state.status} after the timeout`);
      await sleep(100);
    }
    const peak = stopSampling();
    if (state.status !== 'ready') throw new Error(`export ${id} failed: ${state.error}`);
    // The row is ready a moment before BullMQ marks the job completed.
    let finished = await queue.getJob(job.id);
    for (let tries = 0; !finished?.finishedOn && tries < 100; tries += 1) {
      await sleep(50);
      finished = await queue.getJob(job.id);
    }
    const ms = finished?.finishedOn && finished.processedOn ? finished.finishedOn - finished.processedOn : NaN;
    const bytes = statSync(path.join(storageDir, state.file_path)).size;
    return { rows: state.row_count, ms, peak, baseline, bytes };
  } finally {
    stopSampling();
    await stopChild(worker);
    await queue.obliterate({ force: true }).catch(() => undefined);
    await queue.close();
    await redis.quit();
  }
}

/** Raw: bench/raw-exceljs-writer.mjs in its own process. */
async function raw({ databaseUrl, range, storageDir }) {
  const file = path.join(storageDir, `raw-${range.start}-${range.end}.xlsx`);
  const resultFile = `${file}.json`;
  const from = `${range.start}T00:00:00Z`;
  const until = dayAfter(range.end, 1).toISOString();
  const child = startNode(
    'raw-exceljs-writer',
    ['bench/raw-exceljs-writer.mjs', databaseUrl, from, until, file, resultFile],
    {
      ...process.env,
    },
  );
  const stopSampling = sampleRss(child.pid);
  const code = await new Promise((resolve) => child.once('exit', resolve));
  const peak = stopSampling();
  if (code !== 0) throw new Error(`the raw exceljs writer failed; see ${child.logFile}`);
  const result = JSON.parse(readFileSync(resultFile, 'utf8'));
  return { ...result, peak, bytes: statSync(file).size };
}

function sizeRows(label, expected, mine, bare) {
  const rps = (side) => side.rows / (side.ms / 1000);
  const complete = mine.rows === expected;
  const small = expected <= 100_000;
  const rssVerdict = small ? (mine.peak <= RSS_LIMIT_MB ? 'pass' : 'miss') : complete ? 'pass' : 'miss';
  return [
    row(`${label}${complete ? '' : ` (ours wrote ${mine.rows} of ${expected} rows)`}`, 'rows/s', rps(mine), rps(bare), {
      min: 0.5,
    }),
    {
      ...row(label, 'peak RSS MB', mine.peak, bare.peak, null),
      target: small ? `ours ≤ ${RSS_LIMIT_MB} MB` : 'completes',
      verdict: rssVerdict,
    },
  ];
}

export async function runExportsBench({ databaseUrl, redisUrl, settings }) {
  const total = settings.exportRows;
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  const storageDir = mkdtempSync(path.join(os.tmpdir(), 'casebridge-bench-exports-'));
  const rows = [];
  const notes = [];
  try {
    await ensureExportRows(client, total, settings.log);
    const {
      rows: [admin],
    } = await client.query(`select id from users where email = 'admin@casebridge.test'`);
    const lastDay = isoDay(dayAfter(EXPORT_ROWS_FIRST_DAY, EXPORT_ROWS_DAYS - 1));
    for (const range of [
      { start: EXPORT_ROWS_FIRST_DAY, end: EXPORT_ROWS_FIRST_DAY },
      { start: EXPORT_ROWS_FIRST_DAY, end: lastDay },
    ]) {
      const {
        rows: [{ n: expected }],
      } = await client.query('select count(*)::int as n from login_events where created_at >= $1 and created_at < $2', [
        `${range.start}T00:00:00Z`,
        dayAfter(range.end, 1),
      ]);
      const bare = await raw({ databaseUrl, range, storageDir });
      const mine = await ours({ client, databaseUrl, redisUrl, adminId: admin.id, range, storageDir });
      const label = `exports: user_logins, ${expected.toLocaleString('en-US')} rows (worker vs bare exceljs)`;
      settings.log(
        `exports ${expected} rows: ours ${mine.rows} rows in ${(mine.ms / 1000).toFixed(1)} s, peak RSS ` +
          `${mine.peak.toFixed(0)} MB (idle ${mine.baseline.toFixed(0)} MB), ${(mine.bytes / 2 ** 20).toFixed(1)} MB file; ` +
          `raw ${bare.rows} rows in ${(bare.ms / 1000).toFixed(1)} s, peak RSS ${bare.peak.toFixed(0)} MB`,
      );
      rows.push(...sizeRows(label, expected, mine, bare));
      notes.push(
        `Exports, ${expected} rows: the worker's RSS was ${mine.baseline.toFixed(0)} MB idle before the export ` +
          `(Nest app, ORM, every queue), ${mine.peak.toFixed(0)} MB at its peak; files ${(mine.bytes / 2 ** 20).toFixed(1)} MB ` +
          `(ours) and ${(bare.bytes / 2 ** 20).toFixed(1)} MB (raw).`,
      );
    }
    notes.push(
      'Exports: ours is the build time BullMQ records (processedOn to finishedOn: status updates, keyset pages, the ' +
        'streamed workbook, rename); raw is the bare writer process from connect to its last byte.',
    );
    return { rows, notes };
  } finally {
    await client.end();
    rmSync(storageDir, { recursive: true, force: true });
  }
}
