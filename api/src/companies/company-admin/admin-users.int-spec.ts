import { MESSAGES, SERVER_EVENTS, USER_DELETED, type ManagedUser } from '@casebridge/contracts';
import { ExportJob, User, type Community, type Company } from '@casebridge/db';
import { EntityManager } from '@mikro-orm/postgresql';
import { bearer, startApi, type ApiHarness } from '../../../../test/kit/api-harness';
import { aCompany, aGroup, aUser, domainOf, signedIn } from '../../../../test/kit/factories';
import { connectLive } from '../../../test/live-clients';

const newUser = {
  first_name: 'Nora',
  last_name: 'Admin-Made',
  email: '', // at our company's domain, set once it exists
  phone: '555 0111',
  phone_country_code: 'US',
  city: 'Denver',
  role: 'caller',
  type: 'basic',
  password: 'Str0ng!Pass',
  password_confirmation: 'Str0ng!Pass',
  group_access: [] as number[],
};

describe('company administration: users', () => {
  let api: ApiHarness;
  // Our company (password sign-in, no domain) with an admin, a program manager, a caller in a limited group, an
  // api user and a pending registration; the partner company signs in by e-mail link.
  let ours: Company;
  let partner: Company;
  let users: Record<'bm' | 'pm' | 'caller' | 'api' | 'pending' | 'partnerCaller' | 'partnerInactive', User>;
  let limitedGroup: Community;
  let acme: string;
  let globex: string;
  const at = (local: string) => `${local}@${domainOf(ours)}`;

  const get = (path: string, token: string) => api.http().get(`/api${path}`).set(bearer(token));
  const post = (path: string, token: string, body: object) =>
    api.http().post(`/api${path}`).set(bearer(token)).send(body);
  const em = () => api.app.get(EntityManager).fork();

  beforeAll(async () => {
    api = await startApi();
    ours = await aCompany(api, { domain: null });
    partner = await aCompany(api, { loginMethod: 'email_link' });
    const named = (company: Company, role: User['role'], firstName: string, lastName: string, extra = {}) =>
      aUser(api, { company, role, label: lastName, overrides: { firstName, lastName }, ...extra });
    users = {
      bm: await named(ours, 'business_manager', 'Alice', 'Brennan'),
      pm: await named(ours, 'program_manager', 'Paul', 'Martinez'),
      caller: await named(ours, 'caller', 'Carl', 'Jensen'),
      api: await named(ours, 'api', 'Ada', 'Integration'),
      pending: await named(ours, 'caller', 'Olivia', 'Chen', { approvalStatus: 'pending' }),
      partnerCaller: await named(partner, 'caller', 'Gabriel', 'Stone'),
      partnerInactive: await named(partner, 'caller', 'Martin', 'Keller', { status: 'inactive' }),
    };
    limitedGroup = await aGroup(api, { members: [{ company: ours, users: [users.caller] }, { company: partner }] });
    newUser.email = at('nora.new');
    acme = await signedIn(api, users.bm);
    globex = await signedIn(api, await aUser(api, { company: partner, role: 'business_manager' }));
  });
  afterAll(() => api.close());

  it('lists the own company users with its login method; no other company', async () => {
    const body = (await get('/admin/company/users', acme).expect(200)).body;
    expect(body).toMatchObject({
      login_method: 'requires_registration',
      login_method_label: 'Requires Registration',
      domain: null,
      slug: ours.slug,
      registration_queue: true,
    });
    const emails = (body.users as { email: string }[]).map((user) => user.email);
    expect(emails).toEqual(expect.arrayContaining([users.bm.email, users.caller.email, users.api.email]));
    expect(emails.every((email) => email.endsWith(`@${domainOf(ours)}`))).toBe(true);
    // Pending registrations are in the queue, not in the table.
    expect(emails).not.toContain(users.pending.email);
    const globexBody = (await get('/admin/company/users', globex).expect(200)).body;
    expect(globexBody).toMatchObject({ login_method_label: 'Email Login Link', domain: partner.domain });
  });

  it('searches (names, full name, e-mail), filters (status, role) and pages the users table in the database', async () => {
    const emails = async (query: Record<string, string | number>, token = acme) => {
      const body = (await get('/admin/company/users', token).query(query).expect(200)).body;
      return { ...body, emails: (body.users as { email: string }[]).map((user) => user.email) };
    };
    // First name, last name, "first last" and e-mail, case-insensitive; % and _ match themselves.
    expect((await emails({ q: 'alice' })).emails).toEqual([users.bm.email]);
    expect((await emails({ q: 'MARTINEZ' })).emails).toEqual([users.pm.email]);
    expect((await emails({ q: 'Carl Jen' })).emails).toEqual([users.caller.email]);
    // The address's local part and the start of its domain.
    const apiAddress = users.api.email.slice(0, users.api.email.indexOf('@') + 4);
    expect((await emails({ q: apiAddress })).emails).toEqual([users.api.email]);
    expect((await emails({ q: '%' })).emails).toEqual([]);
    // Another company's users are never found.
    expect((await emails({ q: partner.slug })).emails).toEqual([]);
    expect((await emails({ q: 'Gabriel' })).emails).toEqual([]);

    expect((await emails({ role: 'program_manager' })).emails).toEqual([users.pm.email]);
    const inactive = await emails({ status: 'inactive' }, globex);
    expect(inactive.emails).toContain(users.partnerInactive.email);
    expect(inactive.users.every((user: { status: string }) => user.status === 'inactive')).toBe(true);
    expect((await emails({ status: 'active', q: 'keller' }, globex)).emails).toEqual([]);

    // Pages of `limit` rows by last name, the total on each.
    const all = await emails({ limit: 100 });
    const first = await emails({ limit: 2, page: 1 });
    const second = await emails({ limit: 2, page: 2 });
    expect(first).toMatchObject({ total: all.total, current_page: 1, per_page: 2 });
    expect([...first.emails, ...second.emails]).toEqual(all.emails.slice(0, 4));
    expect(all.total).toBe(all.emails.length);

    const refused = (await get('/admin/company/users', acme).query({ status: 'gone', role: 'super_admin' }).expect(422))
      .body;
    expect(Object.keys(refused.errors).sort()).toEqual(['role', 'status']);
  });

  it('one user with group access; id 0 gives the choices; a user of another company is 404', async () => {
    const answer = (await get(`/admin/company/users/${users.caller.id}`, acme).expect(200)).body;
    expect(answer.user.group_access).toContain(limitedGroup.id);
    expect(answer.communities.length).toBeGreaterThan(0);
    const blank = (await get('/admin/company/users/0', acme).expect(200)).body;
    expect(blank.user).toBeNull();
    await get(`/admin/company/users/${users.partnerCaller.id}`, acme).expect(404);
  });

  describe('create and edit', () => {
    let created: ManagedUser;

    it('creates an active, approved, verified user made by the admin, who can sign in', async () => {
      const answer = await post('/admin/company/users/0', acme, newUser).expect(200);
      created = answer.body.user as ManagedUser;
      expect(created).toMatchObject({
        email: newUser.email,
        role: 'caller',
        status: 'active',
        registration_type: 'admin',
      });
      const stored = await em().findOneOrFail(User, { id: created.id });
      expect(stored.approvalStatus).toBe('approved');
      expect(stored.emailVerifiedAt).not.toBeNull();
      await api.login(newUser.email, newUser.password);
    });

    it('422 per field: taken e-mail, password rule and confirmation, missing password, role', async () => {
      const taken = await post('/admin/company/users/0', acme, { ...newUser, email: users.partnerCaller.email }).expect(
        422,
      );
      expect(taken.body.errors.email).toEqual([MESSAGES.emailTaken]);
      const weak = await post('/admin/company/users/0', acme, {
        ...newUser,
        email: at('weak'),
        password: 'short',
        password_confirmation: 'short',
      }).expect(422);
      expect(weak.body.errors.password).toEqual([MESSAGES.passwordRule]);
      const mismatch = await post('/admin/company/users/0', acme, {
        ...newUser,
        email: at('mm'),
        password_confirmation: 'Other0!x',
      }).expect(422);
      expect(mismatch.body.errors.password_confirmation).toEqual([MESSAGES.passwordConfirmation]);
      const missing = await post('/admin/company/users/0', acme, {
        ...newUser,
        email: at('np'),
        password: '',
      }).expect(422);
      expect(Object.keys(missing.body.errors)).toEqual(['password']);
      const role = await post('/admin/company/users/0', acme, {
        ...newUser,
        email: at('r'),
        role: 'super_admin',
        first_name: '',
      }).expect(422);
      expect(Object.keys(role.body.errors).sort()).toEqual(['first_name', 'role']);
      expect(await em().count(User, { email: { $in: [at('weak'), at('mm'), at('np'), at('r')] } })).toBe(0);
    });

    it('edits fields and limited group access; the e-mail of another user is 422', async () => {
      const groups = (await get('/admin/company/users/0', acme).expect(200)).body.communities as {
        id: number;
        user_access_flag: string;
      }[];
      const limitedGroup = groups.find((group) => group.user_access_flag === 'limit')!;
      const answer = await post(`/admin/company/users/${created.id}`, acme, {
        ...newUser,
        city: 'Austin',
        role: 'program_manager',
        group_access: [limitedGroup.id],
      }).expect(200);
      expect(answer.body.user).toMatchObject({ city: 'Austin', role: 'program_manager' });
      expect(answer.body.user.group_access).toContain(limitedGroup.id);
      const removed = await post(`/admin/company/users/${created.id}`, acme, { ...newUser, group_access: [] }).expect(
        200,
      );
      expect(removed.body.user.group_access).not.toContain(limitedGroup.id);
      await post(`/admin/company/users/${created.id}`, acme, { ...newUser, email: users.pm.email }).expect(422);
    });

    it("another company's admin can neither edit, disable nor delete the user", async () => {
      await post(`/admin/company/users/${created.id}`, globex, { ...newUser, city: 'Hacked' }).expect(404);
      await post(`/admin/company/users/${created.id}/status`, globex, { status: 'inactive' }).expect(404);
      await get(`/admin/company/users/${created.id}/delete`, globex).expect(404);
      const stored = await em().findOneOrFail(User, { id: created.id });
      expect([stored.city, stored.status]).toEqual(['Denver', 'active']);
    });

    it('disabling ends the sessions and the sockets with session.ended; enabling lets the user in again', async () => {
      const token = await api.login(newUser.email, newUser.password);
      const socket = await connectLive(api, { token });
      const ended = new Promise<unknown>((resolve) => socket.once(SERVER_EVENTS.sessionEnded, resolve));
      const closed = new Promise<void>((resolve) => socket.once('disconnect', () => resolve()));

      const answer = await post(`/admin/company/users/${created.id}/status`, acme, { status: 'inactive' }).expect(200);
      expect(answer.body.user.status).toBe('inactive');
      await expect(ended).resolves.toEqual({ reason: 'disabled' });
      await closed;
      await get('/auth/me', token).expect(401);
      socket.close();

      await post(`/admin/company/users/${created.id}/status`, acme, { status: 'active' }).expect(200);
      await api.login(newUser.email, newUser.password);
      await post(`/admin/company/users/${created.id}/status`, acme, { status: 'gone' }).expect(422);
    });

    it('deletes the user and their sessions; not yourself', async () => {
      const token = await api.login(newUser.email, newUser.password);
      const answer = await get(`/admin/company/users/${created.id}/delete`, acme).expect(200);
      expect(answer.body).toEqual({ success: true, message: USER_DELETED });
      expect(await em().count(User, { id: created.id })).toBe(0);
      await get('/auth/me', token).expect(401);
      await get(`/admin/company/users/${users.bm.id}/delete`, acme).expect(409);
      await post(`/admin/company/users/${users.bm.id}/status`, acme, { status: 'inactive' }).expect(409);
    });
  });

  it('the export starts a company_users export of the own company', async () => {
    const answer = await get('/admin/company/users/export', acme).expect(200);
    expect(answer.body.export).toMatchObject({ kind: 'company_users' });
    const job = await em().findOneOrFail(ExportJob, { id: answer.body.export.id }, { populate: ['user'] });
    expect(job.params).toEqual({ company_id: ours.id });
    expect(job.user.id).toBe(users.bm.id);
  });
});
