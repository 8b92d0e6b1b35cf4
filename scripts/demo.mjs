// `npm run demo`: build, reset the demo database and run the whole product locally until Ctrl-C.
// `npm run demo -- --cluster`: the same demo as a cluster: HAProxy on PORT in front of 3 api processes, 2 workers.
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { BALANCER_DRAIN_MS, HAPROXY_MISSING, haproxyConfig, haproxyVersion, READY_PATH } from './lib/balancer.mjs';
import { demoIdpArgs, demoIdpSettings, prepareDemoIdp } from './lib/demo-idp.mjs';
import {
  canConnect,
  hostAndPort,
  REPO_ROOT,
  run,
  startChild,
  stopAllAndExit,
  stopOnSignals,
  waitForHttpOk,
} from './lib/processes.mjs';

const CLUSTER = process.argv.includes('--cluster');
const CLUSTER_APIS = 3;
const CLUSTER_WORKERS = 2;
const PORT = Number(process.env.PORT || 3000);
/** The cluster's api instances listen on the ports after PORT (3001-3003); only the balancer is on PORT. */
const API_PORTS = CLUSTER ? Array.from({ length: CLUSTER_APIS }, (_, index) => PORT + 1 + index) : [PORT];
const SMTP_PORT = 1025;
const MAIL_WEB_PORT = 1080;
const DATABASE_URL = process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/casebridge';
const REDIS_URL = process.env.REDIS_URL || 'redis://127.0.0.1:6379';
const PUBLIC_URL = process.env.PUBLIC_URL || `http://localhost:${PORT}`;
/** The local SAML identity provider of Umbrella Cloud (single sign-on demo). */
const DEMO_SAML_IDP_PORT = Number(process.env.DEMO_SAML_IDP_PORT || 7000);

const env = {
  ...process.env,
  PORT: String(PORT),
  DATABASE_URL,
  REDIS_URL,
  PUBLIC_URL,
  SMTP_URL: process.env.SMTP_URL || `smtp://127.0.0.1:${SMTP_PORT}`,
};

const DEMO_IDENTITIES = [
  ['admin@casebridge.test', 'super_admin', '-'],
  ['bm@acme.test', 'business_manager', 'Acme Systems (acme, premium, requires_registration)'],
  ['pm@acme.test', 'program_manager', 'Acme Systems'],
  ['caller@acme.test', 'caller', 'Acme Systems'],
  ['api@acme.test', 'api', 'Acme Systems'],
  ['bm@globex.test', 'business_manager', 'Globex Storage (globex, elite, email_link)'],
  ['caller@globex.test', 'caller', 'Globex Storage'],
  ['bm@initech.test', 'business_manager', 'Initech Networks (initech, limited, requires_registration)'],
  ['caller@umbrella.test', 'caller', 'Umbrella Cloud (umbrella, basic, sso)'],
];

function fail(message) {
  console.error(`\n${message}\n`);
  process.exit(1);
}

async function checkServices() {
  const postgres = hostAndPort(DATABASE_URL, 5432);
  const redis = hostAndPort(REDIS_URL, 6379);
  const missing = [];
  if (!(await canConnect(postgres.host, postgres.port)))
    missing.push(`PostgreSQL at ${postgres.host}:${postgres.port}`);
  if (!(await canConnect(redis.host, redis.port))) missing.push(`Redis at ${redis.host}:${redis.port}`);
  if (missing.length === 0) return;
  fail(
    [
      `Not reachable: ${missing.join(' and ')}.`,
      'Start them, for example:',
      '  Debian/Ubuntu: sudo apt-get install -y postgresql redis-server',
      '                 sudo pg_ctlcluster 15 main start && sudo service redis-server start',
      '  Docker:        docker compose up -d postgres redis',
      'or point DATABASE_URL / REDIS_URL at running servers.',
    ].join('\n'),
  );
}

/** Readies Umbrella's identity provider; null (and a note) when the demo runs without single sign-on. */
async function prepareSingleSignOn() {
  const settings = demoIdpSettings(DEMO_SAML_IDP_PORT);
  const problem = (await canConnect('127.0.0.1', settings.port))
    ? `port ${settings.port} is in use (set DEMO_SAML_IDP_PORT)`
    : await prepareDemoIdp(settings);
  if (problem) {
    console.log(`Single sign-on demo skipped: ${problem}. Everything else works as usual.`);
    return null;
  }
  return settings;
}

