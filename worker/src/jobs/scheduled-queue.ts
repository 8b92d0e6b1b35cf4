import { Job, JobsOptions, Queue, RepeatOptions, Worker } from 'bullmq';
import { Redis } from 'ioredis';
import { Logger } from 'pino';
import { startQueueConsumer } from './queue-consumer';

/**
 * Data of a scheduled job. Repeatable runs carry none and use the time they run at; a run queued by hand (or by a
 * test) may pin `now` (ISO 8601) so its outcome does not depend on the clock.
 */
export interface ScheduledJobData {
  now?: string;
}

/** What a run reports: counts for the log line (and the job's return value). */
export type RunCounts = Record<string, number>;

export interface ScheduledJob {
  /** Job name, also the id of its scheduler (one schedule per name, whichever worker process registers it). */
  name: string;
  /** When it repeats: `{ every: ms }` or `{ pattern: cron, tz }`. */
  repeat: Omit<RepeatOptions, 'key'>;
  /** Options of each run (attempts, retention of finished jobs). */
  options: JobsOptions;
  run(now: Date): Promise<RunCounts>;
}

export interface ScheduledQueueDeps {
  redis: Redis;
  prefix: string;
  logger: Logger;
}

/** The time a job runs "at": the pinned `now` if any, else the wall clock. */
export function runTimeOf(job: Job<ScheduledJobData>): Date {
  const pinned = job.data?.now ? new Date(job.data.now) : null;
  return pinned && !Number.isNaN(pinned.getTime()) ? pinned : new Date();
}

/**
 * One BullMQ queue of repeatable jobs: registers each job's scheduler, consumes the queue one job at a time with
 * one handler per job name, and writes one pino line per run with its counts.
 */
export class ScheduledQueue {
  private queue?: Queue<ScheduledJobData>;
  private worker?: Worker;
  private readonly jobs: Map<string, ScheduledJob>;

  constructor(
    readonly queueName: string,
    jobs: ScheduledJob[],
    private readonly deps: ScheduledQueueDeps,
  ) {
    this.jobs = new Map(jobs.map((job) => [job.name, job]));
  }

  async start(): Promise<void> {
    const { redis, prefix, logger } = this.deps;
    this.queue = new Queue<ScheduledJobData>(this.queueName, { connection: redis, prefix });
    // Without a listener BullMQ prints each failed reconnect as a raw stack trace while Redis is away.
    this.queue.on('error', (error) =>
      logger.warn({ queue: this.queueName, err: error.message }, 'queue connection error'),
    );
    // upsert: every worker process registers the same schedulers; BullMQ keeps one per id.
    for (const job of this.jobs.values()) {
      await this.queue.upsertJobScheduler(job.name, job.repeat, { name: job.name, data: {}, opts: job.options });
    }
    // Concurrency 1: runs of one queue never overlap within a process; across processes SKIP LOCKED keeps them apart.
    const handlers = Object.fromEntries(
      [...this.jobs.values()].map((job) => [job.name, (run: Job<ScheduledJobData>) => job.run(runTimeOf(run))]),
    );
    this.worker = startQueueConsumer({ queue: this.queueName, handlers, redis, prefix, logger, concurrency: 1 });
  }

  /** Queues one run now (outside the schedule), e.g. to catch up by hand; `now` pins the run's time. */
  async runOnce(name: string, now?: Date): Promise<Job<ScheduledJobData>> {
    const job = this.jobs.get(name);
    if (!this.queue || !job) throw new Error(`No scheduled job "${name}" on queue ${this.queueName}`);
    return this.queue.add(name, now ? { now: now.toISOString() } : {}, job.options);
  }

  /** Lets a running job finish, then stops; the schedulers stay in Redis for the next start. */
  async stop(): Promise<void> {
    await this.worker?.close();
    await this.queue?.close();
  }
}
