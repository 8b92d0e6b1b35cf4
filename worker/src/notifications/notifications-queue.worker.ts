import {
  INTEGRATION_JOB_NAMES,
  QUEUES,
  type CaseEventJob,
  type TeamsCardJob,
  type WebhookDeliveryJob,
} from '@casebridge/contracts';
import { ServerConfig } from '@casebridge/db';
import { Inject, Injectable, OnApplicationBootstrap, OnModuleDestroy } from '@nestjs/common';
import { Job, Worker } from 'bullmq';
import { Redis } from 'ioredis';
import { Logger } from 'pino';
import { LOGGER, REDIS, SERVER_CONFIG } from '../config/tokens';
import { CaseEventFanoutService } from './case-event-fanout.service';
import { isFinalAttempt, positiveId, startQueueConsumer } from '../jobs/queue-consumer';
import { TeamsSenderService } from './teams-sender.service';
import { WebhookSenderService } from './webhook-sender.service';

/** Outside receivers answer slowly at times; ten in parallel keeps one slow endpoint from holding the rest. */
const NOTIFICATION_CONCURRENCY = 10;

/** Consumes QUEUES.notifications: case-event fan-out, webhook deliveries and Teams cards. */
@Injectable()
export class NotificationsQueueWorker implements OnApplicationBootstrap, OnModuleDestroy {
  private worker?: Worker;

  constructor(
    private readonly fanout: CaseEventFanoutService,
    private readonly webhooks: WebhookSenderService,
    private readonly teams: TeamsSenderService,
    @Inject(SERVER_CONFIG) private readonly config: ServerConfig,
    @Inject(REDIS) private readonly redis: Redis,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  onApplicationBootstrap(): void {
    this.worker = startQueueConsumer({
      queue: QUEUES.notifications,
      handlers: {
        [INTEGRATION_JOB_NAMES.caseEvent]: (job: Job<CaseEventJob>) =>
          this.fanout.fanOut(positiveId(job.data?.caseEventId)),
        [INTEGRATION_JOB_NAMES.deliverWebhook]: (job: Job<WebhookDeliveryJob>) =>
          this.webhooks.deliver(positiveId(job.data?.deliveryId), isFinalAttempt(job)),
        [INTEGRATION_JOB_NAMES.postTeamsCard]: (job: Job<TeamsCardJob>) =>
          this.teams.post(positiveId(job.data?.communityId), positiveId(job.data?.caseEventId)),
      },
      redis: this.redis,
      prefix: this.config.REDIS_PREFIX,
      logger: this.logger,
      concurrency: NOTIFICATION_CONCURRENCY,
    });
  }

  async onModuleDestroy(): Promise<void> {
    await this.worker?.close();
  }
}
