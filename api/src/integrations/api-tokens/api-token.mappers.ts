import type { ApiTokenShape, ApiTokenUserShape } from '@casebridge/contracts';
import type { ApiToken, User } from '@casebridge/db';

export function toApiTokenUser(user: User): ApiTokenUserShape {
  return { id: user.id, first_name: user.firstName, last_name: user.lastName, email: user.email };
}

/** Never the raw token nor its hash. */
export function toApiToken(token: ApiToken): ApiTokenShape {
  return {
    id: token.id,
    name: token.name,
    user: toApiTokenUser(token.user),
    created_at: token.createdAt.toISOString(),
    last_used_at: token.lastUsedAt?.toISOString() ?? null,
  };
}
