import { Inject, Injectable, Logger, type OnApplicationShutdown, type OnModuleInit } from '@nestjs/common';
import type { ServerConfig } from '@casebridge/server-core';
import { MikroORM, type EntityManager } from '@mikro-orm/core';
import type { Redis } from 'ioredis';
import { randomUUID } from 'node:crypto';
import { SERVER_CONFIG } from '../config/config.module';
import { REDIS } from '../redis/redis.module';
import { SessionActorChanges } from './session-actor-changes';
import { SessionCache, type SessionKeys } from './session-cache';

interface InvalidationMessage extends SessionKeys {
  id: string;
  /** Where each receiving instance acknowledges, once its cache has dropped the keys. */
  replyTo: string;
}

/** How long a change waits for the other instances' acknowledgements before it answers anyway. */
export const ACK_TIMEOUT_MS = 1_000;

/**
 * Keeps the session caches of every api instance right: a committed change to a session, user or company an actor
 * is read from is published on one Redis channel; every instance (this one included) drops the matching entries and
 * acknowledges. The change's request answers only once every receiver has acknowledged (or after ACK_TIMEOUT_MS),
 * so a logout answered by one instance is refused by every other at once. While the subscription is down the cache
 * is off (every request reads the database), since invalidations could be missed.
 */
@Injectable()
export class SessionInvalidation implements OnModuleInit, OnApplicationShutdown {
  readonly cache = new SessionCache();
  private readonly logger = new Logger('SessionInvalidation');
  private readonly channel: string;
  private readonly replyChannel: string;
  private readonly changes = new SessionActorChanges((keys) => this.publish(keys));
  private readonly waiting = new Map<string, { acks: number; expected: number; done: () => void }>();
  private subscriber: Redis | null = null;

  constructor(
    @Inject(REDIS) private readonly redis: Redis,
    @Inject(SERVER_CONFIG) config: ServerConfig,
    private readonly orm: MikroORM,
  ) {
    this.channel = `${config.REDIS_PREFIX}:session-invalidation`;
    this.replyChannel = `${this.channel}:ack:${randomUUID()}`;
  }

  onModuleInit(): void {
    this.orm.em.getEventManager().registerSubscriber(this.changes);
    const subscriber = this.redis.duplicate({ keyPrefix: undefined, maxRetriesPerRequest: null });
    this.subscriber = subscriber;
    subscriber.on('message', (channel: string, text: string) => this.receive(channel, text));
    subscriber.on('close', () => this.cache.setEnabled(false));
    subscriber.on('ready', () => {
      subscriber.subscribe(this.channel, this.replyChannel).then(
        () => this.cache.setEnabled(true),
        (error: unknown) => this.logger.warn(`session cache stays off: ${String(error)}`),
      );
    });
    subscriber.on('error', () => undefined);
  }

  async onApplicationShutdown(): Promise<void> {
    this.cache.setEnabled(false);
    await this.subscriber?.quit().catch(() => undefined);
  }

  /** Announces keys a service changed with native SQL once its transaction commits (at once outside one). */
  afterCommit(em: EntityManager, keys: SessionKeys): Promise<void> {
    return this.changes.afterCommit(em, keys);
  }

  /** Drops the keys here, then on every instance; resolves when all have acknowledged. */
  async publish(keys: SessionKeys): Promise<void> {
    this.cache.invalidate(keys);
    const id = randomUUID();
    const acknowledged = new Promise<void>((resolve) => {
      const timer = setTimeout(() => {
        this.waiting.delete(id);
        this.logger.warn(`session invalidation ${id}: not every instance acknowledged within ${ACK_TIMEOUT_MS} ms`);
        resolve();
      }, ACK_TIMEOUT_MS);
      const done = () => {
        clearTimeout(timer);
        this.waiting.delete(id);
        resolve();
      };
      this.waiting.set(id, { acks: 0, expected: Number.POSITIVE_INFINITY, done });
    });
    const message: InvalidationMessage = { id, replyTo: this.replyChannel, ...keys };
    try {
      // The count of subscribers that received it: every live instance, this one included.
      const receivers = await this.redis.publish(this.channel, JSON.stringify(message));
      this.expect(id, receivers);
    } catch (error) {
      // The change is committed; instances that cannot hear Redis have their cache off, the bound covers the rest.
      this.logger.warn(`session invalidation not published: ${String(error)}`);
      this.expect(id, 0);
    }
    await acknowledged;
  }

  private expect(id: string, receivers: number): void {
    const entry = this.waiting.get(id);
    if (!entry) return;
    entry.expected = receivers;
    if (entry.acks >= entry.expected) entry.done();
  }

  private receive(channel: string, text: string): void {
    if (channel === this.replyChannel) {
      const entry = this.waiting.get(text);
      if (entry && ++entry.acks >= entry.expected) entry.done();
      return;
    }
    if (channel !== this.channel) return;
    let message: InvalidationMessage;
    try {
      message = JSON.parse(text) as InvalidationMessage;
    } catch {
      return;
    }
    this.cache.invalidate(message);
    if (typeof message.replyTo === 'string' && typeof message.id === 'string') {
      this.redis.publish(message.replyTo, message.id).catch(() => undefined);
    }
  }
}
