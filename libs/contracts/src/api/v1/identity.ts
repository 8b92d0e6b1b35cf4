import { z } from 'zod';
import { ROLES } from '../../constants/roles';
import { endpoint, type Endpoint } from '../endpoint';

/** The scopes a machine client may be granted; an API token or a session has all of them (its role decides). */
export const CONNECT_SCOPES = ['cases:read', 'cases:write', 'webhooks:manage'] as const satisfies readonly NonNullable<
  Endpoint['scope']
>[];
export type ConnectScope = (typeof CONNECT_SCOPES)[number];

export const CONNECT_CLIENT_KINDS = ['session', 'api_token', 'oauth_client'] as const;

/** Who is calling: the user it acts as, its company, and the credential with what it may do. */
export const ConnectMe = z.object({
  user: z.object({
    id: z.number(),
    email: z.string(),
    first_name: z.string(),
    last_name: z.string(),
    phone: z.string().nullable(),
    phone_country_code: z.string(),
    city: z.string().nullable(),
    role: z.enum(ROLES),
  }),
  company: z.object({ id: z.number(), name: z.string(), domain: z.string().nullable() }).nullable(),
  client: z.object({
    kind: z.enum(CONNECT_CLIENT_KINDS),
    id: z.number().nullable(),
    scopes: z.array(z.enum(CONNECT_SCOPES)),
  }),
});
export type ConnectMe = z.infer<typeof ConnectMe>;

export const connectIdentityApi = {
  openapi: endpoint({
    method: 'GET',
    path: 'v1/openapi.json',
    access: 'public',
    summary: 'This API described as an OpenAPI 3.1 document (the SDK is generated from it)',
    response: z.record(z.string(), z.unknown()),
  }),
  me: endpoint({
    method: 'GET',
    path: 'v1/me',
    access: 'user',
    scope: 'cases:read',
    summary: 'Who is calling: the user, the company and the credential with its scopes',
    response: ConnectMe,
  }),
};
