import { MESSAGES, PROFILE_MESSAGES } from '@casebridge/contracts';
import { Company, User } from '@casebridge/db';
import { bearer, startApi, tokenFromLink, type ApiHarness } from '../../../test/kit/api-harness';
import { aCompany, aUser, domainOf, emOf, settle, signedIn } from '../../../test/kit/factories';
import { registrationBody } from '../../../test/kit/member-fixtures';

// At our company's domain: the address is set once the company exists.
const applicant = registrationBody('');

describe('registration, verification, approval and profile', () => {
  let api: ApiHarness;
  // Our company takes registrations that its signup manager (a business manager) approves; the others sign in by
  // e-mail link or SSO, so they take none.
  let ours: Company;
  let emailLink: Company;
  let sso: Company;
  let signupManager: User;
  const at = (local: string) => `${local}@${domainOf(ours)}`;
  const register = (slug: string) => api.http().post(`/api/caller/register/${slug}`);

  beforeAll(async () => {
    api = await startApi();
    ours = await aCompany(api, { requiresApproval: true });
    emailLink = await aCompany(api, { loginMethod: 'email_link' });
    sso = await aCompany(api, { loginMethod: 'sso' });
    signupManager = await aUser(api, { company: ours, role: 'business_manager' });
    await emOf(api).nativeUpdate(Company, ours.id, { signupManager: signupManager.id });
    await settle(api);
    applicant.email = at('rita.applicant');
  });
  afterAll(() => api.close());

  describe('POST /api/caller/register/:slug', () => {
    it('on a company requiring approval: answers approval, mails the applicant and the signup manager', async () => {
      const response = await register(ours.slug).send(applicant).expect(200);
      expect(response.body).toEqual({ message: MESSAGES.registrationApprovalText, error: null, approval: true });

      const request = await api.lastMailTo(signupManager.email, 'registration-approval-request');
      expect(request.variables.registrant_email).toBe(applicant.email);
      expect(request.variables.approve_link).toMatch(/\/users\/approval\/[^/]+\/approve$/);
      expect(request.variables.reject_link).toMatch(/\/users\/approval\/[^/]+\/reject$/);
      await api.lastMailTo(applicant.email, 'account-verification');

      // Pending: the password is right but the account may not sign in yet.
      const login = await api
        .http()
        .post('/api/auth/login')
        .send({ email: applicant.email, password: applicant.password })
        .expect(403);
      expect(login.body.error).toBe(MESSAGES.userPendingApproval);
    });

    it('verifying while pending answers the approval outcome', async () => {
      const mail = await api.lastMailTo(applicant.email, 'account-verification');
      const verified = await api
        .http()
        .get(`/api/auth/verify/${tokenFromLink(mail.variables.link)}`)
        .expect(200);
      expect(verified.body).toMatchObject({
        action: 'approval',
        message: MESSAGES.accountUnderReview,
        company: { slug: ours.slug },
      });
    });

    it('the signup manager approves through the mailed link once; the applicant can then sign in', async () => {
      const request = await api.lastMailTo(signupManager.email, 'registration-approval-request');
      const token = tokenFromLink(request.variables.approve_link, 2);
      const approved = await api.http().post(`/api/users/approval/${token}/approve`).send({}).expect(200);
      expect(approved.body).toEqual({
        success: true,
        approved: true,
        user: { first_name: 'Rita', last_name: 'Applicant' },
        message: MESSAGES.userApproved,
      });
      await api
        .http()
        .post(`/api/users/approval/${token}/reject`)
        .send({ note: 'late' })
        .expect(409, { error: MESSAGES.approvalAlreadyDecided });
      await api.lastMailTo(applicant.email, 'registration-approved');
      await api.login(applicant.email, applicant.password);
    });

    it('a rejection mails the reason as plain text and keeps the account out', async () => {
      const body = { ...applicant, email: at('rex.rejected'), first_name: 'Rex' };
      await register(ours.slug).send(body).expect(200);
      const request = await api.lastMailTo(signupManager.email, 'registration-approval-request');
      expect(request.variables.registrant_email).toBe(body.email);
      const token = tokenFromLink(request.variables.reject_link, 2);
      const rejected = await api
        .http()
        .post(`/api/users/approval/${token}/reject`)
        .send({ note: '<p>Not an <b>Acme</b> employee</p>' })
        .expect(200);
      expect(rejected.body.approved).toBe(false);
      const mail = await api.lastMailTo(body.email, 'registration-rejected');
      expect(mail.variables.note).toBe('Not an Acme employee');
      await api.http().post('/api/auth/login').send({ email: body.email, password: body.password }).expect(403);
    });

    it('answers bad input with 422 per field and writes nothing', async () => {
      const response = await register(ours.slug)
        .send({ ...applicant, email: 'x', password: 'short', agree_confirm: false, first_name: '' })
        .expect(422);
      expect(Object.keys(response.body.errors).sort()).toEqual([
        'agree_confirm',
        'email',
        'first_name',
        'password',
        'password_confirmation',
      ]);
      expect(response.body.errors.agree_confirm[0]).toBe(MESSAGES.privacyPolicy);
      const existing = await aUser(api, { company: ours, role: 'caller' });
      const taken = await register(ours.slug)
        .send({ ...applicant, email: existing.email })
        .expect(422);
      expect(taken.body.errors.email[0]).toBe(MESSAGES.emailTaken);
      await register(ours.slug)
        .send({ ...applicant, first_name: 'x'.repeat(101), email: at('long') })
        .expect(422);
      await api
        .http()
        .post('/api/auth/login')
        .send({ email: at('long'), password: applicant.password })
        .expect(401);
      // Only the users made here: the signup manager and the existing caller.
      expect(
        await emOf(api).count(User, { company: ours.id, email: { $nin: [applicant.email, at('rex.rejected')] } }),
      ).toBe(2);
    });

    it('is refused on companies that do not register (email link, sso) and unknown slugs', async () => {
      await register(emailLink.slug)
        .send({ ...applicant, email: `a@${domainOf(emailLink)}` })
        .expect(403, { error: MESSAGES.registrationClosed });
      await register(sso.slug)
        .send({ ...applicant, email: `a@${domainOf(sso)}` })
        .expect(403, { error: MESSAGES.registrationClosed });
      await register(`${ours.slug}-no-such-company`)
        .send({ ...applicant, email: 'a@x.test' })
        .expect(404);
      expect(await emOf(api).count(User, { company: { $in: [emailLink.id, sso.id] } })).toBe(0);
    });
  });

  describe('verification links', () => {
    it('an invalid token answers the invalid outcome', async () => {
      await api
        .http()
        .get('/api/auth/verify/not-a-token')
        .expect(200, { action: 'invalid', error: MESSAGES.invalidToken, message: null, company: null });
    });

    it('asking for a new verification mail answers one message whoever asks', async () => {
      await api
        .http()
        .post('/api/auth/verify_account')
        .send({ email: at('nobody') })
        .expect(200, { message: MESSAGES.verificationSent });
      await api.http().post('/api/auth/verify_account').send({ email: 'nope' }).expect(422);
    });

    it('approval with an unknown token is 404 and with an unknown action 422', async () => {
      await api
        .http()
        .post('/api/users/approval/unknown/approve')
        .send({})
        .expect(404, { error: MESSAGES.invalidToken });
      await api.http().post('/api/users/approval/unknown/maybe').send({}).expect(422);
    });
  });

  describe('profile', () => {
    it('profile_form_data lists countries to a signed-in user only', async () => {
      await api.http().get('/api/users/profile_form_data').expect(401);
      const token = await signedIn(api, await aUser(api, { company: emailLink, role: 'caller' }));
      const response = await api.http().get('/api/users/profile_form_data').set(bearer(token)).expect(200);
      expect(response.body.countries.length).toBeGreaterThan(100);
      expect(response.body.countries).toContainEqual({
        id: expect.any(Number),
        name: 'United States',
        country_code: 'US',
      });
    });

    it('updates the contact details, refuses an address in use and accepts the agreement', async () => {
      const company = await aCompany(api);
      const bm = await aUser(api, { company, role: 'business_manager' });
      const other = await aUser(api, { company: ours, role: 'business_manager' });
      const token = await signedIn(api, bm);
      const updated = await api
        .http()
        .post('/api/users/profile')
        .set(bearer(token))
        .send({ first_name: 'Ina', last_name: 'Tech', email: bm.email, phone: '555 0199', city: 'Austin' })
        .expect(200);
      expect(updated.body.user).toMatchObject({
        first_name: 'Ina',
        last_name: 'Tech',
        city: 'Austin',
        force_update_profile: false,
      });
      const taken = await api
        .http()
        .post('/api/users/profile')
        .set(bearer(token))
        .send({ first_name: 'Ina', last_name: 'Tech', email: other.email })
        .expect(422);
      // Another company's address is refused before anything else (email-change.int-spec covers the rest).
      expect(taken.body.errors.email[0]).toBe(PROFILE_MESSAGES.emailOutsideDomains([domainOf(company)]));
      await api
        .http()
        .post('/api/users/profile')
        .set(bearer(token))
        .send({ first_name: 'Ina', last_name: 'Tech', email: bm.email, phone: '1'.repeat(26) })
        .expect(422);

      await api.http().post('/api/users/agreement').set(bearer(token)).send({ agree_confirm: false }).expect(422);
      const agreed = await api
        .http()
        .post('/api/users/agreement')
        .set(bearer(token))
        .send({ agree_confirm: true })
        .expect(200);
      expect(agreed.body.user.agreement_date).toEqual(expect.any(String));
      expect(agreed.body.user.force_update_agreement).toBe(false);
    });
  });
});
