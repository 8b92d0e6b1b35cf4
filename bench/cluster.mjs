// Cluster: the product behind HAProxy, configured as `npm run demo -- --cluster` configures it
// (scripts/lib/balancer.mjs). (1) Mixed readers through the balancer with 1 and with 2 api instances: informative
// on this machine, whose two cores also run the load generator. (2) A note to N followers (1,000) through the
// balancer, the followers spread over 3 api instances by the balancer itself, beside bare Socket.IO servers on the
// Redis Streams adapter behind the same balancer configuration, broadcasting the same payload.
import { spawn } from 'node:child_process';
import { createWriteStream, mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { haproxyConfig, haproxyVersion, HAPROXY_MISSING } from '../scripts/lib/balancer.mjs';
import { deleteRedisPrefix, newJwtSecret, startApiInstance } from './lib/api-process.mjs';
import { percentiles } from './lib/load.mjs';
import { freePort, LOG_DIR, stopChild } from './lib/processes.mjs';
import { noteRow, row } from './lib/report.mjs';
import { benchCase, measureOurs, measureRawBroadcast } from './live-events.mjs';
import { runMixedReadersBench } from './mixed-readers.mjs';

/** The target: a note's last follower through the balancer within 2x of a bare emit through it. */
const LIVE_TARGET = 2;

/** HAProxy in front of `urls` on a free port, its log in var/bench/<name>.log; `{ url, stop }` once it answers. */
async function startBalancer(name, urls) {
  const port = await freePort();
  mkdirSync(LOG_DIR, { recursive: true });
  const configFile = path.join(LOG_DIR, `${name}.cfg`);
  writeFileSync(
    configFile,
    haproxyConfig({ bind: `127.0.0.1:${port}`, servers: urls.map((url) => new URL(url).host) }),
  );
  const child = spawn('haproxy', ['-db', '-f', configFile], { stdio: ['ignore', 'pipe', 'pipe'] });
  const log = createWriteStream(path.join(LOG_DIR, `${name}.log`));
  child.stdout.pipe(log);
  child.stderr.pipe(log);
  const url = `http://127.0.0.1:${port}`;
  // Every instance in rotation: the balancer takes one in after two good checks a second apart.
  const deadline = Date.now() + 30_000;
  for (let up = 0; up < urls.length * 2 && Date.now() < deadline;) {
    const status = await fetch(`${url}/api/health/ready`).then(
      (answer) => answer.status,
      () => 0,
    );
    up = status === 200 ? up + 1 : 0;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  return { url, stop: () => stopChild(child) };
}

export async function runClusterBench({ databaseUrl, redisUrl, settings }) {
  if (!haproxyVersion()) return { rows: [noteRow('cluster (HAProxy)', 'skipped', HAPROXY_MISSING)], notes: [] };
  const runId = `${process.pid}${Date.now().toString(36)}`;
  const redisPrefix = `casebridge_bench_${runId}_cluster`;
  const rawPrefix = `casebridge_bench_${runId}_clusterio`;
  const instanceOptions = { databaseUrl, redisUrl, redisPrefix, jwtSecret: newJwtSecret() };
  const apis = [];
  const rows = [];
  const readers = {};
  let live;
  try {
    for (const instances of [1, 2]) {
      while (apis.length < instances)
        apis.push(await startApiInstance(`api-cluster-${apis.length + 1}`, instanceOptions));
      const balancer = await startBalancer(
        `haproxy-readers-${instances}`,
        apis.map((api) => api.url),
      );
      try {
        const through = `, through HAProxy to ${instances} api instance${instances > 1 ? 's' : ''}`;
        const result = await runMixedReadersBench({ apiUrl: balancer.url, databaseUrl, settings, through });
        rows.push(...result.rows);
        readers[instances] = Number(result.rows.find((entry) => entry.figure === 'requests /s')?.ours);
      } finally {
        await balancer.stop();
      }
    }
    while (apis.length < 3) apis.push(await startApiInstance(`api-cluster-${apis.length + 1}`, instanceOptions));
    const balancer = await startBalancer(
      'haproxy-live',
      apis.map((api) => api.url),
    );
    try {
      const kase = await benchCase(databaseUrl);
      const ours = await measureOurs({ apiUrls: [balancer.url], kase, settings });
      if (!ours.sample) throw new Error('no case.event reached the clients through the balancer');
      const raw = await measureRawBroadcast({
        instances: 3,
        redisUrl,
        redisPrefix: rawPrefix,
        sample: ours.sample,
        clients: settings.liveClients,
        notes: settings.liveNotes,
        balance: (urls) => startBalancer('haproxy-raw', urls),
      });
      live = { ours: percentiles(ours.lastClientMs), raw: percentiles(raw.lastClientMs), ours_: ours, raw_: raw };
    } finally {
      await balancer.stop();
    }
  } finally {
    for (const api of apis) await stopChild(api.child);
    await deleteRedisPrefix(redisUrl, redisPrefix);
    await deleteRedisPrefix(redisUrl, rawPrefix);
  }

  const clients = settings.liveClients.toLocaleString('en-US');
  const label = `cluster: note to ${clients} followers through HAProxy, spread over 3 api instances, last follower`;
  rows.push(row(label, 'p50 ms', live.ours.p50, live.raw.p50, null));
  rows.push(row(label, 'p99 ms', live.ours.p99, live.raw.p99, { max: LIVE_TARGET }));
  const lost = live.ours_.lost + live.ours_.duplicates;
  rows.push({
    benchmark: label,
    figure: 'lost / duplicated deliveries',
    ours: `${live.ours_.lost} / ${live.ours_.duplicates}`,
    raw: `${live.raw_.lost} / ${live.raw_.duplicates}`,
    ratio: '-',
    target: '0',
    verdict: lost === 0 ? 'pass' : 'miss',
  });
  const scaling = readers[2] && readers[1] ? (readers[2] / readers[1]).toFixed(2) : 'n/a';
  return {
    rows,
    notes: [
      `Cluster: mixed readers through HAProxy with 2 api instances answered ${scaling}x the requests of 1 instance ` +
        '(informative: the two cores run the readers, HAProxy, PostgreSQL and every instance).',
      `Cluster, live: ${settings.liveNotes} notes posted through the balancer; raw is 3 bare Socket.IO servers on the ` +
        'Redis Streams adapter behind the same HAProxy configuration, the trigger sent through it too.',
    ],
  };
}
