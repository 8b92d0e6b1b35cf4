import { Injectable } from '@nestjs/common';
import { CONNECT_SCOPES, type ConnectMe } from '@casebridge/contracts';
import { User } from '@casebridge/db';
import { EntityManager } from '@mikro-orm/postgresql';
import type { Actor } from '../../platform/access/actor';

/** GET /v1/me: the caller as a connector needs to know it (the anchor API's /v1/me, in our field names). */
@Injectable()
export class ConnectIdentityService {
  constructor(private readonly em: EntityManager) {}

  async me(actor: Actor): Promise<ConnectMe> {
    const user = await this.em.findOneOrFail(User, actor.userId, { populate: ['company'] });
    return {
      user: {
        id: user.id,
        email: user.email,
        first_name: user.firstName,
        last_name: user.lastName,
        phone: user.phone,
        phone_country_code: user.phoneCountryCode,
        city: user.city,
        role: user.role,
      },
      company: user.company ? { id: user.company.id, name: user.company.name, domain: user.company.domain } : null,
      client: clientOf(actor),
    };
  }
}

/** The credential of the call; sessions and API tokens may do all their user's role allows. */
function clientOf(actor: Actor): ConnectMe['client'] {
  if (actor.oauthClientId) return { kind: 'oauth_client', id: actor.oauthClientId, scopes: [...(actor.scopes ?? [])] };
  if (actor.apiTokenId) return { kind: 'api_token', id: actor.apiTokenId, scopes: [...CONNECT_SCOPES] };
  return { kind: 'session', id: null, scopes: [...CONNECT_SCOPES] };
}
