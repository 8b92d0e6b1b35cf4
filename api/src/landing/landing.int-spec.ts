import { MESSAGES } from '@casebridge/contracts';
import { bearer, startApi, tokenFromLink, type ApiHarness } from '../../test/api-harness';

describe('company landing pages and e-mail login links', () => {
  let api: ApiHarness;

  beforeAll(async () => {
    api = await startApi();
  });
  afterAll(() => api.close());

  it('GET /api/caller/landing/:slug returns the company, managers, key contacts, countries and group', async () => {
    const response = await api.http().get('/api/caller/landing/acme').expect(200);
    expect(response.body.company).toMatchObject({
      slug: 'acme',
      name: 'Acme Systems',
      login_method: 'requires_registration',
      membership_type: 'premium',
      status: 'active',
    });
    expect(response.body.manager.length).toBeGreaterThan(0);
    expect(response.body.countries.length).toBeGreaterThan(100);
    expect(Array.isArray(response.body.key_contacts)).toBe(true);
    await api.http().get('/api/caller/landing/no-such-company').expect(404);
  });

  it('POST /api/caller/landing_page searches public companies from 2 characters', async () => {
    const response = await api.http().post('/api/caller/landing_page').send({ term: 'gl' }).expect(200);
    expect(response.body.map((company: { slug: string }) => company.slug)).toContain('globex');
    const short = await api.http().post('/api/caller/landing_page').send({ term: 'g' }).expect(422);
    expect(short.body.errors.term).toHaveLength(1);
    // LIKE wildcards are matched literally.
    await api.http().post('/api/caller/landing_page').send({ term: '%%' }).expect(200, []);
  });

  it('mails a login link to an e-mail-link company user; the link signs in once', async () => {
    const globex = (await api.http().get('/api/caller/landing/globex').expect(200)).body.company;
    await api
      .http()
      .post('/api/caller/link')
      .send({ email: 'caller@globex.test', company_id: globex.id, agree_confirm: true })
      .expect(200, { message: MESSAGES.loginLinkSent });
    const mail = await api.lastMailTo('caller@globex.test', 'login-link');
    const token = tokenFromLink(mail.variables.link);
    const signedIn = await api.http().post('/api/caller/auto_login').send({ token }).expect(200);
    const me = await api.http().get('/api/auth/me').set(bearer(signedIn.body.access_token)).expect(200);
    expect(me.body.user.email).toBe('caller@globex.test');
    await api.http().post('/api/caller/auto_login').send({ token }).expect(401, { error: MESSAGES.invalidToken });
  });

  it('creates the account of a new address on the company domain, asking for a profile update', async () => {
    const globex = (await api.http().get('/api/caller/landing/globex').expect(200)).body.company;
    await api
      .http()
      .post('/api/caller/link')
      .send({ email: 'new.engineer@globex.test', company_id: globex.id, agree_confirm: true })
      .expect(200);
    const mail = await api.lastMailTo('new.engineer@globex.test', 'login-link');
    const signedIn = await api
      .http()
      .post('/api/caller/auto_login')
      .send({ token: tokenFromLink(mail.variables.link) })
      .expect(200);
    const me = await api.http().get('/api/auth/me').set(bearer(signedIn.body.access_token)).expect(200);
    expect(me.body.user).toMatchObject({ role: 'caller', force_update_profile: true, company_id: globex.id });
  });

  it('refuses other domains (422), companies without e-mail login (403) and a missing agreement (422)', async () => {
    const landing = async (slug: string) =>
      (await api.http().get(`/api/caller/landing/${slug}`).expect(200)).body.company;
    const globex = await landing('globex');
    const acme = await landing('acme');
    const wrong = await api
      .http()
      .post('/api/caller/link')
      .send({ email: 'someone@acme.test', company_id: globex.id, agree_confirm: true })
      .expect(422);
    expect(wrong.body.errors.email[0]).toBe(MESSAGES.loginLinkWrongDomain);
    await api
      .http()
      .post('/api/caller/link')
      .send({ email: 'caller@acme.test', company_id: acme.id, agree_confirm: true })
      .expect(403);
    const noAgree = await api
      .http()
      .post('/api/caller/link')
      .send({ email: 'caller@globex.test', company_id: globex.id })
      .expect(422);
    expect(noAgree.body.errors.agree_confirm[0]).toBe(MESSAGES.privacyPolicy);
    await api
      .http()
      .post('/api/caller/link')
      .send({ email: 'caller@globex.test', company_id: 'abc', agree_confirm: true })
      .expect(422);
  });

  it('auto_login refuses unknown tokens and missing fields', async () => {
    await api.http().post('/api/caller/auto_login').send({ token: 'nope' }).expect(401);
    await api.http().post('/api/caller/auto_login').send({}).expect(422);
  });
});
