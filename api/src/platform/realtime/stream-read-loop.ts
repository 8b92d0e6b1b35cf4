import type { Logger } from '@nestjs/common';
import { Redis } from 'ioredis';
import { setTimeout as sleep } from 'node:timers/promises';

const BACKOFF_MIN_MS = 250;

/** A Redis stream entry as XREAD and XREADGROUP answer it. */
export type StreamEntry = [id: string, fields: string[]];
export type StreamReadReply = [stream: string, entries: StreamEntry[]][] | null;

/**
 * Reads a Redis stream for as long as the instance runs: `step` (one blocking read and what follows it) again and
 * again on a connection of its own (a blocking read holds up every other command on its connection), a failed step
 * retried after a doubling pause. The relay from the worker and the fan-out between instances both read this way.
 */
export class StreamReadLoop {
  private redis: Redis | null = null;
  private running = false;
  private loop: Promise<void> | null = null;

  constructor(
    private readonly logger: Logger,
    private readonly what: string,
    private readonly backoffMaxMs: number,
  ) {}

  /** `failed` hears each failure's message first (a reader may have state to reset, such as a lost group). */
  start(url: string, step: (redis: Redis) => Promise<void>, failed: (message: string) => void = () => undefined) {
    // It reconnects by itself; the loop logs what matters.
    const redis = new Redis(url, { maxRetriesPerRequest: null });
    redis.on('error', () => undefined);
    this.redis = redis;
    this.running = true;
    this.loop = this.run(redis, step, failed);
  }

  async stop(): Promise<void> {
    this.running = false;
    const connected = this.redis?.status === 'ready';
    // disconnect (not quit) ends the blocking read at once; the loop sees `running` false and stops. While Redis is
    // away the loop waits on a command ioredis keeps for the reconnect, and disconnecting a connection between two
    // reconnect attempts never settles it: there is nothing to finish then, so do not wait.
    this.redis?.disconnect();
    if (connected) await this.loop;
  }

  private async run(redis: Redis, step: (redis: Redis) => Promise<void>, failed: (message: string) => void) {
    let backoff = BACKOFF_MIN_MS;
    while (this.running) {
      try {
        await step(redis);
        backoff = BACKOFF_MIN_MS;
      } catch (error) {
        if (!this.running) break;
        const message = error instanceof Error ? error.message : String(error);
        failed(message);
        this.logger.warn(`${this.what} failed (${message}); retrying in ${backoff} ms`);
        await sleep(backoff);
        backoff = Math.min(backoff * 2, this.backoffMaxMs);
      }
    }
  }
}
