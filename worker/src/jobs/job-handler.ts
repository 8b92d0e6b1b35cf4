import { Job, UnrecoverableError } from 'bullmq';

/**
 * A job handler returns a short outcome for the log line ('delivered', 'already-uploaded'...) or, for scheduled
 * runs, counts ({ marked: 2, mailed: 2 }) that the line carries as fields.
 */
export type JobOutcome = string | Record<string, number>;
/**
 * `token` is the lock BullMQ holds the job with: a handler that parks its job (parkJob) needs it. A handler that
 * ends by throwing DelayedError was neither done nor failed: it asked to run again later.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- each queue's handlers type their own job data
export type JobHandler = (job: Job<any>, token?: string) => Promise<JobOutcome>;

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
