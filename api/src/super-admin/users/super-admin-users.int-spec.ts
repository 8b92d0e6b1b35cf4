import {
  MESSAGES,
  PASSWORD_UPDATED,
  SERVER_EVENTS,
  SSO_PASSWORD_REFUSED,
  USER_DELETED,
  USER_SAVED,
  type SuperAdminUser,
} from '@casebridge/contracts';
import { Community, Company, CompanyGroupRelation, User } from '@casebridge/db';
import { bearer, startApi, type ApiHarness } from '../../../test/api-harness';
import { orm } from '../../../test/member-fixtures';
import { connectLive } from '../../../test/live-clients';

const form = {
  first_name: 'Sam',
  last_name: 'Backoffice',
  email: 'sam.backoffice@acme.test',
  phone: '555 0123',
  phone_country_code: 'US',
  city: 'Boston',
  role: 'caller',
  type: 'basic',
  password: 'Str0ng!Pass',
  password_confirmation: 'Str0ng!Pass',
  group_access: [] as number[],
};

describe('back office: the user form', () => {
  let api: ApiHarness;
  let admin: string;
  let ids: Record<string, number>;
  let companies: Record<string, number>;

  const get = (path: string, token = admin) => api.http().get(`/api/super_admin${path}`).set(bearer(token));
  const post = (path: string, body: object, token = admin) =>
    api.http().post(`/api/super_admin${path}`).set(bearer(token)).send(body);

  beforeAll(async () => {
    api = await startApi();
    admin = await api.login('admin@casebridge.test');
    const users = await orm(api).find(User, { email: { $like: '%.test' } });
    ids = Object.fromEntries(users.map((user) => [user.email, user.id]));
    const all = await orm(api).find(Company, {});
    companies = Object.fromEntries(all.map((company) => [company.slug, company.id]));
  }, 60_000);
  afterAll(() => api.close());

  it('form data: the company, countries and the assignable roles; an unknown company is 404', async () => {
    const body = (await get(`/users/form_data/${companies.umbrella}`).expect(200)).body;
    expect(body.company).toEqual({ id: companies.umbrella, name: 'Umbrella Cloud', login_method: 'sso' });
    expect(body.countries.length).toBeGreaterThan(10);
    expect(body.roles).toEqual([
      { value: 'caller', label: 'Standard User' },
      { value: 'program_manager', label: 'Program Manager' },
      { value: 'business_manager', label: 'Business Manager' },
      { value: 'api', label: 'API User' },
    ]);
    await get('/users/form_data/999999').expect(404);
    await get('/users/form_data/0').expect(404);
  });

  it('one user with its access, read-only fields and company groups; unknown users and super admins are 404', async () => {
    const body = (await get(`/users/${ids['caller@acme.test']}`).expect(200)).body;
    expect(body.user).toMatchObject({
      email: 'caller@acme.test',
      company: { id: companies.acme, name: 'Acme Systems', login_method: 'requires_registration' },
    });
    expect(body.user).toHaveProperty('agreement_date');
    expect(body.user).toHaveProperty('focus_group');
    expect(body.access).toEqual(body.user.group_access);
    expect(body.communities.length).toBeGreaterThan(0);
    await get('/users/999999').expect(404);
    await get(`/users/${ids['admin@casebridge.test']}`).expect(404);
  });

  describe('create, edit, status, password and delete', () => {
    let created: SuperAdminUser;

    it('creates a user of the named company with the default registration groups, who can sign in', async () => {
      const answer = await post('/users/0', { ...form, company_id: companies.acme }).expect(200);
      expect(answer.body.message).toBe(USER_SAVED);
      created = answer.body.user as SuperAdminUser;
      expect(created).toMatchObject({
        email: form.email,
        status: 'active',
        registration_type: 'admin',
        company: { id: companies.acme },
      });
      const acme = await orm(api).findOneOrFail(Company, companies.acme, { populate: ['registrationCommunities'] });
      const defaults = acme.registrationCommunities.getItems().map((group: Community) => group.id);
      expect(defaults.length).toBeGreaterThan(0);
      expect(created.group_access).toEqual(expect.arrayContaining(defaults));
      await api.login(form.email, form.password);
    });

    it('422 per field, nothing written', async () => {
      const cases: [object, string][] = [
        [{ email: 'caller@acme.test' }, 'email'],
        [{ email: 'x1@globex.test', first_name: '' }, 'first_name'],
        [{ email: 'x2@globex.test', last_name: '' }, 'last_name'],
        [{ email: 'not-an-email' }, 'email'],
        [{ email: 'x3@globex.test', role: 'super_admin' }, 'role'],
        [{ email: 'x4@globex.test', type: 'owner' }, 'type'],
        [{ email: 'x5@globex.test', phone: '1'.repeat(30) }, 'phone'],
        [{ email: 'x6@globex.test', country_id: 999999 }, 'country_id'],
        [{ email: 'x7@globex.test', password: '' }, 'password'],
        [{ email: 'x8@globex.test', password: 'weak', password_confirmation: 'weak' }, 'password'],
        [{ email: 'x9@globex.test', password_confirmation: 'Other0!x' }, 'password_confirmation'],
        [{ email: 'x10@globex.test', group_access: [999999] }, 'group_access'],
        [{ email: 'x11@globex.test', company_id: 999999 }, 'company_id'],
        [{ email: 'x12@globex.test', company_id: undefined }, 'company_id'],
      ];
      for (const [change, field] of cases) {
        const answer = await post('/users/0', { ...form, company_id: companies.globex, ...change }).expect(422);
        expect(Object.keys(answer.body.errors)).toEqual([field]);
      }
      expect(await orm(api).count(User, { email: { $like: 'x%@globex.test' } })).toBe(0);
    });

    it('an SSO company needs no password unless the role is api', async () => {
      const sso = { ...form, company_id: companies.umbrella, password: '', password_confirmation: '' };
      const caller = await post('/users/0', { ...sso, email: 'new.caller@umbrella.test' }).expect(200);
      expect((await orm(api).findOneOrFail(User, caller.body.user.id)).passwordHash).toBeNull();
      const apiUser = await post('/users/0', { ...sso, email: 'new.api@umbrella.test', role: 'api' }).expect(422);
      expect(Object.keys(apiUser.body.errors)).toEqual(['password']);
    });

    it('edits fields and community access; it cannot move the user to another company', async () => {
      const relation = await orm(api).findOneOrFail(
        CompanyGroupRelation,
        { company: companies.acme, userAccessFlag: 'limit', isActive: true },
        { populate: ['community'] },
      );
      const answer = await post(`/users/${created.id}`, {
        ...form,
        company_id: companies.acme,
        city: 'Austin',
        type: 'admin',
        role: 'business_manager',
        group_access: [relation.community.id],
      }).expect(200);
      expect(answer.body.user).toMatchObject({ city: 'Austin', type: 'admin', role: 'business_manager' });
      expect(answer.body.user.group_access).toContain(relation.community.id);
      const moved = await post(`/users/${created.id}`, { ...form, company_id: companies.globex }).expect(422);
      expect(moved.body.errors).toEqual({ company_id: ['The selected company is invalid.'] });
      await post('/users/999999', { ...form, company_id: companies.globex }).expect(404);
    });

    it('disabling ends the sessions and sockets; enabling lets the user in again', async () => {
      const token = await api.login(form.email, form.password);
      const socket = await connectLive(api, { token });
      const ended = new Promise<unknown>((resolve) => socket.once(SERVER_EVENTS.sessionEnded, resolve));
      const closed = new Promise<void>((resolve) => socket.once('disconnect', () => resolve()));
      const answer = await post(`/users/${created.id}/status`, { status: 'inactive' }).expect(200);
      expect(answer.body).toMatchObject({ success: true, message: 'User disabled.', user: { status: 'inactive' } });
      await expect(ended).resolves.toEqual({ reason: 'disabled' });
      await closed;
      socket.close();
      await api.http().get('/api/auth/me').set(bearer(token)).expect(401);
      await api.http().post('/api/auth/login').send({ email: form.email, password: form.password }).expect(403);

      await post(`/users/${created.id}/status`, { status: 'active' }).expect(200);
      await api.login(form.email, form.password);
      const wrong = await post(`/users/${created.id}/status`, { status: 'gone' }).expect(422);
      expect(Object.keys(wrong.body.errors)).toEqual(['status']);
      await post('/users/999999/status', { status: 'active' }).expect(404);
    });

    it('sets a password: the old sessions end and the new password signs in', async () => {
      const token = await api.login(form.email, form.password);
      const answer = await post(`/users/${created.id}/password`, {
        password: 'N3w!Secret',
        password_confirmation: 'N3w!Secret',
      }).expect(200);
      expect(answer.body).toEqual({ success: true, message: PASSWORD_UPDATED });
      await api.http().get('/api/auth/me').set(bearer(token)).expect(401);
      await api.login(form.email, 'N3w!Secret');
      const weak = await post(`/users/${created.id}/password`, { password: 'weak', password_confirmation: 'weak' });
      expect(weak.status).toBe(422);
      expect(weak.body.errors.password).toEqual([MESSAGES.passwordRule]);
      const mismatch = await post(`/users/${created.id}/password`, {
        password: 'N3w!Secret',
        password_confirmation: 'Other0!x',
      }).expect(422);
      expect(Object.keys(mismatch.body.errors)).toEqual(['password_confirmation']);
      await post('/users/999999/password', { password: 'N3w!Secret', password_confirmation: 'N3w!Secret' }).expect(404);
    });

    it('refuses a password for an SSO user who is not api', async () => {
      const before = (await orm(api).findOneOrFail(User, ids['caller@umbrella.test'])).passwordHash;
      const answer = await post(`/users/${ids['caller@umbrella.test']}/password`, {
        password: 'N3w!Secret',
        password_confirmation: 'N3w!Secret',
      }).expect(409);
      expect(answer.body).toEqual({ error: SSO_PASSWORD_REFUSED });
      expect((await orm(api).findOneOrFail(User, ids['caller@umbrella.test'])).passwordHash).toBe(before);
    });

    it('deletes the user and its sessions; an unknown id is 404', async () => {
      const token = await api.login(form.email, 'N3w!Secret');
      const answer = await get(`/users/${created.id}/delete`).expect(200);
      expect(answer.body).toEqual({ success: true, message: USER_DELETED });
      expect(await orm(api).count(User, { id: created.id })).toBe(0);
      await api.http().get('/api/auth/me').set(bearer(token)).expect(401);
      await get(`/users/${created.id}/delete`).expect(404);
    });
  });

  it('business managers and callers get 403 on every call, and nothing changes', async () => {
    const target = ids['caller@globex.test'];
    for (const email of ['bm@acme.test', 'caller@acme.test']) {
      const token = await api.login(email);
      await get(`/users/form_data/${companies.acme}`, token).expect(403);
      await get(`/users/${target}`, token).expect(403);
      await post(`/users/${target}`, { ...form, company_id: companies.globex }, token).expect(403);
      await post('/users/0', { ...form, company_id: companies.acme }, token).expect(403);
      await post(`/users/${target}/status`, { status: 'inactive' }, token).expect(403);
      await post(
        `/users/${target}/password`,
        { password: 'N3w!Secret', password_confirmation: 'N3w!Secret' },
        token,
      ).expect(403);
      await get(`/users/${target}/delete`, token).expect(403);
      await get('/users/list/1', token).expect(403);
      await get('/users/export', token).expect(403);
    }
    const stored = await orm(api).findOneOrFail(User, target);
    expect(stored.status).toBe('active');
    await api.login('caller@globex.test');
  });
});
