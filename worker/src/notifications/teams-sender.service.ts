import { CaseEvent, Community } from '@casebridge/db';
import { ServerConfig } from '@casebridge/server-core';
import { CreateRequestContext, MikroORM } from '@mikro-orm/core';
import { EntityManager } from '@mikro-orm/postgresql';
import { Inject, Injectable } from '@nestjs/common';
import { UnrecoverableError } from 'bullmq';
import { SERVER_CONFIG } from '../config/tokens';
import { teamsCard } from './teams-card';
import { postToUserTarget } from './user-target-http';

export class TeamsPostFailed extends Error {}

/**
 * Posts a case card to a group's Teams incoming webhook; retried with backoff like webhooks. The address came from
 * the group's connection link, so it is a user-supplied target: an internal one fails the job at once.
 */
@Injectable()
export class TeamsSenderService {
  constructor(
    private readonly orm: MikroORM,
    private readonly em: EntityManager,
    @Inject(SERVER_CONFIG) private readonly config: ServerConfig,
  ) {}

  @CreateRequestContext()
  async post(communityId: number, caseEventId: number): Promise<string> {
    const group = await this.em.findOne(Community, communityId);
    // The integration may have been switched off since the job was queued.
    if (!group?.msteamsIntegration || !group.msteamsWebhookUrl) return 'teams-disabled';
    const event = await this.em.findOne(CaseEvent, caseEventId, {
      populate: ['case.submitterCompany', 'case.receiverCompany'],
    });
    if (!event) return 'gone';

    const card = teamsCard(group, event.case, event, this.config.PUBLIC_URL);
    const result = await postToUserTarget(
      group.msteamsWebhookUrl,
      { body: JSON.stringify(card), headers: { 'Content-Type': 'application/json' } },
      (status) => status >= 200 && status < 300,
      { allowPrivateTargets: this.config.OUTBOUND_ALLOW_PRIVATE_TARGETS },
    );
    if (result.ok) return 'posted';
    const failure = `Teams card for group ${group.id}: ${result.error}`;
    throw 'refused' in result ? new UnrecoverableError(failure) : new TeamsPostFailed(failure);
  }
}
