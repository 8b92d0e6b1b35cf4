import type { Middleware } from 'openapi-fetch';
import { ConnectApiError } from './errors';

/** Where the Authorization header comes from: a fixed API token, or OAuth access tokens fetched as needed. */
export interface TokenSource {
  /** Whether another token can be had after the server refused one. */
  readonly renewable: boolean;
  token(): Promise<string>;
  /** Forgets `token` after the server refused it. */
  invalidate(token: string): void;
}

export class StaticToken implements TokenSource {
  readonly renewable = false;

  constructor(private readonly value: string) {}

  token(): Promise<string> {
    return Promise.resolve(this.value);
  }

  invalidate(): void {}
}

export interface OAuthCredentials {
  clientId: string;
  clientSecret: string;
  /** Space-separated; leave out for every scope the client has. */
  scope?: string;
}

interface TokenResponse {
  access_token: string;
  token_type: 'Bearer';
  expires_in: number;
  scope: string;
}

/**
 * OAuth 2.0 client credentials: one access token at a time, shared by concurrent calls, fetched again shortly
 * before it expires (a tenth of its life, at most a minute, so a slow call does not arrive with an expired one).
 */
export class OAuthTokenSource implements TokenSource {
  readonly renewable = true;
  private current?: { value: string; renewAt: number };
  private pending?: Promise<string>;

  constructor(
    private readonly tokenUrl: string,
    private readonly credentials: OAuthCredentials,
    private readonly transport: (request: Request) => Promise<Response>,
    private readonly now: () => number = Date.now,
  ) {}

  token(): Promise<string> {
    if (this.current && this.now() < this.current.renewAt) return Promise.resolve(this.current.value);
    this.pending ??= this.fetchToken().finally(() => (this.pending = undefined));
    return this.pending;
  }

  invalidate(token: string): void {
    // A call that started with an older token must not throw away the one fetched since.
    if (this.current?.value === token) this.current = undefined;
  }

  private async fetchToken(): Promise<string> {
    const form = new URLSearchParams({
      grant_type: 'client_credentials',
      client_id: this.credentials.clientId,
      client_secret: this.credentials.clientSecret,
    });
    if (this.credentials.scope) form.set('scope', this.credentials.scope);
    const response = await this.transport(
      new Request(this.tokenUrl, {
        method: 'POST',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded', Accept: 'application/json' },
        body: form.toString(),
      }),
    );
    if (!response.ok) throw await ConnectApiError.from(response);
    const body = (await response.json()) as TokenResponse;
    const margin = Math.min(60, body.expires_in / 10);
    this.current = { value: body.access_token, renewAt: this.now() + (body.expires_in - margin) * 1000 };
    return body.access_token;
  }
}

/**
 * Sends `Authorization: Bearer` on every call; when the server answers 401 to a token it may have revoked, gets a
 * new one and sends the call once more (a 401 means the call was not carried out, so repeating it is safe).
 */
export function bearerAuth(tokens: TokenSource): Middleware {
  const sent = new Map<string, { token: string; copy: Request }>();
  return {
    async onRequest({ request, id }) {
      const token = await tokens.token();
      request.headers.set('Authorization', `Bearer ${token}`);
      if (tokens.renewable) sent.set(id, { token, copy: request.clone() });
      return request;
    },
    async onResponse({ response, id, options }) {
      const first = sent.get(id);
      sent.delete(id);
      if (response.status !== 401 || !first) return undefined;
      tokens.invalidate(first.token);
      const token = await tokens.token();
      if (token === first.token) return undefined;
      await response.body?.cancel();
      first.copy.headers.set('Authorization', `Bearer ${token}`);
      return options.fetch(first.copy);
    },
    onError({ id }) {
      sent.delete(id);
      return undefined;
    },
  };
}
