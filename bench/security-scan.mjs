// `npm run scan`: wapiti and sqlmap against the built api + worker serving the web app, on free ports, in a
// throw-away database seeded with the demo network. Raw reports go to var/scan/, a summary to stdout and
// var/scan/summary.md; the exit code is 1 when a finding of high severity remains. Options: bench/README.md.
import { Buffer } from 'node:buffer';
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { clearTimeout, setTimeout } from 'node:timers';
import { URL, URLSearchParams } from 'node:url';
import pg from 'pg';
import { deleteRedisPrefix, signInToken } from './lib/api-process.mjs';
import { benchDatabase, intOption, parseArgs, REPO_ROOT } from './lib/options.mjs';
import { freePort, startNode, stopAll, waitForHttpOk } from './lib/processes.mjs';
import { startSmtpSink } from './lib/smtp-sink.mjs';
import { wapitiFindings, sqlmapFinding, summaryMarkdown } from './lib/scan-report.mjs';

const options = parseArgs();
const SCAN_DIR = path.join(REPO_ROOT, 'var', 'scan');
const redisUrl = process.env.REDIS_URL || 'redis://127.0.0.1:6379';
const database = benchDatabase({ database: options.database ?? 'casebridge_scan' });
const wapitiMinutes = intOption(options, 'wapiti-minutes', 10);
const sqlmapSeconds = intOption(options, 'sqlmap-seconds', 180);
/** wapiti modules that apply to a JSON api and a single-page app (ssrf needs wapiti's public endpoint). */
const WAPITI_MODULES = 'sql,blindsql,exec,xss,permanentxss,file,crlf,redirect,xxe,methods,csp,http_headers,cookieflags';

function requireTools() {
  const missing = ['wapiti', 'sqlmap'].filter((tool) => spawnSync('sh', ['-c', `command -v ${tool}`]).status !== 0);
  if (missing.length === 0) return;
  // Not installed from here: it needs root and changes the machine; one apt line is the caller's decision.
  console.error(
    `Missing: ${missing.join(', ')}. Install the Debian packages first:\n  sudo apt-get install -y wapiti sqlmap`,
  );
  process.exit(2);
}

