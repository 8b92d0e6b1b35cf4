// `npm run bench`: generate the scaled network, start the built api on a free port against it, run every
// benchmark beside its raw limit, print one table and write bench/RESULTS.md. Options: see bench/README.md.
import { Buffer } from 'node:buffer';
import { execFileSync } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import { Redis } from 'ioredis';
import pg from 'pg';
import { runAttentionBench } from './attention.mjs';
import { runCaseListBench } from './case-lists.mjs';
import { runClusterBench } from './cluster.mjs';
import { runDigestBench } from './digest.mjs';
import { runExportsBench } from './exports.mjs';
import { generate } from './generate.mjs';
import { runJobsBench } from './jobs.mjs';
import { runLighthouseBench } from './lighthouse.mjs';
import { runListPlanBench } from './list-plan.mjs';
import { runConnectFeedBench } from './connect-feed.mjs';
import { runConnectHttpBench } from './connect-http.mjs';
import { runLiveEventsBench } from './live-events.mjs';
import { runLiveViewsBench } from './live-views.mjs';
import { runMixedReadersBench } from './mixed-readers.mjs';
import { runReadsBench } from './reads.mjs';
import { runWritesBench } from './writes.mjs';
import { benchDatabase, generationSizes, intOption, parseArgs, REPO_ROOT } from './lib/options.mjs';
import { deleteRedisPrefix, newJwtSecret, signInToken, startApiInstance } from './lib/api-process.mjs';
import { LOG_DIR, stopAll, stopChild } from './lib/processes.mjs';
import { machineDescription, markdownTable, writeResults } from './lib/report.mjs';
import { buildWeb, runWebBundleBench } from './web-bundle.mjs';

// `framework` is the first row of `reads` (GET auth/middleware, no database work); asked alone it runs that row.
const ALL_BENCHMARKS = [
  'case-lists',
  'reads',
  'readers',
  'list-plan',
  'connect-feed',
  'connect-http',
  'jobs',
  'exports',
  'web',
  'live-events',
  'live-views',
  'attention',
  'digest',
  'lighthouse',
  'cluster',
  'writes',
];
/** The parts that read through one api instance on the bench database. */
const API_BENCHMARKS = ['case-lists', 'reads', 'framework', 'readers', 'list-plan', 'connect-feed', 'connect-http'];
const options = parseArgs();
const database = benchDatabase(options);
const redisUrl = process.env.REDIS_URL || 'redis://127.0.0.1:6379';
const only = options.only ? String(options.only).split(',') : ALL_BENCHMARKS;
const settings = {
  durationSeconds: intOption(options, 'duration', 10),
  connections: intOption(options, 'connections', 10),
  jobs: intOption(options, 'jobs', 1000),
  liveClients: intOption(options, 'clients', 1000),
  liveNotes: intOption(options, 'notes', 100),
  readers: intOption(options, 'readers', 200),
  writers: intOption(options, 'writers', 50),
  feedEvents: intOption(options, 'feed-events', options.small ? 10_000 : 100_000),
  // Worker processes sending webhooks in connect-http: a deployment scales them out like the api (BullMQ).
  connectWorkers: intOption(options, 'workers', 1),
  // Users of the daily digest benchmark (the issue's target is 20,000 within 2 minutes).
  digestUsers: intOption(options, 'digest-users', 20_000),
  build: !options['no-build'],
  log: (line) => console.log(line),
};

function buildServer() {
  // api/dist and worker/dist are shared with the e2e runs: build under their lock.
  execFileSync('flock', ['/tmp/casebridge-e2e.lock', 'npm', 'run', 'build:server'], {
    cwd: REPO_ROOT,
    stdio: 'inherit',
  });
}

async function serverVersions() {
  const client = new pg.Client({ connectionString: database.maintenanceUrl });
  await client.connect();
  const { rows } = await client.query('show server_version');
  await client.end();
  const redis = new Redis(redisUrl);
  const info = await redis.info('server');
  await redis.quit();
  return { postgresVersion: rows[0].server_version, redisVersion: /redis_version:(\S+)/.exec(info)?.[1] ?? 'unknown' };
}

