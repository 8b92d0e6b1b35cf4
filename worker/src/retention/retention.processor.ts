import { QUEUES } from '@casebridge/contracts';
import { InjectQueue, Processor } from '@nestjs/bullmq';
import { JobsOptions, Queue } from 'bullmq';
import { QueueProcessor } from '../jobs/queue-processor';
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

/**
 * Consumes QUEUES.retention and keeps its schedules registered. Concurrency 1: purges never overlap within a
 * process; across processes SKIP LOCKED keeps them apart.
 */
@Processor(QUEUES.retention, { concurrency: 1 })
export class RetentionProcessor extends QueueProcessor {
  constructor(retention: RetentionService, @InjectQueue(QUEUES.retention) queue: Queue) {
    super(queue, {
      schedules: [
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
    });
  }
}
