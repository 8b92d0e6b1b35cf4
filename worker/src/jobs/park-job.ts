import { DelayedError, Job, JobState, Queue } from 'bullmq';

/** A job as its handler runs it: the job, and the lock token BullMQ holds it with (moving it needs the token). */
export interface RunningJob {
  job: Job;
  token: string;
}

/** The longest a parked job sleeps before it looks again by itself. */
export const MAX_PARK_MS = 3600_000;

/** States of a job that has yet to end: it will run (again), or is running now. */
const UNFINISHED: readonly (JobState | 'unknown')[] = [
  'waiting',
  'active',
  'delayed',
  'prioritized',
  'waiting-children',
];

/** The run of `job` as its handler got it; none when the handler is called directly (tests, a manual re-run). */
export function runningJob(job: Job, token: string | undefined): RunningJob | undefined {
  return token ? { job, token } : undefined;
}

/**
 * How long a job parks this time: `firstMs`, doubling with every time it parked before, at most MAX_PARK_MS. A parked
 * run spends no attempt, so the runs started beyond the attempts made are the times it parked.
 */
export function parkDelay(job: Job, firstMs: number): number {
  const parkedBefore = Math.max(0, (job.attemptsStarted ?? 1) - 1 - job.attemptsMade);
  return Math.min(firstMs * 2 ** Math.min(parkedBefore, 30), MAX_PARK_MS);
}

/**
 * Parks a running job for `delayMs` without spending one of its attempts, and ends this run: throws DelayedError,
 * which BullMQ and QueueProcessor take as neither done nor failed. What it waits for promotes it when it ends; the
 * delay is only the safety net. `stillBlocked` is asked once more once parked: the awaited job may have ended
 * between the handler's check and the park, when its promotion found nothing parked.
 */
export async function parkJob(
  run: RunningJob,
  delayMs: number,
  reason: string,
  stillBlocked: () => Promise<boolean>,
): Promise<never> {
  await run.job.moveToDelayed(Date.now() + delayMs, run.token);
  if (!(await stillBlocked())) await promote(run.job);
  throw new DelayedError(reason);
}

/** Runs a parked job now. A job that is not parked (waiting, running, ended, gone) is left alone. */
export async function promoteParked(queue: Queue, jobId: string): Promise<void> {
  const job = await queue.getJob(jobId);
  if (job && (await job.isDelayed())) await promote(job);
}

/** True while job `jobId` has yet to end. A job BullMQ no longer knows (ended and removed) has ended. */
export async function isUnfinished(queue: Queue, jobId: string): Promise<boolean> {
  return UNFINISHED.includes(await queue.getJobState(jobId));
}

async function promote(job: Job): Promise<void> {
  try {
    await job.promote();
  } catch {
    // It left the delayed set meanwhile (its delay ran out, or another worker promoted it): nothing to do.
  }
}
