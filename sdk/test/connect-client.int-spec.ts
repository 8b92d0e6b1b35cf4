import type { OAuthClientSecretResponse } from '@casebridge/contracts';
import type { Company, ContactDocument, User } from '@casebridge/db';
import type { Redis } from 'ioredis';
import { createConnectClient, type ConnectClient, type FeedEvent } from '@casebridge/sdk';
import { REDIS } from '../../api/src/platform/redis/redis.module';
import { bearer, startApi, type ApiHarness } from '../../test/kit/api-harness';
import { aCase, aCaseRow, aCompany, aProcess, aUser, emOf, feedCaughtUp, signedIn } from '../../test/kit/factories';

/**
 * The SDK against the real api: an OAuth client made on the Integrations API, the client-credentials token got and
 * renewed by the SDK, the change feed paged with events.iterate, and a 429 waited out as Retry-After says.
 */
describe('@casebridge/sdk against the api (real PostgreSQL and Redis)', () => {
  let api: ApiHarness;
  let company: Company;
  let apiUser: User;
  let caller: User;
  let process: ContactDocument;
  let credentials: OAuthClientSecretResponse;
  let client: ConnectClient;
  const tokenRequests: number[] = [];

  beforeAll(async () => {
    api = await startApi();
    company = await aCompany(api);
    apiUser = await aUser(api, { company, role: 'api' });
    caller = await aUser(api, { company, role: 'caller' });
    process = await aProcess(api, { company: await aCompany(api) });
    const admin = await signedIn(api, await aUser(api, { company, role: 'business_manager' }));
    credentials = (
      await api
        .http()
        .post('/api/oauth-clients')
        .set(bearer(admin))
        .send({ name: 'SDK connector', user_id: apiUser.id, scopes: ['cases:read'] })
        .expect(200)
    ).body;
    client = createConnectClient({
      baseUrl: api.url,
      clientId: credentials.client.client_id,
      clientSecret: credentials.client_secret,
      // Counts the token requests, to see when the SDK gets a new one.
      fetch: (request) => {
        if (request.url.endsWith('/api/v1/oauth/token')) tokenRequests.push(Date.now());
        return fetch(request);
      },
    });
  });
  afterAll(() => api.close());

  /** Every entry after `after` (all of them without), read with the SDK's iterator. */
  async function readFeed(after?: string, limit?: number): Promise<FeedEvent[]> {
    const events: FeedEvent[] = [];
    for await (const event of client.events.iterate({ after, limit })) events.push(event);
    return events;
  }

  it('authenticates with the OAuth client and says who it acts as', async () => {
    const me = await client.me();
    expect(me.user).toMatchObject({ id: apiUser.id, role: 'api' });
    expect(me.company?.id).toBe(company.id);
    expect(me.client).toEqual({ kind: 'oauth_client', id: credentials.client.id, scopes: ['cases:read'] });
    // The typed call answers the same, with the rate-limit headers beside it.
    const { data, response } = await client.GET('/api/v1/me');
    expect(data?.user.id).toBe(apiUser.id);
    expect(Number(response.headers.get('RateLimit-Limit'))).toBeGreaterThan(0);
    expect(tokenRequests).toHaveLength(1);
  });

  it('pages the change feed with next_cursor: every entry once, in order', async () => {
    // The feed serves a commit once no older transaction runs on the server (tests elsewhere share it).
    await feedCaughtUp(api);
    const before = await readFeed();
    const start = before.at(-1)?.cursor;
    const cases = [await aCase(api, { from: caller, to: process, status: 'accepted' })];
    for (let index = 0; index < 6; index += 1) cases.push(await aCaseRow(api, { from: caller, to: process }));
    await feedCaughtUp(api);

    const events = await readFeed(start, 2);
    expect(new Set(events.map((event) => event.id)).size).toBe(events.length);
    const tokens = cases.map((kase) => kase.token);
    const ours = events.filter((event) => tokens.includes(event.case_token));
    expect(ours.map((event) => [event.case_token, event.type])).toEqual([
      [tokens[0], 'submitted'],
      [tokens[0], 'accepted'],
      ...tokens.slice(1).map((token) => [token, 'submitted']),
    ]);
    expect(ours.every((event) => event.direction === 'outbound')).toBe(true);
    // The whole feed read again in one go holds the same entries in the same order.
    const all = await readFeed(undefined, 500);
    expect(all.slice(before.length).map((event) => event.id)).toEqual(events.map((event) => event.id));

    // Followed, the iterator waits for new entries until it is aborted.
    const abort = new AbortController();
    const followed: FeedEvent[] = [];
    const following = (async () => {
      for await (const event of client.events.iterate({
        after: events.at(-1)?.cursor,
        follow: true,
        pollIntervalMs: 50,
        signal: abort.signal,
      })) {
        followed.push(event);
        abort.abort();
      }
    })();
    const late = await aCaseRow(api, { from: caller, to: process });
    await following;
    expect(followed.map((event) => event.case_token)).toEqual([late.token]);
  });

  it('gets a new token by itself once the server has revoked the one it holds', async () => {
    const count = tokenRequests.length;
    await client.me();
    expect(tokenRequests).toHaveLength(count);
    await emOf(api).getConnection().execute('delete from oauth_access_tokens');
    const me = await client.me();
    expect(me.user.id).toBe(apiUser.id);
    expect(tokenRequests).toHaveLength(count + 1);
  });

  it('waits out a 429 as Retry-After says and then succeeds', async () => {
    const limit = Number((await client.GET('/api/v1/me')).response.headers.get('RateLimit-Limit'));
    // The api counts an OAuth client by the api user it acts as; spend that window for a second.
    await api.app.get<Redis>(REDIS).set(`rate:connect:user:${apiUser.id}`, limit, 'EX', 1);
    const noRetry = createConnectClient({
      baseUrl: api.url,
      clientId: credentials.client.client_id,
      clientSecret: credentials.client_secret,
      retry: { maxAttempts: 1 },
    });
    const refused = await noRetry.GET('/api/v1/me');
    expect(refused.response.status).toBe(429);
    expect(Number(refused.response.headers.get('Retry-After'))).toBeGreaterThan(0);

    await api.app.get<Redis>(REDIS).set(`rate:connect:user:${apiUser.id}`, limit, 'EX', 1);
    const started = Date.now();
    const me = await client.me();
    expect(me.user.id).toBe(apiUser.id);
    expect(Date.now() - started).toBeGreaterThanOrEqual(500);
  });
});
