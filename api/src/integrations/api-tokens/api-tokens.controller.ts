import { Controller } from '@nestjs/common';
import { API, type CreateApiTokenBody } from '@casebridge/contracts';
import type { z } from 'zod';
import type { Actor } from '../../platform/access/actor';
import { CurrentActor } from '../../platform/access/current-actor.decorator';
import { IdParam, Route, ValidBody } from '../../platform/common/contract-route';
import { ApiTokensService } from './api-tokens.service';

/** API tokens of api users, managed by company admins and the api users themselves. */
@Controller()
export class ApiTokensController {
  constructor(private readonly tokens: ApiTokensService) {}

  @Route(API.apiTokens.list)
  list(@CurrentActor() actor: Actor) {
    return this.tokens.list(actor);
  }

  @Route(API.apiTokens.create)
  create(@CurrentActor() actor: Actor, @ValidBody() body: z.output<typeof CreateApiTokenBody>) {
    return this.tokens.create(actor, body);
  }

  @Route(API.apiTokens.revoke)
  revoke(@CurrentActor() actor: Actor, @IdParam('id') id: number) {
    return this.tokens.revoke(actor, id);
  }
}
