import { allEndpoints, API, endpointPath, MESSAGES, type Endpoint } from '@casebridge/contracts';
import { User, type Company } from '@casebridge/db';
import type { Response } from 'supertest';
import { bearer, startApi, type ApiHarness } from '../../../../test/kit/api-harness';
import { aCompany, aGroup, aUser, domainOf, emOf, signedIn, uniqueName } from '../../../../test/kit/factories';
import { serverPath } from '../common/contract-route';

/**
 * Issue 15, point 7: what a limited membership's pages hide or block, the api refuses too, with the membership
 * alert and before the input is read. Each call carries input a premium admin is told is invalid (422), so a 403
 * for the limited member proves the refusal comes first.
 */
interface Ids {
  /** A caller of the premium company. */
  premiumCaller: number;
  /** A caller of the limited company: a limited member without an admin role. */
  limitedCaller: number;
  /** A partner group both companies belong to. */
  group: number;
}

interface RefusedCall {
  endpoint: Endpoint;
  params?: (ids: Ids) => Record<string, string | number>;
  body?: object;
  /** Form fields of a multipart call. */
  fields?: Record<string, string>;
  /** What a premium company's business manager gets for the same call: 422, or 200 for a read that takes no input. */
  premium: 200 | 422;
}

const NOT_A_NUMBER = 'not-a-number';

/**
 * The inventory, by feature: the calls of the pages blocked for limited membership (registration settings, SSO,
 * partner-group user access) and the writes the open pages hide (user changes, partner search, company note).
 */
const REFUSED_FEATURES: Record<string, RefusedCall[]> = {
  'registration settings': [{ endpoint: API.adminCompany.registration, body: { requires_approval: 7 }, premium: 422 }],
  'single sign-on setup': [
    { endpoint: API.adminSso.settings, premium: 200 },
    { endpoint: API.adminSso.save, fields: { sso_identity_source: 'carrier-pigeon' }, premium: 422 },
  ],
  'partner-group user access': [
    { endpoint: API.adminGroups.users, params: () => ({ groupId: NOT_A_NUMBER }), premium: 422 },
    {
      endpoint: API.adminGroups.searchUsers,
      params: (ids) => ({ groupId: ids.group }),
      body: { search_term: 'a' },
      premium: 422,
    },
    {
      endpoint: API.adminGroups.addUser,
      params: (ids) => ({ groupId: ids.group, userId: NOT_A_NUMBER }),
      premium: 422,
    },
    {
      endpoint: API.adminGroups.removeUser,
      params: (ids) => ({ groupId: ids.group, userId: NOT_A_NUMBER }),
      premium: 422,
    },
  ],
  'user changes (the Users page offers Contact)': [
    { endpoint: API.adminCompany.saveUser, params: () => ({ id: 0 }), body: { email: 'not-an-address' }, premium: 422 },
    { endpoint: API.adminCompany.deleteUser, params: () => ({ id: NOT_A_NUMBER }), premium: 422 },
    {
      endpoint: API.adminCompany.userStatus,
      params: (ids) => ({ id: ids.premiumCaller }),
      body: { status: 'asleep' },
      premium: 422,
    },
  ],
  'partner search': [
    { endpoint: API.dashboard.saveSearch, body: { term: 'x', location: 'dashboard' }, premium: 422 },
    { endpoint: API.dashboard.resultToSearch, body: { member: '', search_id: -1 }, premium: 422 },
  ],
  'company note': [
    { endpoint: API.dashboard.companyNote, premium: 200 },
    { endpoint: API.dashboard.saveCompanyNote, body: { note: 42 }, premium: 422 },
  ],
};

const keyOf = (endpoint: Endpoint) => `${endpoint.method} ${endpoint.path}`;

