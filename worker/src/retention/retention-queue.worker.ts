import { QUEUES } from '@casebridge/contracts';
import { ServerConfig } from '@casebridge/db';
import { Inject, Injectable, OnApplicationBootstrap, OnModuleDestroy } from '@nestjs/common';
import { JobsOptions } from 'bullmq';
import { Redis } from 'ioredis';
import { Logger } from 'pino';
import { LOGGER, REDIS, SERVER_CONFIG } from '../config/tokens';
import { ScheduledQueue } from '../jobs/scheduled-queue';
import { RetentionService } from './retention.service';

/** Job names of QUEUES.retention (only the worker schedules them, so they live here). */
export const RETENTION_JOBS = {
  purgeCustomerData: 'purge-customer-data',
  purgeNotes: 'purge-notes',
  purgeIdempotencyKeys: 'purge-idempotency-keys',
} as const;

/** Daily, at a quiet hour (UTC), a few minutes apart so they do not compete; spent Idempotency-Keys hourly. */
export const RETENTION_SCHEDULES = {
  purgeCustomerData: { pattern: '15 3 * * *', tz: 'UTC' },
  purgeNotes: { pattern: '45 3 * * *', tz: 'UTC' },
  purgeIdempotencyKeys: { pattern: '25 * * * *', tz: 'UTC' },
} as const;

/** A failed purge is retried a few times (a database restart), then kept for inspection; tomorrow's run catches up. */
const PURGE_OPTIONS: JobsOptions = {
  attempts: 3,
  backoff: { type: 'exponential', delay: 60_000 },
  removeOnComplete: { count: 30 },
  removeOnFail: { count: 100 },
};

/** Consumes QUEUES.retention and keeps its daily schedules registered. */
@Injectable()
export class RetentionQueueWorker implements OnApplicationBootstrap, OnModuleDestroy {
  readonly queue: ScheduledQueue;

  constructor(
    retention: RetentionService,
    @Inject(SERVER_CONFIG) config: ServerConfig,
    @Inject(REDIS) redis: Redis,
    @Inject(LOGGER) logger: Logger,
  ) {
    this.queue = new ScheduledQueue(
      QUEUES.retention,
      [
        {
          name: RETENTION_JOBS.purgeCustomerData,
          repeat: RETENTION_SCHEDULES.purgeCustomerData,
          options: PURGE_OPTIONS,
          run: (now) => retention.purgeCustomerData(now),
        },
        {
          name: RETENTION_JOBS.purgeNotes,
          repeat: RETENTION_SCHEDULES.purgeNotes,
          options: PURGE_OPTIONS,
          run: (now) => retention.purgeNotes(now),
        },
        {
          name: RETENTION_JOBS.purgeIdempotencyKeys,
          repeat: RETENTION_SCHEDULES.purgeIdempotencyKeys,
          options: PURGE_OPTIONS,
          run: (now) => retention.purgeIdempotencyKeys(now),
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
