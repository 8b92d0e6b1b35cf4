import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { REALTIME_RELAY_STREAM, type RelayedEvent } from '@casebridge/contracts';
import type { ServerConfig } from '@casebridge/server-core';
import { Redis } from 'ioredis';
import { hostname } from 'node:os';
import { SERVER_CONFIG } from '../config/config.module';
import { RealtimePublisher } from './realtime.publisher';
import { StreamReadLoop, type StreamEntry, type StreamReadReply } from './stream-read-loop';

/** Consumer group shared by every api instance: each relayed event is handled by exactly one of them. */
export const RELAY_GROUP = 'api-relay';
const BLOCK_MS = 2000;
const BATCH = 100;
/** Messages of a consumer that died (pending this long) are taken over by a living one. */
const ABANDONED_AFTER_MS = 60_000;
const BACKOFF_MAX_MS = 15_000;
const RELAYED_EVENTS = new Set<string>([
  'export.status',
  'case.event',
  'cases.changed',
  'queue.changed',
  'watch.entry',
]);

let instances = 0;

/**
 * Carries events from the worker to the browsers. The worker XADDs to `{prefix}:realtime-relay`; every api
 * instance reads it in the consumer group `api-relay`, so each event is handled by one instance, which publishes it
 * through RealtimePublisher (LiveFanout then reaches the sockets of every instance) and XACKs it.
 * Delivery is at least once: an event emitted just before a crash may be emitted again after the restart.
 */
@Injectable()
export class RealtimeRelayConsumer implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('RealtimeRelay');
  private readonly key: string;
  /** Stable for the process, so a restarted instance with the same host and pid finds its own pending events. */
  private readonly consumer = `${hostname()}-${process.pid}-${++instances}`;
  private readonly reader = new StreamReadLoop(this.logger, 'relay read', BACKOFF_MAX_MS);
  private groupReady = false;
  private ownPendingDone = false;
  private lastTakeover = 0;

  constructor(
    @Inject(SERVER_CONFIG) private readonly config: ServerConfig,
    private readonly publisher: RealtimePublisher,
  ) {
    this.key = `${config.REDIS_PREFIX}:${REALTIME_RELAY_STREAM}`;
  }

  onApplicationBootstrap(): void {
    this.reader.start(
      this.config.REDIS_URL,
      (redis) => this.readNext(redis),
      // Redis restarted without its data: the group is gone and is created again.
      (message) => {
        if (message.includes('NOGROUP')) this.groupReady = false;
      },
    );
  }

  onApplicationShutdown(): Promise<void> {
    return this.reader.stop();
  }

  /** The group made sure of, this consumer's own pending entries handled once, the abandoned ones, then new ones. */
  private async readNext(redis: Redis): Promise<void> {
    if (!this.groupReady) this.groupReady = await this.ensureGroup(redis);
    if (!this.ownPendingDone) {
      await this.drainOwnPending(redis);
      this.ownPendingDone = true;
    }
    await this.takeOverAbandoned(redis);
    await this.handle(redis, await this.readGroup(redis, '>'));
  }

  /**
   * One batch of this consumer's entries: `>` waits up to BLOCK_MS for new ones, `0` reads those it was given
   * before and has not acknowledged (without waiting).
   */
  private async readGroup(redis: Redis, from: '>' | '0') {
    const wait = from === '>' ? ['BLOCK', BLOCK_MS] : [];
    // The generic call: ioredis's typed xreadgroup overloads take no optional BLOCK in the middle.
    const reply = (await redis.call(
      'XREADGROUP',
      'GROUP',
      RELAY_GROUP,
      this.consumer,
      'COUNT',
      BATCH,
      ...wait,
      'STREAMS',
      this.key,
      from,
    )) as StreamReadReply;
    return reply?.[0]?.[1] ?? [];
  }

  /** Creates the group (and the stream) if missing; from the start of the stream, so nothing relayed is lost. */
  private async ensureGroup(redis: Redis): Promise<boolean> {
    try {
      await redis.xgroup('CREATE', this.key, RELAY_GROUP, '0', 'MKSTREAM');
    } catch (error) {
      if (!(error instanceof Error && error.message.includes('BUSYGROUP'))) throw error;
    }
    return true;
  }

  /** Events this consumer read but did not acknowledge before it stopped. */
  private async drainOwnPending(redis: Redis): Promise<void> {
    for (;;) {
      const entries = await this.readGroup(redis, '0');
      if (entries.length === 0) return;
      await this.handle(redis, entries);
    }
  }

  /** Events left pending by an instance that went away; checked at most every ABANDONED_AFTER_MS. */
  private async takeOverAbandoned(redis: Redis): Promise<void> {
    if (Date.now() - this.lastTakeover < ABANDONED_AFTER_MS) return;
    this.lastTakeover = Date.now();
    const [, entries] = (await redis.xautoclaim(
      this.key,
      RELAY_GROUP,
      this.consumer,
      ABANDONED_AFTER_MS,
      '0',
      'COUNT',
      BATCH,
    )) as [string, (StreamEntry | null)[]];
    await this.handle(
      redis,
      entries.filter((entry): entry is StreamEntry => entry !== null),
    );
  }

  /** A read's events in one publish (one batch to the other instances), then acknowledged together. */
  private async handle(redis: Redis, entries: StreamEntry[]): Promise<void> {
    if (entries.length === 0) return;
    const events: RelayedEvent[] = [];
    for (const [id, fields] of entries) {
      const event = parseEvent(fields);
      if (event) events.push(event);
      else this.logger.warn(`relay entry ${id} is not a relayable event; dropped`);
    }
    this.publisher.publish(events);
    await redis.xack(this.key, RELAY_GROUP, ...entries.map(([id]) => id));
  }
}

/** The `event` field of an entry as a RelayedEvent, or null when it is not one. */
export function parseEvent(fields: string[]): RelayedEvent | null {
  const index = fields.indexOf('event');
  if (index < 0 || index % 2 !== 0) return null;
  try {
    const value = JSON.parse(fields[index + 1]) as Partial<RelayedEvent>;
    const room = value.room;
    const roomOk = typeof room === 'string' || (Array.isArray(room) && room.every((one) => typeof one === 'string'));
    if (!roomOk || typeof value.event !== 'string' || !RELAYED_EVENTS.has(value.event)) {
      return null;
    }
    if (typeof value.message !== 'object' || value.message === null) return null;
    if (value.except !== undefined && typeof value.except !== 'string') return null;
    return value as RelayedEvent;
  } catch {
    return null;
  }
}
