import { QUEUES } from '@casebridge/contracts';
import { ServerConfig } from '@casebridge/db';
import { Inject, Injectable, OnApplicationBootstrap, OnModuleDestroy } from '@nestjs/common';
import { Redis } from 'ioredis';
import { Logger } from 'pino';
import { LOGGER, REDIS, SERVER_CONFIG } from '../config/tokens';
import { ScheduledQueue } from '../jobs/scheduled-queue';
import { SlaLateService } from './sla-late.service';

/** Job names of QUEUES.sla (only the worker schedules them, so they live here). */
export const SLA_JOBS = {
  markLate: 'mark-late',
} as const;

/** Every minute: a case is marked late at most a minute after its due time. */
export const MARK_LATE_EVERY_MS = 60_000;

/** Consumes QUEUES.sla and keeps its repeatable schedule registered. */
@Injectable()
export class SlaQueueWorker implements OnApplicationBootstrap, OnModuleDestroy {
  readonly queue: ScheduledQueue;

  constructor(
    late: SlaLateService,
    @Inject(SERVER_CONFIG) config: ServerConfig,
    @Inject(REDIS) redis: Redis,
    @Inject(LOGGER) logger: Logger,
  ) {
    this.queue = new ScheduledQueue(
      QUEUES.sla,
      [
        {
          name: SLA_JOBS.markLate,
          repeat: { every: MARK_LATE_EVERY_MS },
          // No retries: the next run is a minute away and picks up whatever this one left.
          options: { attempts: 1, removeOnComplete: { count: 100 }, removeOnFail: { count: 1000 } },
          run: (now) => late.run(now),
        },
      ],
      { redis, prefix: config.REDIS_PREFIX, logger },
    );
  }

  async onApplicationBootstrap(): Promise<void> {
    await this.queue.start();
  }

  async onModuleDestroy(): Promise<void> {
    await this.queue.stop();
  }
}
