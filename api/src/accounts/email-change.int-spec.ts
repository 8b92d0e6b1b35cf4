import { MESSAGES, PROFILE_MESSAGES } from '@casebridge/contracts';
import { User } from '@casebridge/db';
import { MikroORM, RequestContext } from '@mikro-orm/core';
import { bearer, DEMO_PASSWORD, startApi, tokenFromLink, type ApiHarness } from '../../test/api-harness';
import { orm } from '../../test/member-fixtures';
import { SessionTokenService } from '../auth/session-token.service';

/**
 * Changing one's e-mail address (issue 15, point 4): it needs the current password, an address of the user's
 * company that nobody uses, and takes effect only when the link mailed to the new address is opened; the old
 * address is told at once.
 */
describe('e-mail change from the profile (real PostgreSQL and Redis)', () => {
  let api: ApiHarness;

  beforeAll(async () => {
    api = await startApi();
  });
  afterAll(() => api.close());

  const profileOf = async (email: string) => {
    const user = await orm(api).findOneOrFail(User, { email }, { populate: ['country'] });
    return {
      first_name: user.firstName,
      last_name: user.lastName,
      email: user.email,
      phone: user.phone,
      phone_country_code: user.phoneCountryCode,
      country_id: user.country?.id ?? null,
      city: user.city,
    };
  };
  const saveProfile = (token: string, body: object) =>
    api.http().post('/api/users/profile').set(bearer(token)).send(body);
  const confirm = (token: string) => api.http().post('/api/users/email/confirm').send({ token });
  const confirmLinkTo = async (email: string) =>
    tokenFromLink((await api.lastMailTo(email, 'email-change-confirm')).variables.link as string);

  it("refuses another company's address, a taken one, and a change without the right current password", async () => {
    const session = await api.login('pm@acme.test');
    const profile = await profileOf('pm@acme.test');
    const cases: [object, string, string][] = [
      [{ email: 'newhire@umbrella.test', current_password: DEMO_PASSWORD }, 'email', 'acme.test'],
      [{ email: 'bm@acme.test', current_password: DEMO_PASSWORD }, 'email', MESSAGES.emailTaken],
      [{ email: 'paul.new@acme.test' }, 'current_password', PROFILE_MESSAGES.currentPasswordRequired],
      [{ email: 'paul.new@acme.test', current_password: 'Wrong1!pass' }, 'current_password', 'not correct'],
    ];
    for (const [change, field, message] of cases) {
      const refused = await saveProfile(session, { ...profile, first_name: 'Changed', ...change }).expect(422);
      expect(refused.body.errors[field][0]).toContain(message);
    }
    // Nothing of a refused save is kept, and no mail went out.
    expect(await profileOf('pm@acme.test')).toEqual(profile);
    const mails = (await api.mailJobs()).filter((job) => job.template.startsWith('email-change'));
    expect(mails).toEqual([]);
  });

  it('takes effect only when the mailed link is opened, once; the old address is told at once', async () => {
    const session = await api.login('bm@initech.test');
    const profile = await profileOf('bm@initech.test');
    const answer = await saveProfile(session, {
      ...profile,
      city: 'Austin',
      email: 'boss@initech.test',
      current_password: DEMO_PASSWORD,
    }).expect(200);
    expect(answer.body.message).toBe(PROFILE_MESSAGES.emailChangeSent('boss@initech.test'));
    // The other fields are saved; the address is not, yet.
    expect(answer.body.user).toMatchObject({ email: 'bm@initech.test', city: 'Austin' });
    await api.login('bm@initech.test');
    const notice = await api.lastMailTo('bm@initech.test', 'email-change-notice');
    expect(notice.variables.new_email).toBe('boss@initech.test');

    const link = await confirmLinkTo('boss@initech.test');
    const opened = await Promise.all([confirm(link), confirm(link), confirm(link)]);
    expect(opened.map((response) => response.status).sort()).toEqual([200, 422, 422]);
    const done = opened.find((response) => response.status === 200)!;
    expect(done.body).toEqual({
      message: PROFILE_MESSAGES.emailChanged('boss@initech.test'),
      email: 'boss@initech.test',
    });
    await api.login('boss@initech.test');
    await api.http().post('/api/auth/login').send({ email: 'bm@initech.test', password: DEMO_PASSWORD }).expect(401);
    const again = await confirm(link).expect(422);
    expect(again.body.errors.token).toEqual([PROFILE_MESSAGES.emailChangeInvalid]);
  });

  it('a newer request voids the older link; an address taken meanwhile is refused when the link is opened', async () => {
    const session = await api.login('caller@globex.test');
    const profile = await profileOf('caller@globex.test');
    const ask = (email: string) => saveProfile(session, { ...profile, email, current_password: DEMO_PASSWORD });
    await ask('first.choice@globex.test').expect(200);
    const older = await confirmLinkTo('first.choice@globex.test');
    await ask('second.choice@globex.test').expect(200);
    const newer = await confirmLinkTo('second.choice@globex.test');
    await confirm(older).expect(422);

    // Someone else gets the address before the link is opened.
    await orm(api).nativeUpdate(User, { email: 'bm@globex.test' }, { email: 'second.choice@globex.test' });
    const taken = await confirm(newer).expect(422);
    expect(taken.body.errors.email).toEqual([MESSAGES.emailTaken]);
    expect(await orm(api).findOne(User, { email: 'caller@globex.test' })).not.toBeNull();
  });

  it('single sign-on users keep the address of their identity provider; an impersonating super admin cannot change it', async () => {
    const umbrella = await sessionWithoutPassword('caller@umbrella.test');
    const profile = await profileOf('caller@umbrella.test');
    const sso = await saveProfile(umbrella, { ...profile, email: 'someone.else@umbrella.test' }).expect(422);
    expect(sso.body.errors.email).toEqual([PROFILE_MESSAGES.emailFromSso]);

    const admin = await api.login('admin@casebridge.test');
    const target = await orm(api).findOneOrFail(User, { email: 'caller@acme.test' });
    const impersonated = await api
      .http()
      .get(`/api/auth/super_admin/login_as_user/${target.id}`)
      .set(bearer(admin))
      .expect(200);
    const acmeProfile = await profileOf('caller@acme.test');
    await saveProfile(impersonated.body.access_token, { ...acmeProfile, email: 'carl.new@acme.test' }).expect(403);
  });

  /** A session as the SSO login would start it (the account has no password). */
  async function sessionWithoutPassword(email: string): Promise<string> {
    const em = api.app.get(MikroORM).em;
    const user = await em.fork().findOneOrFail(User, { email });
    const sessions = api.app.get(SessionTokenService);
    return (await RequestContext.create(em, () => sessions.startSession(user))).access_token;
  }
});
