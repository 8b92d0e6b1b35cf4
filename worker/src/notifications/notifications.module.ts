import { loadRetryPolicies, QUEUES, type RetryPolicies } from '@casebridge/contracts';
import { ServerConfig } from '@casebridge/db';
import { BeforeApplicationShutdown, Inject, Module } from '@nestjs/common';
import { Queue } from 'bullmq';
import { Redis } from 'ioredis';
import { REDIS, SERVER_CONFIG } from '../config/tokens';
import { CaseEventAnnouncer } from './case-event-announcer';
import { CaseEventFanoutService } from './case-event-fanout.service';
import { NotificationsQueueWorker } from './notifications-queue.worker';
import { TeamsSenderService } from './teams-sender.service';
import { NOTIFICATIONS_QUEUE, RETRY_POLICIES } from './tokens';
import { WebhookSenderService } from './webhook-sender.service';

/** Case events to the outside: signed company webhooks and group Teams channels. */
@Module({
  providers: [
    {
      provide: RETRY_POLICIES,
      useFactory: (): RetryPolicies => loadRetryPolicies(process.env),
    },
    {
      provide: NOTIFICATIONS_QUEUE,
      inject: [SERVER_CONFIG, REDIS],
      useFactory: (config: ServerConfig, redis: Redis) =>
        new Queue(QUEUES.notifications, { connection: redis, prefix: config.REDIS_PREFIX }),
    },
    CaseEventAnnouncer,
    CaseEventFanoutService,
    WebhookSenderService,
    TeamsSenderService,
    NotificationsQueueWorker,
  ],
})
export class NotificationsModule implements BeforeApplicationShutdown {
  constructor(@Inject(NOTIFICATIONS_QUEUE) private readonly queue: Queue) {}

  /** After every queue worker has stopped (onModuleDestroy), before the shared Redis connection closes. */
  async beforeApplicationShutdown(): Promise<void> {
    await this.queue.close();
  }
}
