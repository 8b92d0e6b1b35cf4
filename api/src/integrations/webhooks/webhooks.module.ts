import { Module } from '@nestjs/common';
import { BullModule } from '@nestjs/bullmq';
import { QUEUES } from '@casebridge/contracts';
import { ConnectWebhooksController } from './connect-webhooks.controller';
import { IntegrationJobsProducer } from './integration-jobs.producer';
import { IntegrationJobsSubscriber } from './integration-jobs.subscriber';
import { WebhooksController } from './webhooks.controller';
import { WebhookRedeliveryService } from './webhook-redelivery.service';
import { WebhooksService } from './webhooks.service';

/**
 * Signed webhooks for companies, and the after-commit hook that queues outbound work (webhook and Teams
 * notifications of case events, attachment forwarding) for the worker.
 */
@Module({
  imports: [BullModule.registerQueue({ name: QUEUES.attachments }, { name: QUEUES.notifications })],
  controllers: [WebhooksController, ConnectWebhooksController],
  providers: [WebhooksService, WebhookRedeliveryService, IntegrationJobsProducer, IntegrationJobsSubscriber],
})
export class WebhooksModule {}