/** Runs a scanner with a hard time bound; its output goes to a file under var/scan/. */
function runTool(name, command, args, timeoutSeconds) {
  return new Promise((resolve) => {
    const chunks = [];
    const child = spawn(command, args, { cwd: REPO_ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
    child.stdout.on('data', (chunk) => chunks.push(chunk));
    child.stderr.on('data', (chunk) => chunks.push(chunk));
    const killer = setTimeout(() => child.kill('SIGKILL'), timeoutSeconds * 1000);
    child.on('exit', (code) => {
      clearTimeout(killer);
      const output = Buffer.concat(chunks).toString('utf8');
      writeFileSync(path.join(SCAN_DIR, `${name}.log`), output);
      resolve({ code, output });
    });
  });
}

/** GET operations of the api's own OpenAPI document: path templates and a valid sample of their query. */
async function getOperations(apiUrl) {
  const document = await (await fetch(`${apiUrl}/api/docs-json`)).json();
  return Object.entries(document.paths).flatMap(([template, methods]) =>
    methods.get ? [{ template, query: sampleQuery(methods.get.parameters ?? []) }] : [],
  );
}

const SAMPLE_QUERY = { q: 'storage', page: '1' };
/** The list parameters (q/sort/dir/page) with values the validation accepts, so scanners start from a 200. */
function sampleQuery(parameters) {
  const query = {};
  for (const parameter of parameters.filter((candidate) => candidate.in === 'query')) {
    const allowed = parameter.schema?.enum;
    if (parameter.name in SAMPLE_QUERY) query[parameter.name] = SAMPLE_QUERY[parameter.name];
    else if (['sort', 'dir'].includes(parameter.name) && allowed) query[parameter.name] = allowed.at(-1);
  }
  return query;
}

/** Path parameters filled with values the demo network has (a list scope, an id). */
const SAMPLE_PATH = { scope: 'company', filter: 'open' };
const sampleUrl = (apiUrl, operation) => {
  const query = new URLSearchParams(operation.query);
  const pathname = operation.template.replace(/\{([^}]+)\}/g, (_match, name) => SAMPLE_PATH[name] ?? '1');
  return `${apiUrl}${pathname}${query.size ? `?${query}` : ''}`;
};

async function runWapiti(apiUrl, token, operations) {
  const report = path.join(SCAN_DIR, 'wapiti.json');
  // The SPA's pages do not link the api (it is called from JavaScript): every GET operation is a start URL.
  const starts = operations.flatMap((operation) => ['-s', sampleUrl(apiUrl, operation)]);
  const args = ['-u', `${apiUrl}/`, '--scope', 'folder', '-m', WAPITI_MODULES, '-H', `Authorization: Bearer ${token}`];
  // No -x exclusions: Debian's wapiti 3.0.4 crashes compiling them on Python 3.11; logout is a POST anyway.
  args.push(...starts);
  args.push('-d', '3', '--flush-session', '--max-scan-time', String(wapitiMinutes * 60), '--max-attack-time', '120');
  args.push('-f', 'json', '-o', report, '--no-bugreport', '-v', '1');
  const { code } = await runTool('wapiti', 'wapiti', args, wapitiMinutes * 60 + 120);
  return { code, findings: wapitiFindings(report) };
}

/** sqlmap targets: list queries (q/sort/dir/page), path ids and JSON bodies; `*` marks where to inject. */
function sqlmapTargets(apiUrl, operations) {
  const listed = operations.filter((operation) => 'q' in operation.query).slice(0, 4);
  const withId = operations.filter((operation) => /\{(id|caseId|uuid)\}/.test(operation.template)).slice(0, 2);
  return [
    ...listed.map((operation) => ({ name: operation.template, url: sampleUrl(apiUrl, operation) })),
    ...withId.map((operation) => ({
      name: operation.template,
      url: `${apiUrl}${operation.template.replace(/\{[^}]+\}/, '1*')}`,
    })),
    {
      name: 'POST /api/auth/login',
      url: `${apiUrl}/api/auth/login`,
      data: '{"email":"caller@acme.test*","password":"Passw0rd!*"}',
    },
  ];
}

/** Back-office routes are read as the super admin (a caller's 403 would test nothing), the rest as the caller. */
const tokenFor = (tokens, target) => (/\/super_admin\//.test(target.url) ? tokens.superAdmin : tokens.caller);

async function runSqlmap(tokens, targets) {
  const results = [];
  for (const [index, target] of targets.entries()) {
    const token = tokenFor(tokens, target);
    const args = ['-u', target.url, '--batch', '--level', '2', '--risk', '1', '--dbms', 'PostgreSQL'];
    // One --headers value (sqlmap keeps only the last): the bearer, and the JSON type for bodies.
    const headers = [`Authorization: Bearer ${token}`, ...(target.data ? ['Content-Type: application/json'] : [])];
    args.push('--headers', headers.join('\n'), '--flush-session', '--disable-coloring');
    args.push('--output-dir', path.join(SCAN_DIR, 'sqlmap'), '--time-sec', '2', '--threads', '2', '--random-agent');
    // A 401 (the login body with a payload) is an answer, not a reason to stop.
    args.push('--ignore-code', '401');
    if (target.data) args.push('--data', target.data);
    if (!target.data && !target.url.includes('*'))
      args.push('-p', [...new URL(target.url).searchParams.keys()].join(','));
    const { output } = await runTool(`sqlmap-${index + 1}`, 'sqlmap', args, sqlmapSeconds);
    results.push({ target: target.name, ...sqlmapFinding(output) });
  }
  return results;
}

async function main() {
  requireTools();
  rmSync(SCAN_DIR, { recursive: true, force: true });
  mkdirSync(SCAN_DIR, { recursive: true });
  if (!options['no-build']) {
    // dist/ folders are shared with the e2e runs: build under their lock.
    execFileSync('flock', ['/tmp/casebridge-e2e.lock', 'npm', 'run', 'build'], { cwd: REPO_ROOT, stdio: 'inherit' });
  }
  console.log(`Resetting ${database.name} with the demo network...`);
  execFileSync(process.execPath, ['libs/db/dist/cli/reset.js'], {
    cwd: REPO_ROOT,
    env: { ...process.env, DATABASE_URL: database.url },
    stdio: 'ignore',
  });
  const [port, smtpPort] = [await freePort(), await freePort()];
  const smtp = await startSmtpSink(smtpPort);
  const apiUrl = `http://127.0.0.1:${port}`;
  const redisPrefix = `casebridge_scan_${process.pid}`;
  const env = {
    ...process.env,
    NODE_ENV: 'production',
    JWT_SECRET: randomBytes(24).toString('hex'),
    PORT: String(port),
    PUBLIC_URL: apiUrl,
    DATABASE_URL: database.url,
    REDIS_URL: redisUrl,
    REDIS_PREFIX: redisPrefix,
    SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
    WEB_DIST: path.join(REPO_ROOT, 'web', 'dist'),
    LOGIN_RATE_LIMIT: '100000',
    // The worker's metrics on a free port, so a demo worker on this host never collides with it.
    WORKER_METRICS_PORT: '0',
  };
  const api = startNode('scan-api', ['api/dist/main.js'], env);
  startNode('scan-worker', ['worker/dist/main.js'], env);
  try {
    await waitForHttpOk(`${apiUrl}/api/health`, api);
    const token = await signInToken(apiUrl, 'caller@acme.test');
    const operations = await getOperations(apiUrl);
    console.log(`api on ${apiUrl}; ${operations.length} GET operations. wapiti (up to ${wapitiMinutes} min)...`);
    const wapiti = await runWapiti(apiUrl, token, operations);
    const targets = sqlmapTargets(apiUrl, operations);
    console.log(`sqlmap on ${targets.length} targets (up to ${sqlmapSeconds} s each)...`);
    const sqlmap = await runSqlmap(
      { caller: token, superAdmin: await signInToken(apiUrl, 'admin@casebridge.test') },
      targets,
    );
    const { markdown, high } = summaryMarkdown({ wapiti, sqlmap });
    writeFileSync(path.join(SCAN_DIR, 'summary.md'), markdown);
    console.log(`\n${markdown}\nRaw reports: var/scan/ (process logs: var/bench/scan-*.log)`);
    process.exitCode = high > 0 ? 1 : 0;
  } finally {
    await stopAll();
    await smtp.close();
    await deleteRedisPrefix(redisUrl, redisPrefix);
    // The database held only the demo seed and the scanners' junk: nothing to keep.
    const client = new pg.Client({ connectionString: database.maintenanceUrl });
    await client.connect();
    await client.query(`drop database if exists ${database.name} with (force)`);
    await client.end();
  }
}

main().catch(async (error) => {
  console.error(error);
  await stopAll();
  process.exit(1);
});
