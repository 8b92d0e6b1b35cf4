import { z } from 'zod';
import { SuccessBody } from './common';
import { endpoint } from './endpoint';

/**
 * Raw API tokens start with this prefix: the api tells them apart from session JWTs by it, and a leaked token is
 * recognisable in logs and secret scanners.
 */
export const API_TOKEN_PREFIX = 'cbk_';

/** How long a token's last use may be out of date: lastUsedAt is written at most once per this many seconds. */
export const API_TOKEN_LAST_USED_PRECISION_SECONDS = 60;

export const API_TOKEN_NAME_MAX = 100;

export const API_TOKEN_MESSAGES = {
  /** 401: unknown or revoked token, or its user (or company) may no longer sign in. */
  invalid: 'The API token is invalid or has been revoked.',
  /** 403: session and token management need a signed-in person. */
  refused: 'API tokens cannot call this endpoint. Sign in instead.',
  revoked: 'The API token has been revoked.',
  userRequired: 'The user field is required.',
  userInvalid: 'The selected user is not an active API user of your company.',
  onlyOwn: 'An API user can create tokens only for itself.',
  notFound: 'API token not found.',
} as const;

export function isApiTokenText(token: string): boolean {
  return token.startsWith(API_TOKEN_PREFIX);
}

export const ApiTokenUserShape = z.object({
  id: z.number(),
  first_name: z.string(),
  last_name: z.string(),
  email: z.string(),
});
export type ApiTokenUserShape = z.infer<typeof ApiTokenUserShape>;

/** A token as its company sees it: never the raw token nor its hash. */
export const ApiTokenShape = z.object({
  id: z.number(),
  name: z.string(),
  user: ApiTokenUserShape,
  created_at: z.string(),
  last_used_at: z.string().nullable(),
});
export type ApiTokenShape = z.infer<typeof ApiTokenShape>;

export const ApiTokenListResponse = z.object({
  /** Tokens not revoked, newest first. */
  tokens: z.array(ApiTokenShape),
  /** Whom the caller may create a token for: the company's active api users (admins) or the caller itself. */
  api_users: z.array(ApiTokenUserShape),
});
export type ApiTokenListResponse = z.infer<typeof ApiTokenListResponse>;

export const CreateApiTokenBody = z.object({
  name: z
    .string({ error: 'The name is required.' })
    .trim()
    .min(1, 'The name is required.')
    .max(API_TOKEN_NAME_MAX, `The name may not be greater than ${API_TOKEN_NAME_MAX} characters.`),
  /** The api user the token acts as; an api user may leave it out (or give its own id). */
  user_id: z.coerce
    .number({ error: 'The user must be a number.' })
    .int('The user must be a number.')
    .positive('The user field is required.')
    .nullish()
    .transform((value) => value ?? null),
});
export type CreateApiTokenBody = z.input<typeof CreateApiTokenBody>;

/** The raw token is shown here and nowhere else. */
export const CreatedApiTokenResponse = z.object({ token: ApiTokenShape, raw_token: z.string() });
export type CreatedApiTokenResponse = z.infer<typeof CreatedApiTokenResponse>;

/**
 * Long-lived bearer tokens for users of role api. Company admins manage the tokens of their company's api users;
 * an api user manages its own. Other roles get 403. These calls need a signed-in session: an API token cannot
 * mint or revoke tokens.
 */
export const apiTokensApi = {
  list: endpoint({
    method: 'GET',
    path: 'api-tokens',
    access: 'user',
    summary: "API tokens of the company's api users (an api user: its own), and whom a token can be made for",
    response: ApiTokenListResponse,
  }),
  create: endpoint({
    method: 'POST',
    path: 'api-tokens',
    access: 'user',
    summary: 'Create an API token for an active api user of the company; the answer shows the raw token once',
    body: CreateApiTokenBody,
    response: CreatedApiTokenResponse,
  }),
  revoke: endpoint({
    method: 'POST',
    path: 'api-tokens/:id/revoke',
    access: 'user',
    summary: 'Revoke an API token; it stops working at once',
    response: SuccessBody,
  }),
} as const;
