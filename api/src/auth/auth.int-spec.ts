import { MESSAGES } from '@casebridge/contracts';
import { bearer, DEMO_PASSWORD, startApi, tokenFromLink, type ApiHarness } from '../../test/api-harness';

describe('auth (real PostgreSQL and Redis)', () => {
  let api: ApiHarness;

  beforeAll(async () => {
    api = await startApi({ LOGIN_RATE_LIMIT: '4', LOGIN_RATE_WINDOW: '60' });
  });
  afterAll(() => api.close());

  describe('POST /api/auth/login', () => {
    it.each([
      ['admin@casebridge.test', 'super_admin', null],
      ['bm@acme.test', 'business_manager', 'acme'],
      ['pm@acme.test', 'program_manager', 'acme'],
      ['caller@acme.test', 'caller', 'acme'],
      ['api@acme.test', 'api', 'acme'],
      ['bm@globex.test', 'business_manager', 'globex'],
      ['caller@globex.test', 'caller', 'globex'],
      ['bm@initech.test', 'business_manager', 'initech'],
    ])('signs in %s as %s and /auth/me returns the user and company', async (email, role, slug) => {
      const token = await api.login(email);
      const me = await api.http().get('/api/auth/me').set(bearer(token)).expect(200);
      expect(me.body.user).toMatchObject({ email, role });
      expect(me.body.company?.slug ?? null).toBe(slug);
      expect(me.body.impersonated_by).toBeNull();
    });

    it('answers a token of the spec shape', async () => {
      const response = await api
        .http()
        .post('/api/auth/login')
        .send({ email: 'caller@acme.test', password: DEMO_PASSWORD })
        .expect(200);
      expect(response.body).toEqual({ access_token: expect.any(String), token_type: 'bearer', expires_in: 3600 });
    });

    it('refuses a wrong password and an unknown address with the same error', async () => {
      const wrong = await api
        .http()
        .post('/api/auth/login')
        .send({ email: 'bm@globex.test', password: 'Wrong1!pass' })
        .expect(401);
      const unknown = await api
        .http()
        .post('/api/auth/login')
        .send({ email: 'nobody@globex.test', password: 'Wrong1!pass' })
        .expect(401);
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
      const response = await api
        .http()
        .post('/api/auth/login')
        .send({ email: 'caller@umbrella.test', password: DEMO_PASSWORD })
        .expect(403);
      expect(response.body.error).toBe(MESSAGES.ssoOnly);
    });

    it('limits failed attempts per account with 429 and the spec text', async () => {
      const attempt = () => api.http().post('/api/auth/login').send({ email: 'pm@acme.test', password: 'Wrong1!pass' });
      for (let i = 0; i < 4; i++) await attempt().expect(401);
      const limited = await attempt().expect(429);
      expect(limited.body).toEqual({ error: MESSAGES.tooManyRequests });
      // Even the right password is refused while the account is locked out.
      await api.http().post('/api/auth/login').send({ email: 'pm@acme.test', password: DEMO_PASSWORD }).expect(429);
    });
  });

  describe('sessions', () => {
    it('refresh rotates the token; the old one stops working and its reuse ends the session', async () => {
      const first = await api.login('caller@globex.test');
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
      const token = await api.login('bm@initech.test');
      await api.http().post('/api/auth/logout').set(bearer(token)).expect(200, { success: true });
      await api.http().get('/api/auth/me').set(bearer(token)).expect(401);
    });

    it('/auth/me without a token is 401 with the spec text', async () => {
      const response = await api.http().get('/api/auth/me').expect(401);
      expect(response.body).toEqual({ error: MESSAGES.mustBeLoggedIn });
    });

    it('/auth/middleware reports role and membership level', async () => {
      const token = await api.login('bm@globex.test');
      await api
        .http()
        .get('/api/auth/middleware')
        .set(bearer(token))
        .expect(200, { authorized: true, role: 'business_manager', level: 'elite' });
      await api.http().get('/api/auth/middleware').expect(200, { authorized: false, role: null, level: null });
      const admin = await api.login('admin@casebridge.test');
      await api
        .http()
        .get('/api/auth/middleware')
        .set(bearer(admin))
        .expect(200, { authorized: true, role: 'super_admin', level: null });
    });
  });

  describe('password reset', () => {
    it('mails a reset link whose token sets a new password, signs in and ends older sessions', async () => {
      const before = await api.login('caller@acme.test');
      const asked = await api.http().post('/api/auth/forgot_password').send({ email: 'caller@acme.test' }).expect(200);
      expect(asked.body).toEqual({ message: MESSAGES.forgotPasswordSent });
      const mail = await api.lastMailTo('caller@acme.test', 'password-reset');
      expect(mail.variables.link).toMatch(/^http:\/\/casebridge\.test\/reset_password\//);
      const token = tokenFromLink(mail.variables.link);

      const weak = await api
        .http()
        .post('/api/auth/reset_password')
        .send({ email: 'caller@acme.test', token, password: 'weak', password_confirmation: 'weak' })
        .expect(422);
      expect(weak.body.errors.password[0]).toBe(MESSAGES.passwordRule);
      const mismatch = await api
        .http()
        .post('/api/auth/reset_password')
        .send({ email: 'caller@acme.test', token, password: 'N3w!Password', password_confirmation: 'other' })
        .expect(422);
      expect(mismatch.body.errors.password_confirmation[0]).toBe(MESSAGES.passwordConfirmation);
      await api
        .http()
        .post('/api/auth/reset_password')
        .send({ email: 'bm@acme.test', token, password: 'N3w!Password', password_confirmation: 'N3w!Password' })
        .expect(422);

      const reset = await api
        .http()
        .post('/api/auth/reset_password')
        .send({ email: 'caller@acme.test', token, password: 'N3w!Password', password_confirmation: 'N3w!Password' })
        .expect(200);
      await api.http().get('/api/auth/me').set(bearer(reset.body.access_token)).expect(200);
      await api.http().get('/api/auth/me').set(bearer(before)).expect(401);
      await api.login('caller@acme.test', 'N3w!Password');
      // The link works once.
      await api
        .http()
        .post('/api/auth/reset_password')
        .send({ email: 'caller@acme.test', token, password: 'An0ther!Pass', password_confirmation: 'An0ther!Pass' })
        .expect(422);
    });

    it('answers an unknown address with the same message and sends nothing', async () => {
      const before = (await api.mailJobs()).length;
      await api
        .http()
        .post('/api/auth/forgot_password')
        .send({ email: 'ghost@acme.test' })
        .expect(200, { message: MESSAGES.forgotPasswordSent });
      expect((await api.mailJobs()).length).toBe(before);
      await api.http().post('/api/auth/forgot_password').send({}).expect(422);
    });
  });

  describe('log in as user', () => {
    it('lets a super admin act as a member, marked as impersonated', async () => {
      const admin = await api.login('admin@casebridge.test');
      const me = await api
        .http()
        .get('/api/auth/me')
        .set(bearer(await api.login('caller@globex.test')))
        .expect(200);
      const asUser = await api
        .http()
        .get(`/api/auth/super_admin/login_as_user/${me.body.user.id}`)
        .set(bearer(admin))
        .expect(200);
      const impersonated = await api.http().get('/api/auth/me').set(bearer(asUser.body.access_token)).expect(200);
      expect(impersonated.body.user.email).toBe('caller@globex.test');
      expect(impersonated.body.impersonated_by).toMatchObject({ first_name: expect.any(String) });
      // The super admin's own session is untouched.
      await api.http().get('/api/auth/me').set(bearer(admin)).expect(200);
    });

    it('is refused to members (403), for unknown ids (404) and for non-numeric ids (422)', async () => {
      const caller = await api.login('bm@globex.test');
      await api
        .http()
        .get('/api/auth/super_admin/login_as_user/1')
        .set(bearer(caller))
        .expect(403, { error: MESSAGES.noAccess });
      const admin = await api.login('admin@casebridge.test');
      await api.http().get('/api/auth/super_admin/login_as_user/999999').set(bearer(admin)).expect(404);
      await api.http().get('/api/auth/super_admin/login_as_user/abc').set(bearer(admin)).expect(422);
      await api.http().get('/api/auth/super_admin/login_as_user/1').expect(401);
    });
  });

  it('answers unknown api paths with 404 in the error shape', async () => {
    await api.http().get('/api/no/such/thing').expect(404, { error: 'Not found.' });
  });
});