function printWelcome(idp) {
  const width = Math.max(...DEMO_IDENTITIES.map(([email]) => email.length));
  const roleWidth = Math.max(...DEMO_IDENTITIES.map(([, role]) => role.length));
  const lines = [
    '',
    CLUSTER
      ? `Casebridge is running as a cluster: HAProxy on port ${PORT} in front of ${CLUSTER_APIS} api instances (ports ${API_PORTS.join(', ')}) and ${CLUSTER_WORKERS} workers.`
      : 'Casebridge is running.',
    '',
    `  App:        ${PUBLIC_URL}`,
    `  API docs:   ${PUBLIC_URL}/api/docs`,
    `  Mail inbox: http://127.0.0.1:${MAIL_WEB_PORT}`,
    idp
      ? `  SSO IdP:    ${idp.base} (open ${PUBLIC_URL}/umbrella, Single Sign-On, sign in as caller@umbrella.test)`
      : '  SSO IdP:    not running (see the note above)',
    '',
    'Demo identities (password for all: Passw0rd!)',
    '',
    ...DEMO_IDENTITIES.map(
      ([email, role, company]) => `  ${email.padEnd(width)}  ${role.padEnd(roleWidth)}  ${company}`,
    ),
    '',
    'Press Ctrl-C to stop.',
    '',
  ];
  console.log(lines.join('\n'));
}

/** Writes the balancer's configuration for this cluster; the path HAProxy reads. */
function writeBalancerConfig() {
  const folder = path.join(REPO_ROOT, 'var', 'cluster');
  mkdirSync(folder, { recursive: true });
  const file = path.join(folder, 'haproxy.cfg');
  writeFileSync(
    file,
    haproxyConfig({ bind: `0.0.0.0:${PORT}`, servers: API_PORTS.map((port) => `127.0.0.1:${port}`) }),
  );
  return file;
}

stopOnSignals();
if (CLUSTER && !haproxyVersion()) fail(HAPROXY_MISSING);
await checkServices();

if (!existsSync(path.join(REPO_ROOT, 'node_modules'))) {
  console.log('Installing node modules...');
  if ((await run('npm', ['install', '--no-audit', '--no-fund'])) !== 0) fail('npm install failed.');
}

console.log('Building server packages and the web app...');
if ((await run('npm', ['run', 'build'])) !== 0) fail('The build failed; see the output above.');

const idp = await prepareSingleSignOn();
// The seed points Umbrella Cloud at the identity provider and trusts its certificate.
const seedEnv = idp ? { ...env, DEMO_SAML_IDP_URL: idp.base, DEMO_SAML_IDP_CERT_FILE: idp.certFile } : env;

console.log(`Resetting the demo database (${DATABASE_URL})...`);
if ((await run('node', ['libs/db/dist/cli/reset.js'], { env: seedEnv })) !== 0) fail('Resetting the database failed.');

if (await canConnect('127.0.0.1', SMTP_PORT)) {
  console.log(`Something already listens on SMTP port ${SMTP_PORT}; using it as the mail catcher.`);
} else {
  startChild('maildev', process.execPath, [
    'node_modules/maildev/bin/maildev',
    '--smtp',
    String(SMTP_PORT),
    '--web',
    String(MAIL_WEB_PORT),
    '--ip',
    '127.0.0.1',
    '--web-ip',
    '127.0.0.1',
  ]);
}
if (CLUSTER) {
  // Each worker serves its metrics on a free port; the api instances differ by port alone.
  for (let index = 1; index <= CLUSTER_WORKERS; index += 1) {
    startChild(`worker-${index}`, process.execPath, ['worker/dist/main.js'], { ...env, WORKER_METRICS_PORT: '0' });
  }
  API_PORTS.forEach((port, index) =>
    startChild(`api-${index + 1}`, process.execPath, ['api/dist/main.js'], {
      ...env,
      PORT: String(port),
      SHUTDOWN_DRAIN_MS: String(BALANCER_DRAIN_MS),
    }),
  );
  startChild('balancer', 'haproxy', ['-db', '-f', writeBalancerConfig()]);
} else {
  startChild('worker', process.execPath, ['worker/dist/main.js'], env);
  startChild('api', process.execPath, ['api/dist/main.js'], env);
}
if (idp) startChild('saml-idp', process.execPath, demoIdpArgs(idp, PUBLIC_URL));

// Through the balancer in a cluster: every instance ready, then the balancer sending traffic.
const readyUrls = [...(CLUSTER ? API_PORTS : []), PORT].map((port) => `http://127.0.0.1:${port}${READY_PATH}`);
const ready = await Promise.all(readyUrls.map((url) => waitForHttpOk(url, 90_000)));
if (!ready.every(Boolean)) {
  console.error(
    `Not ready within 90 s: ${readyUrls.filter((_, index) => !ready[index]).join(', ')}; see the output above.`,
  );
  stopAllAndExit(1);
} else {
  printWelcome(idp);
}