/** A caller of the generated company with the most cases (submitted or received). */
async function bigCompanyCaller() {
  const client = new pg.Client({ connectionString: database.url });
  await client.connect();
  try {
    const { rows } = await client.query(`select u.email, count(*)::int as cases
      from companies co
      join cases c on co.id in (c.submitter_company_id, c.receiver_company_id)
      join users u on u.company_id = co.id and u.role = 'caller'
      where co.slug like 'bench-%'
      group by co.id, u.id order by cases desc, u.id limit 1`);
    if (rows.length === 0) throw new Error(`${database.name} holds no generated company: run without --reuse`);
    return rows[0];
  } finally {
    await client.end();
  }
}

/** Signs in through the api; the actor is what the api's AccessGuard derives from the session. */
async function signIn(apiUrl, email) {
  const token = await signInToken(apiUrl, email);
  const claims = JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString('utf8'));
  const client = new pg.Client({ connectionString: database.url });
  await client.connect();
  const { rows } = await client.query('select id, role, company_id from users where email = $1', [email]);
  await client.end();
  const actor = { userId: rows[0].id, role: rows[0].role, companyId: rows[0].company_id, sessionId: claims.sid };
  return { email, token, session: { sid: claims.sid }, actor };
}

/** The built api on a free port; `webDist` makes it serve the web build too (Lighthouse). */
async function withApi(work, { webDist = '' } = {}) {
  const redisPrefix = `casebridge_bench_${process.pid}_api`;
  const api = await startApiInstance('api', {
    databaseUrl: database.url,
    redisUrl,
    redisPrefix,
    jwtSecret: newJwtSecret(),
    webDist,
  });
  try {
    return await work(api.url, redisPrefix);
  } finally {
    await stopChild(api.child);
    await deleteRedisPrefix(redisUrl, redisPrefix);
  }
}

