import { MANAGER_REQUEST_ANSWERED, MESSAGES } from '@casebridge/contracts';
import { randomBytes } from 'node:crypto';
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

  /** Another unanswered request like the seeded fresh one, with a link of its own. */
  async function newRequest(): Promise<ManagerRequest> {
    const em = orm(api);
    const seeded = await em.findOneOrFail(ManagerRequest, fresh.id);
    const copy = em.create(ManagerRequest, {
      token: randomBytes(24).toString('base64url'),
      submitterCompany: seeded.submitterCompany,
      receiverCompany: seeded.receiverCompany,
      document: seeded.document,
      firstName: seeded.firstName,
      lastName: seeded.lastName,
      email: seeded.email,
      internalReference: seeded.internalReference,
    });
    await em.flush();
    return copy;
  }
  const respond = (token: string, body: object, signedIn?: string) => {
    const post = api.http().post(`/api/manager/request/response/${token}`);
    return (signedIn ? post.set(bearer(signedIn)) : post).send(body);
  };

  it('stores one answer per link; a second answer, also sent at the same moment, is 409 and stores nothing', async () => {
    const anonymous = await respond(fresh.token, { ...answer, update_profile: true }).expect(200);
    expect(anonymous.body.message).toBe(MESSAGES.responseSent);
    expect(anonymous.body.response).toMatchObject({
      first_name: 'Grace',
      phone_country_code: 'IE',
      notes: 'Engineer assigned.',
    });
    // The token link alone never changes an account.
    expect((await orm(api).findOneOrFail(User, { email: 'bm@globex.test' })).lastName).toBe('Liu');
    const again = await respond(fresh.token, answer).expect(409);
    expect(again.body).toEqual({ error: MANAGER_REQUEST_ANSWERED });
    const shown = await api.http().get(`/api/manager/request/get/${fresh.token}`).expect(200);
    expect(shown.body.request.answered).toBe(true);
    expect(shown.body.responses).toHaveLength(1);

    const raced = await newRequest();
    const statuses = (await Promise.all(Array.from({ length: 5 }, () => respond(raced.token, answer)))).map(
      (response) => response.status,
    );
    expect(statuses.sort()).toEqual([200, 409, 409, 409, 409]);
    expect(await orm(api).count(ManagerResponse, { request: raced.id })).toBe(1);
  });

  it('a signed-in receiving user with update_profile gets their own name and phone updated; others never', async () => {
    const globex = await api.login('bm@globex.test');
    await respond((await newRequest()).token, { ...answer, update_profile: true }, globex).expect(200);
    const user = await orm(api).findOneOrFail(User, { email: 'bm@globex.test' });
    expect(user).toMatchObject({ lastName: 'Liu-Stone', phone: '15550123', phoneCountryCode: 'IE' });

    // A signed-in user of the submitting company changes no profile.
    const acme = await api.login('bm@acme.test');
    await respond((await newRequest()).token, { ...answer, first_name: 'Mallory', update_profile: true }, acme).expect(
      200,
    );
    expect((await orm(api).findOneOrFail(User, { email: 'bm@acme.test' })).firstName).toBe('Alice');
  });

  it('validates the answer (422, nothing stored) and answers an unknown token with 404', async () => {
    const before = await orm(api).count(ManagerResponse, {});
    const invalid = await api
      .http()
      .post(`/api/manager/request/response/${(await newRequest()).token}`)
      .send({ first_name: '', email: 'not-an-email', phone_country_code: 'USA' })
      .expect(422);
    expect(Object.keys(invalid.body.errors).sort()).toEqual(['email', 'first_name', 'last_name', 'phone_country_code']);
    expect(await orm(api).count(ManagerResponse, {})).toBe(before);
    await api.http().get('/api/manager/request/get/unknown').expect(404);
    await api.http().get('/api/manager/request/response/get/unknown').expect(404);
    await api.http().post('/api/manager/request/response/unknown').send(answer).expect(404);
  });
});
