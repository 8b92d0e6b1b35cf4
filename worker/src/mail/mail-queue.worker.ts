import { JOB_NAMES, MailJob, QUEUES } from '@casebridge/contracts';
import { ServerConfig } from '@casebridge/db';
import { Inject, Injectable, OnApplicationBootstrap, OnModuleDestroy } from '@nestjs/common';
import { Job, Worker } from 'bullmq';
import { Redis } from 'ioredis';
import { Logger } from 'pino';
import { LOGGER, REDIS, SERVER_CONFIG } from '../config/tokens';
import { startQueueConsumer } from '../jobs/queue-consumer';
import { MailSenderService } from './mail-sender.service';
import { MAIL_CONCURRENCY } from './smtp-transport';

type MailJobHandler = (job: Job<MailJob>) => Promise<string>;

/** Consumes QUEUES.mail: one handler per job name, one structured log line per job. */
@Injectable()
export class MailQueueWorker implements OnApplicationBootstrap, OnModuleDestroy {
  private worker?: Worker;
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
    this.worker = startQueueConsumer({
      queue: QUEUES.mail,
      handlers: this.handlers,
      redis: this.redis,
      prefix: this.config.REDIS_PREFIX,
      logger: this.logger,
      concurrency: MAIL_CONCURRENCY,
    });
  }

  /** Runs before the ORM closes: lets running jobs finish, then stops taking new ones. */
  async onModuleDestroy(): Promise<void> {
    await this.worker?.close();
  }
}