async function main() {
  const startLoad = os.loadavg()[0];
  const machine = machineDescription(await serverVersions());
  const sizes = generationSizes(options);
  const notes = [];
  const rows = [];
  if (settings.build) buildServer();
  if (options.reuse) {
    notes.push(`Database ${database.name} reused as generated before (--reuse).`);
  } else {
    const generated = await generate({ database, sizes });
    notes.push(
      `Generated in ${(generated.totalMs / 1000).toFixed(1)} s (demo seed ${(generated.seedMs / 1000).toFixed(1)} s): ` +
        Object.entries(generated.counts)
          .map(([table, count]) => `${count} ${table}`)
          .join(', ') +
        '.',
    );
  }

  if (API_BENCHMARKS.some((name) => only.includes(name))) {
    await withApi(async (apiUrl, redisPrefix) => {
      const { email, cases } = await bigCompanyCaller();
      const member = await signIn(apiUrl, email);
      const superAdmin = await signIn(apiUrl, 'admin@casebridge.test');
      notes.push(`Case lists are read as ${email} (company with ${cases} cases) and as admin@casebridge.test.`);
      const databaseUrl = database.url;
      if (only.includes('case-lists')) {
        rows.push(...(await runCaseListBench({ apiUrl, databaseUrl, member, superAdmin, settings })));
      }
      const parts = [];
      if (only.includes('reads') || only.includes('framework')) {
        const frameworkOnly = !only.includes('reads');
        parts.push(() => runReadsBench({ apiUrl, databaseUrl, member, superAdmin, settings, frameworkOnly }));
      }
      if (only.includes('readers')) parts.push(() => runMixedReadersBench({ apiUrl, databaseUrl, settings }));
      if (only.includes('list-plan')) parts.push(() => runListPlanBench({ databaseUrl, member, settings }));
      if (only.includes('connect-feed'))
        parts.push(() => runConnectFeedBench({ apiUrl, databaseUrl, member, settings }));
      if (only.includes('connect-http')) {
        parts.push(() => runConnectHttpBench({ apiUrl, redisPrefix, databaseUrl, redisUrl, member, settings }));
      }
      for (const part of parts) {
        const result = await part();
        rows.push(...result.rows);
        notes.push(...result.notes);
      }
    });
  }
  if (only.includes('jobs')) {
    const jobs = await runJobsBench({ databaseUrl: database.url, redisUrl, settings });
    rows.push(...jobs.rows);
    notes.push(...jobs.notes);
  }
  if (only.includes('exports')) {
    // Login events made for it: one day (a tenth) and ten days (all); 1,000,000 at full size, 100,000 with --small.
    const exportRows = intOption(options, 'export-rows', options.small ? 100_000 : 1_000_000);
    const exports = await runExportsBench({
      databaseUrl: database.url,
      redisUrl,
      settings: { ...settings, exportRows },
    });
    rows.push(...exports.rows);
    notes.push(...exports.notes);
  }
  if (only.includes('web')) rows.push(...runWebBundleBench({ settings }));
  if (only.includes('lighthouse')) {
    if (settings.build && !only.includes('web')) buildWeb();
    const { email } = await bigCompanyCaller();
    const lighthouse = await withApi(
      (apiUrl) =>
        runLighthouseBench({
          baseUrl: apiUrl,
          databaseUrl: database.url,
          email,
          runs: intOption(options, 'lighthouse-runs', 3),
          settings,
        }),
      { webDist: path.join(REPO_ROOT, 'web', 'dist') },
    );
    rows.push(...lighthouse.rows);
    notes.push(...lighthouse.notes);
  }
  if (only.includes('live-events')) {
    const live = await runLiveEventsBench({ databaseUrl: database.url, redisUrl, settings });
    rows.push(...live.rows);
    notes.push(...live.notes);
  }
  if (only.includes('writes')) {
    const writes = await runWritesBench({ databaseUrl: database.url, redisUrl, settings });
    rows.push(...writes.rows);
    notes.push(...writes.notes);
  }
  if (only.includes('cluster')) {
    const cluster = await runClusterBench({ databaseUrl: database.url, redisUrl, settings });
    rows.push(...cluster.rows);
    notes.push(...cluster.notes);
  }
  if (only.includes('live-views')) {
    const views = await runLiveViewsBench({ databaseUrl: database.url, redisUrl, settings });
    rows.push(...views.rows);
    notes.push(...views.notes);
  }
  if (only.includes('attention')) {
    const attention = await runAttentionBench({ databaseUrl: database.url, redisUrl, settings });
    rows.push(...attention.rows);
    notes.push(...attention.notes);
  }
  if (only.includes('digest')) {
    const digest = await runDigestBench({ databaseUrl: database.url, redisUrl, settings });
    rows.push(...digest.rows);
    notes.push(...digest.notes);
  }

  const busy = startLoad > os.cpus().length * 0.5;
  notes.push(
    busy
      ? `Busy machine: the 1-minute load average was ${startLoad.toFixed(2)} on ${os.cpus().length} cores when the run ` +
          'started (other work was running); absolute figures are noisy, ratios less so.'
      : `The 1-minute load average was ${startLoad.toFixed(2)} when the run started.`,
    'Load generator (autocannon), api, worker and PostgreSQL share the machine; ratios compare like with like.',
    'Raw case-list side: the list SQL the api runs (captured from CaseListService / the escalation query builders), ' +
      'as named prepared statements like the api, one pooled pg connection per request, pool of 10 like the ORM; no ' +
      'session lookup (the api answers a known token from its session cache).',
    "Reads rows: autocannon reports whole milliseconds, so the bare server's sub-millisecond latency shows as 0.0 " +
      '(ratio n/a); the throughput ratio is what the targets read.',
  );

  const table = markdownTable(rows);
  console.log(`\n${table}\n`);
  for (const note of notes) console.log(`- ${note}`);
  const args = process.argv.slice(2).join(' ');
  writeResults(path.join(REPO_ROOT, 'bench', 'RESULTS.md'), {
    rows,
    machine,
    notes,
    date: new Date().toISOString().replace(/\.\d+Z$/, 'Z'),
    settings: {
      args,
      lines: [
        `Database ${database.name}: ${options.reuse ? 'reused' : `${sizes.companies} companies, ${sizes.users} users, ${sizes.cases} cases`}`,
        `HTTP and pg load: ${settings.connections} concurrent connections for ${settings.durationSeconds} s per side`,
        `Jobs: ${settings.jobs} jobs enqueued at once per side`,
        `Logs of the api, worker and raw server: ${path.relative(REPO_ROOT, LOG_DIR)}/`,
      ],
    },
  });
  console.log('\nWritten to bench/RESULTS.md');
}

let exitCode = 0;
const stopAndExit = (code) => stopAll().finally(() => process.exit(code));
process.on('SIGINT', () => stopAndExit(130));
process.on('SIGTERM', () => stopAndExit(143));
main()
  .catch((error) => {
    console.error('bench failed:', error instanceof Error ? (error.stack ?? error.message) : error);
    exitCode = 1;
  })
  .finally(() => stopAndExit(exitCode));
