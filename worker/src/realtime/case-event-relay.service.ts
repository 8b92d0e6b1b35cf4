import { caseEventBroadcasts, caseEventsAfterCommit, type StoredCaseEvent } from '@casebridge/db';
import { ServerConfig } from '@casebridge/server-core';
import { MikroORM } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import { Inject, Injectable, OnModuleInit } from '@nestjs/common';
import { Redis } from 'ioredis';
import { Logger } from 'pino';
import { LOGGER, REDIS, SERVER_CONFIG } from '../config/tokens';
import { relayToBrowsers } from './relay';

/**
 * Case events the worker writes (attachment uploaded or failed, SLA late) reach the browsers like the api's: once
 * committed, the one rule in libs/db builds each audience's message, the list rows and the queue row, and the api
 * emits them from the relay stream.
 */
@Injectable()
export class CaseEventRelay implements OnModuleInit {
  constructor(
    private readonly orm: MikroORM,
    @Inject(SERVER_CONFIG) private readonly config: ServerConfig,
    @Inject(REDIS) private readonly redis: Redis,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  onModuleInit(): void {
    this.orm.em.getEventManager().registerSubscriber(caseEventsAfterCommit((events) => this.relay(events)));
  }

  /** A lost live message is not worth failing a job: followers catch up from the case log on (re)follow. */
  private async relay(events: StoredCaseEvent[]): Promise<void> {
    try {
      const em = this.orm.em.fork() as EntityManager;
      const broadcasts = await caseEventBroadcasts((sql, params) => em.execute(sql, [...params]), events);
      for (const broadcast of broadcasts) await relayToBrowsers(this.redis, this.config.REDIS_PREFIX, broadcast);
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      this.logger.warn({ events: events.length, error: message }, 'case event relay failed');
    }
  }
}
