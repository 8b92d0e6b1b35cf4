import {
  allEndpoints,
  API_TOKEN_MESSAGES,
  endpointPath,
  MESSAGES,
  type CreatedApiTokenResponse,
  type Endpoint,
} from '@casebridge/contracts';
import { ApiToken, User } from '@casebridge/db';
import { createHash } from 'node:crypto';
import { bearer, startApi, type ApiHarness } from '../../test/api-harness';
import { createSeedLikeUser, orm } from '../../test/member-fixtures';
import { serverPath } from '../common/contract-route';

/** A path of the endpoint with harmless parameter values (ids 1). */
function samplePath(endpoint: Endpoint): string {
  const params = Object.fromEntries(
    [...endpoint.path.matchAll(/:([A-Za-z_]+)/g)].map(([, name]) => [name, /id$/.test(name) ? '1' : 'sample']),
  );
  return endpointPath(serverPath(endpoint), params);
}

describe('API tokens of api users', () => {
  let api: ApiHarness;
  let acmeAdmin: string;
  let apiUserId: number;

  beforeAll(async () => {
    api = await startApi();
    acmeAdmin = await api.login('bm@acme.test');
    apiUserId = (await orm(api).findOneOrFail(User, { email: 'api@acme.test' })).id;
  });
  afterAll(() => api.close());

  const list = (session: string) => api.http().get('/api/api-tokens').set(bearer(session));
  const create = (session: string, body: object) => api.http().post('/api/api-tokens').set(bearer(session)).send(body);
  const revoke = (session: string, id: number) => api.http().post(`/api/api-tokens/${id}/revoke`).set(bearer(session));
  const companyCases = (token: string) => api.http().get('/api/caller/get-cases/company').set(bearer(token));

  /** A new active api user, made the way a company admin makes one. */
  async function makeApiUser(adminSession: string, email: string): Promise<number> {
    const response = await api
      .http()
      .post('/api/admin/company/users/0')
      .set(bearer(adminSession))
      .send({
        first_name: 'Integration',
        last_name: 'Robot',
        email,
        role: 'api',
        type: 'basic',
        password: 'Str0ng!Pass',
        password_confirmation: 'Str0ng!Pass',
        group_access: [],
      })
      .expect(200);
    return response.body.user.id as number;
  }

  /** Initech's membership is limited: its admin asks for user changes through Contact, so the user is seeded. */
  async function makeInitechApiUser(): Promise<number> {
    const em = orm(api);
    const admin = await em.findOneOrFail(User, { email: 'bm@initech.test' }, { populate: ['company'] });
    const user = createSeedLikeUser(em, admin, {
      email: 'integration@initech.test',
      firstName: 'Integration',
      lastName: 'Robot',
      role: 'api',
      company: admin.company,
    });
    await em.flush();
    return user.id;
  }

  async function newToken(session: string, name: string, userId: number | null = apiUserId) {
    const response = await create(session, { name, user_id: userId }).expect(200);
    return response.body as CreatedApiTokenResponse;
  }

  it('an admin creates a token shown once, lists it, the token lists Acme cases, and revoking stops it', async () => {
    const before = (await list(acmeAdmin).expect(200)).body;
    expect(before.api_users).toEqual([expect.objectContaining({ id: apiUserId, email: 'api@acme.test' })]);

    const { token, raw_token } = await newToken(acmeAdmin, 'Ticket sync');
    expect(raw_token).toMatch(/^cbk_[A-Za-z0-9_-]{43}$/);
    expect(token).toMatchObject({ name: 'Ticket sync', user: { id: apiUserId }, last_used_at: null });
    const stored = await orm(api).findOneOrFail(ApiToken, token.id);
    expect(stored.tokenHash).toBe(createHash('sha256').update(raw_token).digest('hex'));

    const listed = (await list(acmeAdmin).expect(200)).body;
    expect(listed.tokens.map((row: { id: number }) => row.id)).toContain(token.id);
    expect(JSON.stringify(listed)).not.toContain(raw_token);
    expect(JSON.stringify(listed)).not.toContain(stored.tokenHash);

    // The token acts as api@acme.test: the same company cases as that user's own session sees.
    const viaSession = (await companyCases(await api.login('api@acme.test')).expect(200)).body;
    const viaToken = (await companyCases(raw_token).expect(200)).body;
    expect(viaToken.total).toBeGreaterThan(0);
    expect(viaToken).toEqual(viaSession);
    const me = (await api.http().get('/api/auth/me').set(bearer(raw_token)).expect(200)).body;
    expect(me.user).toMatchObject({ email: 'api@acme.test', role: 'api' });
    expect((await orm(api).findOneOrFail(ApiToken, token.id)).lastUsedAt).not.toBeNull();

    expect((await revoke(acmeAdmin, token.id).expect(200)).body).toEqual({
      success: true,
      message: API_TOKEN_MESSAGES.revoked,
    });
    const refused = await companyCases(raw_token).expect(401);
    expect(refused.body).toEqual({ error: API_TOKEN_MESSAGES.invalid });
    const after = (await list(acmeAdmin).expect(200)).body;
    expect(after.tokens.map((row: { id: number }) => row.id)).not.toContain(token.id);
    await revoke(acmeAdmin, token.id).expect(404);
  });

  it('answers bad input with 422 on the field and writes nothing', async () => {
    const count = await orm(api).count(ApiToken);
    const caller = await orm(api).findOneOrFail(User, { email: 'caller@acme.test' });
    const globexCaller = await orm(api).findOneOrFail(User, { email: 'caller@globex.test' });
    const cases: [object, string, string][] = [
      [{ user_id: apiUserId }, 'name', 'The name is required.'],
      [{ name: '   ', user_id: apiUserId }, 'name', 'The name is required.'],
      [{ name: 'x'.repeat(101), user_id: apiUserId }, 'name', 'The name may not be greater than 100 characters.'],
      [{ name: 'Sync', user_id: 'abc' }, 'user_id', 'The user must be a number.'],
      [{ name: 'Sync' }, 'user_id', API_TOKEN_MESSAGES.userRequired],
      [{ name: 'Sync', user_id: caller.id }, 'user_id', API_TOKEN_MESSAGES.userInvalid],
      [{ name: 'Sync', user_id: globexCaller.id }, 'user_id', API_TOKEN_MESSAGES.userInvalid],
      [{ name: 'Sync', user_id: 999999 }, 'user_id', API_TOKEN_MESSAGES.userInvalid],
    ];
    for (const [body, field, message] of cases) {
      const response = await create(acmeAdmin, body).expect(422);
      expect(response.body.errors).toEqual({ [field]: [message] });
    }
    expect(await orm(api).count(ApiToken)).toBe(count);
  });

  it('refuses other roles with 403', async () => {
    const { token } = await newToken(acmeAdmin, 'Kept');
    const caller = await api.login('caller@acme.test');
    await list(caller).expect(403);
    await create(caller, { name: 'Mine', user_id: apiUserId }).expect(403);
    await revoke(caller, token.id).expect(403);
    const superAdmin = await api.login('admin@casebridge.test');
    await list(superAdmin).expect(403);
    expect((await orm(api).findOneOrFail(ApiToken, token.id)).revokedAt).toBeNull();
  });

  it('an api user manages only its own tokens', async () => {
    const session = await api.login('api@acme.test');
    const own = (await list(session).expect(200)).body;
    expect(own.api_users.map((user: { id: number }) => user.id)).toEqual([apiUserId]);

    const created = (await create(session, { name: 'Own' }).expect(200)).body as CreatedApiTokenResponse;
    expect(created.token.user.id).toBe(apiUserId);
    const admin = await orm(api).findOneOrFail(User, { email: 'bm@acme.test' });
    const forOther = await create(session, { name: 'Other', user_id: admin.id }).expect(403);
    expect(forOther.body).toEqual({ error: API_TOKEN_MESSAGES.onlyOwn });
    await revoke(session, created.token.id).expect(200);
  });

  it("keeps companies apart: Acme's admin neither sees nor revokes Globex's tokens", async () => {
    const globexAdmin = await api.login('bm@globex.test');
    const globexApiUserId = await makeApiUser(globexAdmin, 'integration@globex.test');
    const globexToken = await newToken(globexAdmin, 'Globex sync', globexApiUserId);
    const acmeToken = await newToken(acmeAdmin, 'Acme sync');

    const acmeList = (await list(acmeAdmin).expect(200)).body;
    expect(acmeList.tokens.map((row: { id: number }) => row.id)).not.toContain(globexToken.token.id);
    expect(acmeList.api_users.map((user: { id: number }) => user.id)).not.toContain(globexApiUserId);
    const globexList = (await list(globexAdmin).expect(200)).body;
    expect(globexList.tokens.map((row: { id: number }) => row.id)).toEqual([globexToken.token.id]);

    await revoke(acmeAdmin, globexToken.token.id).expect(404);
    await revoke(globexAdmin, acmeToken.token.id).expect(404);
    await create(acmeAdmin, { name: 'Steal', user_id: globexApiUserId }).expect(422);
    await companyCases(globexToken.raw_token).expect(200);

    // A token reaches only its own company's cases: an Acme–Globex case is 404 to a token of Initech.
    const initechAdmin = await api.login('bm@initech.test');
    const initechUser = await makeInitechApiUser();
    const initechToken = await newToken(initechAdmin, 'Initech sync', initechUser);
    const shared = (await companyCases(acmeToken.raw_token).expect(200)).body.data[0] as { token: string };
    const details = (raw: string) => api.http().get(`/api/caller/case-details/${shared.token}`).set(bearer(raw));
    await details(acmeToken.raw_token).expect(200);
    await details(initechToken.raw_token).expect(404);
  });

  it('stops a token while its user is disabled or no longer of role api', async () => {
    const { raw_token } = await newToken(acmeAdmin, 'Disable me');
    await companyCases(raw_token).expect(200);

    await api
      .http()
      .post(`/api/admin/company/users/${apiUserId}/status`)
      .set(bearer(acmeAdmin))
      .send({ status: 'inactive' })
      .expect(200);
    expect((await companyCases(raw_token).expect(401)).body).toEqual({ error: API_TOKEN_MESSAGES.invalid });

    await api
      .http()
      .post(`/api/admin/company/users/${apiUserId}/status`)
      .set(bearer(acmeAdmin))
      .send({ status: 'active' })
      .expect(200);
    await companyCases(raw_token).expect(200);

    const em = orm(api);
    await em.nativeUpdate(User, { id: apiUserId }, { role: 'caller' });
    await companyCases(raw_token).expect(401);
    await em.nativeUpdate(User, { id: apiUserId }, { role: 'api' });
    await companyCases(raw_token).expect(200);
  });

  it('cannot reach super admin, company admin, session or token management endpoints', async () => {
    const { raw_token } = await newToken(acmeAdmin, 'Scoped');
    const adminOnly = allEndpoints().filter(
      (endpoint) => endpoint.access === 'super_admin' || endpoint.access === 'company_admin',
    );
    expect(adminOnly.length).toBeGreaterThan(10);
    for (const endpoint of adminOnly) {
      const path = samplePath(endpoint);
      const call = endpoint.method === 'GET' ? api.http().get(path) : api.http().post(path).send({});
      const response = await call.set(bearer(raw_token));
      expect(`${endpoint.method} ${endpoint.path} ${response.status}`).toBe(`${endpoint.method} ${endpoint.path} 403`);
    }

    const refused = [
      api.http().post('/api/auth/logout'),
      api.http().get('/api/api-tokens'),
      api.http().post('/api/api-tokens').send({ name: 'Minted' }),
      api.http().post('/api/users/password').send({}),
    ];
    for (const call of refused) {
      expect((await call.set(bearer(raw_token)).expect(403)).body).toEqual({ error: API_TOKEN_MESSAGES.refused });
    }
    // Refresh reads the bearer as a session JWT: an API token cannot mint a session.
    await api.http().post('/api/auth/refresh').set(bearer(raw_token)).expect(401);
    await companyCases(raw_token).expect(200);
  });

  it('writes lastUsedAt at most once a minute and refuses unknown tokens', async () => {
    const { token, raw_token } = await newToken(acmeAdmin, 'Clock');
    const em = orm(api);
    const recent = new Date(Date.now() - 30_000);
    await em.nativeUpdate(ApiToken, { id: token.id }, { lastUsedAt: recent });
    await companyCases(raw_token).expect(200);
    expect((await orm(api).findOneOrFail(ApiToken, token.id)).lastUsedAt).toEqual(recent);

    await em.nativeUpdate(ApiToken, { id: token.id }, { lastUsedAt: new Date(Date.now() - 120_000) });
    const before = new Date();
    await companyCases(raw_token).expect(200);
    const after = new Date();
    // Written by this call: the moment lies between the call's start and its answer.
    const touched = (await orm(api).findOneOrFail(ApiToken, token.id)).lastUsedAt as Date;
    expect(touched.getTime()).toBeGreaterThanOrEqual(before.getTime());
    expect(touched.getTime()).toBeLessThanOrEqual(after.getTime());

    await companyCases(`${raw_token.slice(0, -2)}xx`).expect(401);
    await companyCases('cbk_unknown').expect(401);
    // Sessions are untouched by the token path.
    expect((await companyCases('not-a-jwt').expect(401)).body).toEqual({ error: MESSAGES.sessionExpired });
  });
});
