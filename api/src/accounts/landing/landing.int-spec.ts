import { MESSAGES } from '@casebridge/contracts';
import type { Company, User } from '@casebridge/db';
import { bearer, startApi, tokenFromLink, type ApiHarness } from '../../../../test/kit/api-harness';
import { aCompany, aUser, domainOf, uniqueName } from '../../../../test/kit/factories';

describe('company landing pages and e-mail login links', () => {
  let api: ApiHarness;
  // A registration company with a manager and a key contact; a public company that signs in by e-mail link.
  let acme: Company;
  let globex: Company;
  let acmeManager: User;
  let acmeKeyContact: User;
  let globexCaller: User;

  beforeAll(async () => {
    api = await startApi();
    acme = await aCompany(api);
    globex = await aCompany(api, {
      name: `Globex Storage ${uniqueName('globex')}`,
      loginMethod: 'email_link',
      showInPublicWeb: true,
    });
    acmeManager = await aUser(api, { company: acme, role: 'business_manager' });
    acmeKeyContact = await aUser(api, { company: acme, role: 'caller', overrides: { isKeyContact: true } });
    globexCaller = await aUser(api, { company: globex, role: 'caller' });
  });
  afterAll(() => api.close());

  it('GET /api/caller/landing/:slug returns the company, managers, key contacts, countries and group', async () => {
    const response = await api.http().get(`/api/caller/landing/${acme.slug}`).expect(200);
    expect(response.body.company).toMatchObject({
      slug: acme.slug,
      name: acme.name,
      login_method: 'requires_registration',
      membership_type: 'premium',
      status: 'active',
    });
    expect(response.body.manager).toEqual([{ first_name: acmeManager.firstName, last_name: acmeManager.lastName }]);
    expect(response.body.countries.length).toBeGreaterThan(100);
    expect(Array.isArray(response.body.key_contacts)).toBe(true);
    expect(response.body.key_contacts).toEqual([expect.objectContaining({ last_name: acmeKeyContact.lastName })]);
    await api.http().get('/api/caller/landing/no-such-company').expect(404);
  });

  it('POST /api/caller/landing_page searches public companies from 2 characters', async () => {
    // A company like globex that is not shown on the public web is never found.
    const hidden = await aCompany(api, { name: `${globex.name} hidden` });
    const response = await api.http().post('/api/caller/landing_page').send({ term: globex.name }).expect(200);
    const slugs = response.body.map((company: { slug: string }) => company.slug);
    expect(slugs).toContain(globex.slug);
    expect(slugs).not.toContain(hidden.slug);
    const short = await api.http().post('/api/caller/landing_page').send({ term: 'g' }).expect(422);
    expect(short.body.errors.term).toHaveLength(1);
    // LIKE wildcards are matched literally.
    await api.http().post('/api/caller/landing_page').send({ term: '%%' }).expect(200, []);
  });

  it('mails a login link to an e-mail-link company user; the link signs in once', async () => {
    await api
      .http()
      .post('/api/caller/link')
      .send({ email: globexCaller.email, company_id: globex.id, agree_confirm: true })
      .expect(200, { message: MESSAGES.loginLinkSent });
    const mail = await api.lastMailTo(globexCaller.email, 'login-link');
    const token = tokenFromLink(mail.variables.link);
    const signedIn = await api.http().post('/api/caller/auto_login').send({ token }).expect(200);
    const me = await api.http().get('/api/auth/me').set(bearer(signedIn.body.access_token)).expect(200);
    expect(me.body.user.email).toBe(globexCaller.email);
    await api.http().post('/api/caller/auto_login').send({ token }).expect(401, { error: MESSAGES.invalidToken });
  });

  it('creates the account of a new address on the company domain, asking for a profile update', async () => {
    const address = `new.engineer@${domainOf(globex)}`;
    await api
      .http()
      .post('/api/caller/link')
      .send({ email: address, company_id: globex.id, agree_confirm: true })
      .expect(200);
    const mail = await api.lastMailTo(address, 'login-link');
    const signedIn = await api
      .http()
      .post('/api/caller/auto_login')
      .send({ token: tokenFromLink(mail.variables.link) })
      .expect(200);
    const me = await api.http().get('/api/auth/me').set(bearer(signedIn.body.access_token)).expect(200);
    expect(me.body.user).toMatchObject({ role: 'caller', force_update_profile: true, company_id: globex.id });
  });

  it('refuses other domains (422), companies without e-mail login (403) and a missing agreement (422)', async () => {
    const wrong = await api
      .http()
      .post('/api/caller/link')
      .send({ email: `someone@${domainOf(acme)}`, company_id: globex.id, agree_confirm: true })
      .expect(422);
    expect(wrong.body.errors.email[0]).toBe(MESSAGES.loginLinkWrongDomain);
    await api
      .http()
      .post('/api/caller/link')
      .send({ email: acmeKeyContact.email, company_id: acme.id, agree_confirm: true })
      .expect(403);
    const noAgree = await api
      .http()
      .post('/api/caller/link')
      .send({ email: globexCaller.email, company_id: globex.id })
      .expect(422);
    expect(noAgree.body.errors.agree_confirm[0]).toBe(MESSAGES.privacyPolicy);
    await api
      .http()
      .post('/api/caller/link')
      .send({ email: globexCaller.email, company_id: 'abc', agree_confirm: true })
      .expect(422);
  });

  it('auto_login refuses unknown tokens and missing fields', async () => {
    await api.http().post('/api/caller/auto_login').send({ token: 'nope' }).expect(401);
    await api.http().post('/api/caller/auto_login').send({}).expect(422);
  });
});
