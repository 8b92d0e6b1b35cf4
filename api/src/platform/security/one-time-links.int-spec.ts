import { MESSAGES } from '@casebridge/contracts';
import { AuthSession, User, type Company } from '@casebridge/db';
import type { Response } from 'supertest';
import { startApi, tokenFromLink, type ApiHarness } from '../../../../test/kit/api-harness';
import { aCompany, aUser, domainOf } from '../../../../test/kit/factories';
import { orm, registrationBody } from '../../../../test/kit/member-fixtures';

/**
 * One-time links are one-time under concurrency (issue 15, point 3): a link opened several times at once is used
 * once, by one conditional statement; a newly mailed reset link voids the older ones. The manager response,
 * onboarding restore and Teams links are proven beside their features (manager-requests, onboarding-members and
 * teams integration tests).
 */
describe('one-time links under parallel use (real PostgreSQL and Redis)', () => {
  let api: ApiHarness;
  // Takes registrations that its business managers approve (it names no signup manager).
  let company: Company;
  let emailLink: Company;

  beforeAll(async () => {
    api = await startApi();
    company = await aCompany(api, { requiresApproval: true });
    emailLink = await aCompany(api, { loginMethod: 'email_link' });
  });
  afterAll(() => api.close());

  const statuses = (responses: Response[]) => responses.map((response) => response.status).sort();
  const sessionsOf = (user: User) => orm(api).count(AuthSession, { user: user.id });
  const resetWith = (email: string, token: string, password: string) =>
    api.http().post('/api/auth/reset_password').send({ email, token, password, password_confirmation: password });
  async function mailedResetToken(email: string): Promise<string> {
    await api.http().post('/api/auth/forgot_password').send({ email }).expect(200);
    return tokenFromLink((await api.lastMailTo(email, 'password-reset')).variables.link as string);
  }

  it('a reset link used 5 times at once sets one password and opens one session', async () => {
    const caller = await aUser(api, { company, role: 'caller' });
    const token = await mailedResetToken(caller.email);
    const passwords = ['Race1!Passw0rd', 'Race2!Passw0rd', 'Race3!Passw0rd', 'Race4!Passw0rd', 'Race5!Passw0rd'];
    const answers = await Promise.all(passwords.map((password) => resetWith(caller.email, token, password)));
    expect(statuses(answers)).toEqual([200, 422, 422, 422, 422]);
    for (const refused of answers.filter((answer) => answer.status === 422)) {
      expect(refused.body.errors.email).toEqual([MESSAGES.invalidToken]);
    }
    // Every older session ended with the reset; exactly the winner's session is open.
    expect(await sessionsOf(caller)).toBe(1);
    const winner = passwords[answers.findIndex((answer) => answer.status === 200)];
    await api.login(caller.email, winner);
  });

  it('a mistyped e-mail does not use the link up; the right one then works', async () => {
    const pm = await aUser(api, { company, role: 'program_manager' });
    const token = await mailedResetToken(pm.email);
    await resetWith(`someone-else@${domainOf(company)}`, token, 'Typo1!Passw0rd').expect(422);
    await resetWith(pm.email, token, 'Right1!Passw0rd').expect(200);
  });

  it('a newer reset link voids the older, unused one', async () => {
    const { email } = await aUser(api, { company: await aCompany(api), role: 'business_manager' });
    const older = await mailedResetToken(email);
    const newer = await mailedResetToken(email);
    expect(newer).not.toBe(older);
    const refused = await resetWith(email, older, 'Older1!Passw0rd').expect(422);
    expect(refused.body.errors.email).toEqual([MESSAGES.invalidToken]);
    await resetWith(email, newer, 'Newer1!Passw0rd').expect(200);
  });

  it('a login link opened 6 times at once opens one session', async () => {
    const caller = await aUser(api, { company: emailLink, role: 'caller' });
    const landing = (await api.http().get(`/api/caller/landing/${emailLink.slug}`).expect(200)).body.company;
    await api
      .http()
      .post('/api/caller/link')
      .send({ email: caller.email, company_id: landing.id, agree_confirm: true })
      .expect(200);
    const token = tokenFromLink((await api.lastMailTo(caller.email, 'login-link')).variables.link as string);
    const sessionsBefore = await sessionsOf(caller);
    const answers = await Promise.all(
      Array.from({ length: 6 }, () => api.http().post('/api/caller/auto_login').send({ token })),
    );
    expect(statuses(answers)).toEqual([200, 401, 401, 401, 401, 401]);
    expect(await sessionsOf(caller)).toBe(sessionsBefore + 1);
  });

  it('a verification link opened at once verifies once; the approval link decides once', async () => {
    const signupManager = await aUser(api, { company, role: 'business_manager' });
    const email = `race.applicant@${domainOf(company)}`;
    await api.http().post(`/api/caller/register/${company.slug}`).send(registrationBody(email, 'Race')).expect(200);
    const verification = tokenFromLink((await api.lastMailTo(email, 'account-verification')).variables.link as string);
    const verified = await Promise.all(
      Array.from({ length: 4 }, () => api.http().get(`/api/auth/verify/${verification}`)),
    );
    expect(verified.map((answer) => answer.body.action).sort()).toEqual(['approval', 'invalid', 'invalid', 'invalid']);

    const request = await api.lastMailTo(signupManager.email, 'registration-approval-request');
    const approve = tokenFromLink(request.variables.approve_link as string, 2);
    const reject = tokenFromLink(request.variables.reject_link as string, 2);
    const decisions = await Promise.all([
      api.http().post(`/api/users/approval/${approve}/approve`).send({}),
      api.http().post(`/api/users/approval/${reject}/reject`).send({ note: 'Not one of ours.' }),
      api.http().post(`/api/users/approval/${approve}/approve`).send({}),
    ]);
    expect(statuses(decisions)).toEqual([200, 409, 409]);
    const decided = await orm(api).findOneOrFail(User, { email });
    const winner = decisions.find((answer) => answer.status === 200)!;
    expect(decided.approvalStatus).toBe(winner.body.approved ? 'approved' : 'rejected');
    // One decision, one mail to the applicant.
    const results = (await api.mailJobs()).filter(
      (job) => job.to.includes(email) && job.template.startsWith('registration-'),
    );
    expect(results).toHaveLength(1);
  });
});
