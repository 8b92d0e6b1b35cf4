import { JOB_NAMES, MailJob, QUEUES } from '@casebridge/contracts';
import { ServerConfig } from '@casebridge/db';
import { Inject, Injectable, OnApplicationBootstrap, OnModuleDestroy } from '@nestjs/common';
import { Job, UnrecoverableError, Worker } from 'bullmq';
import { Redis } from 'ioredis';
import { Logger } from 'pino';
import { LOGGER, REDIS, SERVER_CONFIG } from '../config/tokens';
import { MailSenderService } from './mail-sender.service';

/** How many mails one worker process sends in parallel. */
const MAIL_CONCURRENCY = 5;

type MailJobHandler = (job: Job<MailJob>) => Promise<string>;

/** Consumes QUEUES.mail: one handler per job name, one structured log line per job. */
@Injectable()
export class MailQueueWorker implements OnApplicationBootstrap, OnModuleDestroy {
  private worker?: Worker<MailJob, string>;
  private readonly handlers: Record<string, MailJobHandler>;

  constructor(
    private readonly sender: MailSenderService,
    @Inject(SERVER_CONFIG) private readonly config: ServerConfig,
    @Inject(REDIS) private readonly redis: Redis,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {
    this.handlers = {
      [JOB_NAMES.sendMail]: (job) => this.sender.send(job.data),
    };
  }

  onApplicationBootstrap(): void {
    this.worker = new Worker<MailJob, string>(QUEUES.mail, (job) => this.process(job), {
      connection: this.redis,
      prefix: this.config.REDIS_PREFIX,
      concurrency: MAIL_CONCURRENCY,
    });
    this.worker.on('error', (error) => this.logger.error({ queue: QUEUES.mail, err: error }, 'mail worker error'));
  }

  private async process(job: Job<MailJob>): Promise<string> {
    const startedAt = Date.now();
    const line = { queue: QUEUES.mail, name: job.name, id: job.id, attempt: job.attemptsMade + 1 };
    try {
      const handler = this.handlers[job.name];
      if (!handler) throw new UnrecoverableError(`No handler for job name "${job.name}" on queue ${QUEUES.mail}`);
      const outcome = await handler(job);
      this.logger.info({ ...line, outcome, ms: Date.now() - startedAt }, 'job done');
      return outcome;
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      this.logger.warn({ ...line, outcome: 'failed', ms: Date.now() - startedAt, error: message }, 'job failed');
      throw error;
    }
  }

  /** Runs before the ORM closes: lets running jobs finish, then stops taking new ones. */
  async onModuleDestroy(): Promise<void> {
    await this.worker?.close();
  }
}
