import { INTEGRATION_JOB_NAMES, QUEUES, type ForwardAttachmentJob } from '@casebridge/contracts';
import { ServerConfig } from '@casebridge/db';
import { Inject, Injectable, OnApplicationBootstrap, OnModuleDestroy } from '@nestjs/common';
import { Job, Worker } from 'bullmq';
import { Redis } from 'ioredis';
import { Logger } from 'pino';
import { LOGGER, REDIS, SERVER_CONFIG } from '../config/tokens';
import { isFinalAttempt, positiveId, startQueueConsumer } from '../jobs/queue-consumer';
import { AttachmentForwarderService } from './attachment-forwarder.service';

/** Files are read whole into memory (up to the upload limit): a few at a time is enough. */
const ATTACHMENT_CONCURRENCY = 3;

/** Consumes QUEUES.attachments: forwards stored attachments to the external collaboration service. */
@Injectable()
export class AttachmentsQueueWorker implements OnApplicationBootstrap, OnModuleDestroy {
  private worker?: Worker;

  constructor(
    private readonly forwarder: AttachmentForwarderService,
    @Inject(SERVER_CONFIG) private readonly config: ServerConfig,
    @Inject(REDIS) private readonly redis: Redis,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  onApplicationBootstrap(): void {
    this.worker = startQueueConsumer({
      queue: QUEUES.attachments,
      handlers: {
        [INTEGRATION_JOB_NAMES.forwardAttachment]: (job: Job<ForwardAttachmentJob>) =>
          this.forwarder.forward(positiveId(job.data?.attachmentId), isFinalAttempt(job)),
      },
      redis: this.redis,
      prefix: this.config.REDIS_PREFIX,
      logger: this.logger,
      concurrency: ATTACHMENT_CONCURRENCY,
    });
  }

  async onModuleDestroy(): Promise<void> {
    await this.worker?.close();
  }
}
