import { Job, UnrecoverableError, Worker } from 'bullmq';
import { Redis } from 'ioredis';
import { Logger } from 'pino';

/**
 * A job handler returns a short outcome for the log line ('delivered', 'already-uploaded'...) or, for scheduled
 * runs, counts ({ marked: 2, mailed: 2 }) that the line carries as fields.
 */
export type JobOutcome = string | Record<string, number>;
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- each queue's handlers type their own job data
export type JobHandler = (job: Job<any>) => Promise<JobOutcome>;

export interface QueueConsumerOptions {
  queue: string;
  handlers: Record<string, JobHandler>;
  redis: Redis;
  prefix: string;
  logger: Logger;
  concurrency: number;
}

/**
 * One BullMQ worker on one queue: one handler per job name, one pino line per job (as the mail queue does).
 * Close it before the ORM closes so running jobs finish.
 */
export function startQueueConsumer(options: QueueConsumerOptions): Worker {
  const { queue, handlers, logger } = options;
  const worker = new Worker(
    queue,
    async (job: Job) => {
      const startedAt = Date.now();
      const line = { queue, name: job.name, id: job.id, attempt: job.attemptsMade + 1 };
      try {
        const handler = handlers[job.name];
        if (!handler) throw new UnrecoverableError(`No handler for job name "${job.name}" on queue ${queue}`);
        const outcome = await handler(job);
        const fields = typeof outcome === 'string' ? { outcome } : { outcome: 'done', ...outcome };
        logger.info({ ...line, ...fields, ms: Date.now() - startedAt }, 'job done');
        return outcome;
      } catch (error) {
        const message = error instanceof Error ? error.message : String(error);
        logger.warn({ ...line, outcome: 'failed', ms: Date.now() - startedAt, error: message }, 'job failed');
        throw error;
      }
    },
    { connection: options.redis, prefix: options.prefix, concurrency: options.concurrency },
  );
  worker.on('error', (error) => logger.error({ queue, err: error }, 'queue worker error'));
  return worker;
}

/** True when a failure now is the job's last try: BullMQ will not run it again. */
export function isFinalAttempt(job: Job): boolean {
  return job.attemptsMade + 1 >= (job.opts.attempts ?? 1);
}

/** A malformed job can never succeed: fail it at once instead of retrying. */
export function positiveId(value: unknown): number {
  if (typeof value !== 'number' || !Number.isInteger(value) || value < 1) {
    throw new UnrecoverableError(`Invalid job data: expected a positive id, got ${JSON.stringify(value)}`);
  }
  return value;
}
