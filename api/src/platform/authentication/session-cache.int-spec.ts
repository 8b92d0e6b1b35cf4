import { MESSAGES } from '@casebridge/contracts';
import { Company, User } from '@casebridge/db';
import { bearer, startApi, type ApiHarness } from '../../../../test/kit/api-harness';
import { aCompany, aSuperAdmin, aUser, FACTORY_PASSWORD, signedIn } from '../../../../test/kit/factories';
import { orm } from '../../../../test/kit/member-fixtures';
import { Client } from 'pg';
import { SESSION_ACTOR_SQL } from './session-token.service';

/**
 * Two api instances of one deployment (one database, one Redis prefix), each with its own session cache. Every
 * check first lets instance B answer the token (so B holds it in its cache), then changes something through
 * instance A and expects B to know at once: the change's request answers only after every instance acknowledged.
 */
describe('session cache across two api instances', () => {
  let a: ApiHarness;
  let b: ApiHarness;

  // Two apps boot here: twice the work of one, so the hook has a bound of its own.
  beforeAll(async () => {
    a = await startApi();
    b = await startApi({}, { sameDeploymentAs: a });
  }, 120_000);
  afterAll(async () => {
    await b.close();
    await a.close();
  });

  /** A user of a fresh company (full membership unless told), signed in on instance A. */
  const aMember = async (role: User['role'] = 'caller', membershipType: Company['membershipType'] = 'premium') => {
    const user = await aUser(a, { company: await aCompany(a, { membershipType }), role });
    return { user, token: await signedIn(a, user) };
  };

  const me = (api: ApiHarness, token: string) => api.http().get('/api/auth/me').set(bearer(token));
  const middleware = async (api: ApiHarness, token: string) =>
    (await api.http().get('/api/auth/middleware').set(bearer(token)).expect(200)).body as {
      authorized: boolean;
      role: string | null;
      level: string | null;
    };

  it('answers a known token without reading its session again', async () => {
    const { user } = await aMember();
    const token = await signedIn(b, user);
    // Every statement reaches PostgreSQL through a pg client, as a text or a config with a text ($n placeholders).
    const queries = jest.spyOn(Client.prototype, 'query');
    const textOf = (query: unknown) =>
      String(typeof query === 'object' && query !== null && 'text' in query ? query.text : query);
    try {
      await me(b, token).expect(200);
      await me(b, token).expect(200);
      const sessionReads = queries.mock.calls.filter(
        ([query]) => textOf(query).replace(/\$\d+/g, '?') === SESSION_ACTOR_SQL,
      );
      expect(sessionReads).toHaveLength(1);
    } finally {
      queries.mockRestore();
    }
  });

  it('a logout on one instance is refused by the other at once', async () => {
    const { token } = await aMember();
    await me(b, token).expect(200);
    await a.http().post('/api/auth/logout').set(bearer(token)).expect(200);
    const refused = await me(b, token).expect(401);
    expect(refused.body).toEqual({ error: MESSAGES.sessionExpired });
  });

  it('a refreshed token retires the old one on the other instance', async () => {
    const { token: old } = await aMember('program_manager');
    await me(b, old).expect(200);
    const refreshed = await a.http().post('/api/auth/refresh').set(bearer(old)).expect(200);
    await me(b, old).expect(401);
    await me(b, refreshed.body.access_token as string).expect(200);
  });

  it('a user disabled by their admin on one instance is refused by the other at once', async () => {
    const company = await aCompany(a);
    const [adminUser, targetUser] = [
      await aUser(a, { company, role: 'business_manager' }),
      await aUser(a, { company, role: 'program_manager' }),
    ];
    const [admin, target] = await Promise.all([signedIn(a, adminUser), signedIn(a, targetUser)]);
    const { id } = targetUser;
    await me(b, target).expect(200);
    await a
      .http()
      .post(`/api/admin/company/users/${id}/status`)
      .set(bearer(admin))
      .send({ status: 'inactive' })
      .expect(200);
    await me(b, target).expect(401);
    await a
      .http()
      .post(`/api/admin/company/users/${id}/status`)
      .set(bearer(admin))
      .send({ status: 'active' })
      .expect(200);
  });

  it('a password change ends the other sessions on the other instance, keeping the one that changed it', async () => {
    const { user } = await aMember();
    const [changing, other] = await Promise.all([signedIn(a, user), signedIn(a, user)]);
    await Promise.all([me(b, changing).expect(200), me(b, other).expect(200)]);
    await a
      .http()
      .post('/api/users/password')
      .set(bearer(changing))
      .send({ current_password: FACTORY_PASSWORD, password: 'N3w$ecret!', password_confirmation: 'N3w$ecret!' })
      .expect(200);
    await me(b, other).expect(401);
    await me(b, changing).expect(200);
  });

  it('the end of an impersonation is refused by the other instance at once', async () => {
    const superAdmin = await signedIn(a, await aSuperAdmin(a));
    const {
      user: { id },
    } = await aMember();
    const impersonation = await a
      .http()
      .get(`/api/auth/super_admin/login_as_user/${id}`)
      .set(bearer(superAdmin))
      .expect(200);
    const token = impersonation.body.access_token as string;
    expect((await me(b, token).expect(200)).body.impersonated_by).not.toBeNull();
    await a.http().post('/api/auth/logout').set(bearer(token)).expect(200);
    await me(b, token).expect(401);
  });

  it('a role or membership change flushed on one instance reaches the other at once', async () => {
    const member = await aMember('business_manager', 'limited');
    const token = member.token;
    expect(await middleware(b, token)).toEqual({ authorized: true, role: 'business_manager', level: 'limited' });

    const em = orm(a);
    const user = await em.findOneOrFail(User, member.user.id, { populate: ['company'] });
    user.role = 'program_manager';
    await em.flush();
    expect((await middleware(b, token)).role).toBe('program_manager');

    const company = user.company as Company;
    company.membershipType = 'elite';
    await em.flush();
    expect((await middleware(b, token)).level).toBe('elite');

    company.status = 'inactive';
    await em.flush();
    await me(b, token).expect(401);
  });
});
