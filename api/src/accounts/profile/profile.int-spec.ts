import { MESSAGES, PROFILE_MESSAGES } from '@casebridge/contracts';
import { Case, User } from '@casebridge/db';
import { MikroORM, RequestContext } from '@mikro-orm/core';
import { bearer, startApi, type ApiHarness } from '../../../../test/kit/api-harness';
import {
  aCase,
  aCompany,
  aProcess,
  aSuperAdmin,
  aUser,
  FACTORY_PASSWORD,
  signedIn,
} from '../../../../test/kit/factories';
import { orm } from '../../../../test/kit/member-fixtures';
import { SessionTokenService } from '../../platform/authentication/session-token.service';

const NEW_PASSWORD = 'N3w$ecret!';

describe('profile: password change and account deletion', () => {
  let api: ApiHarness;

  beforeAll(async () => {
    api = await startApi();
  });
  afterAll(() => api.close());

  const me = (token: string) => api.http().get('/api/auth/me').set(bearer(token));

  it('changes the password, keeps this session and ends the others', async () => {
    const { email } = await aUser(api, { company: await aCompany(api, { loginMethod: 'email_link' }), role: 'caller' });
    const current = await api.login(email, FACTORY_PASSWORD);
    const other = await api.login(email, FACTORY_PASSWORD);
    const weak = await api
      .http()
      .post('/api/users/password')
      .set(bearer(current))
      .send({ password: 'short', password_confirmation: 'short' })
      .expect(422);
    expect(weak.body.errors.password).toEqual([MESSAGES.passwordRule]);
    const mismatch = await api
      .http()
      .post('/api/users/password')
      .set(bearer(current))
      .send({ password: NEW_PASSWORD, password_confirmation: 'other' })
      .expect(422);
    expect(mismatch.body.errors.password_confirmation).toEqual([MESSAGES.passwordConfirmation]);

    // The current password is asked first: a session alone cannot take the account over.
    const missing = await api
      .http()
      .post('/api/users/password')
      .set(bearer(current))
      .send({ password: NEW_PASSWORD, password_confirmation: NEW_PASSWORD })
      .expect(422);
    expect(missing.body.errors.current_password).toEqual([PROFILE_MESSAGES.currentPasswordRequired]);
    const wrong = await api
      .http()
      .post('/api/users/password')
      .set(bearer(current))
      .send({ current_password: 'Wrong1!pass', password: NEW_PASSWORD, password_confirmation: NEW_PASSWORD })
      .expect(422);
    expect(wrong.body.errors.current_password).toEqual([PROFILE_MESSAGES.currentPasswordWrong]);
    await api.login(email, FACTORY_PASSWORD);

    await api
      .http()
      .post('/api/users/password')
      .set(bearer(current))
      .send({ current_password: FACTORY_PASSWORD, password: NEW_PASSWORD, password_confirmation: NEW_PASSWORD })
      .expect(200, { success: true });
    await me(current).expect(200);
    await me(other).expect(401);
    await api.http().post('/api/auth/login').send({ email, password: FACTORY_PASSWORD }).expect(401);
    await api.login(email, NEW_PASSWORD);
  });

  /** A session of its own for a user who cannot sign in with a password (SSO), as the SSO login would start it. */
  async function ssoSession(email: string): Promise<string> {
    const em = api.app.get(MikroORM).em;
    const user = await em.fork().findOneOrFail(User, { email });
    const sessions = api.app.get(SessionTokenService);
    return (await RequestContext.create(em, () => sessions.startSession(user))).access_token;
  }

  it('refuses a password change to SSO users (403) and while impersonating, but not to API users', async () => {
    const ssoUser = await aUser(api, { company: await aCompany(api, { loginMethod: 'sso' }), role: 'caller' });
    const umbrella = await ssoSession(ssoUser.email);
    const sso = await api
      .http()
      .post('/api/users/password')
      .set(bearer(umbrella))
      .send({ password: NEW_PASSWORD, password_confirmation: NEW_PASSWORD })
      .expect(403);
    expect(sso.body.error).toContain('Single Sign-On');
    // signedIn reaches an SSO user through a super admin's "login as user".
    const impersonated = await signedIn(api, ssoUser);
    await api
      .http()
      .post('/api/users/password')
      .set(bearer(impersonated))
      .send({ password: NEW_PASSWORD, password_confirmation: NEW_PASSWORD })
      .expect(403);
    const apiUser = await signedIn(api, await aUser(api, { company: await aCompany(api), role: 'api' }));
    await api
      .http()
      .post('/api/users/password')
      .set(bearer(apiUser))
      .send({ current_password: FACTORY_PASSWORD, password: NEW_PASSWORD, password_confirmation: NEW_PASSWORD })
      .expect(200);
    await api.http().post('/api/users/password').send({ password: NEW_PASSWORD }).expect(401);
  });

  it('deletes the signed-in account: sessions end, cases keep their data without the submitter', async () => {
    const user = await aUser(api, { company: await aCompany(api), role: 'caller' });
    const process = await aProcess(api, { company: await aCompany(api) });
    const { id: caseId } = await aCase(api, { from: user, to: process, status: 'accepted' });
    const token = await signedIn(api, user);
    const submitted = await orm(api).count(Case, { submitterUser: user.id });
    expect(submitted).toBeGreaterThan(0);
    await api.http().post('/api/users/delete').set(bearer(token)).send({ token }).expect(200, { success: true });
    await me(token).expect(401);
    expect(await orm(api).findOne(User, { email: user.email })).toBeNull();
    const kept = await orm(api).findOneOrFail(Case, caseId);
    expect(kept.submitterUser).toBeNull();
    expect(kept.engineerEmail).toBe(user.email);
    await api.http().post('/api/auth/login').send({ email: user.email, password: FACTORY_PASSWORD }).expect(401);
  });

  it('a super admin cannot delete itself this way', async () => {
    const admin = await signedIn(api, await aSuperAdmin(api));
    await api.http().post('/api/users/delete').set(bearer(admin)).send({}).expect(403);
    await me(admin).expect(200);
  });
});
