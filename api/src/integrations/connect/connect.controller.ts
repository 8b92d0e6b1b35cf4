import { Controller } from '@nestjs/common';
import { API, type FeedQuery, type PartnersQuery } from '@casebridge/contracts';
import type { z } from 'zod';
import type { Actor } from '../../platform/access/actor';
import { CurrentActor } from '../../platform/access/current-actor.decorator';
import { Route, ValidQuery } from '../../platform/common/contract-route';
import { DirectoryService } from '../../directory/directory.service';
import { ChangeFeedService } from './change-feed.service';
import { ConnectIdentityService } from './connect-identity.service';

/** Casebridge Connect v1: the integration API that CRM connectors speak (/api/v1). */
@Controller()
export class ConnectController {
  constructor(
    private readonly identity: ConnectIdentityService,
    private readonly feed: ChangeFeedService,
    private readonly directory: DirectoryService,
  ) {}

  @Route(API.connectPartners.search)
  async partners(@CurrentActor() actor: Actor, @ValidQuery() query: z.output<typeof PartnersQuery>) {
    return { data: await this.directory.partners(actor, query.q, query.limit) };
  }

  @Route(API.connectIdentity.me)
  me(@CurrentActor() actor: Actor) {
    return this.identity.me(actor);
  }

  @Route(API.connectEvents.list)
  events(@CurrentActor() actor: Actor, @ValidQuery() query: z.output<typeof FeedQuery>) {
    return this.feed.page(actor, query);
  }
}
