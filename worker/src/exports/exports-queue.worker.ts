import { EXPORT_JOB_NAMES, QUEUES, type BuildExportJob } from '@casebridge/contracts';
import { ServerConfig } from '@casebridge/db';
import { Inject, Injectable, OnApplicationBootstrap, OnModuleDestroy } from '@nestjs/common';
import { Job, Queue, UnrecoverableError, Worker } from 'bullmq';
import { Redis } from 'ioredis';
import { Logger } from 'pino';
import { LOGGER, REDIS, SERVER_CONFIG } from '../config/tokens';
import { isFinalAttempt, startQueueConsumer } from '../jobs/queue-consumer';
import { ExportBuilderService } from './export-builder.service';
import { ExportCleanupService } from './export-cleanup.service';

/** Files are built in parallel up to this many per worker process (each streams, so memory stays flat). */
const EXPORT_CONCURRENCY = 2;
/** How often expired export files are deleted. */
export const EXPORT_CLEANUP_EVERY_MS = 15 * 60 * 1000;
export const EXPORT_CLEANUP_SCHEDULER = 'exports-cleanup';

type ExportJobHandler = (job: Job) => Promise<string>;

/** Consumes QUEUES.exports: one handler per job name, one structured log line per job. */
@Injectable()
export class ExportsQueueWorker implements OnApplicationBootstrap, OnModuleDestroy {
  private worker?: Worker;
  private queue?: Queue;
  private readonly handlers: Record<string, ExportJobHandler>;

  constructor(
    builder: ExportBuilderService,
    cleanup: ExportCleanupService,
    @Inject(SERVER_CONFIG) private readonly config: ServerConfig,
    @Inject(REDIS) private readonly redis: Redis,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {
    this.handlers = {
      [EXPORT_JOB_NAMES.build]: (job: Job<BuildExportJob>) => {
        const id = job.data?.export_id;
        if (!Number.isInteger(id)) throw new UnrecoverableError('An export job needs an integer export_id.');
        return builder.build(id, { last: isFinalAttempt(job) });
      },
      [EXPORT_JOB_NAMES.cleanup]: async () => `expired ${await cleanup.expireDue()}`,
    };
  }

  async onApplicationBootstrap(): Promise<void> {
    this.queue = new Queue(QUEUES.exports, { connection: this.redis, prefix: this.config.REDIS_PREFIX });
    // Without a listener BullMQ prints each failed reconnect as a raw stack trace while Redis is away.
    this.queue.on('error', (error) =>
      this.logger.warn({ queue: QUEUES.exports, err: error.message }, 'queue connection error'),
    );
    // Upserted by every worker process: one schedule in Redis however many workers run.
    await this.queue.upsertJobScheduler(
      EXPORT_CLEANUP_SCHEDULER,
      { every: EXPORT_CLEANUP_EVERY_MS },
      { name: EXPORT_JOB_NAMES.cleanup, data: {}, opts: { removeOnComplete: 100, removeOnFail: 100 } },
    );
    this.worker = startQueueConsumer({
      queue: QUEUES.exports,
      handlers: this.handlers,
      redis: this.redis,
      prefix: this.config.REDIS_PREFIX,
      logger: this.logger,
      concurrency: EXPORT_CONCURRENCY,
    });
  }

  /** Runs before the ORM closes: lets running builds finish, then stops taking new ones. */
  async onModuleDestroy(): Promise<void> {
    await this.worker?.close();
    await this.queue?.close();
  }
}
