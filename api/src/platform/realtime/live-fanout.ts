import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import type { RelayedEvent } from '@casebridge/contracts';
import type { ServerConfig } from '@casebridge/server-core';
import { Redis } from 'ioredis';
import { randomUUID } from 'node:crypto';
import { SERVER_CONFIG } from '../config/config.module';
import { StreamReadLoop, type StreamReadReply } from './stream-read-loop';

/** Batches the stream keeps (about 1-10 KB each): a reader that paused a few seconds still finds its next one. */
const KEPT_BATCHES = 2000;
const BLOCK_MS = 2000;
const READ_COUNT = 100;
const BACKOFF_MAX_MS = 5000;

/**
 * Carries the live messages an instance publishes to the sockets of the other api instances: each batch (the
 * messages of one case event: four audiences, two company lists, the escalation queue, the watchers) is one entry
 * of the Redis stream `{prefix}:live-fanout`, which every instance reads from where it stands (XREAD, no group:
 * each needs every batch) and emits to its own sockets. Through the Socket.IO adapter the same batch was one stream
 * entry per message, each written, read back and decoded by every instance: on a note, more of the api's time than
 * the note's own statement. Like the adapter's stream, it resumes after Redis comes back; a batch lost meanwhile is
 * healed by the clients (a follow replays a case's entries from its log, lists read again on reconnect).
 */
@Injectable()
export class LiveFanout implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('LiveFanout');
  private readonly key: string;
  /** Tells this instance's batches apart when they come back through the stream. */
  private readonly origin = randomUUID();
  private writer: Redis | null = null;
  private readonly reader = new StreamReadLoop(this.logger, 'live fan-out read', BACKOFF_MAX_MS);
  /** From the stream's newest entry at start: what was sent before this instance started concerns no socket of its. */
  private after: string | null = null;
  private deliver: (batch: RelayedEvent[]) => void = () => undefined;

  constructor(@Inject(SERVER_CONFIG) private readonly config: ServerConfig) {
    this.key = `${config.REDIS_PREFIX}:live-fanout`;
  }

  /** Where the other instances' batches go: RealtimePublisher emits them to this instance's sockets. */
  onRemoteBatch(deliver: (batch: RelayedEvent[]) => void): void {
    this.deliver = deliver;
  }

  onApplicationBootstrap(): void {
    // A command waits for one reconnect at most: while Redis is away batches fail fast instead of piling up.
    this.writer = new Redis(this.config.REDIS_URL, { maxRetriesPerRequest: 1 });
    this.writer.on('error', () => undefined);
    this.reader.start(this.config.REDIS_URL, (redis) => this.readNext(redis));
  }

  async onApplicationShutdown(): Promise<void> {
    await this.reader.stop();
    // quit sends what is queued first: the batches of the last requests still reach the other instances.
    if (this.writer?.status === 'ready') await this.writer.quit().catch(() => undefined);
    this.writer?.disconnect();
  }

  /** Sends a batch to the other instances (this one emits its own at once); a failure is logged, not thrown. */
  send(batch: readonly RelayedEvent[]): void {
    if (!this.writer || batch.length === 0) return;
    this.writer
      .xadd(this.key, 'MAXLEN', '~', KEPT_BATCHES, '*', 'from', this.origin, 'batch', JSON.stringify(batch))
      .catch((error: unknown) => this.logger.warn(`live batch not sent to the other instances: ${String(error)}`));
  }

  /** Waits for the next batches (BLOCK_MS at most) and hands on those of the other instances. */
  private async readNext(reader: Redis): Promise<void> {
    this.after ??= await this.newestId(reader);
    const reply = (await reader.call(
      'XREAD',
      'COUNT',
      READ_COUNT,
      'BLOCK',
      BLOCK_MS,
      'STREAMS',
      this.key,
      this.after,
    )) as StreamReadReply;
    for (const [id, fields] of reply?.[0]?.[1] ?? []) {
      this.after = id;
      this.receive(id, fields);
    }
  }

  /** The id to read after: the stream's newest entry, or the start when there is none yet. */
  private async newestId(reader: Redis): Promise<string> {
    const [newest] = await reader.xrevrange(this.key, '+', '-', 'COUNT', 1);
    return newest?.[0] ?? '0-0';
  }

  private receive(id: string, fields: string[]): void {
    const entry = new Map<string, string>();
    for (let index = 0; index + 1 < fields.length; index += 2) entry.set(fields[index], fields[index + 1]);
    if (entry.get('from') === this.origin) return;
    try {
      const batch = JSON.parse(entry.get('batch') ?? 'null') as unknown;
      if (!Array.isArray(batch)) throw new Error('not a list');
      this.deliver(batch as RelayedEvent[]);
    } catch (error) {
      this.logger.warn(`live fan-out entry ${id} dropped: ${String(error)}`);
    }
  }
}
