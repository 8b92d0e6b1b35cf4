import { CONNECT_WEBHOOK_MESSAGES, IDEMPOTENCY, OAUTH_MESSAGES, webhookDisabledReason } from '@casebridge/contracts';
import { WebhookEndpoint } from '@casebridge/db';
import { bearer, startApi, type ApiHarness } from '../../../../test/kit/api-harness';
import { aCompany, aUser, signedIn } from '../../../../test/kit/factories';
import { orm } from '../../../../test/kit/member-fixtures';

/** /api/v1/webhooks: the Integrations page's webhook calls for connectors, under the webhooks:manage scope. */
describe('webhooks through the integration API (real PostgreSQL and Redis)', () => {
  let api: ApiHarness;
  let admin: string;
  let caller: string;
  let apiUserId: number;

  beforeAll(async () => {
    api = await startApi({ OUTBOUND_ALLOW_PRIVATE_TARGETS: 'true' });
    const company = await aCompany(api);
    apiUserId = (await aUser(api, { company, role: 'api' })).id;
    admin = await signedIn(api, await aUser(api, { company, role: 'program_manager' }));
    caller = await signedIn(api, await aUser(api, { company, role: 'caller' }));
  });
  afterAll(() => api.close());

  /** An OAuth client's access token with these scopes. */
  async function clientToken(scopes: string[]): Promise<string> {
    const created = await api
      .http()
      .post('/api/oauth-clients')
      .set(bearer(admin))
      .send({ name: 'hooks', user_id: apiUserId, scopes })
      .expect(200);
    const issued = await api
      .http()
      .post('/api/v1/oauth/token')
      .send({
        grant_type: 'client_credentials',
        client_id: created.body.client.client_id,
        client_secret: created.body.client_secret,
      })
      .expect(200);
    return issued.body.access_token;
  }

  it('a client with webhooks:manage adds, lists, rotates, reads the log of and removes an endpoint', async () => {
    const token = await clientToken(['webhooks:manage']);
    const add = () =>
      api
        .http()
        .post('/api/v1/webhooks')
        .set(bearer(token))
        .set(IDEMPOTENCY.header, 'hook-1')
        .send({ url: 'https://hooks.example.com/connect', events: ['accepted'] });
    const created = await add().expect(200);
    expect(created.body.secret).toMatch(/^whsec_/);
    // The same key again: the first answer (the same secret), and nothing added twice.
    const replayed = await add().expect(200);
    expect(replayed.headers['idempotent-replayed']).toBe('true');
    expect(replayed.body.secret).toBe(created.body.secret);
    const id = created.body.endpoint.id as number;

    const listed = (await api.http().get('/api/v1/webhooks').set(bearer(token)).expect(200)).body;
    expect(listed.endpoints.map((endpoint: { id: number }) => endpoint.id)).toEqual([id]);
    const log = await api.http().get(`/api/v1/webhooks/${id}/deliveries?limit=5`).set(bearer(token)).expect(200);
    expect(log.body).toEqual({ data: [] });
    const rotated = await api.http().post(`/api/v1/webhooks/${id}/rotate`).set(bearer(token)).expect(200);
    expect(rotated.body.secret).not.toBe(created.body.secret);
    const again = await api
      .http()
      .post(`/api/v1/webhooks/${id}/redeliver-failed`)
      .set(bearer(token))
      .send({ since: '2026-01-01T00:00:00Z' })
      .expect(200);
    expect(again.body).toEqual({ redelivered: 0 });
    await api.http().delete(`/api/v1/webhooks/${id}`).set(bearer(token)).expect(200);
    const gone = await api.http().get(`/api/v1/webhooks/${id}/deliveries`).set(bearer(token)).expect(404);
    expect(gone.headers['content-type']).toMatch(/^application\/problem\+json/);
  });

  it('shows a switched-off endpoint with its reason, and a client turns it on again (failing state cleared)', async () => {
    const token = await clientToken(['webhooks:manage']);
    const created = await api
      .http()
      .post('/api/v1/webhooks')
      .set(bearer(token))
      .send({ url: 'https://hooks.example.com/switched-off' })
      .expect(200);
    const id = created.body.endpoint.id as number;
    const failingSince = new Date(Date.now() - 80 * 3600_000);
    await orm(api).nativeUpdate(
      WebhookEndpoint,
      { id },
      { active: false, failingSince, disabledAt: new Date(), disabledReason: webhookDisabledReason(72) },
    );
    const listed = await api.http().get('/api/v1/webhooks').set(bearer(token)).expect(200);
    expect(listed.body.endpoints.find((row: { id: number }) => row.id === id)).toMatchObject({
      active: false,
      failing_since: failingSince.toISOString(),
      disabled_reason: 'Disabled after failing for 3 days',
    });

    const enable = () =>
      api.http().post(`/api/v1/webhooks/${id}/enable`).set(bearer(token)).set(IDEMPOTENCY.header, `enable-${id}`);
    const enabled = await enable().expect(200);
    expect(enabled.body.endpoint).toMatchObject({
      id,
      active: true,
      failing_since: null,
      disabled_at: null,
      disabled_reason: null,
    });
    expect((await enable().expect(200)).headers['idempotent-replayed']).toBe('true');
    const stored = await orm(api).findOneOrFail(WebhookEndpoint, id);
    expect([stored.active, stored.failingSince, stored.disabledAt]).toEqual([true, null, null]);
    const missing = await api.http().post('/api/v1/webhooks/987654/enable').set(bearer(token)).expect(404);
    expect(missing.headers['content-type']).toMatch(/^application\/problem\+json/);
  });

  it('refuses a client without the scope, and a member who is neither an admin nor an API user', async () => {
    const readOnly = await clientToken(['cases:read']);
    const refused = await api.http().get('/api/v1/webhooks').set(bearer(readOnly)).expect(403);
    expect(refused.body.detail).toBe(OAUTH_MESSAGES.missingScope('webhooks:manage'));
    const member = await api.http().get('/api/v1/webhooks').set(bearer(caller)).expect(403);
    expect(member.body.detail).toBe(CONNECT_WEBHOOK_MESSAGES.refused);
    await api.http().get('/api/v1/webhooks').set(bearer(admin)).expect(200);
  });
});
