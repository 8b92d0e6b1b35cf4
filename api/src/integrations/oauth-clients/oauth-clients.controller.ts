import { Controller, Headers } from '@nestjs/common';
import { API, type CreateOAuthClientBody, type OAuthTokenBody } from '@casebridge/contracts';
import type { z } from 'zod';
import type { Actor } from '../../platform/access/actor';
import { CurrentActor } from '../../platform/access/current-actor.decorator';
import { IdParam, Route, ValidBody } from '../../platform/common/contract-route';
import { OAuthClientsService } from './oauth-clients.service';
import { basicCredentialsOf, OAuthTokenService } from './oauth-token.service';

/** OAuth machine clients: managed by company admins; the token endpoint of the integration API. */
@Controller()
export class OAuthClientsController {
  constructor(
    private readonly clients: OAuthClientsService,
    private readonly tokens: OAuthTokenService,
  ) {}

  @Route(API.oauth.token)
  token(@ValidBody() body: z.output<typeof OAuthTokenBody>, @Headers('authorization') authorization?: string) {
    return this.tokens.issue(body, basicCredentialsOf(authorization));
  }

  @Route(API.oauthClients.list)
  list(@CurrentActor() actor: Actor) {
    return this.clients.list(actor);
  }

  @Route(API.oauthClients.create)
  create(@CurrentActor() actor: Actor, @ValidBody() body: z.output<typeof CreateOAuthClientBody>) {
    return this.clients.create(actor, body);
  }

  @Route(API.oauthClients.rotate)
  rotate(@CurrentActor() actor: Actor, @IdParam('id') id: number) {
    return this.clients.rotate(actor, id);
  }

  @Route(API.oauthClients.revoke)
  revoke(@CurrentActor() actor: Actor, @IdParam('id') id: number) {
    return this.clients.revoke(actor, id);
  }
}
