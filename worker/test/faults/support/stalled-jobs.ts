import { Redis } from 'ioredis';

/**
 * After a worker process died, BullMQ gives its active jobs back in two steps of its stalled-job check (every
 * 30 s by default, at most once per interval across workers): once the job's lock expired (30 s) a check marks
 * the job as possibly stalled, the next check moves it back to wait. That is about a minute of real time.
 * This fast-forwards exactly those three facts, so the next worker's check (run when it starts) recovers them:
 * the locks are gone, the check interval has passed, and the previous check marked the jobs.
 */
export async function fastForwardStalledCheck(
  redis: Redis,
  prefix: string,
  queue: string,
  jobIds: string[],
): Promise<void> {
  const key = (suffix: string) => `${prefix}:${queue}:${suffix}`;
  await redis.del(...jobIds.map((id) => key(`${id}:lock`)), key('stalled-check'));
  await redis.sadd(key('stalled'), ...jobIds);
}
