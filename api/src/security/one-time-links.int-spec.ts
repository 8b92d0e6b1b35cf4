import { MESSAGES } from '@casebridge/contracts';
import { AuthSession, User } from '@casebridge/db';
import type { Response } from 'supertest';
import { startApi, tokenFromLink, type ApiHarness } from '../../test/api-harness';
import { orm, registrationBody } from '../../test/member-fixtures';

/**
 * One-time links are one-time under concurrency (issue 15, point 3): a link opened several times at once is used
 * once, by one conditional statement; a newly mailed reset link voids the older ones. The manager response,
 * onboarding restore and Teams links are proven beside their features (manager-requests, onboarding-members and
 * teams integration tests).
 */
describe('one-time links under parallel use (real PostgreSQL and Redis)', () => {
  let api: ApiHarness;

  beforeAll(async () => {
    api = await startApi();
  });
  afterAll(() => api.close());

  const statuses = (responses: Response[]) => responses.map((response) => response.status).sort();
  const sessionsOf = async (email: string) =>
    orm(api).count(AuthSession, { user: await orm(api).findOneOrFail(User, { email }) });
  const resetWith = (email: string, token: string, password: string) =>
    api.http().post('/api/auth/reset_password').send({ email, token, password, password_confirmation: password });
  async function mailedResetToken(email: string): Promise<string> {
    await api.http().post('/api/auth/forgot_password').send({ email }).expect(200);
    return tokenFromLink((await api.lastMailTo(email, 'password-reset')).variables.link as string);
  }

  it('a reset link used 5 times at once sets one password and opens one session', async () => {
    const token = await mailedResetToken('caller@acme.test');
    const passwords = ['Race1!Passw0rd', 'Race2!Passw0rd', 'Race3!Passw0rd', 'Race4!Passw0rd', 'Race5!Passw0rd'];
    const answers = await Promise.all(passwords.map((password) => resetWith('caller@acme.test', token, password)));
    expect(statuses(answers)).toEqual([200, 422, 422, 422, 422]);
    for (const refused of answers.filter((answer) => answer.status === 422)) {
      expect(refused.body.errors.email).toEqual([MESSAGES.invalidToken]);
    }
    // Every older session ended with the reset; exactly the winner's session is open.
    expect(await sessionsOf('caller@acme.test')).toBe(1);
    const winner = passwords[answers.findIndex((answer) => answer.status === 200)];
    await api.login('caller@acme.test', winner);
  });

  it('a mistyped e-mail does not use the link up; the right one then works', async () => {
    const token = await mailedResetToken('pm@acme.test');
    await resetWith('someone-else@acme.test', token, 'Typo1!Passw0rd').expect(422);
    await resetWith('pm@acme.test', token, 'Right1!Passw0rd').expect(200);
  });

  it('a newer reset link voids the older, unused one', async () => {
    const older = await mailedResetToken('bm@initech.test');
    const newer = await mailedResetToken('bm@initech.test');
    expect(newer).not.toBe(older);
    const refused = await resetWith('bm@initech.test', older, 'Older1!Passw0rd').expect(422);
    expect(refused.body.errors.email).toEqual([MESSAGES.invalidToken]);
    await resetWith('bm@initech.test', newer, 'Newer1!Passw0rd').expect(200);
  });

  it('a login link opened 6 times at once opens one session', async () => {
    const globex = (await api.http().get('/api/caller/landing/globex').expect(200)).body.company;
    await api
      .http()
      .post('/api/caller/link')
      .send({ email: 'caller@globex.test', company_id: globex.id, agree_confirm: true })
      .expect(200);
    const token = tokenFromLink((await api.lastMailTo('caller@globex.test', 'login-link')).variables.link as string);
    const sessionsBefore = await sessionsOf('caller@globex.test');
    const answers = await Promise.all(
      Array.from({ length: 6 }, () => api.http().post('/api/caller/auto_login').send({ token })),
    );
    expect(statuses(answers)).toEqual([200, 401, 401, 401, 401, 401]);
    expect(await sessionsOf('caller@globex.test')).toBe(sessionsBefore + 1);
  });

  it('a verification link opened at once verifies once; the approval link decides once', async () => {
    const email = 'race.applicant@acme.test';
    await api.http().post('/api/caller/register/acme').send(registrationBody(email, 'Race')).expect(200);
    const verification = tokenFromLink((await api.lastMailTo(email, 'account-verification')).variables.link as string);
    const verified = await Promise.all(
      Array.from({ length: 4 }, () => api.http().get(`/api/auth/verify/${verification}`)),
    );
    expect(verified.map((answer) => answer.body.action).sort()).toEqual(['approval', 'invalid', 'invalid', 'invalid']);

    const request = await api.lastMailTo('bm@acme.test', 'registration-approval-request');
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
