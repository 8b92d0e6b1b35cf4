import { Inject, Injectable, Logger, type OnApplicationShutdown } from '@nestjs/common';
import {
  attachmentJobId,
  caseEventJobId,
  integrationJobOptions,
  INTEGRATION_JOB_NAMES,
  loadRetryPolicies,
  QUEUES,
  type CaseEventJob,
  type ForwardAttachmentJob,
  type RetryPolicies,
} from '@casebridge/contracts';
import type { ServerConfig } from '@casebridge/db';
import { Queue } from 'bullmq';
import { Redis } from 'ioredis';
import { SERVER_CONFIG } from '../config/config.module';

/**
 * Enqueues the work that reaches services outside Casebridge. Called after commit, so a failure here cannot undo
 * the change: it is logged, and the job ids keep a repeated enqueue harmless.
 */
@Injectable()
export class IntegrationJobsProducer implements OnApplicationShutdown {
  private readonly logger = new Logger(IntegrationJobsProducer.name);
  private readonly connection: Redis;
  private readonly attachments: Queue<ForwardAttachmentJob>;
  private readonly notifications: Queue<CaseEventJob>;
  private readonly retry: RetryPolicies;

  constructor(@Inject(SERVER_CONFIG) config: ServerConfig) {
    this.retry = loadRetryPolicies(process.env);
    // Fails fast (2 retries) instead of holding a request while Redis is away.
    this.connection = new Redis(config.REDIS_URL, { maxRetriesPerRequest: 2 });
    const options = { connection: this.connection, prefix: config.REDIS_PREFIX };
    this.attachments = new Queue<ForwardAttachmentJob>(QUEUES.attachments, options);
    this.notifications = new Queue<CaseEventJob>(QUEUES.notifications, options);
  }

  async forwardAttachments(attachmentIds: number[]): Promise<void> {
    for (const attachmentId of attachmentIds) {
      await this.safely(`attachment ${attachmentId}`, () =>
        this.attachments.add(
          INTEGRATION_JOB_NAMES.forwardAttachment,
          { attachmentId },
          integrationJobOptions(this.retry.attachments, attachmentJobId(attachmentId)),
        ),
      );
    }
  }

  /** One fan-out job per case event: the worker finds the webhook endpoints and Teams groups to notify. */
  async announceCaseEvents(caseEventIds: number[]): Promise<void> {
    for (const caseEventId of caseEventIds) {
      await this.safely(`case event ${caseEventId}`, () =>
        this.notifications.add(
          INTEGRATION_JOB_NAMES.caseEvent,
          { caseEventId },
          integrationJobOptions(this.retry.webhooks, caseEventJobId(caseEventId)),
        ),
      );
    }
  }

  private async safely(what: string, enqueue: () => Promise<unknown>): Promise<void> {
    try {
      await enqueue();
    } catch (error) {
      this.logger.error(`Could not enqueue ${what}: ${error instanceof Error ? error.message : String(error)}`);
    }
  }

  async onApplicationShutdown(): Promise<void> {
    await this.attachments.close();
    await this.notifications.close();
    await this.connection.quit().catch(() => undefined);
  }
}
