import { createConnectClient } from './client';
import { mayRepeat, retryDelayMs, withRetries } from './retry';

const answer = (status: number, headers: Record<string, string> = {}, body: unknown = { status }) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json', ...headers } });

/** A fake server: answers in turn, records what it was sent (bodies read, as the network would). */
function server(...answers: Response[]) {
  const sent: { method: string; url: string; body: string; authorization: string | null }[] = [];
  const fetch = async (request: Request) => {
    sent.push({
      method: request.method,
      url: request.url,
      body: await request.text(),
      authorization: request.headers.get('Authorization'),
    });
    const next = answers.shift();
    if (!next) throw new Error(`unexpected ${request.method} ${request.url}`);
    return next;
  };
  return { fetch, sent };
}

describe('retries', () => {
  const waits: number[] = [];
  const sleep = async (ms: number) => void waits.push(ms);
  beforeEach(() => (waits.length = 0));

  it('waits as Retry-After says on 429 and 503, then succeeds', async () => {
    const fake = server(answer(429, { 'Retry-After': '2' }), answer(503, { 'Retry-After': '1' }), answer(200));
    const response = await withRetries(fake.fetch, { sleep })(new Request('http://x/api/v1/events'));
    expect(response.status).toBe(200);
    expect(waits).toEqual([2000, 1000]);
    expect(fake.sent).toHaveLength(3);
  });

  it('stops after maxAttempts and returns the last answer', async () => {
    const fake = server(answer(429), answer(429), answer(429));
    const response = await withRetries(fake.fetch, { sleep, maxAttempts: 3, baseDelayMs: 100 })(
      new Request('http://x/api/v1/events'),
    );
    expect(response.status).toBe(429);
    expect(waits).toEqual([100, 200]);
    expect(fake.sent).toHaveLength(3);
  });

  it('does not retry other statuses, nor a wait longer than maxDelayMs', async () => {
    const fake = server(answer(500), answer(429, { 'Retry-After': '120' }));
    const retrying = withRetries(fake.fetch, { sleep, maxDelayMs: 60_000 });
    expect((await retrying(new Request('http://x/a'))).status).toBe(500);
    expect((await retrying(new Request('http://x/a'))).status).toBe(429);
    expect(waits).toEqual([]);
  });

  it('never sends a POST twice without an Idempotency-Key, and resends its body with one', async () => {
    const post = (headers: Record<string, string> = {}) =>
      new Request('http://x/api/v1/webhooks', { method: 'POST', body: '{"url":"https://h"}', headers });
    const once = server(answer(503, { 'Retry-After': '1' }));
    expect((await withRetries(once.fetch, { sleep })(post())).status).toBe(503);
    expect(once.sent).toHaveLength(1);

    const keyed = server(answer(429, { 'Retry-After': '1' }), answer(200));
    expect((await withRetries(keyed.fetch, { sleep })(post({ 'Idempotency-Key': 'k1' }))).status).toBe(200);
    expect(keyed.sent.map((request) => request.body)).toEqual(['{"url":"https://h"}', '{"url":"https://h"}']);
    expect(mayRepeat(new Request('http://x', { method: 'DELETE' }))).toBe(true);
  });

  it('reads Retry-After as seconds or an HTTP date', () => {
    const now = () => Date.parse('2025-01-01T00:00:00Z');
    const dated = answer(429, { 'Retry-After': 'Wed, 01 Jan 2025 00:00:05 GMT' });
    expect(retryDelayMs(dated, 1, { now })).toBe(5000);
    expect(retryDelayMs(answer(429, { 'Retry-After': '0' }), 1, { now })).toBe(0);
    expect(retryDelayMs(answer(429), 3, { baseDelayMs: 10 })).toBe(40);
  });
});

describe('the client', () => {
  const token = (value: string, expiresIn = 3600) =>
    answer(200, {}, { access_token: value, token_type: 'Bearer', expires_in: expiresIn, scope: 'cases:read' });
  const me = { user: { id: 1 }, company: null, client: { kind: 'oauth_client', id: 1, scopes: ['cases:read'] } };
  const options = { baseUrl: 'http://x/', clientId: 'cbc_1', clientSecret: 'cbs_1', retry: { sleep: async () => {} } };

  it('gets an OAuth token once, caches it, and sends it as Bearer', async () => {
    const fake = server(token('cba_1'), answer(200, {}, me), answer(200, {}, me));
    const client = createConnectClient({ ...options, fetch: fake.fetch });
    await Promise.all([client.me(), client.me()]);
    expect(fake.sent.map((request) => [request.method, request.url, request.authorization])).toEqual([
      ['POST', 'http://x/api/v1/oauth/token', null],
      ['GET', 'http://x/api/v1/me', 'Bearer cba_1'],
      ['GET', 'http://x/api/v1/me', 'Bearer cba_1'],
    ]);
    expect(new URLSearchParams(fake.sent[0].body).get('grant_type')).toBe('client_credentials');
  });

  it('gets a new token on a 401 and sends the call once more', async () => {
    const fake = server(
      token('cba_1'),
      answer(401),
      token('cba_2'),
      answer(200, {}, me),
      ...[answer(401), token('cba_3'), answer(401)],
    );
    const client = createConnectClient({ ...options, fetch: fake.fetch });
    expect(await client.me()).toEqual(me);
    expect(fake.sent.map((request) => request.authorization)).toEqual([null, 'Bearer cba_1', null, 'Bearer cba_2']);
    // Once only: a second 401, with the new token too, is the answer.
    fake.sent.length = 0;
    await expect(client.me()).rejects.toMatchObject({ name: 'ConnectApiError', status: 401 });
    expect(fake.sent.map((request) => request.authorization)).toEqual(['Bearer cba_2', null, 'Bearer cba_3']);
  });

  it('renews the token before it expires', async () => {
    let now = 0;
    jest.spyOn(Date, 'now').mockImplementation(() => now);
    const fake = server(token('cba_1', 100), answer(200, {}, me), token('cba_2'), answer(200, {}, me));
    const client = createConnectClient({ ...options, fetch: fake.fetch });
    await client.me();
    now = 91_000;
    await client.me();
    expect(fake.sent.map((request) => request.authorization)).toEqual([null, 'Bearer cba_1', null, 'Bearer cba_2']);
    jest.restoreAllMocks();
  });

  it('sends an API token as it is', async () => {
    const fake = server(answer(200, {}, me));
    await createConnectClient({ baseUrl: 'http://x', apiToken: 'cbt_1', fetch: fake.fetch }).me();
    expect(fake.sent[0].authorization).toBe('Bearer cbt_1');
  });
});
