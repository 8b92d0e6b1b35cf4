import { API, type Endpoint } from '@casebridge/contracts';

/**
 * Calls an API token may not make: they manage sessions, the account or tokens, which needs a signed-in person.
 * (Refresh and the session check are public calls that read the bearer as a session JWT, so an API token never
 * passes them either.) Everything else follows the token user's role, like a session of that user.
 */
const REFUSED_TO_API_TOKENS: ReadonlySet<Endpoint> = new Set<Endpoint>([
  API.auth.logout,
  API.auth.loginAsUser,
  ...Object.values(API.profile),
  ...Object.values(API.apiTokens),
  ...Object.values(API.oauthClients),
]);

export function apiTokenMayCall(endpoint: Endpoint): boolean {
  return !REFUSED_TO_API_TOKENS.has(endpoint);
}
