import { MESSAGES } from '@casebridge/contracts';
import { ManagerRequest, ManagerResponse, User } from '@casebridge/db';
import { bearer, startApi, type ApiHarness } from '../../test/api-harness';
import { orm } from '../../test/member-fixtures';

describe('manager escalation response page', () => {
  let api: ApiHarness;
  let fresh: ManagerRequest;
  let answered: ManagerRequest;

  beforeAll(async () => {
    api = await startApi();
    fresh = await orm(api).findOneOrFail(ManagerRequest, { internalReference: 'ACME-10429' });
    answered = await orm(api).findOneOrFail(ManagerRequest, { internalReference: 'ACME-10342' });
  });
  afterAll(() => api.close());

  const answer = {
    first_name: 'Grace',
    last_name: 'Liu-Stone',
    email: 'bm@globex.test',
    phone: '15550123',
    phone_country_code: 'ie',
    internal_reference: 'GX-48290',
    escalation_type: 'Response time',
    notes: 'Engineer assigned.',
  };

  it('shows a request with its companies, process and answers', async () => {
    const body = (await api.http().get(`/api/manager/request/get/${answered.token}`).expect(200)).body;
    expect(body.request).toMatchObject({
      submitting_company: { name: 'Acme Systems' },
      receiving_company: { name: 'Globex Storage' },
      internal_reference: 'ACME-10342',
      business_impact: 'Upgrade window for Northwind at risk.',
      first_name: 'Alice',
    });
    expect(body.responses.map((response: { first_name: string }) => response.first_name)).toEqual(['Grace']);
    const listed = (await api.http().get(`/api/manager/request/response/get/${answered.token}`).expect(200)).body;
    expect(listed.responses).toHaveLength(1);
  });

  it('stores an answer; a signed-in receiving user with update_profile gets their own name and phone updated', async () => {
    const anonymous = await api
      .http()
      .post(`/api/manager/request/response/${fresh.token}`)
      .send({ ...answer, update_profile: true })
      .expect(200);
    expect(anonymous.body.message).toBe(MESSAGES.responseSent);
    expect(anonymous.body.response).toMatchObject({
      first_name: 'Grace',
      phone_country_code: 'IE',
      notes: 'Engineer assigned.',
    });
    // The token link alone never changes an account.
    expect((await orm(api).findOneOrFail(User, { email: 'bm@globex.test' })).lastName).toBe('Liu');

    const globex = await api.login('bm@globex.test');
    await api
      .http()
      .post(`/api/manager/request/response/${fresh.token}`)
      .set(bearer(globex))
      .send({ ...answer, update_profile: true })
      .expect(200);
    const user = await orm(api).findOneOrFail(User, { email: 'bm@globex.test' });
    expect(user).toMatchObject({ lastName: 'Liu-Stone', phone: '15550123', phoneCountryCode: 'IE' });

    // A signed-in user of the submitting company changes no profile.
    const acme = await api.login('bm@acme.test');
    await api
      .http()
      .post(`/api/manager/request/response/${fresh.token}`)
      .set(bearer(acme))
      .send({ ...answer, first_name: 'Mallory', update_profile: true })
      .expect(200);
    expect((await orm(api).findOneOrFail(User, { email: 'bm@acme.test' })).firstName).toBe('Alice');
    expect(await orm(api).count(ManagerResponse, { request: fresh.id })).toBe(3);
  });

  it('validates the answer (422, nothing stored) and answers an unknown token with 404', async () => {
    const before = await orm(api).count(ManagerResponse, {});
    const invalid = await api
      .http()
      .post(`/api/manager/request/response/${fresh.token}`)
      .send({ first_name: '', email: 'not-an-email', phone_country_code: 'USA' })
      .expect(422);
    expect(Object.keys(invalid.body.errors).sort()).toEqual(['email', 'first_name', 'last_name', 'phone_country_code']);
    expect(await orm(api).count(ManagerResponse, {})).toBe(before);
    await api.http().get('/api/manager/request/get/unknown').expect(404);
    await api.http().get('/api/manager/request/response/get/unknown').expect(404);
    await api.http().post('/api/manager/request/response/unknown').send(answer).expect(404);
  });
});
