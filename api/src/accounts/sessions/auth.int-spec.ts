import { MESSAGES, type Role } from '@casebridge/contracts';
import type { Company, User } from '@casebridge/db';
import { bearer, startApi, tokenFromLink, type ApiHarness } from '../../../../test/kit/api-harness';
import { aCompany, aSuperAdmin, aUser, domainOf, FACTORY_PASSWORD, signedIn } from '../../../../test/kit/factories';

describe('auth (real PostgreSQL and Redis)', () => {
  let api: ApiHarness;
  // The kinds of member company the demo's identities came from: a full member that takes registrations, an elite
  // one that signs in by e-mail link (its users still have passwords) and a limited one.
  let premium: Company;
  let elite: Company;
  let limited: Company;

  beforeAll(async () => {
    api = await startApi({ LOGIN_RATE_LIMIT: '4', LOGIN_RATE_WINDOW: '60' });
    premium = await aCompany(api);
    elite = await aCompany(api, { membershipType: 'elite', loginMethod: 'email_link' });
    limited = await aCompany(api, { membershipType: 'limited' });
  });
  afterAll(() => api.close());

  const login = (email: string, password: string) => api.http().post('/api/auth/login').send({ email, password });

  describe('POST /api/auth/login', () => {
    const companies = { none: () => undefined, premium: () => premium, elite: () => elite, limited: () => limited };
    it.each<[Role, keyof typeof companies]>([
      ['super_admin', 'none'],
      ['business_manager', 'premium'],
      ['program_manager', 'premium'],
      ['caller', 'premium'],
      ['api', 'premium'],
      ['business_manager', 'elite'],
      ['caller', 'elite'],
      ['business_manager', 'limited'],
    ])('signs in a %s (company: %s) and /auth/me returns the user and company', async (role, kind) => {
      const company = companies[kind]();
      const user = await aUser(api, { company, role });
      const token = await api.login(user.email, FACTORY_PASSWORD);
      const me = await api.http().get('/api/auth/me').set(bearer(token)).expect(200);
      expect(me.body.user).toMatchObject({ id: user.id, email: user.email, role });
      expect(me.body.company?.slug ?? null).toBe(company?.slug ?? null);
      expect(me.body.impersonated_by).toBeNull();
    });

    it('answers { access_token, token_type: bearer, expires_in }', async () => {
      const caller = await aUser(api, { company: premium, role: 'caller' });
      const response = await login(caller.email, FACTORY_PASSWORD).expect(200);
      expect(response.body).toEqual({ access_token: expect.any(String), token_type: 'bearer', expires_in: 3600 });
    });

    it('refuses a wrong password and an unknown address with the same error', async () => {
      const bm = await aUser(api, { company: elite, role: 'business_manager' });
      const wrong = await login(bm.email, 'Wrong1!pass').expect(401);
      const unknown = await login(`nobody@${domainOf(elite)}`, 'Wrong1!pass').expect(401);
      expect(wrong.body).toEqual({ error: MESSAGES.invalidCredentials });
      expect(unknown.body).toEqual({ error: MESSAGES.invalidCredentials });
    });

    it('answers missing and malformed fields with 422 per field', async () => {
      const response = await api.http().post('/api/auth/login').send({ email: 'not-an-email' }).expect(422);
      expect(response.body.errors.email[0]).toBe('The email must be a valid email address.');
      expect(response.body.errors.password[0]).toBe('The password field is required.');
      expect(response.body.message).toEqual(expect.any(String));
    });

    it('answers a body that is not JSON with 400, not 500', async () => {
      await api.http().post('/api/auth/login').set('Content-Type', 'application/json').send('{"email":').expect(400);
    });

    it('refuses password sign-in for a single-sign-on company user', async () => {
      const sso = await aCompany(api, { loginMethod: 'sso' });
      const caller = await aUser(api, { company: sso, role: 'caller' });
      // The right password: only the company's login method refuses it.
      const response = await login(caller.email, FACTORY_PASSWORD).expect(403);
      expect(response.body.error).toBe(MESSAGES.ssoOnly);
    });

    it('limits failed attempts per account with 429 and the Too Many Requests text', async () => {
      const pm = await aUser(api, { company: premium, role: 'program_manager' });
      const attempt = () => login(pm.email, 'Wrong1!pass');
      for (let i = 0; i < 4; i++) await attempt().expect(401);
      const refused = await attempt().expect(429);
      expect(refused.body).toEqual({ error: MESSAGES.tooManyRequests });
      // Even the right password is refused while the account is locked out.
      await login(pm.email, FACTORY_PASSWORD).expect(429);
    });
  });

  describe('sessions', () => {
    const aMember = (company: Company, role: Role = 'caller') => aUser(api, { company, role });

    it('refresh rotates the token; the old one stops working and its reuse ends the session', async () => {
      const first = await signedIn(api, await aMember(elite));
      const refreshed = await api.http().post('/api/auth/refresh').set(bearer(first)).expect(200);
      const second = refreshed.body.access_token as string;
      expect(second).not.toBe(first);
      await api.http().get('/api/auth/me').set(bearer(second)).expect(200);
      await api.http().get('/api/auth/me').set(bearer(first)).expect(401);

      await api.http().post('/api/auth/refresh').set(bearer(first)).expect(401);
      // Reuse of a rotated token revoked the whole session, including the newest token.
      await api.http().get('/api/auth/me').set(bearer(second)).expect(401);
    });

    it('refresh without a token or with garbage is 401', async () => {
      await api.http().post('/api/auth/refresh').expect(401);
      await api.http().post('/api/auth/refresh').set(bearer('garbage')).expect(401);
    });

    it('logout revokes the session', async () => {
      const token = await signedIn(api, await aMember(limited, 'business_manager'));
      await api.http().post('/api/auth/logout').set(bearer(token)).expect(200, { success: true });
      await api.http().get('/api/auth/me').set(bearer(token)).expect(401);
    });

    it('/auth/me without a token is 401 with the must-be-logged-in text', async () => {
      const response = await api.http().get('/api/auth/me').expect(401);
      expect(response.body).toEqual({ error: MESSAGES.mustBeLoggedIn });
    });

    it('/auth/middleware reports role and membership level', async () => {
      const token = await signedIn(api, await aMember(elite, 'business_manager'));
      await api
        .http()
        .get('/api/auth/middleware')
        .set(bearer(token))
        .expect(200, { authorized: true, role: 'business_manager', level: 'elite' });
      await api.http().get('/api/auth/middleware').expect(200, { authorized: false, role: null, level: null });
      const admin = await signedIn(api, await aSuperAdmin(api));
      await api
        .http()
        .get('/api/auth/middleware')
        .set(bearer(admin))
        .expect(200, { authorized: true, role: 'super_admin', level: null });
    });
  });

  describe('password reset', () => {
    it('mails a reset link whose token sets a new password, signs in and ends older sessions', async () => {
      const caller = await aUser(api, { company: premium, role: 'caller' });
      const colleague = await aUser(api, { company: premium, role: 'business_manager' });
      const before = await signedIn(api, caller);
      const asked = await api.http().post('/api/auth/forgot_password').send({ email: caller.email }).expect(200);
      expect(asked.body).toEqual({ message: MESSAGES.forgotPasswordSent });
      const mail = await api.lastMailTo(caller.email, 'password-reset');
      expect(mail.variables.link).toMatch(/^http:\/\/casebridge\.test\/reset_password\//);
      const token = tokenFromLink(mail.variables.link);
      const reset = (email: string, password: string, confirmation = password) =>
        api
          .http()
          .post('/api/auth/reset_password')
          .send({ email, token, password, password_confirmation: confirmation });

      const weak = await reset(caller.email, 'weak').expect(422);
      expect(weak.body.errors.password[0]).toBe(MESSAGES.passwordRule);
      const mismatch = await reset(caller.email, 'N3w!Password', 'other').expect(422);
      expect(mismatch.body.errors.password_confirmation[0]).toBe(MESSAGES.passwordConfirmation);
      // Another user's address with this user's link.
      await reset(colleague.email, 'N3w!Password').expect(422);

      const done = await reset(caller.email, 'N3w!Password').expect(200);
      await api.http().get('/api/auth/me').set(bearer(done.body.access_token)).expect(200);
      await api.http().get('/api/auth/me').set(bearer(before)).expect(401);
      await api.login(caller.email, 'N3w!Password');
      // The link works once.
      await reset(caller.email, 'An0ther!Pass').expect(422);
    });

    it('answers an unknown address with the same message and sends nothing', async () => {
      const before = (await api.mailJobs()).length;
      await api
        .http()
        .post('/api/auth/forgot_password')
        .send({ email: `ghost@${domainOf(premium)}` })
        .expect(200, { message: MESSAGES.forgotPasswordSent });
      expect((await api.mailJobs()).length).toBe(before);
      await api.http().post('/api/auth/forgot_password').send({}).expect(422);
    });
  });

  describe('log in as user', () => {
    let admin: string;
    let member: User;

    beforeAll(async () => {
      admin = await signedIn(api, await aSuperAdmin(api));
      member = await aUser(api, { company: elite, role: 'caller' });
    });

    it('lets a super admin act as a member, marked as impersonated', async () => {
      const asUser = await api
        .http()
        .get(`/api/auth/super_admin/login_as_user/${member.id}`)
        .set(bearer(admin))
        .expect(200);
      const impersonated = await api.http().get('/api/auth/me').set(bearer(asUser.body.access_token)).expect(200);
      expect(impersonated.body.user.email).toBe(member.email);
      expect(impersonated.body.impersonated_by).toMatchObject({ first_name: expect.any(String) });
      // The super admin's own session is untouched.
      await api.http().get('/api/auth/me').set(bearer(admin)).expect(200);
    });

    it('is refused to members (403), for unknown ids (404) and for non-numeric ids (422)', async () => {
      const bm = await signedIn(api, await aUser(api, { company: elite, role: 'business_manager' }));
      await api
        .http()
        .get(`/api/auth/super_admin/login_as_user/${member.id}`)
        .set(bearer(bm))
        .expect(403, { error: MESSAGES.noAccess });
      await api.http().get('/api/auth/super_admin/login_as_user/999999').set(bearer(admin)).expect(404);
      await api.http().get('/api/auth/super_admin/login_as_user/abc').set(bearer(admin)).expect(422);
      await api.http().get(`/api/auth/super_admin/login_as_user/${member.id}`).expect(401);
    });
  });

  it('answers unknown api paths with 404 in the error shape', async () => {
    await api.http().get('/api/no/such/thing').expect(404, { error: 'Not found.' });
  });
});
