// The built api (api/dist/main.js) as a bench child process: the environment every bench api gets, and the
// cleanup of its Redis prefix. Several instances share one JWT secret and prefix to act as one deployment.
import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { freePort, startNode, waitForHttpOk } from './processes.mjs';

/**
 * Production mode on the bench database, sign-in rate limit raised for the load generators; the web build is
 * served only when `webDist` names it.
 */
export function apiEnvironment({ port, databaseUrl, redisUrl, redisPrefix, jwtSecret, webDist = '' }) {
  return {
    ...process.env,
    NODE_ENV: 'production',
    JWT_SECRET: jwtSecret,
    PORT: String(port),
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    DATABASE_URL: databaseUrl,
    REDIS_URL: redisUrl,
    REDIS_PREFIX: redisPrefix,
    WEB_DIST: webDist,
    LOGIN_RATE_LIMIT: '1000',
    // The integration API's per-client limit would cut a load generator off within a second; the meter still runs.
    CONNECT_RATE_LIMIT: '100000000',
    // The connect benchmark's webhook receiver listens on this machine.
    OUTBOUND_ALLOW_PRIVATE_TARGETS: 'true',
  };
}

export const newJwtSecret = () => randomBytes(24).toString('hex');

/** Starts one api instance on a free port and waits for its health route; `{ child, url }`. */
export async function startApiInstance(name, { databaseUrl, redisUrl, redisPrefix, jwtSecret, webDist }) {
  const port = await freePort();
  const child = startNode(
    name,
    ['api/dist/main.js'],
    apiEnvironment({ port, databaseUrl, redisUrl, redisPrefix, jwtSecret, webDist }),
  );
  const url = `http://127.0.0.1:${port}`;
  await waitForHttpOk(`${url}/api/health`, child);
  return { child, url };
}

/** The generator's and the demo's one password. */
export const BENCH_PASSWORD = 'Passw0rd!';

/** Signs in through the api like the web app; the access token. */
export async function signInToken(apiUrl, email, password = BENCH_PASSWORD) {
  const response = await fetch(`${apiUrl}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  const body = await response.json().catch(() => ({}));
  if (!response.ok) throw new Error(`Sign-in of ${email} failed (${response.status}): ${JSON.stringify(body)}`);
  return body.access_token;
}

/** Deletes every key under `prefix:` (SCAN, never KEYS or FLUSH: the Redis is shared). */
export async function deleteRedisPrefix(redisUrl, prefix) {
  const redis = new Redis(redisUrl);
  try {
    let cursor = '0';
    do {
      const [next, keys] = await redis.scan(cursor, 'MATCH', `${prefix}:*`, 'COUNT', 1000);
      if (keys.length > 0) await redis.del(...keys);
      cursor = next;
    } while (cursor !== '0');
  } finally {
    await redis.quit();
  }
}

/** The built worker (worker/dist/main.js) mailing to a local SMTP sink, its metrics on a free port. */
export function startSinkWorker(name, { databaseUrl, redisUrl, redisPrefix, smtpPort }) {
  return startNode(name, ['worker/dist/main.js'], {
    ...process.env,
    DATABASE_URL: databaseUrl,
    REDIS_URL: redisUrl,
    REDIS_PREFIX: redisPrefix,
    SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
    // A free port, so a demo worker (or another bench) on this host never collides with it.
    WORKER_METRICS_PORT: '0',
  });
}
