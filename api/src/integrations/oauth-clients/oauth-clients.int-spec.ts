import { OAUTH_MESSAGES, type OAuthClientSecretResponse } from '@casebridge/contracts';
import { OAuthClient, User, type Company } from '@casebridge/db';
import { bearer, startApi, type ApiHarness } from '../../../../test/kit/api-harness';
import { aCompany, aUser, emOf, signedIn } from '../../../../test/kit/factories';

/**
 * Machine clients of the integration API: made by company admins with scopes, exchanged for access tokens with the
 * client-credentials grant, rotated with a grace period, revoked at once.
 */
describe('OAuth clients of the integration API (real PostgreSQL and Redis)', () => {
  let api: ApiHarness;
  let company: Company;
  let apiUser: User;
  let admin: string;
  let otherAdmin: string;
  let caller: string;

  beforeAll(async () => {
    api = await startApi();
    company = await aCompany(api);
    apiUser = await aUser(api, { company, role: 'api' });
    admin = await signedIn(api, await aUser(api, { company, role: 'business_manager' }));
    caller = await signedIn(api, await aUser(api, { company, role: 'caller' }));
    otherAdmin = await signedIn(api, await aUser(api, { company: await aCompany(api), role: 'program_manager' }));
  });
  afterAll(() => api.close());

  const createClient = async (scopes: string[], name = 'CRM connector'): Promise<OAuthClientSecretResponse> =>
    (
      await api
        .http()
        .post('/api/oauth-clients')
        .set(bearer(admin))
        .send({ name, user_id: apiUser.id, scopes })
        .expect(200)
    ).body;
  const tokenFor = (clientId: string, clientSecret: string, extra: Record<string, string> = {}) =>
    api
      .http()
      .post('/api/v1/oauth/token')
      .send({ grant_type: 'client_credentials', client_id: clientId, client_secret: clientSecret, ...extra });
  const accessToken = async (clientId: string, clientSecret: string) =>
    (await tokenFor(clientId, clientSecret).expect(200)).body.access_token as string;

  it('a company admin creates a client; its secret is shown once; it acts as the api user within its scopes', async () => {
    const created = await createClient(['cases:read']);
    expect(created.client_secret).toMatch(/^cbs_/);
    expect(created.client).toMatchObject({ name: 'CRM connector', scopes: ['cases:read'], last_used_at: null });
    expect(created.client.client_id).toMatch(/^cbc_/);
    const listed = (await api.http().get('/api/oauth-clients').set(bearer(admin)).expect(200)).body;
    expect(listed.clients.map((client: { id: number }) => client.id)).toContain(created.client.id);
    expect(JSON.stringify(listed)).not.toContain(created.client_secret);
    expect(listed.api_users.map((user: { id: number }) => user.id)).toEqual([apiUser.id]);

    const issued = (await tokenFor(created.client.client_id, created.client_secret).expect(200)).body;
    expect(issued).toMatchObject({ token_type: 'Bearer', expires_in: 3600, scope: 'cases:read' });
    const me = (await api.http().get('/api/v1/me').set(bearer(issued.access_token)).expect(200)).body;
    expect(me.user.id).toBe(apiUser.id);
    expect(me.client).toEqual({ kind: 'oauth_client', id: created.client.id, scopes: ['cases:read'] });
    await api.http().get('/api/v1/events').set(bearer(issued.access_token)).expect(200);
    const after = (await api.http().get('/api/oauth-clients').set(bearer(admin)).expect(200)).body;
    const used = after.clients.find((client: { id: number }) => client.id === created.client.id);
    expect(used.last_used_at).not.toBeNull();

    // The portal's own routes are not for machine clients; a scope it lacks is refused by name.
    const portal = await api.http().get('/api/caller/my-cases').set(bearer(issued.access_token)).expect(403);
    expect(portal.body.error).toBe(OAUTH_MESSAGES.onlyConnect);
    const hooksOnly = await createClient(['webhooks:manage'], 'hooks only');
    const hooksToken = await accessToken(hooksOnly.client.client_id, hooksOnly.client_secret);
    const refused = await api.http().get('/api/v1/events').set(bearer(hooksToken)).expect(403);
    expect(refused.body.detail).toBe(OAUTH_MESSAGES.missingScope('cases:read'));
  });

  it('the token endpoint takes HTTP Basic and forms, and answers OAuth errors as problem details', async () => {
    const { client, client_secret } = await createClient(['cases:read', 'cases:write']);
    const basic = Buffer.from(`${client.client_id}:${client_secret}`).toString('base64');
    const viaBasic = await api
      .http()
      .post('/api/v1/oauth/token')
      .set('Authorization', `Basic ${basic}`)
      .type('form')
      .send({ grant_type: 'client_credentials', scope: 'cases:read' })
      .expect(200);
    expect(viaBasic.body.scope).toBe('cases:read');

    const wrong = await tokenFor(client.client_id, `${client_secret}x`).expect(401);
    expect(wrong.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect(wrong.body).toMatchObject({
      status: 401,
      error: 'invalid_client',
      error_description: OAUTH_MESSAGES.invalidClient,
    });
    const grant = await tokenFor(client.client_id, client_secret, { grant_type: 'password' }).expect(400);
    expect(grant.body.error).toBe('unsupported_grant_type');
    const scope = await tokenFor(client.client_id, client_secret, { scope: 'webhooks:manage' }).expect(400);
    expect(scope.body.error).toBe('invalid_scope');
    const missing = await api.http().post('/api/v1/oauth/token').send({ grant_type: 'client_credentials' }).expect(400);
    expect(missing.body.error).toBe('invalid_request');
  });

  it('rotation: the new secret works, the previous one until its grace ends', async () => {
    const { client, client_secret: first } = await createClient(['cases:read']);
    const rotated = (await api.http().post(`/api/oauth-clients/${client.id}/rotate`).set(bearer(admin)).expect(200))
      .body;
    expect(rotated.client_secret).not.toBe(first);
    expect(rotated.client.previous_secret_expires_at).not.toBeNull();
    await tokenFor(client.client_id, rotated.client_secret).expect(200);
    await tokenFor(client.client_id, first).expect(200);
    await emOf(api).nativeUpdate(
      OAuthClient,
      { id: client.id },
      { previousSecretExpiresAt: new Date(Date.now() - 1000) },
    );
    await tokenFor(client.client_id, first).expect(401);
    await tokenFor(client.client_id, rotated.client_secret).expect(200);
  });

  it('revocation and a disabled api user stop every token at once', async () => {
    const { client, client_secret } = await createClient(['cases:read']);
    const token = await accessToken(client.client_id, client_secret);
    await api.http().get('/api/v1/me').set(bearer(token)).expect(200);
    await api.http().post(`/api/oauth-clients/${client.id}/revoke`).set(bearer(admin)).expect(200);
    await api.http().get('/api/v1/me').set(bearer(token)).expect(401);
    await tokenFor(client.client_id, client_secret).expect(401);

    const second = await createClient(['cases:read']);
    const secondToken = await accessToken(second.client.client_id, second.client_secret);
    await emOf(api).nativeUpdate(User, { id: apiUser.id }, { status: 'inactive' });
    try {
      await api.http().get('/api/v1/me').set(bearer(secondToken)).expect(401);
    } finally {
      await emOf(api).nativeUpdate(User, { id: apiUser.id }, { status: 'active' });
    }
    await api.http().get('/api/v1/me').set(bearer(secondToken)).expect(200);
  });

  it("only the company's admins manage its clients, for its api users, with known scopes", async () => {
    const { client } = await createClient(['cases:read']);
    await api.http().post(`/api/oauth-clients/${client.id}/rotate`).set(bearer(otherAdmin)).expect(404);
    await api.http().post(`/api/oauth-clients/${client.id}/revoke`).set(bearer(otherAdmin)).expect(404);
    await api.http().get('/api/oauth-clients').set(bearer(caller)).expect(403);
    const foreignUser = await api
      .http()
      .post('/api/oauth-clients')
      .set(bearer(otherAdmin))
      .send({ name: 'x', user_id: apiUser.id, scopes: ['cases:read'] })
      .expect(422);
    expect(foreignUser.body.errors).toEqual({ user_id: [OAUTH_MESSAGES.userInvalid] });
    const bad = await api
      .http()
      .post('/api/oauth-clients')
      .set(bearer(admin))
      .send({ name: '', user_id: apiUser.id, scopes: ['cases:delete'] })
      .expect(422);
    expect(Object.keys(bad.body.errors).sort()).toEqual(['name', 'scopes.0']);
  });
});
