import { MESSAGES, PROFILE_MESSAGES } from '@casebridge/contracts';
import { User, type Company } from '@casebridge/db';
import { MikroORM, RequestContext } from '@mikro-orm/core';
import { bearer, startApi, tokenFromLink, type ApiHarness } from '../../../test/kit/api-harness';
import { aCompany, aSuperAdmin, aUser, domainOf, FACTORY_PASSWORD, signedIn } from '../../../test/kit/factories';
import { orm } from '../../../test/kit/member-fixtures';
import { SessionTokenService } from '../platform/authentication/session-token.service';

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

  /** A user of a fresh company of this kind, signed in, with the company's domain. */
  const member = async (role: User['role'], loginMethod: Company['loginMethod'] = 'requires_registration') => {
    const company = await aCompany(api, { loginMethod });
    const user = await aUser(api, { company, role });
    return { company, user, domain: domainOf(company) };
  };

  it("refuses another company's address, a taken one, and a change without the right current password", async () => {
    const { user, company, domain } = await member('program_manager');
    const colleague = await aUser(api, { company, role: 'business_manager' });
    const stranger = await member('caller', 'sso');
    const session = await signedIn(api, user);
    const profile = await profileOf(user.email);
    const cases: [object, string, string][] = [
      [{ email: `newhire@${stranger.domain}`, current_password: FACTORY_PASSWORD }, 'email', domain],
      [{ email: colleague.email, current_password: FACTORY_PASSWORD }, 'email', MESSAGES.emailTaken],
      [{ email: `paul.new@${domain}` }, 'current_password', PROFILE_MESSAGES.currentPasswordRequired],
      [{ email: `paul.new@${domain}`, current_password: 'Wrong1!pass' }, 'current_password', 'not correct'],
    ];
    for (const [change, field, message] of cases) {
      const refused = await saveProfile(session, { ...profile, first_name: 'Changed', ...change }).expect(422);
      expect(refused.body.errors[field][0]).toContain(message);
    }
    // Nothing of a refused save is kept, and no mail went out.
    expect(await profileOf(user.email)).toEqual(profile);
    const mails = (await api.mailJobs()).filter((job) => job.template.startsWith('email-change'));
    expect(mails).toEqual([]);
  });

  it('takes effect only when the mailed link is opened, once; the old address is told at once', async () => {
    const { user, domain } = await member('business_manager');
    const oldEmail = user.email;
    const newEmail = `boss@${domain}`;
    const session = await signedIn(api, user);
    const profile = await profileOf(oldEmail);
    const answer = await saveProfile(session, {
      ...profile,
      city: 'Austin',
      email: newEmail,
      current_password: FACTORY_PASSWORD,
    }).expect(200);
    expect(answer.body.message).toBe(PROFILE_MESSAGES.emailChangeSent(newEmail));
    // The other fields are saved; the address is not, yet.
    expect(answer.body.user).toMatchObject({ email: oldEmail, city: 'Austin' });
    await api.login(oldEmail, FACTORY_PASSWORD);
    const notice = await api.lastMailTo(oldEmail, 'email-change-notice');
    expect(notice.variables.new_email).toBe(newEmail);

    const link = await confirmLinkTo(newEmail);
    const opened = await Promise.all([confirm(link), confirm(link), confirm(link)]);
    expect(opened.map((response) => response.status).sort()).toEqual([200, 422, 422]);
    const done = opened.find((response) => response.status === 200)!;
    expect(done.body).toEqual({
      message: PROFILE_MESSAGES.emailChanged(newEmail),
      email: newEmail,
    });
    await api.login(newEmail, FACTORY_PASSWORD);
    await api.http().post('/api/auth/login').send({ email: oldEmail, password: FACTORY_PASSWORD }).expect(401);
    const again = await confirm(link).expect(422);
    expect(again.body.errors.token).toEqual([PROFILE_MESSAGES.emailChangeInvalid]);
  });

  it('a newer request voids the older link; an address taken meanwhile is refused when the link is opened', async () => {
    const { user, company, domain } = await member('caller', 'email_link');
    const colleague = await aUser(api, { company, role: 'business_manager' });
    const session = await signedIn(api, user);
    const profile = await profileOf(user.email);
    const ask = (email: string) => saveProfile(session, { ...profile, email, current_password: FACTORY_PASSWORD });
    await ask(`first.choice@${domain}`).expect(200);
    const older = await confirmLinkTo(`first.choice@${domain}`);
    await ask(`second.choice@${domain}`).expect(200);
    const newer = await confirmLinkTo(`second.choice@${domain}`);
    await confirm(older).expect(422);

    // Someone else gets the address before the link is opened.
    await orm(api).nativeUpdate(User, { email: colleague.email }, { email: `second.choice@${domain}` });
    const taken = await confirm(newer).expect(422);
    expect(taken.body.errors.email).toEqual([MESSAGES.emailTaken]);
    expect(await orm(api).findOne(User, { email: user.email })).not.toBeNull();
  });

  it('single sign-on users keep the address of their identity provider; an impersonating super admin cannot change it', async () => {
    const sso = await member('caller', 'sso');
    const ssoSession = await sessionWithoutPassword(sso.user.email);
    const profile = await profileOf(sso.user.email);
    const refused = await saveProfile(ssoSession, { ...profile, email: `someone.else@${sso.domain}` }).expect(422);
    expect(refused.body.errors.email).toEqual([PROFILE_MESSAGES.emailFromSso]);

    const admin = await signedIn(api, await aSuperAdmin(api));
    const target = await member('caller');
    const impersonated = await api
      .http()
      .get(`/api/auth/super_admin/login_as_user/${target.user.id}`)
      .set(bearer(admin))
      .expect(200);
    const targetProfile = await profileOf(target.user.email);
    await saveProfile(impersonated.body.access_token, { ...targetProfile, email: `carl.new@${target.domain}` }).expect(
      403,
    );
  });

  /** A session as the SSO login would start it (the account has no password). */
  async function sessionWithoutPassword(email: string): Promise<string> {
    const em = api.app.get(MikroORM).em;
    const user = await em.fork().findOneOrFail(User, { email });
    const sessions = api.app.get(SessionTokenService);
    return (await RequestContext.create(em, () => sessions.startSession(user))).access_token;
  }
});
