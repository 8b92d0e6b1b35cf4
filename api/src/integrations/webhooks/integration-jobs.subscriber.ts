import { Injectable, type OnModuleInit } from '@nestjs/common';
import { AfterCommit, CaseAttachment } from '@casebridge/db';
import { MikroORM } from '@mikro-orm/core';
import { CommittedCaseEvents } from '../../platform/realtime/committed-case-events';
import { IntegrationJobsProducer } from './integration-jobs.producer';

/**
 * Whichever service wrote them, committed case events are announced to webhooks and Teams, and attachments
 * waiting for the collaboration service are queued for forwarding; nothing is queued for a rolled-back change.
 */
@Injectable()
export class IntegrationJobsSubscriber implements OnModuleInit {
  constructor(
    private readonly orm: MikroORM,
    private readonly producer: IntegrationJobsProducer,
    private readonly committed: CommittedCaseEvents,
  ) {}

  onModuleInit(): void {
    this.orm.em
      .getEventManager()
      .registerSubscriber(new AfterCommit<number>(pendingAttachment, (ids) => this.producer.forwardAttachments(ids)));
    this.committed.listen((events) => this.producer.announceCaseEvents(events.map((event) => event.id)));
  }
}

/** Only files the collaboration service still has to receive ('not_required' when none is configured). */
function pendingAttachment(entity: object): number | null {
  return entity instanceof CaseAttachment && entity.uploadState === 'pending' ? entity.id : null;
}
