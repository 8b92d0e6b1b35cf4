// Where an api request's CPU goes: `node bench/profile-reads.mjs [--path auth/middleware] [--seconds 10]`.
// Starts the built api with V8's sampling profiler (--cpu-prof) on the bench database (run `npm run bench` first),
// loads one signed-in GET route with autocannon, stops the api (the profile is written at exit) and prints its
// self time grouped by where the code lives: our code, each package of node_modules, node's internals, and the
// garbage collector. The raw profile stays in var/bench/profiles/ for Chrome DevTools.
import { mkdirSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { apiEnvironment, deleteRedisPrefix, newJwtSecret, signInToken } from './lib/api-process.mjs';
import { httpLoad } from './lib/load.mjs';
import { benchDatabase, intOption, parseArgs, REPO_ROOT } from './lib/options.mjs';
import { freePort, startNode, stopAll, stopChild, waitForHttpOk } from './lib/processes.mjs';

const options = parseArgs();
const route = String(options.path ?? 'auth/middleware');
const seconds = intOption(options, 'seconds', 10);
const connections = intOption(options, 'connections', 10);
const database = benchDatabase(options);
const redisUrl = process.env.REDIS_URL || 'redis://127.0.0.1:6379';
const redisPrefix = `cbprof${process.pid}`;
const profileDir = path.join(REPO_ROOT, 'var', 'bench', 'profiles');

/** The bucket a profile node's self time counts to. */
function bucketOf(node) {
  const url = node.callFrame.url;
  const name = node.callFrame.functionName;
  if (name === '(garbage collector)') return 'garbage collector';
  if (name === '(idle)' || name === '(program)' || name === '(root)') return name;
  const inModules = url.match(/node_modules\/((?:@[^/]+\/)?[^/]+)/);
  if (inModules) return inModules[1];
  if (url.startsWith('node:') || (!url.includes('/') && url !== '')) return 'node internals';
  if (url.includes('/api/dist/') || url.includes('/libs/')) return 'casebridge (api, libs)';
  return url === '' ? 'native / V8' : 'other';
}

function summarize(profileFile) {
  const profile = JSON.parse(readFileSync(profileFile, 'utf8'));
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const self = new Map();
  // Every sample is one tick of the node it hit; time deltas give each tick its length.
  profile.samples.forEach((id, index) => {
    const micros = profile.timeDeltas[index] ?? 0;
    const bucket = bucketOf(byId.get(id));
    self.set(bucket, (self.get(bucket) ?? 0) + micros);
  });
  const busy = [...self].filter(([bucket]) => bucket !== '(idle)').reduce((sum, [, micros]) => sum + micros, 0);
  return [...self]
    .filter(([bucket]) => bucket !== '(idle)')
    .sort((a, b) => b[1] - a[1])
    .map(([bucket, micros]) => ({
      bucket,
      ms: Math.round(micros / 1000),
      share: `${((100 * micros) / busy).toFixed(1)}%`,
    }));
}

async function main() {
  mkdirSync(profileDir, { recursive: true });
  const port = await freePort();
  const jwtSecret = newJwtSecret();
  const env = apiEnvironment({ port, databaseUrl: database.url, redisUrl, redisPrefix, jwtSecret });
  const started = Date.now();
  const api = startNode('api-profile', ['--cpu-prof', `--cpu-prof-dir=${profileDir}`, 'api/dist/main.js'], env);
  const url = `http://127.0.0.1:${port}`;
  try {
    await waitForHttpOk(`${url}/api/health`, api);
    const token = await signInToken(url, String(options.email ?? 'admin@casebridge.test'));
    const load = await httpLoad({
      url: `${url}/api/${route}`,
      headers: { authorization: `Bearer ${token}` },
      connections,
      durationSeconds: seconds,
    });
    console.log(`GET /api/${route}: ${Math.round(load.rps)}/s, p99 ${load.p99} ms, ${load.errors} errors`);
  } finally {
    await stopChild(api);
    await deleteRedisPrefix(redisUrl, redisPrefix);
  }
  const written = readdirSync(profileDir)
    .map((name) => path.join(profileDir, name))
    .filter((file) => file.endsWith('.cpuprofile') && statSync(file).mtimeMs >= started)
    .sort((a, b) => statSync(b).mtimeMs - statSync(a).mtimeMs);
  if (!written.length) throw new Error('The api wrote no CPU profile (did it exit cleanly?)');
  console.log(`profile: ${path.relative(REPO_ROOT, written[0])} (boot and sign-in included)`);
  console.table(summarize(written[0]).slice(0, 20));
}

main()
  .catch((error) => {
    console.error(error);
    process.exitCode = 1;
  })
  .finally(() => stopAll());
