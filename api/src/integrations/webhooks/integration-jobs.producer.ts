import { Injectable, Logger } from '@nestjs/common';
import { InjectQueue } from '@nestjs/bullmq';
import {
  attachmentJobId,
  caseEventJobId,
  integrationJobOptions,
  INTEGRATION_JOB_NAMES,
  loadRetryPolicies,
  QUEUES,
  type CaseEventJob,
  type ForwardAttachmentJob,
  type ProducedJobName,
  type RetryPolicies,
  type WebhookDeliveryJob,
  webhookRedeliveryJobId,
} from '@casebridge/contracts';
import { Queue } from 'bullmq';

/**
 * Enqueues the work that reaches services outside Casebridge. Called after commit, so a failure here cannot undo
 * the change: it is logged, and the job ids keep a repeated enqueue harmless. The queues' connection fails fast
 * (QueuesModule) instead of holding a request while Redis is away.
 */
@Injectable()
export class IntegrationJobsProducer {
  private readonly logger = new Logger(IntegrationJobsProducer.name);
  private readonly retry: RetryPolicies = loadRetryPolicies(process.env);

  constructor(
    @InjectQueue(QUEUES.attachments)
    private readonly attachments: Queue<ForwardAttachmentJob, unknown, ProducedJobName<'attachments'>>,
    @InjectQueue(QUEUES.notifications)
    private readonly notifications: Queue<CaseEventJob | WebhookDeliveryJob, unknown, ProducedJobName<'notifications'>>,
  ) {}

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

  /**
   * Sends deliveries again (a company admin asked). The job id names the delivery and its attempt count, so asking
   * twice before it is sent queues one job.
   */
  async redeliverWebhooks(deliveries: { id: number; attempts: number }[]): Promise<void> {
    for (const delivery of deliveries) {
      await this.notifications.add(
        INTEGRATION_JOB_NAMES.deliverWebhook,
        { deliveryId: delivery.id },
        integrationJobOptions(this.retry.webhooks, webhookRedeliveryJobId(delivery.id, delivery.attempts)),
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
}
