import { Inject, Injectable, Logger, type OnApplicationShutdown, type OnModuleInit } from '@nestjs/common';
import type { ServerConfig } from '@casebridge/server-core';
import type { EntityManager } from '@mikro-orm/postgresql';
import { Client, type Notification } from 'pg';
import { randomUUID } from 'node:crypto';
import { SERVER_CONFIG } from '../config/config.module';
import type { Fragment } from '../common/page-totals';
import { readRows } from '../common/prepared-reads';
import { ReadCache, readTags } from './read-cache';

/** The channel the database's triggers announce changes on (migrations 20261125033000 and 20261125040000). */
export const CASE_READS_CHANNEL = 'case_reads';
/** How long a write waits to see its own change announced before it drops every answer instead. */
export const SYNC_TIMEOUT_MS = 1_000;
const RECONNECT_MIN_MS = 250;
const RECONNECT_MAX_MS = 15_000;

/**
 * Hot reads (case pages, case lists, the escalation queue, the dashboard's directory, favourites and note) answered from this instance's memory while nothing they
 * show has changed. What changed is learned from PostgreSQL itself: triggers announce every committed change on
 * CASE_READS_CHANNEL, whoever wrote it, and this instance listens on a connection of its own.
 *
 * - A write answered by this instance is seen by the next read of its client: before a write request answers,
 *   `sync` sends a marker through the same channel and waits for it; PostgreSQL delivers notifications in commit
 *   order, so the write's own announcement has arrived by then (FreshReadsAfterWrites).
 * - Another instance's write, or the worker's, is dropped here when its announcement arrives (milliseconds).
 * - While the listening connection is down the cache is off: every read goes to the database.
 */
@Injectable()
export class CachedReads implements OnModuleInit, OnApplicationShutdown {
  readonly cache = new ReadCache();
  private readonly logger = new Logger('CachedReads');
  private readonly syncPrefix = `s:${randomUUID()}:`;
  private readonly syncs = new Map<string, (seen: boolean) => void>();
  private syncCount = 0;
  private markers: Promise<void> = Promise.resolve();
  /** The marker not sent yet, shared by every sync() until it is. */
  private nextMarker: Promise<boolean> | null = null;
  private listener: Client | null = null;
  private running = false;
  private reconnectDelay = RECONNECT_MIN_MS;
  private reconnectTimer: NodeJS.Timeout | null = null;

  constructor(@Inject(SERVER_CONFIG) private readonly config: ServerConfig) {}

  onModuleInit(): void {
    this.running = true;
    void this.listen();
  }

  async onApplicationShutdown(): Promise<void> {
    this.running = false;
    if (this.reconnectTimer) clearTimeout(this.reconnectTimer);
    this.cache.setEnabled(false);
    await this.listener?.end().catch(() => undefined);
  }

  /**
   * Rows of a read statement, from memory when the same statement with the same parameters was read since the last
   * change to its tags. Inside a transaction it always reads the database (the transaction may have written).
   */
  rows<T>(em: EntityManager, statement: Fragment, tagsOf: (rows: T[]) => readonly string[]): Promise<T[]> {
    return this.answer(em, [statement], () => readRows<T>(em, statement), tagsOf);
  }

  /** Any computed answer, keyed by the statements it runs; `load` must read the database only. */
  answer<T>(
    em: EntityManager,
    statements: Fragment[],
    load: () => Promise<T>,
    tagsOf: (value: T) => readonly string[],
  ): Promise<T> {
    if (em.getTransactionContext()) return load();
    return this.cache.read(statements.map(keyOf).join('\u0001'), load, tagsOf);
  }

  /**
   * Resolves once every change committed before the call has been applied to this instance's cache. Calls made
   * before the next marker is sent share it (sent after each of their calls, so after each of their commits): a
   * busy instance sends one marker per round trip on the listening connection, not one per write.
   */
  async sync(): Promise<void> {
    const listener = this.listener;
    if (this.cache.idle || !listener) return;
    this.nextMarker ??= this.sendMarker(listener);
    if (!(await this.nextMarker)) {
      this.logger.warn(`own marker not seen within ${SYNC_TIMEOUT_MS} ms; every cached answer dropped`);
      this.cache.clear();
    }
  }

  /** Queues a marker behind the one being sent (one statement at a time: pg queues them, but deprecates it). */
  private sendMarker(listener: Client): Promise<boolean> {
    const marker = `${this.syncPrefix}${++this.syncCount}`;
    const arrived = new Promise<boolean>((resolve) => {
      const timer = setTimeout(() => finish(false), SYNC_TIMEOUT_MS);
      const finish = (seen: boolean) => {
        clearTimeout(timer);
        this.syncs.delete(marker);
        // Not sent yet (timed out in the queue): a later call needs a marker of its own all the same.
        if (this.nextMarker === arrived) this.nextMarker = null;
        resolve(seen);
      };
      this.syncs.set(marker, finish);
      this.markers = this.markers
        .then(() => {
          // Sent from now: a later call needs a marker of its own.
          if (this.nextMarker === arrived) this.nextMarker = null;
          return listener.query('select pg_notify($1, $2)', [CASE_READS_CHANNEL, marker]);
        })
        .then(
          () => undefined,
          () => finish(false),
        );
    });
    return arrived;
  }

  private async listen(): Promise<void> {
    if (!this.running) return;
    const client = new Client({ connectionString: this.config.DATABASE_URL, application_name: 'casebridge-reads' });
    client.on('notification', (message: Notification) => this.receive(message.payload ?? ''));
    client.on('error', () => undefined); // 'end' follows; the cache goes off there
    client.on('end', () => {
      if (this.listener !== client) return;
      this.listener = null;
      this.cache.setEnabled(false);
      this.scheduleReconnect();
    });
    try {
      await client.connect();
      await client.query(`listen ${CASE_READS_CHANNEL}`);
    } catch (error) {
      this.logger.warn(`read cache stays off: ${String(error)}`);
      await client.end().catch(() => undefined);
      this.scheduleReconnect();
      return;
    }
    if (!this.running) {
      await client.end().catch(() => undefined);
      return;
    }
    this.listener = client;
    this.reconnectDelay = RECONNECT_MIN_MS;
    this.cache.setEnabled(true);
  }

  private scheduleReconnect(): void {
    if (!this.running || this.reconnectTimer) return;
    const delay = this.reconnectDelay;
    this.reconnectDelay = Math.min(this.reconnectDelay * 2, RECONNECT_MAX_MS);
    this.reconnectTimer = setTimeout(() => {
      this.reconnectTimer = null;
      void this.listen();
    }, delay);
  }

  private receive(payload: string): void {
    if (payload.startsWith('s:')) {
      this.syncs.get(payload)?.(true);
      return;
    }
    if (payload === '*') {
      this.cache.clear();
      return;
    }
    if (payload === 'd') {
      this.cache.drop([readTags.directory]);
      return;
    }
    if (payload.startsWith('u:')) {
      this.cache.drop([readTags.user(Number(payload.slice(2)))]);
      return;
    }
    const [kind, caseId, submitterId, receiverId] = payload.split(':');
    if (kind !== 'c') {
      this.cache.clear(); // an announcement this version does not know: safe, not clever
      return;
    }
    this.cache.drop([
      readTags.case(Number(caseId)),
      readTags.companyLists(Number(submitterId)),
      readTags.companyLists(Number(receiverId)),
      readTags.escalationQueue,
    ]);
  }
}

const keyOf = (statement: Fragment): string => `${statement.sql}\u0000${JSON.stringify(statement.params)}`;
