import type { OAuthClientShape } from '@casebridge/contracts';
import type { OAuthClient } from '@casebridge/db';
import { scopesOf } from '../../platform/authentication/oauth-token-authenticator';
import { toApiTokenUser } from '../api-tokens/api-token.mappers';

/** Never a secret nor its hash; the grace of a rotation only while it lasts. */
export function toOAuthClient(client: OAuthClient, now: Date = new Date()): OAuthClientShape {
  const grace = client.previousSecretExpiresAt && client.previousSecretExpiresAt > now;
  return {
    id: client.id,
    name: client.name,
    client_id: client.clientId,
    scopes: scopesOf(client.scopes),
    user: toApiTokenUser(client.user),
    created_at: client.createdAt.toISOString(),
    last_used_at: client.lastUsedAt?.toISOString() ?? null,
    previous_secret_expires_at: grace ? client.previousSecretExpiresAt!.toISOString() : null,
  };
}
