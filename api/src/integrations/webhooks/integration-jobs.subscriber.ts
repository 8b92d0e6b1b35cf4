import { Injectable, type OnModuleInit } from '@nestjs/common';
import { CaseAttachment, CaseEvent } from '@casebridge/db';
import { MikroORM } from '@mikro-orm/core';
import { AfterCommit } from '@casebridge/db';
import { IntegrationJobsProducer } from './integration-jobs.producer';

type Committed = { kind: 'attachment'; id: number } | { kind: 'case-event'; id: number };

/**
 * Whichever service wrote them, committed case events are announced to webhooks and Teams, and attachments
 * waiting for the collaboration service are queued for forwarding; nothing is queued for a rolled-back change.
 */
@Injectable()
export class IntegrationJobsSubscriber implements OnModuleInit {
  constructor(
    private readonly orm: MikroORM,
    private readonly producer: IntegrationJobsProducer,
  ) {}

  onModuleInit(): void {
    this.orm.em.getEventManager().registerSubscriber(new AfterCommit<Committed>(pick, (items) => this.enqueue(items)));
  }

  private async enqueue(items: Committed[]): Promise<void> {
    const ids = (kind: Committed['kind']) => items.filter((item) => item.kind === kind).map((item) => item.id);
    await this.producer.forwardAttachments(ids('attachment'));
    await this.producer.announceCaseEvents(ids('case-event'));
  }
}

function pick(entity: object): Committed | null {
  if (entity instanceof CaseEvent) return { kind: 'case-event', id: entity.id };
  // Only files the collaboration service still has to receive ('not_required' when none is configured).
  if (entity instanceof CaseAttachment && entity.uploadState === 'pending')
    return { kind: 'attachment', id: entity.id };
  return null;
}
