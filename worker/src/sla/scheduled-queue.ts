import { Job, JobsOptions, Queue, RepeatOptions, UnrecoverableError, Worker } from 'bullmq';
import { Redis } from 'ioredis';
import { Logger } from 'pino';

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
  private worker?: Worker<ScheduledJobData, RunCounts>;
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
    // upsert: every worker process registers the same schedulers; BullMQ keeps one per id.
    for (const job of this.jobs.values()) {
      await this.queue.upsertJobScheduler(job.name, job.repeat, { name: job.name, data: {}, opts: job.options });
    }
    // Concurrency 1: runs of one queue never overlap within a process; across processes SKIP LOCKED keeps them apart.
    this.worker = new Worker<ScheduledJobData, RunCounts>(this.queueName, (job) => this.process(job), {
      connection: redis,
      prefix,
      concurrency: 1,
    });
    this.worker.on('error', (error) => logger.error({ queue: this.queueName, err: error }, 'scheduled worker error'));
  }

  /** Queues one run now (outside the schedule), e.g. to catch up by hand; `now` pins the run's time. */
  async runOnce(name: string, now?: Date): Promise<Job<ScheduledJobData>> {
    const job = this.jobs.get(name);
    if (!this.queue || !job) throw new Error(`No scheduled job "${name}" on queue ${this.queueName}`);
    return this.queue.add(name, now ? { now: now.toISOString() } : {}, job.options);
  }

  private async process(job: Job<ScheduledJobData>): Promise<RunCounts> {
    const startedAt = Date.now();
    const line = { queue: this.queueName, name: job.name, id: job.id, attempt: job.attemptsMade + 1 };
    try {
      const handler = this.jobs.get(job.name);
      if (!handler) throw new UnrecoverableError(`No handler for job name "${job.name}" on queue ${this.queueName}`);
      const counts = await handler.run(runTimeOf(job));
      this.deps.logger.info({ ...line, outcome: 'done', ...counts, ms: Date.now() - startedAt }, 'job done');
      return counts;
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      this.deps.logger.warn({ ...line, outcome: 'failed', ms: Date.now() - startedAt, error: message }, 'job failed');
      throw error;
    }
  }

  /** Lets a running job finish, then stops; the schedulers stay in Redis for the next start. */
  async stop(): Promise<void> {
    await this.worker?.close();
    await this.queue?.close();
  }
}
