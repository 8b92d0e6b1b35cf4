import createClient, { type Client } from 'openapi-fetch';
import { bearerAuth, OAuthTokenSource, StaticToken, type OAuthCredentials, type TokenSource } from './auth';
import { ConnectApiError } from './errors';
import { iterateEvents, type FeedEvent, type IterateOptions } from './events';
import type { paths } from './generated/connect';
import { withRetries, type RetryOptions } from './retry';

export type ConnectMe = paths['/api/v1/me']['get']['responses'][200]['content']['application/json'];

interface CommonOptions {
  /** The server's origin, e.g. `https://casebridge.example.com` (paths start with /api/v1). */
  baseUrl: string;
  /** Retries on 429 and 503; `{ maxAttempts: 1 }` turns them off. */
  retry?: RetryOptions;
  /** The fetch to send with (a proxy agent, tests); default the global fetch. */
  fetch?: (request: Request) => Promise<Response>;
}

export type ConnectClientOptions = CommonOptions & (OAuthCredentials | { apiToken: string });

/**
 * The typed client (openapi-fetch: `client.GET('/api/v1/events', ...)`, types generated from the API's document)
 * with helpers on top.
 */
export interface ConnectClient extends Client<paths> {
  /** Who is calling: the user, the company, the credential and its scopes. */
  me(): Promise<ConnectMe>;
  events: {
    /** Every entry of the change feed after `after`, once and in order; see IterateOptions. */
    iterate(options?: IterateOptions): AsyncGenerator<FeedEvent>;
  };
}

/** A client of the Connect API that authenticates with an OAuth client's credentials or an API token. */
export function createConnectClient(options: ConnectClientOptions): ConnectClient {
  const baseUrl = options.baseUrl.replace(/\/+$/, '');
  const send = options.fetch ?? ((request: Request) => globalThis.fetch(request));
  const transport = withRetries(send, options.retry);
  const tokens: TokenSource =
    'apiToken' in options
      ? new StaticToken(options.apiToken)
      : new OAuthTokenSource(`${baseUrl}/api/v1/oauth/token`, options, transport);

  const client = createClient<paths>({ baseUrl, fetch: transport });
  client.use(bearerAuth(tokens));

  return Object.assign(client, {
    async me(): Promise<ConnectMe> {
      const { data, error, response } = await client.GET('/api/v1/me');
      if (!data) throw ConnectApiError.of(error, response);
      return data;
    },
    events: {
      iterate: (iterateOptions?: IterateOptions) => iterateEvents(client, iterateOptions),
    },
  });
}
