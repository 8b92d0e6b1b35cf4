import { z } from 'zod';
import { SuccessBody } from '../common';
import { ApiTokenUserShape } from '../api-tokens';
import { endpoint } from '../endpoint';
import { CONNECT_SCOPES } from './identity';

/** Prefixes tell a client id, a secret and an access token apart at a glance (logs, secret scanners). */
export const OAUTH = {
  clientIdPrefix: 'cbc_',
  secretPrefix: 'cbs_',
  accessTokenPrefix: 'cba_',
  accessTokenSeconds: 3600,
  /** How long the previous secret keeps working after a rotation. */
  rotationGraceHours: 24,
  nameMax: 100,
} as const;

export const OAUTH_MESSAGES = {
  invalidClient: 'The client id or secret is wrong, or the client has been revoked.',
  unsupportedGrant: 'Only the client_credentials grant is supported.',
  invalidScope: 'The scope asks for more than the client was granted.',
  missingCredentials: 'Send client_id and client_secret in the body or as HTTP Basic authentication.',
  onlyConnect: 'OAuth clients can call the integration API (/api/v1) only.',
  missingScope: (scope: string) => `This client lacks the ${scope} scope.`,
  notFound: 'OAuth client not found.',
  userInvalid: 'The selected user is not an active API user of your company.',
  scopesRequired: 'Choose at least one scope.',
} as const;

export function isOAuthAccessTokenText(token: string): boolean {
  return token.startsWith(OAUTH.accessTokenPrefix);
}

/** POST /api/v1/oauth/token, as JSON or a form (RFC 6749 §4.4): the credentials may also come as HTTP Basic. */
export const OAuthTokenBody = z.object({
  grant_type: z.string().max(100).optional(),
  client_id: z.string().max(200).optional(),
  client_secret: z.string().max(200).optional(),
  /** Space-separated; leave out for every scope the client has. */
  scope: z.string().max(500).optional(),
});

export const OAuthTokenResponse = z.object({
  access_token: z.string(),
  token_type: z.literal('Bearer'),
  expires_in: z.number(),
  scope: z.string(),
});
export type OAuthTokenResponse = z.infer<typeof OAuthTokenResponse>;

/** A client as its company sees it: never a secret nor its hash. */
export const OAuthClientShape = z.object({
  id: z.number(),
  name: z.string(),
  client_id: z.string(),
  scopes: z.array(z.enum(CONNECT_SCOPES)),
  user: ApiTokenUserShape,
  created_at: z.string(),
  last_used_at: z.string().nullable(),
  /** While a rotation's grace lasts, the previous secret works too, until this instant. */
  previous_secret_expires_at: z.string().nullable(),
});
export type OAuthClientShape = z.infer<typeof OAuthClientShape>;

export const OAuthClientListResponse = z.object({
  /** Clients not revoked, newest first. */
  clients: z.array(OAuthClientShape),
  /** Whom a client may act as: the company's active api users. */
  api_users: z.array(ApiTokenUserShape),
});
export type OAuthClientListResponse = z.infer<typeof OAuthClientListResponse>;

export const CreateOAuthClientBody = z.object({
  name: z
    .string({ error: 'The name is required.' })
    .trim()
    .min(1, 'The name is required.')
    .max(OAUTH.nameMax, `The name may not be greater than ${OAUTH.nameMax} characters.`),
  user_id: z.coerce
    .number({ error: 'The user field is required.' })
    .int('The user field is required.')
    .positive('The user field is required.'),
  scopes: z
    .array(z.enum(CONNECT_SCOPES, { error: 'Choose scopes from the list.' }), { error: OAUTH_MESSAGES.scopesRequired })
    .min(1, OAUTH_MESSAGES.scopesRequired)
    .max(CONNECT_SCOPES.length)
    .transform((scopes) => [...new Set(scopes)]),
});
export type CreateOAuthClientBody = z.input<typeof CreateOAuthClientBody>;

/** The secret is shown here and nowhere else. */
export const OAuthClientSecretResponse = z.object({ client: OAuthClientShape, client_secret: z.string() });
export type OAuthClientSecretResponse = z.infer<typeof OAuthClientSecretResponse>;

export const oauthApi = {
  token: endpoint({
    method: 'POST',
    path: 'v1/oauth/token',
    access: 'public',
    summary: 'Exchange client credentials for an access token (OAuth 2.0 client_credentials grant)',
    body: OAuthTokenBody,
    response: OAuthTokenResponse,
  }),
};

/** Machine clients, managed on the Integrations page by the company's admins (a signed-in session). */
export const oauthClientsApi = {
  list: endpoint({
    method: 'GET',
    path: 'oauth-clients',
    access: 'company_admin',
    summary: "The company's OAuth clients and the api users a client may act as",
    response: OAuthClientListResponse,
  }),
  create: endpoint({
    method: 'POST',
    path: 'oauth-clients',
    access: 'company_admin',
    summary: 'Create an OAuth client acting as an api user, with scopes; the answer shows its secret once',
    body: CreateOAuthClientBody,
    response: OAuthClientSecretResponse,
  }),
  rotate: endpoint({
    method: 'POST',
    path: 'oauth-clients/:id/rotate',
    access: 'company_admin',
    summary: 'A new secret, shown once; the previous one keeps working for the grace period',
    response: OAuthClientSecretResponse,
  }),
  revoke: endpoint({
    method: 'POST',
    path: 'oauth-clients/:id/revoke',
    access: 'company_admin',
    summary: 'Revoke a client: its secrets and every access token stop working at once',
    response: SuccessBody,
  }),
} as const;
