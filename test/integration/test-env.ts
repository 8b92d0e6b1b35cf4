import IORedis from 'ioredis';
import { cloneDatabase, dropDatabase } from '@casebridge/db/testing';
import { runDatabasePrefix, TEST_RUN_ENV, TEST_TEMPLATE_DB_ENV } from './run-names';

export interface IntegrationEnv {
  databaseUrl: string;
  databaseName: string;
  /** Prefix of every Redis key this file may create (queues, markers, rate limits). */
  redisPrefix: string;
  /** Drops the file's database and deletes its Redis keys. Call in afterAll. */
  cleanup(): Promise<void>;
}

function requireEnv(name: string): string {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is not set: run integration tests through jest --selectProjects integration`);
  return value;
}

/** Deletes every Redis key under `prefix:` with SCAN + DEL (never FLUSHDB: the server is shared). */
export async function deleteRedisKeys(redisUrl: string, prefix: string): Promise<number> {
  const redis = new IORedis(redisUrl, { maxRetriesPerRequest: 1, lazyConnect: true });
  await redis.connect();
  let deleted = 0;
  try {
    let cursor = '0';
    do {
      const [next, keys] = await redis.scan(cursor, 'MATCH', `${prefix}:*`, 'COUNT', 500);
      cursor = next;
      if (keys.length > 0) deleted += await redis.del(...keys);
    } while (cursor !== '0');
  } finally {
    redis.disconnect();
  }
  return deleted;
}

/**
 * Call in `beforeAll` of an integration test file: a fresh database cloned from the run's seeded template,
 * a Redis prefix of its own, and process.env pointing at both (so loadServerConfig() picks them up), with the
 * worker's metrics port set to 0 (a free port each).
 */
export async function prepareIntegrationEnv(): Promise<IntegrationEnv> {
  const runId = requireEnv(TEST_RUN_ENV);
  const template = requireEnv(TEST_TEMPLATE_DB_ENV);
  const fileId = `${process.pid.toString(36)}${Math.random().toString(36).slice(2, 8)}`;
  const databaseName = `${runDatabasePrefix(runId)}${fileId}`;
  // Cloned on the server of DATABASE_URL (local PostgreSQL by default).
  const databaseUrl = await cloneDatabase(template, databaseName);
  const redisPrefix = `casebridge_test_${runId}_${fileId}`;
  process.env.NODE_ENV = 'test';
  process.env.DATABASE_URL = databaseUrl;
  process.env.REDIS_PREFIX = redisPrefix;
  // Workers this file starts (in process or as children) serve their metrics on a free port, never a shared one.
  process.env.WORKER_METRICS_PORT = '0';
  const redisUrl = process.env.REDIS_URL || 'redis://127.0.0.1:6379';

  return {
    databaseUrl,
    databaseName,
    redisPrefix,
    async cleanup() {
      await deleteRedisKeys(redisUrl, redisPrefix);
      await dropDatabase(databaseName);
    },
  };
}
