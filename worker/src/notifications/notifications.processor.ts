import {
  INTEGRATION_JOB_NAMES,
  QUEUES,
  type CaseEventJob,
  type SandboxAnswerJob,
  type TeamsCardJob,
  type WebhookDeliveryJob,
} from '@casebridge/contracts';
import { InjectQueue, OnWorkerEvent, Processor } from '@nestjs/bullmq';
import { Job, Queue } from 'bullmq';
import { isFinalAttempt, positiveId } from '../jobs/job-handler';
import { runningJob } from '../jobs/park-job';
import { QueueProcessor } from '../jobs/queue-processor';
import { SandboxPartnerService } from '../sandbox/sandbox-partner.service';
import { CaseEventFanoutService } from './case-event-fanout.service';
import { TeamsSenderService } from './teams-sender.service';
import { WebhookSenderService } from './webhook-sender.service';

/** Outside receivers answer slowly at times; ten in parallel keeps one slow endpoint from holding the rest. */
const NOTIFICATION_CONCURRENCY = 10;

/** Consumes QUEUES.notifications: case-event fan-out, webhook deliveries, Teams cards and the sandbox's answers. */
@Processor(QUEUES.notifications, { concurrency: NOTIFICATION_CONCURRENCY })
export class NotificationsProcessor extends QueueProcessor {
  constructor(
    private readonly fanout: CaseEventFanoutService,
    webhooks: WebhookSenderService,
    teams: TeamsSenderService,
    sandbox: SandboxPartnerService,
    @InjectQueue(QUEUES.notifications) queue: Queue,
  ) {
    super(queue, {
      handlers: {
        // Both may park their job to keep a case's order: they get the job's lock token.
        [INTEGRATION_JOB_NAMES.caseEvent]: (job: Job<CaseEventJob>, token?: string) =>
          fanout.fanOut(positiveId(job.data?.caseEventId), runningJob(job, token)),
        [INTEGRATION_JOB_NAMES.deliverWebhook]: (job: Job<WebhookDeliveryJob>, token?: string) =>
          webhooks.deliver(positiveId(job.data?.deliveryId), isFinalAttempt(job), runningJob(job, token)),
        [INTEGRATION_JOB_NAMES.postTeamsCard]: (job: Job<TeamsCardJob>) =>
          teams.post(positiveId(job.data?.communityId), positiveId(job.data?.caseEventId)),
        [INTEGRATION_JOB_NAMES.sandboxAnswer]: (job: Job<SandboxAnswerJob>) =>
          sandbox.answer(positiveId(job.data?.caseEventId)),
      },
    });
  }

  /**
   * A fan-out's job ended (completed, or failed: for good, or to be retried, when the next one simply parks again):
   * the fan-out of its case's next event, parked while this one ran, goes now. Only once the job has ended: a next
   * one woken earlier would find it still active and park again.
   */
  @OnWorkerEvent('completed')
  onCompleted(job: Job): Promise<void> {
    return this.releaseNextFanOut(job);
  }

  @OnWorkerEvent('failed')
  onFailed(job: Job | undefined): Promise<void> {
    return this.releaseNextFanOut(job);
  }

  private async releaseNextFanOut(job: Job | undefined): Promise<void> {
    if (job?.name !== INTEGRATION_JOB_NAMES.caseEvent) return;
    const caseEventId = (job.data as Partial<CaseEventJob> | undefined)?.caseEventId;
    if (typeof caseEventId !== 'number') return;
    try {
      await this.fanout.releaseNext(caseEventId);
    } catch (error) {
      // The parked fan-out wakes by itself after its delay.
      this.logger.warn({ queue: this.queueName, caseEventId, err: String(error) }, 'could not wake the next fan-out');
    }
  }
}
