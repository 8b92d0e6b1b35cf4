import { Inject, Injectable, NotFoundException } from '@nestjs/common';
import {
  GROUP_NOT_FOUND,
  routePath,
  TEAMS_CONNECTED,
  TEAMS_LINK_CONFIRMED,
  TEAMS_LINK_INVALID,
  type TeamsConnection,
} from '@casebridge/contracts';
import { Community, type ServerConfig } from '@casebridge/db';
import { EntityManager } from '@mikro-orm/postgresql';
import { SERVER_CONFIG } from '../config/config.module';
import { groupOfTeamsLinkToken, teamsLinkToken } from './teams-link-token';

/**
 * Microsoft Teams connection of a group (spec 3 §2.14). A super admin reads the group's link; the public page
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
    const token = teamsLinkToken(group.id, this.config.JWT_SECRET);
    const link = new URL(routePath('msteams.connected', { token }), this.config.PUBLIC_URL).toString();
    return { connection: toConnection(group), link };
  }

  /** 404 for a forged token, a deleted group or a group whose Teams integration is switched off. */
  async confirm(token: string, webhookUrl: string | undefined) {
    const groupId = groupOfTeamsLinkToken(token, this.config.JWT_SECRET);
    const group = groupId === null ? null : await this.em.findOne(Community, groupId);
    if (!group || !group.msteamsIntegration) throw new NotFoundException(TEAMS_LINK_INVALID);
    if (webhookUrl !== undefined && group.msteamsWebhookUrl !== webhookUrl) {
      group.msteamsWebhookUrl = webhookUrl;
      await this.em.flush();
    }
    return {
      connection: toConnection(group),
      message: webhookUrl !== undefined ? TEAMS_CONNECTED : TEAMS_LINK_CONFIRMED,
    };
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
