import { OnWorkerEvent, WorkerHost } from '@nestjs/bullmq';
import { Inject, OnApplicationBootstrap, OnModuleDestroy } from '@nestjs/common';
import { DelayedError, Job, Queue, UnrecoverableError } from 'bullmq';
import { Logger } from 'pino';
import { LOGGER } from '../config/tokens';
import { WorkerMetrics } from '../metrics/worker-metrics';
import { JobHandler, JobOutcome } from './job-handler';
import { runTimeOf, ScheduledJob, ScheduledJobData } from './scheduled-job';

export interface ProcessorJobs {
  /** One handler per job name producers send on the queue (PRODUCED_JOB_NAMES in the contracts). */
  handlers?: Record<string, JobHandler>;
  /** Repeatable jobs of the queue: their schedulers are registered on bootstrap, each run is handled like a job. */
  schedules?: ScheduledJob[];
}

/**
 * Base of the worker's processors, `@Processor(QUEUES.x, { concurrency })` classes that pass their queue and jobs
 * to this constructor. BullMQ runs `process` for every job: it dispatches on the job name and writes one pino line
 * per job (queue, name, id, attempt, outcome, ms, error) and counts it (bullmq_jobs_total, bullmq_job_duration_seconds). The BullMQ worker is created once the startup check
 * passed (QueueStartup) and closed in onModuleDestroy, so running jobs finish before the queues, the ORM and Redis
 * close in onApplicationShutdown.
 */
export abstract class QueueProcessor extends WorkerHost implements OnApplicationBootstrap, OnModuleDestroy {
  // Injected by property so that subclasses' constructors only name their own dependencies.
  @Inject(LOGGER) protected readonly logger!: Logger;
  @Inject(WorkerMetrics) private readonly metrics!: WorkerMetrics;
  private readonly handlers = new Map<string, JobHandler>();
  private readonly schedules = new Map<string, ScheduledJob>();

  protected constructor(
    private readonly queue: Queue,
    jobs: ProcessorJobs,
  ) {
    super();
    for (const [name, handler] of Object.entries(jobs.handlers ?? {})) this.handlers.set(name, handler);
    for (const job of jobs.schedules ?? []) {
      this.schedules.set(job.name, job);
      this.handlers.set(job.name, (run: Job<ScheduledJobData>) => job.run(runTimeOf(run)));
    }
    if (this.schedules.size > 0) {
      // A queue with job schedulers re-emits their errors: without a listener BullMQ prints each failed reconnect
      // as a raw stack trace while Redis is away.
      queue.on('error', (error) =>
        this.logger.warn({ queue: queue.name, err: error.message }, 'queue connection error'),
      );
    }
  }

  get queueName(): string {
    return this.queue.name;
  }

  /** Every job name this processor handles, scheduled ones included. */
  get jobNames(): string[] {
    return [...this.handlers.keys()];
  }

  async process(job: Job, token?: string): Promise<JobOutcome> {
    const startedAt = Date.now();
    const line = { queue: this.queueName, name: job.name, id: job.id, attempt: job.attemptsMade + 1 };
    try {
      const handler = this.handlers.get(job.name);
      if (!handler) throw new UnrecoverableError(`No handler for job name "${job.name}" on queue ${this.queueName}`);
      const outcome = await handler(job, token);
      const fields = typeof outcome === 'string' ? { outcome } : { outcome: 'done', ...outcome };
      const ms = Date.now() - startedAt;
      this.logger.info({ ...line, ...fields, ms }, 'job done');
      this.metrics.observeJob(this.queueName, job.name, 'completed', ms / 1000);
      return outcome;
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      const ms = Date.now() - startedAt;
      if (error instanceof DelayedError) {
        // Parked by its handler (parkJob) to wait for another job: no attempt spent, nothing failed.
        this.logger.info({ ...line, outcome: 'waiting', ms, reason: message }, 'job waiting');
        this.metrics.observeJob(this.queueName, job.name, 'delayed', ms / 1000);
        throw error;
      }
      this.logger.warn({ ...line, outcome: 'failed', ms, error: message }, 'job failed');
      // A name no handler knows is counted as 'unknown': producers' typos must not grow the series.
      this.metrics.observeJob(this.queueName, this.handlers.has(job.name) ? job.name : 'unknown', 'failed', ms / 1000);
      throw error;
    }
  }

  @OnWorkerEvent('error')
  onWorkerError(error: Error): void {
    this.logger.error({ queue: this.queueName, err: error }, 'queue worker error');
  }

  /** Upserted by every worker process: BullMQ keeps one scheduler per id however many register it. */
  async onApplicationBootstrap(): Promise<void> {
    for (const job of this.schedules.values()) {
      await this.queue.upsertJobScheduler(job.schedulerId ?? job.name, job.repeat, {
        name: job.name,
        data: {},
        opts: job.options,
      });
    }
  }

  /** Queues one run of a scheduled job now (outside its schedule), e.g. to catch up by hand; `now` pins its time. */
  async runOnce(name: string, now?: Date): Promise<Job<ScheduledJobData>> {
    const job = this.schedules.get(name);
    if (!job) throw new Error(`No scheduled job "${name}" on queue ${this.queueName}`);
    return this.queue.add(name, now ? { now: now.toISOString() } : {}, job.options);
  }

  /** Runs before the ORM and Redis close: lets running jobs finish, then stops taking new ones. */
  async onModuleDestroy(): Promise<void> {
    await this.worker.close();
  }
}
