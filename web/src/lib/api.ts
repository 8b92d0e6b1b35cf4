import {
  CHECK_ONLY,
  endpointPath,
  IDEMPOTENCY,
  MESSAGES,
  STORAGE_KEYS,
  type BodyOf,
  type Endpoint,
  type QueryOf,
  type ResponseOf,
} from '@casebridge/contracts';
import { API } from './api-routes';
import { ApiError } from './api-error';
import { storage } from './storage';

export { ApiError } from './api-error';

export interface CallOptions<E extends Endpoint> {
  params?: Record<string, string | number>;
  body?: BodyOf<E>;
  query?: QueryOf<E> | Record<string, string | number | boolean | null | undefined>;
  /** Skip the refresh-and-retry on 401 (used by the session calls themselves). */
  noRefresh?: boolean;
  /** Sent as the Idempotency-Key header: the server does the request once per key (Endpoint.idempotent). */
  idempotencyKey?: string;
  /** Only the server's checks, nothing done (CHECK_ONLY; endpoints marked `checkOnly`): 422, or 204 when fine. */
  checkOnly?: boolean;
}

interface ApiClientHooks {
  /** A refresh produced a new token. */
  onTokenRefreshed: (token: string) => void;
  /** The token is gone for good (refresh refused). */
  onSessionLost: () => void;
  /** Refresh refused with 429. */
  onRateLimited: () => void;
}

let hooks: ApiClientHooks = {
  onTokenRefreshed: (token) => storage.set(STORAGE_KEYS.token, token),
  onSessionLost: () => storage.remove(STORAGE_KEYS.token),
  onRateLimited: () => undefined,
};

/** The session store plugs in here, so this module does not depend on it. */
export function configureApiClient(next: ApiClientHooks): void {
  hooks = next;
}

export function currentToken(): string | null {
  return storage.get(STORAGE_KEYS.token);
}

function buildUrl(endpoint: Endpoint, params?: CallOptions<Endpoint>['params'], query?: object): string {
  let url = `/api/${endpointPath(endpoint.path, params)}`;
  if (query) {
    const search = new URLSearchParams();
    for (const [key, value] of Object.entries(query)) {
      if (value !== undefined && value !== null && value !== '') search.set(key, String(value));
    }
    const text = search.toString();
    if (text) url += `?${text}`;
  }
  return url;
}

async function send(endpoint: Endpoint, options: CallOptions<Endpoint>, token: string | null): Promise<Response> {
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (token) headers.Authorization = `Bearer ${token}`;
  if (options.idempotencyKey) headers[IDEMPOTENCY.header] = options.idempotencyKey;
  if (options.checkOnly) headers[checkOnlyHeader(endpoint)] = CHECK_ONLY.value;
  let body: string | undefined;
  if (endpoint.method !== 'GET' && endpoint.method !== 'DELETE') {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(options.body ?? {});
  }
  return fetch(buildUrl(endpoint, options.params, options.query as object | undefined), {
    method: endpoint.method,
    headers,
    body,
  });
}

/** The CHECK_ONLY header's name; an endpoint that ignores it would do the action, so asking one is a bug. */
export function checkOnlyHeader(endpoint: Endpoint): string {
  if (!endpoint.checkOnly) throw new Error(`${endpoint.path} does not answer check-only requests`);
  return CHECK_ONLY.header;
}

// One refresh at a time: parallel 401s wait for the same answer.
let refreshing: Promise<string | null> | null = null;

/** Exchanges the current token for a new one; null if that is refused. */
export function refreshToken(): Promise<string | null> {
  refreshing ??= (async () => {
    const token = currentToken();
    if (!token) return null;
    const response = await send(API.auth.refresh, {}, token).catch(() => null);
    if (!response) return null;
    if (response.ok) {
      const { access_token } = (await response.json()) as ResponseOf<typeof API.auth.refresh>;
      hooks.onTokenRefreshed(access_token);
      return access_token;
    }
    if (response.status === 429) hooks.onRateLimited();
    else hooks.onSessionLost();
    return null;
  })().finally(() => {
    refreshing = null;
  });
  return refreshing;
}

/**
 * Calls one endpoint of the contract. On 401 of a signed-in call it refreshes the token once and retries once.
 * Failures throw ApiError with the server's message and the first message per field.
 */
export async function call<E extends Endpoint>(endpoint: E, options: CallOptions<E> = {}): Promise<ResponseOf<E>> {
  const token = currentToken();
  let response: Response;
  try {
    response = await send(endpoint, options as CallOptions<Endpoint>, token);
  } catch {
    throw new ApiError(0, MESSAGES.unknownError);
  }

  // Public calls (login, landing...) answer 401 for their own reasons: never refresh for them.
  if (response.status === 401 && token && endpoint.access !== 'public' && !options.noRefresh) {
    const fresh = await refreshToken();
    if (fresh) response = await send(endpoint, options as CallOptions<Endpoint>, fresh);
  }

  if (!response.ok) throw await ApiError.fromResponse(response);
  if (response.status === 204) return undefined as ResponseOf<E>;
  const text = await response.text();
  return (text ? JSON.parse(text) : undefined) as ResponseOf<E>;
}
