import { loadRetryPolicies, type RetryPolicies } from '@casebridge/contracts';
import { Module } from '@nestjs/common';
import { SandboxModule } from '../sandbox/sandbox.module';
import { CaseEventAnnouncer } from './case-event-announcer';
import { CaseEventFanoutService } from './case-event-fanout.service';
import { NotificationsProcessor } from './notifications.processor';
import { TeamsSenderService } from './teams-sender.service';
import { RETRY_POLICIES } from './tokens';
import { WebhookEndpointHealth } from './webhook-endpoint-health';
import { WebhookOrder } from './webhook-order';
import { WebhookSenderService } from './webhook-sender.service';

/** Case events to the outside: signed company webhooks (in each case's order) and group Teams channels. */
@Module({
  imports: [SandboxModule],
  providers: [
    {
      provide: RETRY_POLICIES,
      useFactory: (): RetryPolicies => loadRetryPolicies(process.env),
    },
    CaseEventAnnouncer,
    CaseEventFanoutService,
    WebhookOrder,
    WebhookEndpointHealth,
    WebhookSenderService,
    TeamsSenderService,
    NotificationsProcessor,
  ],
})
export class NotificationsModule {}
