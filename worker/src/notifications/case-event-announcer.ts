import {
  caseEventJobId,
  INTEGRATION_JOB_NAMES,
  integrationJobOptions,
  QUEUES,
  type CaseEventJob,
  type ProducedJobName,
  type RetryPolicies,
} from '@casebridge/contracts';
import { CaseEvent } from '@casebridge/db';
import { MikroORM } from '@mikro-orm/core';
import { InjectQueue } from '@nestjs/bullmq';
import { Inject, Injectable, OnModuleInit } from '@nestjs/common';
import { Queue } from 'bullmq';
import { Logger } from 'pino';
import { LOGGER } from '../config/tokens';
import { AfterCommit } from '@casebridge/db';
import { RETRY_POLICIES } from './tokens';

/**
 * Case events the worker writes (attachment uploaded or failed, SLA late...) reach webhooks and Teams like the
 * api's: once committed, each gets its fan-out job (the same job id the api would use).
 */
@Injectable()
export class CaseEventAnnouncer implements OnModuleInit {
  constructor(
    private readonly orm: MikroORM,
    @InjectQueue(QUEUES.notifications)
    private readonly queue: Queue<CaseEventJob, unknown, ProducedJobName<'notifications'>>,
    @Inject(RETRY_POLICIES) private readonly retry: RetryPolicies,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  onModuleInit(): void {
    const pick = (entity: object) => (entity instanceof CaseEvent ? entity.id : null);
    this.orm.em.getEventManager().registerSubscriber(new AfterCommit<number>(pick, (ids) => this.announce(ids)));
  }

  private async announce(caseEventIds: number[]): Promise<void> {
    for (const caseEventId of caseEventIds) {
      try {
        await this.queue.add(
          INTEGRATION_JOB_NAMES.caseEvent,
          { caseEventId },
          integrationJobOptions(this.retry.webhooks, caseEventJobId(caseEventId)),
        );
      } catch (error) {
        // After commit nothing can be undone; the event stays in the case log for anyone who looks.
        const message = error instanceof Error ? error.message : String(error);
        this.logger.error({ caseEventId, error: message }, 'could not announce case event');
      }
    }
  }
}
