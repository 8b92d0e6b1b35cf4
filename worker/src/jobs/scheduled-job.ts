import { Job, JobsOptions, RepeatOptions } from 'bullmq';
import type { JobOutcome } from './job-handler';

/**
 * Data of a scheduled job. Repeatable runs carry none and use the time they run at; a run queued by hand (or by a
 * test) may pin `now` (ISO 8601) so its outcome does not depend on the clock.
 */
export interface ScheduledJobData {
  now?: string;
}

/** A repeatable job of a queue: its processor keeps the schedule registered and runs it like any other job. */
export interface ScheduledJob {
  /** Job name, also the id of its scheduler unless `schedulerId` is set. */
  name: string;
  /** Id of the scheduler (one schedule per id, however many worker processes register it). */
  schedulerId?: string;
  /** When it repeats: `{ every: ms }` or `{ pattern: cron, tz }`. */
  repeat: Omit<RepeatOptions, 'key'>;
  /** Options of each run (attempts, retention of finished jobs). */
  options: JobsOptions;
  /** One run at `now`; counts (or a short outcome) go to the log line and the job's return value. */
  run(now: Date): Promise<JobOutcome>;
}

/** The time a job runs "at": the pinned `now` if any, else the wall clock. */
export function runTimeOf(job: Job<ScheduledJobData>): Date {
  const pinned = job.data?.now ? new Date(job.data.now) : null;
  return pinned && !Number.isNaN(pinned.getTime()) ? pinned : new Date();
}
