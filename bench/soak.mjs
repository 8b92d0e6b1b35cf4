// Soak: mixed traffic against the built api and worker for a while (10 minutes by default), sampling their RSS.
// Prints the errors (must be 0), work lost (mails that never reached SMTP, exports that never finished), RSS after
// the warm-up against RSS at the end (flat = within +20%) and requests per second. On demand, never in CI:
//   npm run soak -- [--minutes 10] [--small] [--reuse] [--no-build] [--concurrency 8] [--database NAME]
import { randomBytes } from 'node:crypto';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { clearInterval, setInterval } from 'node:timers';
import pg from 'pg';
import { generate } from './generate.mjs';
import { apiEnvironment, deleteRedisPrefix } from './lib/api-process.mjs';
import { percentiles } from './lib/load.mjs';
import { benchDatabase, generationSizes, intOption, parseArgs, REPO_ROOT } from './lib/options.mjs';
import { freePort, startNode, stopAll, waitForHttpOk } from './lib/processes.mjs';
import { startSmtpSink } from './lib/smtp-sink.mjs';
import { MixedTraffic } from './lib/soak-traffic.mjs';

const options = parseArgs();
const database = benchDatabase(options);
const redisUrl = process.env.REDIS_URL || 'redis://127.0.0.1:6379';
const minutes = Number(options.minutes ?? 10);
if (!(minutes > 0)) throw new Error('--minutes must be a positive number');
const concurrency = intOption(options, 'concurrency', 8);
const sampleSeconds = intOption(options, 'sample-seconds', 5);
/** RSS may grow this much from the end of the warm-up to the end of the run and still count as flat. */
const FLAT_GROWTH = 0.2;
/** Subject of the password-reset mail (seeded template) in the demo's product name. */
const RESET_SUBJECT = 'Reset your Casebridge password';

/** Resident set size of a process in MB (Linux /proc), or NaN once it is gone. */
function rssMb(pid) {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    return Number(/VmRSS:\s+(\d+) kB/.exec(status)?.[1]) / 1024;
  } catch {
    return NaN;
  }
}

const median = (values) => {
  const sorted = values.filter(Number.isFinite).sort((a, b) => a - b);
  return sorted.length === 0 ? NaN : sorted[Math.floor(sorted.length / 2)];
};

/** Generated users who may ask for a password reset (the mail action), spread over companies. */
async function mailRecipients() {
  const client = new pg.Client({ connectionString: database.url });
  await client.connect();
  try {
    const { rows } = await client.query(
      `select email from users where email like '%@bench-%.test' and status = 'active' order by id limit 2000`,
    );
    return rows.map((row) => row.email);
  } finally {
    await client.end();
  }
}