describe('limited membership is refused by the api, before validation', () => {
  let api: ApiHarness;
  let ids: Ids;
  let limited: Company;
  const tokens: Record<'limitedAdmin' | 'limitedCaller' | 'premiumAdmin', string> = {
    limitedAdmin: '',
    limitedCaller: '',
    premiumAdmin: '',
  };

  beforeAll(async () => {
    api = await startApi();
    limited = await aCompany(api, { membershipType: 'limited' });
    const premium = await aCompany(api);
    const limitedAdmin = await aUser(api, { company: limited, role: 'business_manager' });
    const limitedCaller = await aUser(api, { company: limited, role: 'caller' });
    const premiumAdmin = await aUser(api, { company: premium, role: 'business_manager' });
    const premiumCaller = await aUser(api, { company: premium, role: 'caller' });
    const group = await aGroup(api, { members: [{ company: premium }, { company: limited }] });
    ids = { premiumCaller: premiumCaller.id, limitedCaller: limitedCaller.id, group: group.id };
    tokens.limitedAdmin = await signedIn(api, limitedAdmin);
    tokens.limitedCaller = await signedIn(api, limitedCaller);
    tokens.premiumAdmin = await signedIn(api, premiumAdmin);
  }, 60_000);
  afterAll(() => api?.close());

  function send(call: RefusedCall, token: string): Promise<Response> {
    const path = endpointPath(serverPath(call.endpoint), call.params?.(ids) ?? {});
    const request = call.endpoint.method === 'GET' ? api.http().get(path) : api.http().post(path);
    if (call.fields) {
      let form = request.set(bearer(token));
      for (const [name, value] of Object.entries(call.fields)) form = form.field(name, value);
      return form;
    }
    return call.endpoint.method === 'GET'
      ? request.set(bearer(token))
      : request.set(bearer(token)).send(call.body ?? {});
  }

  it('covers every call the contracts refuse to a limited membership', () => {
    const inventory = Object.values(REFUSED_FEATURES).flatMap((calls) => calls.map((call) => keyOf(call.endpoint)));
    const flagged = allEndpoints()
      .filter((endpoint) => endpoint.refusesLimitedMembership)
      .map(keyOf);
    expect(flagged.sort()).toEqual(inventory.sort());
  });

  // Per call: the limited admin gets the membership alert; a limited caller is refused too, on the admin calls for
  // its role (checked first, as on the web); a premium admin gets past the check to the validation (or the answer).
  it.each(Object.entries(REFUSED_FEATURES))('%s', async (_feature, calls) => {
    const mismatches: string[] = [];
    const expectAnswer = (who: string, call: RefusedCall, response: Response, status: number, error?: string) => {
      const matches = response.status === status && (!error || (response.body as { error?: string }).error === error);
      if (!matches) {
        const got = `${response.status} ${JSON.stringify(response.body).slice(0, 120)}`;
        mismatches.push(`${who} ${keyOf(call.endpoint)}: expected ${status} ${error ?? ''}, got ${got}`);
      }
    };
    for (const call of calls) {
      expectAnswer('limited admin', call, await send(call, tokens.limitedAdmin), 403, MESSAGES.membershipBlocked);
      const callerRefusal = call.endpoint.access === 'user' ? MESSAGES.membershipBlocked : MESSAGES.noAccess;
      expectAnswer('limited caller', call, await send(call, tokens.limitedCaller), 403, callerRefusal);
      expectAnswer('premium admin', call, await send(call, tokens.premiumAdmin), call.premium);
    }
    expect(mismatches).toEqual([]);
  });

  it('a limited admin cannot create, disable or delete users, even with a valid request', async () => {
    const newUser = {
      first_name: 'Nina',
      last_name: 'Limited',
      email: `${uniqueName('nina')}@${domainOf(limited)}`,
      role: 'caller',
      type: 'basic',
      password: 'Passw0rd!',
      password_confirmation: 'Passw0rd!',
    };
    const auth = bearer(tokens.limitedAdmin);
    await api.http().post('/api/admin/company/users/0').set(auth).send(newUser).expect(403);
    await api
      .http()
      .post(`/api/admin/company/users/${ids.limitedCaller}/status`)
      .set(auth)
      .send({ status: 'inactive' })
      .expect(403);
    await api.http().get(`/api/admin/company/users/${ids.limitedCaller}/delete`).set(auth).expect(403);

    const em = emOf(api);
    expect(await em.count(User, { email: newUser.email })).toBe(0);
    expect((await em.findOneOrFail(User, ids.limitedCaller)).status).toBe('active');
    // Reading its users stays open: the Users page lists them and offers Contact.
    await api.http().get(`/api/admin/company/users/${ids.limitedCaller}`).set(auth).expect(200);
  });

  it('an API token acts with its company’s membership: a limited company’s token is refused', async () => {
    const apiUser = await aUser(api, { company: limited, role: 'api' });
    const created = await api
      .http()
      .post('/api/api-tokens')
      .set(bearer(tokens.limitedAdmin))
      .send({ name: 'limited', user_id: apiUser.id })
      .expect(200);
    const refused = await api
      .http()
      .post('/api/caller/save_search')
      .set(bearer((created.body as { raw_token: string }).raw_token))
      .send({})
      .expect(403);
    expect(refused.body).toEqual({ error: MESSAGES.membershipBlocked });
  });
});
