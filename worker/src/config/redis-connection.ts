import IORedis, { Redis } from 'ioredis';

/**
 * A Redis connection usable by BullMQ workers: `maxRetriesPerRequest: null` is required for blocking commands,
 * so a Redis restart makes the worker wait instead of crashing.
 */
export function createRedisConnection(redisUrl: string): Redis {
  return new IORedis(redisUrl, { maxRetriesPerRequest: null });
}
