import { withinDeadline } from './deadline';

/** How long each readiness check may take before it counts as failed. */
export const PROBE_TIMEOUT_MS = 2000;

/** What the readiness checks need: a database connection and a Redis connection (MikroORM's and ioredis's fit). */
export interface ReadinessTargets {
  database: { execute(sql: string): Promise<unknown> };
  redis: { status: string; ping(): Promise<unknown> };
}

export interface Readiness {
  ready: boolean;
  database: boolean;
  redis: boolean;
}

/**
 * Readiness of an api or worker process: PostgreSQL answers `select 1` and Redis answers PING, each within
 * `timeoutMs`, checked in parallel. A Redis connection that is not connected fails at once instead of queueing
 * the PING (the worker's connection would keep it until Redis is back).
 */
export async function checkReadiness(targets: ReadinessTargets, timeoutMs = PROBE_TIMEOUT_MS): Promise<Readiness> {
  const [database, redis] = await Promise.all([
    passes(() => targets.database.execute('select 1'), timeoutMs, 'database'),
    passes(
      () => (targets.redis.status === 'ready' ? targets.redis.ping() : Promise.reject(new Error('not connected'))),
      timeoutMs,
      'redis',
    ),
  ]);
  return { ready: database && redis, database, redis };
}

async function passes(check: () => Promise<unknown>, timeoutMs: number, what: string): Promise<boolean> {
  try {
    await withinDeadline(check(), timeoutMs, what);
    return true;
  } catch {
    return false;
  }
}
