import {
  INTEGRATION_JOB_NAMES,
  QUEUES,
  type CaseEventJob,
  type TeamsCardJob,
  type WebhookDeliveryJob,
} from '@casebridge/contracts';
import { InjectQueue, Processor } from '@nestjs/bullmq';
import { Job, Queue } from 'bullmq';
import { isFinalAttempt, positiveId } from '../jobs/job-handler';
import { QueueProcessor } from '../jobs/queue-processor';
import { CaseEventFanoutService } from './case-event-fanout.service';
import { TeamsSenderService } from './teams-sender.service';
import { WebhookSenderService } from './webhook-sender.service';

/** Outside receivers answer slowly at times; ten in parallel keeps one slow endpoint from holding the rest. */
const NOTIFICATION_CONCURRENCY = 10;

/** Consumes QUEUES.notifications: case-event fan-out, webhook deliveries and Teams cards. */
@Processor(QUEUES.notifications, { concurrency: NOTIFICATION_CONCURRENCY })
export class NotificationsProcessor extends QueueProcessor {
  constructor(
    fanout: CaseEventFanoutService,
    webhooks: WebhookSenderService,
    teams: TeamsSenderService,
    @InjectQueue(QUEUES.notifications) queue: Queue,
  ) {
    super(queue, {
      handlers: {
        [INTEGRATION_JOB_NAMES.caseEvent]: (job: Job<CaseEventJob>) => fanout.fanOut(positiveId(job.data?.caseEventId)),
        [INTEGRATION_JOB_NAMES.deliverWebhook]: (job: Job<WebhookDeliveryJob>) =>
          webhooks.deliver(positiveId(job.data?.deliveryId), isFinalAttempt(job)),
        [INTEGRATION_JOB_NAMES.postTeamsCard]: (job: Job<TeamsCardJob>) =>
          teams.post(positiveId(job.data?.communityId), positiveId(job.data?.caseEventId)),
      },
    });
  }
}
