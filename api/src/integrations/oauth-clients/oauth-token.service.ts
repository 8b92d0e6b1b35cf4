import { Injectable } from '@nestjs/common';
import {
  CONNECT_SCOPES,
  OAUTH,
  OAUTH_MESSAGES,
  type OAuthTokenBody,
  type OAuthTokenResponse,
} from '@casebridge/contracts';
import { OAuthAccessToken, OAuthClient } from '@casebridge/db';
import { EntityManager } from '@mikro-orm/postgresql';
import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { z } from 'zod';
import { hashApiToken } from '../../platform/authentication/api-token-secret';
import { OAuthException } from '../../platform/authentication/oauth-errors';
import { scopesOf } from '../../platform/authentication/oauth-token-authenticator';

export interface ClientCredentials {
  clientId?: string;
  clientSecret?: string;
}

/**
 * The token endpoint (RFC 6749 §4.4, client credentials): a live client with a valid secret (the current one, or
 * the previous one during a rotation's grace) gets an opaque access token for OAUTH.accessTokenSeconds, with the
 * scopes it asked for within its own.
 */
@Injectable()
export class OAuthTokenService {
  constructor(private readonly em: EntityManager) {}

  async issue(body: z.output<typeof OAuthTokenBody>, basic: ClientCredentials | null): Promise<OAuthTokenResponse> {
    if (body.grant_type !== 'client_credentials') {
      throw new OAuthException('unsupported_grant_type', OAUTH_MESSAGES.unsupportedGrant);
    }
    const clientId = basic?.clientId ?? body.client_id;
    const clientSecret = basic?.clientSecret ?? body.client_secret;
    if (!clientId || !clientSecret) throw new OAuthException('invalid_request', OAUTH_MESSAGES.missingCredentials);
    const client = await this.em.findOne(OAuthClient, { clientId, revokedAt: null });
    if (!client || !secretMatches(client, clientSecret)) {
      throw new OAuthException('invalid_client', OAUTH_MESSAGES.invalidClient);
    }
    const granted = scopesOf(client.scopes);
    const asked = body.scope?.trim() ? body.scope.trim().split(/\s+/) : granted;
    if (asked.some((scope) => !granted.includes(scope as (typeof CONNECT_SCOPES)[number]))) {
      throw new OAuthException('invalid_scope', OAUTH_MESSAGES.invalidScope);
    }
    const raw = `${OAUTH.accessTokenPrefix}${randomBytes(32).toString('base64url')}`;
    const scope = [...new Set(asked)].join(' ');
    this.em.create(OAuthAccessToken, {
      client,
      tokenHash: hashApiToken(raw),
      scopes: scope,
      expiresAt: new Date(Date.now() + OAUTH.accessTokenSeconds * 1000),
    });
    await this.em.flush();
    return { access_token: raw, token_type: 'Bearer', expires_in: OAUTH.accessTokenSeconds, scope };
  }
}

/** The current secret, or the previous one while the rotation's grace lasts; compared in constant time. */
function secretMatches(client: OAuthClient, secret: string): boolean {
  const hash = hashApiToken(secret);
  const same = (stored: string | null) =>
    stored !== null && timingSafeEqual(Buffer.from(stored, 'hex'), Buffer.from(hash, 'hex'));
  if (same(client.secretHash)) return true;
  return (
    client.previousSecretExpiresAt !== null &&
    client.previousSecretExpiresAt > new Date() &&
    same(client.previousSecretHash)
  );
}

/** HTTP Basic credentials (client_id:client_secret, each form-encoded as RFC 6749 §2.3.1 asks), if sent. */
export function basicCredentialsOf(authorization: string | undefined): ClientCredentials | null {
  const match = /^Basic\s+([A-Za-z0-9+/=]+)$/i.exec(authorization?.trim() ?? '');
  if (!match) return null;
  const decoded = Buffer.from(match[1], 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  if (colon < 0) return null;
  const decode = (text: string) => {
    try {
      return decodeURIComponent(text.replace(/\+/g, ' '));
    } catch {
      return text;
    }
  };
  return { clientId: decode(decoded.slice(0, colon)), clientSecret: decode(decoded.slice(colon + 1)) };
}
