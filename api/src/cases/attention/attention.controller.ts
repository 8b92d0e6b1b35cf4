import { Controller } from '@nestjs/common';
import { API, type NotificationsQuery, type ReadCaseBody, type WatchCaseBody } from '@casebridge/contracts';
import type { z } from 'zod';
import type { Actor } from '../../platform/access/actor';
import { CurrentActor } from '../../platform/access/current-actor.decorator';
import { Route, TextParam, ValidBody, ValidQuery } from '../../platform/common/contract-route';
import { AttentionService } from './attention.service';

/** Watching, read positions and the notification centre of the signed-in user. */
@Controller()
export class AttentionController {
  constructor(private readonly attention: AttentionService) {}

  @Route(API.attention.notifications)
  notifications(@CurrentActor() actor: Actor, @ValidQuery() query: z.output<typeof NotificationsQuery>) {
    return this.attention.notifications(actor, query);
  }

  @Route(API.attention.readAll)
  readAll(@CurrentActor() actor: Actor) {
    return this.attention.readAll(actor);
  }

  @Route(API.attention.readCase)
  readCase(
    @CurrentActor() actor: Actor,
    @TextParam('token') token: string,
    @ValidBody() body: z.output<typeof ReadCaseBody>,
  ) {
    return this.attention.readCase(actor, token, body.seq);
  }

  @Route(API.attention.watchCase)
  watchCase(
    @CurrentActor() actor: Actor,
    @TextParam('token') token: string,
    @ValidBody() body: z.output<typeof WatchCaseBody>,
  ) {
    return this.attention.watchCase(actor, token, body.watching);
  }
}
