import { Company, LoginEvent, User } from '@casebridge/db';
import { inflateRawSync } from 'node:zlib';
import { bearer, startApi, type ApiHarness } from '../../../../test/kit/api-harness';
import { aCompany, aUser, domainOf, uniqueName } from '../../../../test/kit/factories';
import { orm } from '../../../../test/kit/member-fixtures';
import { generateIdpKeys, samlResponse, type IdpKeys, type ResponseOptions } from '../../../test/saml-idp';

// The sso company's slug is chosen here: the service-provider addresses below are built from it.
const SLUG = uniqueName('umbrella');
const SP_ENTITY = `http://casebridge.test/saml2/${SLUG}/metadata`;
const ACS = `http://casebridge.test/saml2/${SLUG}/acs`;
const IDP_SSO = 'https://idp.umbrella.test/sso';
const IDP_ISSUER = 'https://idp.umbrella.test/entity';

describe('SAML single sign-on (/saml2/{slug})', () => {
  let api: ApiHarness;
  let keys: IdpKeys;
  let otherKeys: IdpKeys;
  // "umbrella" signs in by single sign-on through our test IdP; "acme" signs in with a password.
  let umbrella: Company;
  let acme: Company;
  let umbrellaCaller: User;
  let acmeCaller: User;
  /** An address at umbrella's domain nobody has yet. */
  const newAddress = (local: string) => `${local}@${domainOf(umbrella)}`;

  const response = (overrides: Partial<ResponseOptions> = {}) =>
    samlResponse({
      keys,
      issuer: IDP_ISSUER,
      audience: SP_ENTITY,
      acsUrl: ACS,
      email: umbrellaCaller.email,
      ...overrides,
    });
  const post = (SAMLResponse: string, RelayState?: string) =>
    api
      .http()
      .post(`/saml2/${umbrella.slug}/acs`)
      .type('form')
      .send(RelayState ? { SAMLResponse, RelayState } : { SAMLResponse })
      .expect(303);
  const refusalOf = async (SAMLResponse: string) => (await post(SAMLResponse)).headers.location as string;

  /** Follows the hand-over the way the web app's /auto_login page does and answers who is signed in. */
  async function signedInAs(location: string): Promise<string> {
    const token = decodeURIComponent(new URL(location, 'http://x').pathname.split('/').pop()!);
    const session = await api.http().post('/api/caller/auto_login').send({ token }).expect(200);
    const me = await api.http().get('/api/auth/me').set(bearer(session.body.access_token)).expect(200);
    return me.body.user.email as string;
  }

  beforeAll(async () => {
    keys = generateIdpKeys();
    otherKeys = generateIdpKeys('Someone Else');
    api = await startApi();
    // The trust is set up in the database rather than through the admin call (tested in sso-settings).
    umbrella = await aCompany(api, {
      slug: SLUG,
      domain: `${SLUG}.test`,
      loginMethod: 'sso',
      ssoIdpFederationUrl: IDP_SSO,
      ssoIdpLogoutUrl: 'https://idp.umbrella.test/logout',
      ssoIdpCertificate: keys.cert,
    });
    acme = await aCompany(api);
    umbrellaCaller = await aUser(api, { company: umbrella, role: 'caller' });
    acmeCaller = await aUser(api, { company: acme, role: 'caller' });
  }, 120_000);
  afterAll(() => api?.close());

  it('serves the SP metadata of sso companies and 404 for others', async () => {
    const metadata = await api.http().get(`/saml2/${umbrella.slug}/metadata`).buffer(true).expect(200);
    expect(metadata.headers['content-type']).toMatch(/xml/);
    expect(metadata.text).toContain(`entityID="${SP_ENTITY}"`);
    expect(metadata.text).toContain(`Location="${ACS}"`);
    expect(metadata.text).toContain('WantAssertionsSigned="true"');
    await api.http().get('/saml2/no-such-company/metadata').expect(404);
    await api.http().get(`/saml2/${acme.slug}/metadata`).expect(404);
  });

  it('sends the browser to the federation url with an AuthnRequest and keeps redir as RelayState', async () => {
    const answer = await api.http().get(`/saml2/${umbrella.slug}/login?redir=cases`).expect(302);
    const target = new URL(answer.headers.location as string);
    expect(`${target.origin}${target.pathname}`).toBe(IDP_SSO);
    expect(target.searchParams.get('RelayState')).toBe('cases');
    const request = inflateRawSync(Buffer.from(target.searchParams.get('SAMLRequest')!, 'base64')).toString('utf8');
    expect(request).toContain(`AssertionConsumerServiceURL="${ACS}"`);
    expect(request).toContain(`>${SP_ENTITY}</saml:Issuer>`);

    // A company without single sign-on goes back to its page with the reason.
    const noSso = await api.http().get(`/saml2/${acme.slug}/login`).expect(302);
    expect(noSso.headers.location).toBe(`/${acme.slug}?sso_error=not_configured`);
  });

  it('signs a valid response in through the one-time auto-login token and records the login', async () => {
    const user = await orm(api).findOneOrFail(User, { email: umbrellaCaller.email });
    const before = await orm(api).count(LoginEvent, { user });
    const answer = await post(await response(), 'cases');
    expect(answer.headers.location).toMatch(/^\/auto_login\/[A-Za-z0-9_-]+\?redir=cases$/);
    expect(await signedInAs(answer.headers.location as string)).toBe(umbrellaCaller.email);
    expect(await orm(api).count(LoginEvent, { user })).toBe(before + 1);
  });

  it('accepts the answer to its own AuthnRequest and refuses one to a request it never sent', async () => {
    const login = await api.http().get(`/saml2/${umbrella.slug}/login`).expect(302);
    const encoded = new URL(login.headers.location as string).searchParams.get('SAMLRequest')!;
    const request = inflateRawSync(Buffer.from(encoded, 'base64')).toString('utf8');
    const requestId = /ID="([^"]+)"/.exec(request)![1];
    const answered = await post(await response({ inResponseTo: requestId }));
    expect(answered.headers.location).toMatch(/^\/auto_login\//);
    expect(await refusalOf(await response({ inResponseTo: '_never-sent' }))).toBe(
      `/${umbrella.slug}?sso_error=invalid_response`,
    );
  });

  it('creates an unknown user of an sso company on the first sign-on', async () => {
    const answer = await post(
      await response({ email: newAddress('new.engineer'), attributes: { firstName: 'Nia', lastName: 'Reyes' } }),
    );
    expect(await signedInAs(answer.headers.location as string)).toBe(newAddress('new.engineer'));
    const created = await orm(api).findOneOrFail(
      User,
      { email: newAddress('new.engineer') },
      { populate: ['company'] },
    );
    expect(created).toMatchObject({
      firstName: 'Nia',
      lastName: 'Reyes',
      role: 'caller',
      registrationType: 'sso',
      approvalStatus: 'approved',
    });
    expect(created.company?.slug).toBe(umbrella.slug);
  });

  it('holds a new user for approval when the company requires it', async () => {
    await orm(api).nativeUpdate(Company, { id: umbrella.id }, { requiresApproval: true });
    try {
      expect(await refusalOf(await response({ email: newAddress('pending') }))).toBe(
        `/${umbrella.slug}?sso_error=pending_approval`,
      );
      const pending = await orm(api).findOneOrFail(User, { email: newAddress('pending') });
      expect(pending.approvalStatus).toBe('pending');
    } finally {
      await orm(api).nativeUpdate(Company, { id: umbrella.id }, { requiresApproval: false });
    }
  });

  it('refuses users of another company and inactive users', async () => {
    expect(await refusalOf(await response({ email: acmeCaller.email }))).toBe(
      `/${umbrella.slug}?sso_error=unknown_user`,
    );
    await orm(api).nativeUpdate(User, { email: newAddress('new.engineer') }, { status: 'inactive' });
    expect(await refusalOf(await response({ email: newAddress('new.engineer') }))).toBe(
      `/${umbrella.slug}?sso_error=inactive`,
    );
  });

  it.each([
    ['unsigned', { signAssertion: false }],
    ['signed by another certificate', { keys: undefined as unknown as IdpKeys }],
    ['expired', { lifetimeSeconds: -600 }],
    ['for another audience', { audience: 'http://casebridge.test/saml2/another-company/metadata' }],
    ['addressed to another destination', { destination: 'http://evil.test/acs' }],
    ['for another recipient', { acsUrl: 'http://evil.test/acs', destination: ACS }],
  ] as const)('refuses a response %s', async (_name, overrides) => {
    const options = 'keys' in overrides ? { keys: otherKeys } : overrides;
    expect(await refusalOf(await response(options))).toBe(`/${umbrella.slug}?sso_error=invalid_response`);
  });

  it('refuses a replayed assertion', async () => {
    const once = await response();
    expect((await post(once)).headers.location).toMatch(/^\/auto_login\//);
    expect(await refusalOf(once)).toBe(`/${umbrella.slug}?sso_error=replayed`);
  });

  it('continues a sign-out to the identity provider, or to the company page without one', async () => {
    const withIdp = await api.http().get(`/saml2/${umbrella.slug}/logout`).expect(302);
    expect(withIdp.headers.location).toBe('https://idp.umbrella.test/logout');
    const withoutIdp = await api.http().get(`/saml2/${acme.slug}/logout`).expect(302);
    expect(withoutIdp.headers.location).toBe(`/${acme.slug}`);
    await api.http().get('/saml2/no-such-company/logout').expect(404);
  });
});
