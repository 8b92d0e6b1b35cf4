import { MANAGER_REQUEST_ANSWERED, MESSAGES } from '@casebridge/contracts';
import { ManagerRequest, ManagerResponse, User, type Company, type ContactDocument } from '@casebridge/db';
import { bearer, startApi, type ApiHarness } from '../../../../test/kit/api-harness';
import { aCompany, aManagerRequest, aProcess, aUser, emOf, signedIn } from '../../../../test/kit/factories';

describe('manager escalation response page', () => {
  let api: ApiHarness;
  let fresh: ManagerRequest;
  let answered: ManagerRequest;
  // The submitting company's business manager (Alice) escalates to the receiving company's manager escalation
  // process; Grace Liu is the receiving company's business manager.
  let submitter: Company;
  let receiver: Company;
  let alice: User;
  let grace: User;
  let escalation: ContactDocument;

  beforeAll(async () => {
    api = await startApi();
    submitter = await aCompany(api);
    receiver = await aCompany(api);
    alice = await aUser(api, { company: submitter, role: 'business_manager', overrides: { firstName: 'Alice' } });
    grace = await aUser(api, {
      company: receiver,
      role: 'business_manager',
      overrides: { firstName: 'Grace', lastName: 'Liu' },
    });
    escalation = await aProcess(api, { company: receiver, type: 'manager', managers: { main: grace } });
    fresh = await aManagerRequest(api, { from: alice, to: escalation });
    answered = await aManagerRequest(api, {
      from: alice,
      to: escalation,
      answer: { firstName: 'Grace', lastName: 'Liu', email: grace.email, notes: 'Hotfix engineer assigned.' },
      overrides: { businessImpact: 'Upgrade window for Northwind at risk.' },
    });
    answer.email = grace.email;
  });
  afterAll(() => api.close());

  const answer = {
    first_name: 'Grace',
    last_name: 'Liu-Stone',
    email: '',
    phone: '15550123',
    phone_country_code: 'ie',
    internal_reference: 'GX-48290',
    escalation_type: 'Response time',
    notes: 'Engineer assigned.',
  };

  it('shows a request with its companies, process and answers', async () => {
    const body = (await api.http().get(`/api/manager/request/get/${answered.token}`).expect(200)).body;
    expect(body.request).toMatchObject({
      submitting_company: { name: submitter.name },
      receiving_company: { name: receiver.name },
      internal_reference: answered.internalReference,
      business_impact: 'Upgrade window for Northwind at risk.',
      first_name: 'Alice',
    });
    expect(body.responses.map((response: { first_name: string }) => response.first_name)).toEqual(['Grace']);
    const listed = (await api.http().get(`/api/manager/request/response/get/${answered.token}`).expect(200)).body;
    expect(listed.responses).toHaveLength(1);
  });

  /** Another unanswered request like the fresh one, with a link of its own. */
  function newRequest(): Promise<ManagerRequest> {
    return aManagerRequest(api, { from: alice, to: escalation });
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
    expect((await emOf(api).findOneOrFail(User, grace.id)).lastName).toBe('Liu');
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
    expect(await emOf(api).count(ManagerResponse, { request: raced.id })).toBe(1);
  });

  it('a signed-in receiving user with update_profile gets their own name and phone updated; others never', async () => {
    const receiving = await signedIn(api, grace);
    await respond((await newRequest()).token, { ...answer, update_profile: true }, receiving).expect(200);
    const user = await emOf(api).findOneOrFail(User, grace.id);
    expect(user).toMatchObject({ lastName: 'Liu-Stone', phone: '15550123', phoneCountryCode: 'IE' });

    // A signed-in user of the submitting company changes no profile.
    const submitting = await signedIn(api, alice);
    await respond(
      (await newRequest()).token,
      { ...answer, first_name: 'Mallory', update_profile: true },
      submitting,
    ).expect(200);
    expect((await emOf(api).findOneOrFail(User, alice.id)).firstName).toBe('Alice');
  });

  it('validates the answer (422, nothing stored) and answers an unknown token with 404', async () => {
    const request = await newRequest();
    const invalid = await api
      .http()
      .post(`/api/manager/request/response/${request.token}`)
      .send({ first_name: '', email: 'not-an-email', phone_country_code: 'USA' })
      .expect(422);
    expect(Object.keys(invalid.body.errors).sort()).toEqual(['email', 'first_name', 'last_name', 'phone_country_code']);
    expect(await emOf(api).count(ManagerResponse, { request: request.id })).toBe(0);
    expect((await emOf(api).findOneOrFail(ManagerRequest, request.id)).answeredAt).toBeNull();
    await api.http().get('/api/manager/request/get/unknown').expect(404);
    await api.http().get('/api/manager/request/response/get/unknown').expect(404);
    await api.http().post('/api/manager/request/response/unknown').send(answer).expect(404);
  });
});
