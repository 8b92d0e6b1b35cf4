import { Inject, Injectable, NotFoundException } from '@nestjs/common';
import {
  GROUP_NOT_FOUND,
  routePath,
  TEAMS_CONNECTED,
  TEAMS_LINK_CONFIRMED,
  TEAMS_LINK_INVALID,
  type TeamsConnection,
} from '@casebridge/contracts';
import { Community } from '@casebridge/db';
import { outboundTargetProblem, type ServerConfig } from '@casebridge/server-core';
import { EntityManager } from '@mikro-orm/postgresql';
import { ValidationException } from '../../platform/common/errors';
import { SERVER_CONFIG } from '../../platform/config/config.module';
import { parseTeamsLinkToken, teamsLinkToken } from './teams-link-token';

/**
 * Microsoft Teams connection of a group. A super admin reads the group's link; the public page
 * of the link confirms it and, given the incoming-webhook address Teams' connector set-up returns, stores it:
 * from then on the worker posts the group's new and late case cards to that channel.
 */
@Injectable()
export class TeamsService {
  constructor(
    private readonly em: EntityManager,
    @Inject(SERVER_CONFIG) private readonly config: ServerConfig,
  ) {}

  async link(groupId: number): Promise<{ connection: TeamsConnection; link: string }> {
    const group = await this.em.findOne(Community, groupId);
    if (!group) throw new NotFoundException(GROUP_NOT_FOUND);
    const token = teamsLinkToken({ groupId: group.id, version: group.msteamsLinkVersion }, this.config.JWT_SECRET);
    const link = new URL(routePath('msteams.connected', { token }), this.config.PUBLIC_URL).toString();
    return { connection: toConnection(group), link };
  }

  /**
   * 404 for a forged or used link, a deleted group or a group whose Teams integration is switched off. Storing the
   * webhook address uses the link up in one conditional statement, so a link connects once; the same address
   * posted again with the link just used (a reload of the page) is answered as connected, changing nothing.
   */
  async confirm(token: string, webhookUrl: string | undefined) {
    const link = parseTeamsLinkToken(token, this.config.JWT_SECRET);
    const group = link === null ? null : await this.em.findOne(Community, link.groupId);
    if (!link || !group || !group.msteamsIntegration) throw new NotFoundException(TEAMS_LINK_INVALID);
    const current = link.version === group.msteamsLinkVersion;
    const justUsedForThis =
      webhookUrl !== undefined &&
      link.version === group.msteamsLinkVersion - 1 &&
      group.msteamsWebhookUrl === webhookUrl;
    if (!current && !justUsedForThis) throw new NotFoundException(TEAMS_LINK_INVALID);
    if (webhookUrl !== undefined) await this.refuseInternalTarget(webhookUrl);
    if (current && webhookUrl !== undefined) {
      const stored = await this.em.nativeUpdate(
        Community,
        { id: group.id, msteamsLinkVersion: link.version },
        { msteamsWebhookUrl: webhookUrl, msteamsLinkVersion: link.version + 1 },
      );
      if (stored === 0) throw new NotFoundException(TEAMS_LINK_INVALID);
      await this.em.refresh(group);
    }
    return {
      connection: toConnection(group),
      message: webhookUrl !== undefined ? TEAMS_CONNECTED : TEAMS_LINK_CONFIRMED,
    };
  }

  /** The address comes from whoever holds the link: the same SSRF rule as company webhooks (422 on the field). */
  private async refuseInternalTarget(webhookUrl: string): Promise<void> {
    const policy = { allowPrivateTargets: this.config.OUTBOUND_ALLOW_PRIVATE_TARGETS };
    const problem = await outboundTargetProblem(webhookUrl, policy);
    if (problem) throw ValidationException.forField('webhook_url', problem);
  }
}

function toConnection(group: Community): TeamsConnection {
  return {
    group_id: group.id,
    group_name: group.name,
    team_url: group.msteamsTeamUrl,
    connected: Boolean(group.msteamsIntegration && group.msteamsWebhookUrl?.trim()),
  };
}
