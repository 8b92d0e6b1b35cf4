import { loadRetryPolicies, type RetryPolicies } from '@casebridge/contracts';
import { Module } from '@nestjs/common';
import { CaseEventAnnouncer } from './case-event-announcer';
import { CaseEventFanoutService } from './case-event-fanout.service';
import { NotificationsProcessor } from './notifications.processor';
import { TeamsSenderService } from './teams-sender.service';
import { RETRY_POLICIES } from './tokens';
import { WebhookSenderService } from './webhook-sender.service';

/** Case events to the outside: signed company webhooks and group Teams channels. */
@Module({
  providers: [
    {
      provide: RETRY_POLICIES,
      useFactory: (): RetryPolicies => loadRetryPolicies(process.env),
    },
    CaseEventAnnouncer,
    CaseEventFanoutService,
    WebhookSenderService,
    TeamsSenderService,
    NotificationsProcessor,
  ],
})
export class NotificationsModule {}
