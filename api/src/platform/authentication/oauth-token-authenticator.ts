import { Injectable } from '@nestjs/common';
import { CONNECT_SCOPES, type ConnectScope } from '@casebridge/contracts';
import { OAuthAccessToken, OAuthClient } from '@casebridge/db';
import { EntityManager } from '@mikro-orm/postgresql';
import type { Actor } from '../access/actor';
import { hashApiToken } from './api-token-secret';
import { isUsableApiUser } from './api-token-authenticator';
import { touchLastUse } from './last-use';

const MAX_RAW_TOKEN_LENGTH = 200;

/**
 * Resolves `Authorization: Bearer cba_...` (an OAuth client's access token) to the actor of the api user the client
 * acts as, with the token's scopes. Read from the database on every call, like API tokens: revoking the client, or
 * disabling its user or company, stops it at once on every instance.
 */
@Injectable()
export class OAuthTokenAuthenticator {
  constructor(private readonly em: EntityManager) {}

  async authenticate(raw: string): Promise<Actor | null> {
    if (raw.length > MAX_RAW_TOKEN_LENGTH) return null;
    const token = await this.em.findOne(
      OAuthAccessToken,
      { tokenHash: hashApiToken(raw), expiresAt: { $gt: new Date() }, client: { revokedAt: null } },
      { populate: ['client', 'client.user', 'client.user.company'] },
    );
    const client = token?.client;
    if (!token || !client || !isUsableApiUser(client.user) || client.user.company?.id !== client.company.id) {
      return null;
    }
    await touchLastUse(this.em, OAuthClient, client);
    return {
      userId: client.user.id,
      role: client.user.role,
      companyId: client.company.id,
      membershipType: client.user.company?.membershipType ?? null,
      sessionId: `oauth-client:${client.id}`,
      impersonatorId: null,
      oauthClientId: client.id,
      scopes: scopesOf(token.scopes),
    };
  }
}

/** Scopes as stored (space-separated), keeping only known ones. */
export function scopesOf(text: string): ConnectScope[] {
  const known = new Set<string>(CONNECT_SCOPES);
  return text.split(' ').filter((scope): scope is ConnectScope => known.has(scope));
}
