import { HttpException, HttpStatus, Inject, Injectable } from '@nestjs/common';
import { MESSAGES } from '@casebridge/contracts';
import type { Redis } from 'ioredis';
import { REDIS } from './redis.module';

/** One counter and the number of attempts it allows per window. */
export interface RateLimit {
  key: string;
  limit: number;
}

/**
 * Counts one attempt on every key in one atomic step and answers whether any is now over its limit.
 * KEYS: the counters; ARGV[1]: window in seconds; ARGV[1 + i]: the limit of KEYS[i].
 * A counter gets its expiry when it starts, so the window is fixed and never stretched by later attempts.
 */
const CONSUME_SCRIPT = `
local over = 0
for i, key in ipairs(KEYS) do
  local count = redis.call('INCR', key)
  if count == 1 then redis.call('EXPIRE', key, ARGV[1]) end
  if count > tonumber(ARGV[i + 1]) then over = 1 end
end
return over`;

/** Gives one attempt back, but never revives an expired counter (a bare DECR would create one without expiry). */
const REFUND_SCRIPT = `
if redis.call('EXISTS', KEYS[1]) == 1 then return redis.call('DECR', KEYS[1]) end
return 0`;

/** Counts one request and answers [count, seconds until the window resets]. KEYS[1]: counter; ARGV[1]: window. */
const METER_SCRIPT = `
local count = redis.call('INCR', KEYS[1])
if count == 1 then redis.call('EXPIRE', KEYS[1], ARGV[1]) end
local ttl = redis.call('TTL', KEYS[1])
if ttl < 0 then redis.call('EXPIRE', KEYS[1], ARGV[1]); ttl = tonumber(ARGV[1]) end
return {count, ttl}`;

/** Where a client stands in its window, for the RateLimit-* headers of the integration API. */
export interface RateState {
  limit: number;
  remaining: number;
  /** Seconds until the window starts again. */
  resetSeconds: number;
  over: boolean;
}

type LimiterRedis = Redis & {
  rateConsume(...keysThenArgs: (string | number)[]): Promise<number>;
  rateMeter(key: string, windowSeconds: number): Promise<[number, number]>;
  rateRefund(key: string): Promise<number>;
};

/**
 * Fixed-window counters in Redis, shared by every api instance. Attempts are counted before the work they guard
 * (password check, mail): 30 requests at once are 30 increments of one counter, so at most `limit` get through.
 */
@Injectable()
export class RateLimiter {
  private readonly redis: LimiterRedis;

  constructor(@Inject(REDIS) redis: Redis) {
    redis.defineCommand('rateConsume', { lua: CONSUME_SCRIPT });
    redis.defineCommand('rateRefund', { numberOfKeys: 1, lua: REFUND_SCRIPT });
    redis.defineCommand('rateMeter', { numberOfKeys: 1, lua: METER_SCRIPT });
    this.redis = redis as LimiterRedis;
  }

  /** Counts one attempt on each counter; throws 429 (MESSAGES.tooManyRequests) when any is over its limit. */
  async consume(limits: RateLimit[], windowSeconds: number): Promise<void> {
    const keys = limits.map(({ key }) => `rate:${key}`);
    const over = await this.redis.rateConsume(keys.length, ...keys, windowSeconds, ...limits.map(({ limit }) => limit));
    if (over === 1) throw tooManyRequests();
  }

  /** The same limit on several counters (e.g. per address and per account). */
  hit(keys: string[], limit: number, windowSeconds: number): Promise<void> {
    return this.consume(
      keys.map((key) => ({ key, limit })),
      windowSeconds,
    );
  }

  /** Counts one request on `key` and tells where the window stands (never throws: the caller answers). */
  async meter(key: string, limit: number, windowSeconds: number): Promise<RateState> {
    const [count, resetSeconds] = await this.redis.rateMeter(`rate:${key}`, windowSeconds);
    return { limit, remaining: Math.max(0, limit - count), resetSeconds, over: count > limit };
  }

  /** Takes back an attempt that turned out legitimate (a successful sign-in from a shared address). */
  async refund(key: string): Promise<void> {
    await this.redis.rateRefund(`rate:${key}`);
  }

  async reset(key: string): Promise<void> {
    await this.redis.del(`rate:${key}`);
  }
}

export function tooManyRequests(): HttpException {
  return new HttpException(MESSAGES.tooManyRequests, HttpStatus.TOO_MANY_REQUESTS);
}
