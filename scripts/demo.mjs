// `npm run demo`: build, reset the demo database and run the whole product locally until Ctrl-C.
// `npm run demo -- --cluster`: the same demo as a cluster: HAProxy on PORT in front of 3 api processes, 2 workers.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { HAPROXY_MISSING, haproxyVersion } from './lib/balancer.mjs';
import { notReady, startApiInstance, startBalancer, startObjectStorage, startWorkerInstance } from './lib/cluster.mjs';
import { demoIdpArgs, demoIdpSettings, prepareDemoIdp } from './lib/demo-idp.mjs';
import {
  canConnect,
  hostAndPort,
  REPO_ROOT,
  run,
  startChild,
  stopAllAndExit,
  stopOnSignals,
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
/** The cluster's local S3-compatible object storage (s3rver). */
const DEMO_S3_PORT = Number(process.env.DEMO_S3_PORT || 4568);
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
    ...(CLUSTER ? [`  Files:      ${env.STORAGE_URL} on the local S3-compatible server ${env.S3_ENDPOINT}`] : []),
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

stopOnSignals();
if (CLUSTER && !haproxyVersion()) fail(HAPROXY_MISSING);
await checkServices();

if (!existsSync(path.join(REPO_ROOT, 'node_modules'))) {
  console.log('Installing node modules...');
  if ((await run('npm', ['install', '--no-audit', '--no-fund'])) !== 0) fail('npm install failed.');
}

console.log('Building server packages and the web app...');
if ((await run('npm', ['run', 'build'])) !== 0) fail('The build failed; see the output above.');

if (CLUSTER) {
  // Every instance, the seed included, keeps files in one bucket: what one api takes in, any other serves.
  try {
    Object.assign(
      env,
      await startObjectStorage({ port: DEMO_S3_PORT, folder: path.join(REPO_ROOT, 'var', 'cluster', 's3') }),
    );
  } catch (error) {
    fail(`${error.message} (set DEMO_S3_PORT)`);
  }
}

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
  for (let index = 1; index <= CLUSTER_WORKERS; index += 1) startWorkerInstance(`worker-${index}`, env);
  API_PORTS.forEach((port, index) => startApiInstance(`api-${index + 1}`, port, env));
  startBalancer({ port: PORT, apiPorts: API_PORTS });
} else {
  startChild('worker', process.execPath, ['worker/dist/main.js'], env);
  startChild('api', process.execPath, ['api/dist/main.js'], env);
}
if (idp) startChild('saml-idp', process.execPath, demoIdpArgs(idp, PUBLIC_URL));

// Through the balancer in a cluster: every instance ready, then the balancer sending traffic.
const late = await notReady([...(CLUSTER ? API_PORTS : []), PORT]);
if (late.length > 0) {
  console.error(`Not ready within 90 s on port ${late.join(', ')}; see the output above.`);
  stopAllAndExit(1);
} else {
  printWelcome(idp);
}
