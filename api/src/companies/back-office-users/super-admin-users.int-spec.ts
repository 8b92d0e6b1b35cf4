import {
  MESSAGES,
  PASSWORD_UPDATED,
  SERVER_EVENTS,
  SSO_PASSWORD_REFUSED,
  USER_DELETED,
  USER_SAVED,
  type SuperAdminUser,
} from '@casebridge/contracts';
import { Community, Company, User } from '@casebridge/db';
import { bearer, startApi, type ApiHarness } from '../../../../test/kit/api-harness';
import { aCompany, aGroup, aSuperAdmin, aUser, domainOf, emOf, settle, signedIn } from '../../../../test/kit/factories';
import { orm } from '../../../../test/kit/member-fixtures';
import { connectLive } from '../../../test/live-clients';

const form = {
  first_name: 'Sam',
  last_name: 'Backoffice',
  email: '', // at our company's domain, set once it exists
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
  // Our company (password sign-in) with a caller, a business manager, a default registration group and a limited
  // group; a partner company with a caller; an SSO company with a caller; the super admin who runs the back office.
  let ours: Company;
  let partner: Company;
  let sso: Company;
  let users: Record<'caller' | 'bm' | 'partnerCaller' | 'ssoCaller' | 'superAdmin', User>;
  let registrationGroup: Community;
  let limitedGroup: Community;
  const atPartner = (local: string) => `${local}@${domainOf(partner)}`;

  const get = (path: string, token = admin) => api.http().get(`/api/super_admin${path}`).set(bearer(token));
  const post = (path: string, body: object, token = admin) =>
    api.http().post(`/api/super_admin${path}`).set(bearer(token)).send(body);

  beforeAll(async () => {
    api = await startApi();
    ours = await aCompany(api);
    partner = await aCompany(api);
    sso = await aCompany(api, { loginMethod: 'sso' });
    users = {
      caller: await aUser(api, { company: ours, role: 'caller' }),
      bm: await aUser(api, { company: ours, role: 'business_manager' }),
      partnerCaller: await aUser(api, { company: partner, role: 'caller' }),
      ssoCaller: await aUser(api, { company: sso, role: 'caller' }),
      superAdmin: await aSuperAdmin(api),
    };
    // Both limited to a user who is not the one created here, so only the defaults or the form can give them.
    registrationGroup = await aGroup(api, { members: [{ company: ours, users: [users.bm] }, { company: partner }] });
    limitedGroup = await aGroup(api, { members: [{ company: ours, users: [users.bm] }, { company: partner }] });
    const em = emOf(api);
    const managed = await em.findOneOrFail(Company, ours.id, { populate: ['registrationCommunities'] });
    managed.registrationCommunities.add(em.getReference(Community, registrationGroup.id));
    await em.flush();
    await settle(api);
    form.email = `sam.backoffice@${domainOf(ours)}`;
    admin = await signedIn(api, users.superAdmin);
  }, 60_000);
  afterAll(() => api.close());

  it('form data: the company, countries and the assignable roles; an unknown company is 404', async () => {
    const body = (await get(`/users/form_data/${sso.id}`).expect(200)).body;
    expect(body.company).toEqual({ id: sso.id, name: sso.name, login_method: 'sso' });
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
    const body = (await get(`/users/${users.caller.id}`).expect(200)).body;
    expect(body.user).toMatchObject({
      email: users.caller.email,
      company: { id: ours.id, name: ours.name, login_method: 'requires_registration' },
    });
    expect(body.user).toHaveProperty('agreement_date');
    expect(body.user).toHaveProperty('focus_group');
    expect(body.access).toEqual(body.user.group_access);
    expect(body.communities.map((group: { id: number }) => group.id).sort()).toEqual(
      [registrationGroup.id, limitedGroup.id].sort(),
    );
    await get('/users/999999').expect(404);
    await get(`/users/${users.superAdmin.id}`).expect(404);
  });

  describe('create, edit, status, password and delete', () => {
    let created: SuperAdminUser;

    it('creates a user of the named company with the default registration groups, who can sign in', async () => {
      const answer = await post('/users/0', { ...form, company_id: ours.id }).expect(200);
      expect(answer.body.message).toBe(USER_SAVED);
      created = answer.body.user as SuperAdminUser;
      expect(created).toMatchObject({
        email: form.email,
        status: 'active',
        registration_type: 'admin',
        company: { id: ours.id },
      });
      const stored = await orm(api).findOneOrFail(Company, ours.id, { populate: ['registrationCommunities'] });
      const defaults = stored.registrationCommunities.getItems().map((group: Community) => group.id);
      expect(defaults).toEqual([registrationGroup.id]);
      // The default (a limited group) and nothing else: the other limited group is not a default.
      expect(created.group_access).toEqual([registrationGroup.id]);
      await api.login(form.email, form.password);
    });

    it('422 per field, nothing written', async () => {
      const cases: [object, string][] = [
        [{ email: users.caller.email }, 'email'],
        [{ email: atPartner('x1'), first_name: '' }, 'first_name'],
        [{ email: atPartner('x2'), last_name: '' }, 'last_name'],
        [{ email: 'not-an-email' }, 'email'],
        [{ email: atPartner('x3'), role: 'super_admin' }, 'role'],
        [{ email: atPartner('x4'), type: 'owner' }, 'type'],
        [{ email: atPartner('x5'), phone: '1'.repeat(30) }, 'phone'],
        [{ email: atPartner('x6'), country_id: 999999 }, 'country_id'],
        [{ email: atPartner('x7'), password: '' }, 'password'],
        [{ email: atPartner('x8'), password: 'weak', password_confirmation: 'weak' }, 'password'],
        [{ email: atPartner('x9'), password_confirmation: 'Other0!x' }, 'password_confirmation'],
        [{ email: atPartner('x10'), group_access: [999999] }, 'group_access'],
        [{ email: atPartner('x11'), company_id: 999999 }, 'company_id'],
        [{ email: atPartner('x12'), company_id: undefined }, 'company_id'],
      ];
      for (const [change, field] of cases) {
        const answer = await post('/users/0', { ...form, company_id: partner.id, ...change }).expect(422);
        expect(Object.keys(answer.body.errors)).toEqual([field]);
      }
      expect(await orm(api).count(User, { email: { $like: `x%@${domainOf(partner)}` } })).toBe(0);
      expect(await orm(api).count(User, { company: partner.id })).toBe(1);
    });

    it('an SSO company needs no password unless the role is api', async () => {
      const ssoForm = { ...form, company_id: sso.id, password: '', password_confirmation: '' };
      const caller = await post('/users/0', { ...ssoForm, email: `new.caller@${domainOf(sso)}` }).expect(200);
      expect((await orm(api).findOneOrFail(User, caller.body.user.id)).passwordHash).toBeNull();
      const apiUser = await post('/users/0', { ...ssoForm, email: `new.api@${domainOf(sso)}`, role: 'api' }).expect(
        422,
      );
      expect(Object.keys(apiUser.body.errors)).toEqual(['password']);
    });

    it('edits fields and community access; it cannot move the user to another company', async () => {
      expect(created.group_access).not.toContain(limitedGroup.id);
      const answer = await post(`/users/${created.id}`, {
        ...form,
        company_id: ours.id,
        city: 'Austin',
        type: 'admin',
        role: 'business_manager',
        group_access: [limitedGroup.id],
      }).expect(200);
      expect(answer.body.user).toMatchObject({ city: 'Austin', type: 'admin', role: 'business_manager' });
      expect(answer.body.user.group_access).toContain(limitedGroup.id);
      const moved = await post(`/users/${created.id}`, { ...form, company_id: partner.id }).expect(422);
      expect(moved.body.errors).toEqual({ company_id: ['The selected company is invalid.'] });
      await post('/users/999999', { ...form, company_id: partner.id }).expect(404);
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
      const before = (await orm(api).findOneOrFail(User, users.ssoCaller.id)).passwordHash;
      const answer = await post(`/users/${users.ssoCaller.id}/password`, {
        password: 'N3w!Secret',
        password_confirmation: 'N3w!Secret',
      }).expect(409);
      expect(answer.body).toEqual({ error: SSO_PASSWORD_REFUSED });
      expect((await orm(api).findOneOrFail(User, users.ssoCaller.id)).passwordHash).toBe(before);
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
    const target = users.partnerCaller.id;
    for (const actor of [users.bm, users.caller]) {
      const token = await signedIn(api, actor);
      await get(`/users/form_data/${ours.id}`, token).expect(403);
      await get(`/users/${target}`, token).expect(403);
      await post(`/users/${target}`, { ...form, company_id: partner.id }, token).expect(403);
      await post('/users/0', { ...form, company_id: ours.id }, token).expect(403);
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
    await signedIn(api, users.partnerCaller);
  });
});
