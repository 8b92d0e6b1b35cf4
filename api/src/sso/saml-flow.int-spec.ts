import { Company, LoginEvent, User } from '@casebridge/db';
import { inflateRawSync } from 'node:zlib';
import { bearer, startApi, type ApiHarness } from '../../test/api-harness';
import { orm } from '../../test/member-fixtures';
import { generateIdpKeys, samlResponse, type IdpKeys, type ResponseOptions } from '../../test/saml-idp';

const SP_ENTITY = 'http://casebridge.test/saml2/umbrella/metadata';
const ACS = 'http://casebridge.test/saml2/umbrella/acs';
const IDP_SSO = 'https://idp.umbrella.test/sso';
const IDP_ISSUER = 'https://idp.umbrella.test/entity';

describe('SAML single sign-on (/saml2/{slug})', () => {
  let api: ApiHarness;
  let keys: IdpKeys;
  let otherKeys: IdpKeys;

  const response = (overrides: Partial<ResponseOptions> = {}) =>
    samlResponse({
      keys,
      issuer: IDP_ISSUER,
      audience: SP_ENTITY,
      acsUrl: ACS,
      email: 'caller@umbrella.test',
      ...overrides,
    });
  const post = (SAMLResponse: string, RelayState?: string) =>
    api
      .http()
      .post('/saml2/umbrella/acs')
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
    // Umbrella has only a caller, so its trust is set up in the database rather than through the admin call.
    await orm(api).nativeUpdate(
      Company,
      { slug: 'umbrella' },
      {
        ssoIdpFederationUrl: IDP_SSO,
        ssoIdpLogoutUrl: 'https://idp.umbrella.test/logout',
        ssoIdpCertificate: keys.cert,
      },
    );
  }, 120_000);
  afterAll(() => api?.close());

  it('serves the SP metadata of sso companies and 404 for others', async () => {
    const metadata = await api.http().get('/saml2/umbrella/metadata').buffer(true).expect(200);
    expect(metadata.headers['content-type']).toMatch(/xml/);
    expect(metadata.text).toContain(`entityID="${SP_ENTITY}"`);
    expect(metadata.text).toContain(`Location="${ACS}"`);
    expect(metadata.text).toContain('WantAssertionsSigned="true"');
    await api.http().get('/saml2/no-such-company/metadata').expect(404);
    await api.http().get('/saml2/acme/metadata').expect(404);
  });

  it('sends the browser to the federation url with an AuthnRequest and keeps redir as RelayState', async () => {
    const answer = await api.http().get('/saml2/umbrella/login?redir=cases').expect(302);
    const target = new URL(answer.headers.location as string);
    expect(`${target.origin}${target.pathname}`).toBe(IDP_SSO);
    expect(target.searchParams.get('RelayState')).toBe('cases');
    const request = inflateRawSync(Buffer.from(target.searchParams.get('SAMLRequest')!, 'base64')).toString('utf8');
    expect(request).toContain(`AssertionConsumerServiceURL="${ACS}"`);
    expect(request).toContain(`>${SP_ENTITY}</saml:Issuer>`);

    // A company without single sign-on goes back to its page with the reason.
    const acme = await api.http().get('/saml2/acme/login').expect(302);
    expect(acme.headers.location).toBe('/acme?sso_error=not_configured');
  });

  it('signs a valid response in through the one-time auto-login token and records the login', async () => {
    const user = await orm(api).findOneOrFail(User, { email: 'caller@umbrella.test' });
    const before = await orm(api).count(LoginEvent, { user });
    const answer = await post(await response(), 'cases');
    expect(answer.headers.location).toMatch(/^\/auto_login\/[A-Za-z0-9_-]+\?redir=cases$/);
    expect(await signedInAs(answer.headers.location as string)).toBe('caller@umbrella.test');
    expect(await orm(api).count(LoginEvent, { user })).toBe(before + 1);
  });

  it('accepts the answer to its own AuthnRequest and refuses one to a request it never sent', async () => {
    const login = await api.http().get('/saml2/umbrella/login').expect(302);
    const encoded = new URL(login.headers.location as string).searchParams.get('SAMLRequest')!;
    const request = inflateRawSync(Buffer.from(encoded, 'base64')).toString('utf8');
    const requestId = /ID="([^"]+)"/.exec(request)![1];
    const answered = await post(await response({ inResponseTo: requestId }));
    expect(answered.headers.location).toMatch(/^\/auto_login\//);
    expect(await refusalOf(await response({ inResponseTo: '_never-sent' }))).toBe(
      '/umbrella?sso_error=invalid_response',
    );
  });

  it('creates an unknown user of an sso company on the first sign-on', async () => {
    const answer = await post(
      await response({ email: 'new.engineer@umbrella.test', attributes: { firstName: 'Nia', lastName: 'Reyes' } }),
    );
    expect(await signedInAs(answer.headers.location as string)).toBe('new.engineer@umbrella.test');
    const created = await orm(api).findOneOrFail(
      User,
      { email: 'new.engineer@umbrella.test' },
      { populate: ['company'] },
    );
    expect(created).toMatchObject({
      firstName: 'Nia',
      lastName: 'Reyes',
      role: 'caller',
      registrationType: 'sso',
      approvalStatus: 'approved',
    });
    expect(created.company?.slug).toBe('umbrella');
  });

  it('holds a new user for approval when the company requires it', async () => {
    await orm(api).nativeUpdate(Company, { slug: 'umbrella' }, { requiresApproval: true });
    try {
      expect(await refusalOf(await response({ email: 'pending@umbrella.test' }))).toBe(
        '/umbrella?sso_error=pending_approval',
      );
      const pending = await orm(api).findOneOrFail(User, { email: 'pending@umbrella.test' });
      expect(pending.approvalStatus).toBe('pending');
    } finally {
      await orm(api).nativeUpdate(Company, { slug: 'umbrella' }, { requiresApproval: false });
    }
  });

  it('refuses users of another company and inactive users', async () => {
    expect(await refusalOf(await response({ email: 'caller@acme.test' }))).toBe('/umbrella?sso_error=unknown_user');
    await orm(api).nativeUpdate(User, { email: 'new.engineer@umbrella.test' }, { status: 'inactive' });
    expect(await refusalOf(await response({ email: 'new.engineer@umbrella.test' }))).toBe(
      '/umbrella?sso_error=inactive',
    );
  });

  it.each([
    ['unsigned', { signAssertion: false }],
    ['signed by another certificate', { keys: undefined as unknown as IdpKeys }],
    ['expired', { lifetimeSeconds: -600 }],
    ['for another audience', { audience: 'http://casebridge.test/saml2/acme/metadata' }],
    ['addressed to another destination', { destination: 'http://evil.test/acs' }],
    ['for another recipient', { acsUrl: 'http://evil.test/acs', destination: ACS }],
  ] as const)('refuses a response %s', async (_name, overrides) => {
    const options = 'keys' in overrides ? { keys: otherKeys } : overrides;
    expect(await refusalOf(await response(options))).toBe('/umbrella?sso_error=invalid_response');
  });

  it('refuses a replayed assertion', async () => {
    const once = await response();
    expect((await post(once)).headers.location).toMatch(/^\/auto_login\//);
    expect(await refusalOf(once)).toBe('/umbrella?sso_error=replayed');
  });

  it('continues a sign-out to the identity provider, or to the company page without one', async () => {
    const umbrella = await api.http().get('/saml2/umbrella/logout').expect(302);
    expect(umbrella.headers.location).toBe('https://idp.umbrella.test/logout');
    const acme = await api.http().get('/saml2/acme/logout').expect(302);
    expect(acme.headers.location).toBe('/acme');
    await api.http().get('/saml2/no-such-company/logout').expect(404);
  });
});
