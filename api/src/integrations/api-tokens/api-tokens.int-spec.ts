import {
  allEndpoints,
  API_TOKEN_MESSAGES,
  endpointPath,
  MESSAGES,
  type CreatedApiTokenResponse,
  type Endpoint,
} from '@casebridge/contracts';
import { ApiToken, User, type Company } from '@casebridge/db';
import { createHash } from 'node:crypto';
import { bearer, startApi, type ApiHarness } from '../../../../test/kit/api-harness';
import { aCase, aCompany, aProcess, aSuperAdmin, aUser, domainOf, signedIn } from '../../../../test/kit/factories';
import { orm } from '../../../../test/kit/member-fixtures';
import { serverPath } from '../../platform/common/contract-route';

/** A path of the endpoint with harmless parameter values (ids 1). */
function samplePath(endpoint: Endpoint): string {
  const params = Object.fromEntries(
    [...endpoint.path.matchAll(/:([A-Za-z_]+)/g)].map(([, name]) => [name, /id$/.test(name) ? '1' : 'sample']),
  );
  return endpointPath(serverPath(endpoint), params);
}

describe('API tokens of api users', () => {
  let api: ApiHarness;
  // Our company (admin, api user, caller) and a partner (admin, caller) with one case each way between them; a
  // limited third company (admin, api user) has no part in them.
  let ours: Company;
  let partner: Company;
  let limited: Company;
  let users: Record<'bm' | 'api' | 'caller' | 'partnerBm' | 'partnerCaller' | 'limitedBm' | 'limitedApi', User>;
  let ourAdmin: string;
  let apiUserId: number;

  beforeAll(async () => {
    api = await startApi();
    ours = await aCompany(api);
    partner = await aCompany(api);
    limited = await aCompany(api, { membershipType: 'limited' });
    users = {
      bm: await aUser(api, { company: ours, role: 'business_manager' }),
      api: await aUser(api, { company: ours, role: 'api' }),
      caller: await aUser(api, { company: ours, role: 'caller' }),
      partnerBm: await aUser(api, { company: partner, role: 'business_manager' }),
      partnerCaller: await aUser(api, { company: partner, role: 'caller' }),
      limitedBm: await aUser(api, { company: limited, role: 'business_manager' }),
      limitedApi: await aUser(api, { company: limited, role: 'api' }),
    };
    await aCase(api, { from: users.partnerCaller, to: await aProcess(api, { company: ours }) });
    await aCase(api, { from: users.caller, to: await aProcess(api, { company: partner }) });
    ourAdmin = await signedIn(api, users.bm);
    apiUserId = users.api.id;
  }, 60_000);
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

  async function newToken(session: string, name: string, userId: number | null = apiUserId) {
    const response = await create(session, { name, user_id: userId }).expect(200);
    return response.body as CreatedApiTokenResponse;
  }

  it('an admin creates a token shown once, lists it, the token lists its company cases, and revoking stops it', async () => {
    const before = (await list(ourAdmin).expect(200)).body;
    expect(before.api_users).toEqual([expect.objectContaining({ id: apiUserId, email: users.api.email })]);

    const { token, raw_token } = await newToken(ourAdmin, 'Ticket sync');
    expect(raw_token).toMatch(/^cbk_[A-Za-z0-9_-]{43}$/);
    expect(token).toMatchObject({ name: 'Ticket sync', user: { id: apiUserId }, last_used_at: null });
    const stored = await orm(api).findOneOrFail(ApiToken, token.id);
    expect(stored.tokenHash).toBe(createHash('sha256').update(raw_token).digest('hex'));

    const listed = (await list(ourAdmin).expect(200)).body;
    expect(listed.tokens.map((row: { id: number }) => row.id)).toContain(token.id);
    expect(JSON.stringify(listed)).not.toContain(raw_token);
    expect(JSON.stringify(listed)).not.toContain(stored.tokenHash);

    // The token acts as our api user: the same company cases (one each way) as that user's own session sees.
    const viaSession = (await companyCases(await signedIn(api, users.api)).expect(200)).body;
    const viaToken = (await companyCases(raw_token).expect(200)).body;
    expect(viaToken.total).toBe(2);
    expect(viaToken).toEqual(viaSession);
    const me = (await api.http().get('/api/auth/me').set(bearer(raw_token)).expect(200)).body;
    expect(me.user).toMatchObject({ email: users.api.email, role: 'api' });
    expect((await orm(api).findOneOrFail(ApiToken, token.id)).lastUsedAt).not.toBeNull();

    expect((await revoke(ourAdmin, token.id).expect(200)).body).toEqual({
      success: true,
      message: API_TOKEN_MESSAGES.revoked,
    });
    const refused = await companyCases(raw_token).expect(401);
    expect(refused.body).toEqual({ error: API_TOKEN_MESSAGES.invalid });
    const after = (await list(ourAdmin).expect(200)).body;
    expect(after.tokens.map((row: { id: number }) => row.id)).not.toContain(token.id);
    await revoke(ourAdmin, token.id).expect(404);
  });

  it('answers bad input with 422 on the field and writes nothing', async () => {
    const count = await orm(api).count(ApiToken);
    const { caller, partnerCaller: otherCompanyCaller } = users;
    const cases: [object, string, string][] = [
      [{ user_id: apiUserId }, 'name', 'The name is required.'],
      [{ name: '   ', user_id: apiUserId }, 'name', 'The name is required.'],
      [{ name: 'x'.repeat(101), user_id: apiUserId }, 'name', 'The name may not be greater than 100 characters.'],
      [{ name: 'Sync', user_id: 'abc' }, 'user_id', 'The user must be a number.'],
      [{ name: 'Sync' }, 'user_id', API_TOKEN_MESSAGES.userRequired],
      [{ name: 'Sync', user_id: caller.id }, 'user_id', API_TOKEN_MESSAGES.userInvalid],
      [{ name: 'Sync', user_id: otherCompanyCaller.id }, 'user_id', API_TOKEN_MESSAGES.userInvalid],
      [{ name: 'Sync', user_id: 999999 }, 'user_id', API_TOKEN_MESSAGES.userInvalid],
    ];
    for (const [body, field, message] of cases) {
      const response = await create(ourAdmin, body).expect(422);
      expect(response.body.errors).toEqual({ [field]: [message] });
    }
    expect(await orm(api).count(ApiToken)).toBe(count);
  });

  it('refuses other roles with 403', async () => {
    const { token } = await newToken(ourAdmin, 'Kept');
    const caller = await signedIn(api, users.caller);
    await list(caller).expect(403);
    await create(caller, { name: 'Mine', user_id: apiUserId }).expect(403);
    await revoke(caller, token.id).expect(403);
    const superAdmin = await signedIn(api, await aSuperAdmin(api));
    await list(superAdmin).expect(403);
    expect((await orm(api).findOneOrFail(ApiToken, token.id)).revokedAt).toBeNull();
  });

  it('an api user manages only its own tokens', async () => {
    const session = await signedIn(api, users.api);
    const own = (await list(session).expect(200)).body;
    expect(own.api_users.map((user: { id: number }) => user.id)).toEqual([apiUserId]);

    const created = (await create(session, { name: 'Own' }).expect(200)).body as CreatedApiTokenResponse;
    expect(created.token.user.id).toBe(apiUserId);
    const admin = users.bm;
    const forOther = await create(session, { name: 'Other', user_id: admin.id }).expect(403);
    expect(forOther.body).toEqual({ error: API_TOKEN_MESSAGES.onlyOwn });
    await revoke(session, created.token.id).expect(200);
  });

  it("keeps companies apart: our admin neither sees nor revokes the partner's tokens", async () => {
    const partnerAdmin = await signedIn(api, users.partnerBm);
    const partnerApiUserId = await makeApiUser(partnerAdmin, `integration@${domainOf(partner)}`);
    const partnerToken = await newToken(partnerAdmin, 'Partner sync', partnerApiUserId);
    const ourToken = await newToken(ourAdmin, 'Our sync');

    const ourList = (await list(ourAdmin).expect(200)).body;
    expect(ourList.tokens.map((row: { id: number }) => row.id)).not.toContain(partnerToken.token.id);
    expect(ourList.api_users.map((user: { id: number }) => user.id)).not.toContain(partnerApiUserId);
    const partnerList = (await list(partnerAdmin).expect(200)).body;
    expect(partnerList.tokens.map((row: { id: number }) => row.id)).toEqual([partnerToken.token.id]);

    await revoke(ourAdmin, partnerToken.token.id).expect(404);
    await revoke(partnerAdmin, ourToken.token.id).expect(404);
    await create(ourAdmin, { name: 'Steal', user_id: partnerApiUserId }).expect(422);
    await companyCases(partnerToken.raw_token).expect(200);

    // A token reaches only its own company's cases: a case between ours and the partner is 404 to a token of the
    // limited company (whose admin asks for user changes through Contact, so its api user is made by the factory).
    const limitedAdmin = await signedIn(api, users.limitedBm);
    const limitedUser = users.limitedApi.id;
    const limitedToken = await newToken(limitedAdmin, 'Limited sync', limitedUser);
    const shared = (await companyCases(ourToken.raw_token).expect(200)).body.data[0] as { token: string };
    const details = (raw: string) => api.http().get(`/api/caller/case-details/${shared.token}`).set(bearer(raw));
    await details(ourToken.raw_token).expect(200);
    await details(partnerToken.raw_token).expect(200);
    await details(limitedToken.raw_token).expect(404);
  });

  it('stops a token while its user is disabled or no longer of role api', async () => {
    const { raw_token } = await newToken(ourAdmin, 'Disable me');
    await companyCases(raw_token).expect(200);

    await api
      .http()
      .post(`/api/admin/company/users/${apiUserId}/status`)
      .set(bearer(ourAdmin))
      .send({ status: 'inactive' })
      .expect(200);
    expect((await companyCases(raw_token).expect(401)).body).toEqual({ error: API_TOKEN_MESSAGES.invalid });

    await api
      .http()
      .post(`/api/admin/company/users/${apiUserId}/status`)
      .set(bearer(ourAdmin))
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
    const { raw_token } = await newToken(ourAdmin, 'Scoped');
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
    const { token, raw_token } = await newToken(ourAdmin, 'Clock');
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