async function main() {
  if (!options['no-build']) {
    // api/dist and worker/dist are shared with the e2e runs: build under their lock.
    execFileSync('flock', [path.join(os.tmpdir(), 'casebridge-e2e.lock'), 'npm', 'run', 'build:server'], {
      cwd: REPO_ROOT,
      stdio: 'inherit',
    });
  }
  if (!options.reuse) await generate({ database, sizes: generationSizes(options) });

  const storage = mkdtempSync(path.join(os.tmpdir(), 'casebridge-soak-'));
  const redisPrefix = `casebridge_bench_${process.pid}_soak`;
  const smtpPort = await freePort();
  const smtp = await startSmtpSink(smtpPort);
  const apiPort = await freePort();
  const apiUrl = `http://127.0.0.1:${apiPort}`;
  const jwtSecret = randomBytes(24).toString('hex');
  const shared = { STORAGE_DIR: storage, SMTP_URL: `smtp://127.0.0.1:${smtpPort}`, LOG_LEVEL: 'warn' };
  const api = startNode('soak-api', ['api/dist/main.js'], {
    ...apiEnvironment({
      port: apiPort,
      databaseUrl: database.url,
      redisUrl,
      redisPrefix,
      jwtSecret,
    }),
    ...shared,
  });
  const worker = startNode('soak-worker', ['worker/dist/main.js'], {
    ...process.env,
    NODE_ENV: 'production',
    JWT_SECRET: jwtSecret,
    DATABASE_URL: database.url,
    REDIS_URL: redisUrl,
    REDIS_PREFIX: redisPrefix,
    // Metrics on a free port, so a demo worker (or another bench) on this host never collides with it.
    WORKER_METRICS_PORT: '0',
    ...shared,
  });
  try {
    await waitForHttpOk(`${apiUrl}/api/health`, api);
    const workerAlive = () => worker.exitCode === null && worker.signalCode === null;
    if (!workerAlive()) throw new Error(`the worker exited at start; see ${worker.logFile}`);
    const traffic = new MixedTraffic(apiUrl, await mailRecipients());
    await traffic.prepare();

    const durationMs = minutes * 60_000;
    // Warm-up: a fifth of the run, at least 30 s (JIT, pools, caches fill); RSS is compared from there on.
    const warmUpMs = Math.max(30_000, durationMs / 5);
    const samples = [];
    const started = Date.now();
    const sampler = setInterval(() => {
      samples.push({ at: Date.now() - started, api: rssMb(api.pid), worker: rssMb(worker.pid) });
    }, sampleSeconds * 1000);
    const progress = setInterval(() => {
      const last = samples[samples.length - 1];
      console.log(
        `soak: ${((Date.now() - started) / 60_000).toFixed(1)} min, ${traffic.total()} requests, ` +
          `${traffic.errorCount()} errors, RSS api ${last?.api.toFixed(0)} MB worker ${last?.worker.toFixed(0)} MB`,
      );
    }, 30_000);
    await traffic.run({ concurrency, until: started + durationMs });
    const elapsedSeconds = (Date.now() - started) / 1000;
    clearInterval(sampler);
    clearInterval(progress);

    if (!workerAlive()) throw new Error(`the worker exited during the soak; see ${worker.logFile}`);
    // Work the api acknowledged must finish: queued mails reach SMTP, queued exports end 'ready'.
    // Only the reset mails the soak asked for count: the worker may send others meanwhile (late-case mails).
    const resetMails = () => smtp.sink.subjects.get(RESET_SUBJECT) ?? 0;
    const settled = await traffic.settle({ mailsReceived: resetMails, timeoutMs: 120_000 });

    // Windows of a minute (at least 3 samples), not single samples: a collected runtime's RSS saws up and down by
    // ~100 MB between major GCs (heap grown under a high allocation rate, argon2's 19 MiB per sign-in), and a leak
    // is a rising floor, not one high point.
    const windowMs = Math.max(60_000, 3 * sampleSeconds * 1000);
    const afterWarmUp = samples.filter((sample) => sample.at >= warmUpMs && sample.at < warmUpMs + windowMs);
    const atEnd = samples.filter((sample) => sample.at > samples[samples.length - 1].at - windowMs);
    const rss = ['api', 'worker'].map((name) => {
      const warm = median(afterWarmUp.map((sample) => sample[name]));
      const end = median(atEnd.map((sample) => sample[name]));
      const peak = Math.max(...samples.map((sample) => sample[name]).filter(Number.isFinite));
      const growth = end / warm - 1;
      return { name, warm, end, peak, growth, flat: growth <= FLAT_GROWTH };
    });

    console.log(`\nSoak: ${minutes} min, ${concurrency} concurrent loops, ${database.name}`);
    console.log('| action | requests | errors | p50 ms | p99 ms |\n| --- | --- | --- | --- | --- |');
    for (const [action, stats] of Object.entries(traffic.stats)) {
      const { p50, p99 } = percentiles(stats.latencies);
      console.log(`| ${action} | ${stats.count} | ${stats.errors} | ${p50.toFixed(0)} | ${p99.toFixed(0)} |`);
    }
    console.log(`\nrequests/s: ${(traffic.total() / elapsedSeconds).toFixed(1)} over ${elapsedSeconds.toFixed(0)} s`);
    console.log(`errors: ${traffic.errorCount()}${traffic.errorSummary()}`);
    console.log(
      `lost: ${settled.mailsMissing} of ${settled.mailsQueued} mails never reached SMTP; ` +
        `${settled.exportsUnfinished} of ${settled.exportsQueued} exports not ready ` +
        `(${settled.exportsAsked} asked; a repeat while one is pending answers that one)`,
    );
    for (const row of rss) {
      console.log(
        `RSS ${row.name}: ${row.warm.toFixed(0)} MB after warm-up (${(warmUpMs / 1000).toFixed(0)} s), ` +
          `${row.end.toFixed(0)} MB at the end (${row.growth >= 0 ? '+' : ''}${(row.growth * 100).toFixed(1)}%), ` +
          `peak ${row.peak.toFixed(0)} MB: ${row.flat ? 'flat' : `grew more than ${FLAT_GROWTH * 100}%`}`,
      );
    }
    for (const name of ['api', 'worker']) {
      const perMinute = Array.from({ length: Math.ceil(durationMs / 60_000) }, (_, minute) =>
        median(samples.filter((sample) => Math.floor(sample.at / 60_000) === minute).map((sample) => sample[name])),
      );
      console.log(`RSS ${name} per minute (median MB): ${perMinute.map((mb) => mb.toFixed(0)).join(' ')}`);
    }
    console.log(`load average at the end: ${os.loadavg()[0].toFixed(2)} on ${os.cpus().length} cores`);
    const failed = traffic.errorCount() > 0 || settled.mailsMissing > 0 || settled.exportsUnfinished > 0;
    return failed || rss.some((row) => !row.flat) ? 1 : 0;
  } finally {
    await stopAll();
    await smtp.close();
    await deleteRedisPrefix(redisUrl, redisPrefix);
    rmSync(storage, { recursive: true, force: true });
  }
}

process.on('SIGINT', () => stopAll().finally(() => process.exit(130)));
main()
  .then((code) => process.exit(code))
  .catch((error) => {
    console.error('soak failed:', error instanceof Error ? (error.stack ?? error.message) : error);
    stopAll().finally(() => process.exit(1));
  });
