import { beforeEach, describe, expect, it, vi } from 'vitest';
import { IDEMPOTENCY, STORAGE_KEYS } from '@casebridge/contracts';
import { API } from './api-routes';
import { ApiError, call, configureApiClient, currentToken } from './api';

/**
 * The network edge is `fetch`: a stand-in server that accepts only the token it last issued and issues a new one on
 * POST /api/auth/refresh (unless told to refuse). Every request is recorded.
 */
interface Sent {
  url: string;
  method: string;
  headers: Record<string, string>;
  body?: string;
}

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

let sent: Sent[];
let validToken: string;
let refreshAnswer: () => Response;
let refreshGate: Promise<void>;
const hooks = { onTokenRefreshed: vi.fn(), onSessionLost: vi.fn(), onRateLimited: vi.fn() };

/**
 * A request of the test's own through the same stand-in: its answer comes after every answer to a request sent
 * before it, and the client has handled those answers (each one's promise callbacks ran before the next timer).
 */
const SENTINEL = '/sentinel';
const sentinel = () => fetch(SENTINEL, { method: 'GET', headers: {} });

function fakeServer() {
  return vi.fn(async (url: string, init: RequestInit) => {
    const request: Sent = {
      url,
      method: init.method ?? 'GET',
      headers: init.headers as Record<string, string>,
      body: init.body as string | undefined,
    };
    sent.push(request);
    // A network round trip is a macrotask: a client that kept retrying would hit the test's timeout, not hang it.
    // Answers come in the order the requests were sent (timers of equal delay run in order).
    await new Promise((resolve) => setTimeout(resolve, 0));
    if (url === SENTINEL) return json(200, {});
    if (url === '/api/auth/refresh') {
      await refreshGate;
      return refreshAnswer();
    }
    if (request.headers.Authorization !== `Bearer ${validToken}`) return json(401, { error: 'Unauthenticated.' });
    return json(200, { url, echo: request.body ?? null });
  });
}

const refreshes = () => sent.filter((request) => request.url === '/api/auth/refresh');
const calls = () => sent.filter((request) => request.url !== '/api/auth/refresh' && request.url !== SENTINEL);

beforeEach(() => {
  sent = [];
  localStorage.clear();
  localStorage.setItem(STORAGE_KEYS.token, 'expired');
  validToken = 'fresh-1';
  refreshGate = Promise.resolve();
  refreshAnswer = () => json(200, { access_token: validToken });
  for (const hook of Object.values(hooks)) hook.mockReset();
  hooks.onTokenRefreshed.mockImplementation((token: string) => localStorage.setItem(STORAGE_KEYS.token, token));
  configureApiClient(hooks);
  vi.stubGlobal('fetch', fakeServer());
});

