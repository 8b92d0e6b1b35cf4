import { HttpException, HttpStatus, Inject, Injectable } from '@nestjs/common';
import { MESSAGES } from '@casebridge/contracts';
import type { Redis } from 'ioredis';
import { REDIS } from './redis.module';

/** Fixed-window counters in Redis, shared by every api instance. */
@Injectable()
export class RateLimiter {
  constructor(@Inject(REDIS) private readonly redis: Redis) {}

  /** Counts one hit on each key; throws 429 with the spec's text when any key is over its limit. */
  async hit(keys: string[], limit: number, windowSeconds: number): Promise<void> {
    const counts = await Promise.all(keys.map((key) => this.increment(`rate:${key}`, windowSeconds)));
    if (counts.some((count) => count > limit)) throw tooManyRequests();
  }

  /** Throws 429 if any key is already over its limit, without counting. */
  async check(keys: string[], limit: number): Promise<void> {
    const values = await Promise.all(keys.map((key) => this.redis.get(`rate:${key}`)));
    if (values.some((value) => Number(value ?? 0) >= limit)) throw tooManyRequests();
  }

  async reset(key: string): Promise<void> {
    await this.redis.del(`rate:${key}`);
  }

  private async increment(key: string, windowSeconds: number): Promise<number> {
    const [[, count]] = (await this.redis.multi().incr(key).expire(key, windowSeconds, 'NX').exec()) as [
      [Error | null, number],
      [Error | null, number],
    ];
    return count;
  }
}

export function tooManyRequests(): HttpException {
  return new HttpException(MESSAGES.tooManyRequests, HttpStatus.TOO_MANY_REQUESTS);
}
