// The load balancer in front of the api instances: HAProxy (Debian's `haproxy` package), one address for the
// app, the api and Socket.IO. The local cluster (`npm run demo -- --cluster`), the chaos run and the benchmarks
// write their configuration with `haproxyConfig`; deploy/haproxy.compose.cfg is the same text for docker compose
// (scripts/lint/balancer-config.test.mjs keeps the two from drifting).
import { spawnSync } from 'node:child_process';

/** The health check: an instance that answers anything but 200 here (down, no database, draining) gets no traffic. */
export const READY_PATH = '/api/health/ready';
/**
 * The SHUTDOWN_DRAIN_MS of api instances behind this balancer: more than the three failed checks (every second,
 * then every half second once one failed) that take an instance out of rotation.
 */
export const BALANCER_DRAIN_MS = 5000;
/** How long a health check may take before it counts as failed: a busy instance is slow, not gone. */
const CHECK_TIMEOUT = '10s';
/** Socket.IO's path (libs/contracts SOCKET_PATH): its websockets go to their own backend. */
const SOCKET_PATH = '/socket.io';

/** The installed HAProxy's version line, or null with the command that installs it. */
export function haproxyVersion() {
  const probe = spawnSync('haproxy', ['-v'], { encoding: 'utf8' });
  if (probe.error || probe.status !== 0) return null;
  return probe.stdout.split('\n')[0];
}

/** The api's own message and wait for a 503 (api/src/platform/common/all-exceptions.filter.ts, UNAVAILABLE). */
const UNAVAILABLE_MESSAGE = 'The service is temporarily unavailable. Please try again shortly.';

export const HAPROXY_MISSING =
  'HAProxy is not installed; the cluster needs it as its load balancer. Install it with: sudo apt-get install -y haproxy';

/**
 * HAProxy's configuration.
 * - `bind`: the one address ("127.0.0.1:3000"); `servers`: each api instance ("127.0.0.1:3001"), or a
 *   `serverTemplate` for a service name that DNS resolves to the replicas (docker compose).
 * - No stickiness: every request may land on any instance (Socket.IO connects by websocket, one connection for its
 *   whole life). Requests and sockets are two backends over the same instances. A request goes to the instance
 *   with the fewest requests in flight (leastconn), so it avoids one still busy with a wave of reconnecting
 *   sockets (round robin queued a share of them behind it). Sockets go round robin: a wave splits over every
 *   instance (by fewest connections, it all landed on the one just restarted, empty and not yet warm, whose
 *   requests then waited up to 12 s).
 * - An instance leaves the rotation after three failed checks of READY_PATH in a row, and comes back after two good
 *   ones. A draining instance (SIGTERM, ShutdownDrain) answers 503 at once and one that died refuses the
 *   connection at once: both are out within seconds, and a refused connection is retried on another instance. A
 *   check only times out after CHECK_TIMEOUT: a busy instance answers late but is alive, and taking it out for
 *   that moved its load onto the others, which then answered late too, until none was left (a cascade seen under
 *   full chaos load with a 2-second bound).
 * - A request that found no instance, or whose instance died before answering, is sent to another one, except a
 *   POST without an Idempotency-Key, which could have been written already (with the key the api answers the
 *   replay from the first write's record).
 * - Text answers compressed (gzip) unless the api already compressed them (its hashed web assets).
 * - When no instance is ready (all draining, or PostgreSQL down for all), the balancer's own 503 is the api's:
 *   the same JSON error and Retry-After, so clients back off and retry the same way.
 */
export function haproxyConfig({ bind, servers = [], serverTemplate, resolver, statsBind }) {
  // Each backend checks the instances itself (a template's servers cannot track another backend's by index).
  const instances = (balance) => [
    `  balance ${balance}`,
    `  option httpchk GET ${READY_PATH}`,
    '  http-check expect status 200',
    `  timeout check ${CHECK_TIMEOUT}`,
    '  default-server inter 1s fastinter 500ms fall 3 rise 2',
    ...servers.map((server, index) => `  server api${index + 1} ${server} check`),
    ...(serverTemplate
      ? [`  server-template api ${serverTemplate.count} ${serverTemplate.address} check resolvers dns init-addr none`]
      : []),
  ];
  const lines = [
    // No global maxconn: HAProxy derives it from the file-descriptor limit it is given.
    'global',
    '',
    ...(resolver ? ['resolvers dns', `  nameserver local ${resolver}`, '  hold valid 1s', ''] : []),
    'defaults',
    '  mode http',
    '  timeout connect 2s',
    '  timeout client 60s',
    '  timeout server 60s',
    '  # Socket.IO websockets stay open for as long as the page does.',
    '  timeout tunnel 1h',
    '  timeout http-keep-alive 10s',
    '  retries 3',
    '  option redispatch 1',
    `  http-error status 503 content-type application/json string '{"error":"${UNAVAILABLE_MESSAGE}"}' hdr Retry-After 5`,
    '',
    'frontend casebridge',
    `  bind ${bind}`,
    `  use_backend sockets if { path_beg ${SOCKET_PATH}/ }`,
    '  default_backend api',
    '',
    'backend api',
    ...instances('leastconn'),
    '  retry-on conn-failure empty-response response-timeout',
    '  http-request disable-l7-retry if METH_POST !{ req.hdr(idempotency-key) -m found }',
    '  compression algo gzip',
    '  compression type text/html text/css text/plain text/javascript application/javascript application/json image/svg+xml',
    '',
    'backend sockets',
    ...instances('roundrobin'),
    '  retry-on conn-failure',
    ...(statsBind ? ['', 'listen stats', `  bind ${statsBind}`, '  stats enable', '  stats uri /'] : []),
    '',
  ];
  return lines.join('\n');
}

/** The configuration docker compose mounts: the `api` service's replicas by Docker's DNS, on port 3000. */
export function composeHaproxyConfig() {
  return haproxyConfig({
    bind: ':3000',
    serverTemplate: { count: 6, address: 'api:3000' },
    resolver: '127.0.0.11:53',
  });
}

// `node scripts/lib/balancer.mjs <bind> <stats bind> <server>...` prints the configuration (for the TypeScript
// tests' clusters); the stats page answers `/;csv`, whose `status` column says which instances are in rotation.
if (process.argv[1] && import.meta.url === new URL(`file://${process.argv[1]}`).href) {
  const [bind, statsBind, ...servers] = process.argv.slice(2);
  process.stdout.write(haproxyConfig({ bind, servers, statsBind }));
}