describe('call: refresh once on 401', () => {
  it('refreshes once with the old token and retries once with the new one', async () => {
    const answer = await call(API.dashboard.favorites);

    expect(answer).toEqual({ url: '/api/caller/favorites', echo: null });
    expect(refreshes()).toHaveLength(1);
    expect(refreshes()[0]).toMatchObject({ method: 'POST', headers: { Authorization: 'Bearer expired' } });
    expect(calls().map((request) => request.headers.Authorization)).toEqual(['Bearer expired', 'Bearer fresh-1']);
    expect(hooks.onTokenRefreshed).toHaveBeenCalledExactlyOnceWith('fresh-1');
    expect(currentToken()).toBe('fresh-1');
  });

  it('does not loop when the retry is refused too: the second 401 is the answer', async () => {
    validToken = 'never-accepted';
    refreshAnswer = () => json(200, { access_token: 'fresh-but-useless' });

    const failure = await call(API.dashboard.favorites).catch((error: unknown) => error);

    expect(failure).toBeInstanceOf(ApiError);
    expect(failure).toMatchObject({ status: 401, message: 'Unauthenticated.' });
    expect(refreshes()).toHaveLength(1);
    expect(calls()).toHaveLength(2);
  });

  it('shares one refresh between concurrent 401s, and each call retries once', async () => {
    let openGate!: () => void;
    refreshGate = new Promise((resolve) => (openGate = resolve));

    const pending = Promise.all([
      call(API.dashboard.favorites),
      call(API.dashboard.favorites, { query: { page: 2 } }),
      call(API.dashboard.toggleFavorite, { body: { company_id: 4, type: 'company', is_favorite: true } }),
    ]);
    // All three have met their 401 and wait for the one refresh in flight: once an answer sent after their 401s is
    // in, no second refresh and no early retry was sent.
    await vi.waitFor(() => expect(refreshes()).toHaveLength(1));
    await sentinel();
    expect(refreshes()).toHaveLength(1);
    expect(calls()).toHaveLength(3);
    openGate();
    const answers = await pending;

    expect(refreshes()).toHaveLength(1);
    expect(calls()).toHaveLength(6);
    expect(
      calls()
        .slice(3)
        .every((request) => request.headers.Authorization === 'Bearer fresh-1'),
    ).toBe(true);
    expect(answers.map((answer) => (answer as unknown as { url: string }).url)).toEqual([
      '/api/caller/favorites',
      '/api/caller/favorites?page=2',
      '/api/caller/favorites/toggle',
    ]);
    expect(hooks.onTokenRefreshed).toHaveBeenCalledTimes(1);
  });

  it('refreshes again for a later 401 once the previous refresh has finished', async () => {
    await call(API.dashboard.favorites);
    validToken = 'fresh-2';
    await call(API.dashboard.favorites);

    expect(refreshes().map((request) => request.headers.Authorization)).toEqual(['Bearer expired', 'Bearer fresh-1']);
    expect(currentToken()).toBe('fresh-2');
  });

  it('sends the same body and idempotency key again on the retry', async () => {
    const body = { company_id: 7, type: 'company' as const, is_favorite: false };
    await call(API.dashboard.toggleFavorite, { body, idempotencyKey: 'key-123' });

    const [first, retry] = calls();
    expect(retry.method).toBe('POST');
    expect(retry.body).toBe(JSON.stringify(body));
    expect(retry.body).toBe(first.body);
    expect(retry.headers[IDEMPOTENCY.header]).toBe('key-123');
  });
});

describe('call: when not to refresh', () => {
  it('ends the session when the refresh is refused, without retrying', async () => {
    refreshAnswer = () => json(401, { error: 'Session expired.' });

    await expect(call(API.dashboard.favorites)).rejects.toMatchObject({ status: 401 });
    expect(refreshes()).toHaveLength(1);
    expect(calls()).toHaveLength(1);
    expect(hooks.onSessionLost).toHaveBeenCalledTimes(1);
    expect(hooks.onRateLimited).not.toHaveBeenCalled();
  });

  it('reports a rate-limited refresh without ending the session', async () => {
    refreshAnswer = () => json(429, { error: 'Too many attempts.' });

    await expect(call(API.dashboard.favorites)).rejects.toMatchObject({ status: 401 });
    expect(hooks.onRateLimited).toHaveBeenCalledTimes(1);
    expect(hooks.onSessionLost).not.toHaveBeenCalled();
    expect(calls()).toHaveLength(1);
  });

  it('does not retry when the refresh call itself cannot reach the server', async () => {
    refreshAnswer = () => {
      throw new TypeError('Failed to fetch');
    };

    await expect(call(API.dashboard.favorites)).rejects.toMatchObject({ status: 401 });
    expect(calls()).toHaveLength(1);
    expect(hooks.onSessionLost).not.toHaveBeenCalled();
  });

  it('never refreshes for public endpoints, noRefresh calls or calls without a token', async () => {
    await expect(call(API.auth.login, { body: { email: 'a@example.com', password: 'wrong' } })).rejects.toMatchObject({
      status: 401,
    });
    await expect(call(API.dashboard.favorites, { noRefresh: true })).rejects.toMatchObject({ status: 401 });
    localStorage.removeItem(STORAGE_KEYS.token);
    await expect(call(API.dashboard.favorites)).rejects.toMatchObject({ status: 401 });

    expect(refreshes()).toHaveLength(0);
    expect(calls()).toHaveLength(3);
    expect(calls()[2].headers.Authorization).toBeUndefined();
  });

  it('turns a network failure into ApiError 0 with the generic message', async () => {
    vi.stubGlobal('fetch', vi.fn().mockRejectedValue(new TypeError('Failed to fetch')));

    await expect(call(API.dashboard.favorites)).rejects.toMatchObject({ status: 0, message: 'Unknown error.' });
  });
});
