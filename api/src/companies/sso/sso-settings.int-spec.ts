import { MESSAGES, SSO_IDENTITY_FILE_FIELD, SSO_SETTINGS_SAVED } from '@casebridge/contracts';
import { Company } from '@casebridge/db';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { bearer, startApi, type ApiHarness } from '../../../../test/kit/api-harness';
import { aCompany, aUser, signedIn } from '../../../../test/kit/factories';
import { orm } from '../../../../test/kit/member-fixtures';
import { generateIdpKeys, idpMetadataXml, serveMetadata, type IdpKeys } from '../../../test/saml-idp';

const LIMIT = 8 * 1024;

describe('SSO settings (admin.company.sso)', () => {
  let api: ApiHarness;
  let storage: string;
  let keys: IdpKeys;
  let acmeBm: string;
  // Ours (premium, password sign-in) with its admin and a caller; a limited company; an SSO company that must
  // stay untouched.
  let ours: Company;
  let limited: Company;
  let sso: Company;
  let caller: string;
  let limitedBm: string;
  let metadataServer: Awaited<ReturnType<typeof serveMetadata>>;

  const metadataXml = () =>
    idpMetadataXml({
      entityId: 'https://idp.acme.test/entity',
      ssoUrl: 'https://idp.acme.test/sso',
      sloUrl: 'https://idp.acme.test/slo',
      cert: keys.cert,
    });
  const save = (token: string) => api.http().post('/api/admin/company/sso').set(bearer(token));
  const acme = () => orm(api).findOneOrFail(Company, { id: ours.id });

  beforeAll(async () => {
    keys = generateIdpKeys();
    storage = await mkdtemp(join(tmpdir(), 'casebridge-sso-'));
    api = await startApi({ STORAGE_DIR: storage, UPLOAD_LIMIT_BYTES: String(LIMIT) });
    ours = await aCompany(api);
    limited = await aCompany(api, { membershipType: 'limited' });
    sso = await aCompany(api, { loginMethod: 'sso', ssoIdpFederationUrl: 'http://localhost:7000/saml/sso' });
    acmeBm = await signedIn(api, await aUser(api, { company: ours, role: 'business_manager' }));
    caller = await signedIn(api, await aUser(api, { company: ours, role: 'caller' }));
    limitedBm = await signedIn(api, await aUser(api, { company: limited, role: 'business_manager' }));
    metadataServer = await serveMetadata(metadataXml());
    // Booting the app on a busy machine can take longer than one test's timeout.
  }, 120_000);
  afterAll(async () => {
    await metadataServer?.close();
    await api?.close();
    await rm(storage, { recursive: true, force: true });
  });

  it('reads the settings with the service-provider metadata address built from PUBLIC_URL', async () => {
    const response = await api.http().get('/api/admin/company/sso').set(bearer(acmeBm)).expect(200);
    expect(response.body.company).toEqual({
      slug: ours.slug,
      sso_identity_source: 'url',
      sso_idp_entity_url: null,
      sso_idp_federation_url: null,
      sso_idp_logout_url: null,
      sso_login_section: null,
      sso_registration_section: null,
      sso_identity_file: null,
      has_certificate: false,
      metadata_url: `http://casebridge.test/saml2/${ours.slug}/metadata`,
    });
  });

  it('answers 422 per field and writes nothing', async () => {
    const badUrl = await save(acmeBm)
      .field('sso_identity_source', 'url')
      .field('sso_idp_entity_url', metadataServer.url)
      .field('sso_idp_federation_url', 'javascript:alert(1)')
      .expect(422);
    expect(badUrl.body.errors.sso_idp_federation_url).toEqual([
      'The federation url must be a valid http or https address.',
    ]);

    const noEntity = await save(acmeBm).field('sso_identity_source', 'url').expect(422);
    expect(noEntity.body.errors.sso_idp_entity_url).toEqual([
      'The entity url field is required when the identity source is url.',
    ]);

    const noFile = await save(acmeBm).field('sso_identity_source', 'file').expect(422);
    expect(noFile.body.errors[SSO_IDENTITY_FILE_FIELD]).toEqual([
      'The identity file field is required when the identity source is file.',
    ]);

    const notMetadata = await save(acmeBm)
      .field('sso_identity_source', 'file')
      .attach(SSO_IDENTITY_FILE_FIELD, Buffer.from('<note><to>IT</to></note>'), 'idp.xml')
      .expect(422);
    expect(notMetadata.body.errors[SSO_IDENTITY_FILE_FIELD][0]).toMatch(/SAML identity provider metadata/);

    // Metadata without a signing certificate cannot verify anything.
    const withoutCert = metadataXml().replace(/<md:KeyDescriptor[\s\S]*<\/md:KeyDescriptor>/, '');
    await save(acmeBm)
      .field('sso_identity_source', 'file')
      .attach(SSO_IDENTITY_FILE_FIELD, Buffer.from(withoutCert), 'idp.xml')
      .expect(422);

    const unreachable = await save(acmeBm)
      .field('sso_identity_source', 'url')
      .field('sso_idp_entity_url', 'http://127.0.0.1:9/metadata')
      .expect(422);
    expect(unreachable.body.errors.sso_idp_entity_url[0]).toMatch(/could not be read/);

    const company = await acme();
    expect(company.ssoIdpFederationUrl).toBeNull();
    expect(company.ssoIdpCertificate).toBeNull();
    expect(await readdir(storage)).not.toContain('sso');
  });

  it('answers 413 with the configured limit for an oversized file', async () => {
    const large = await save(acmeBm)
      .field('sso_identity_source', 'file')
      .attach(SSO_IDENTITY_FILE_FIELD, Buffer.alloc(LIMIT + 1, 'a'), 'idp.xml')
      .expect(413);
    expect(large.body.error).toBe('Unable to upload your file. That max file size allowed is 8KB');
  });

  it('saves a metadata file: stores it under sso/, keeps the certificate and fills the empty addresses', async () => {
    const response = await save(acmeBm)
      .field('sso_identity_source', 'file')
      .field('sso_idp_logout_url', 'https://logout.acme.test/bye')
      .field('sso_login_section', '<p>Use <b>Acme ID</b></p><script>alert(1)</script>')
      .field('sso_registration_section', '<p onclick="x()">First sign-in creates your account.</p>')
      .attach(SSO_IDENTITY_FILE_FIELD, Buffer.from(metadataXml()), 'acme-idp.xml')
      .expect(200);
    expect(response.body).toMatchObject({ success: true, message: SSO_SETTINGS_SAVED });
    expect(response.body.company).toMatchObject({
      sso_identity_source: 'file',
      sso_idp_entity_url: 'https://idp.acme.test/entity',
      sso_idp_federation_url: 'https://idp.acme.test/sso',
      // Typed by the admin, so the metadata's own logout address does not replace it.
      sso_idp_logout_url: 'https://logout.acme.test/bye',
      sso_login_section: '<p>Use <b>Acme ID</b></p>',
      sso_registration_section: '<p>First sign-in creates your account.</p>',
      has_certificate: true,
    });
    const company = await acme();
    expect(company.ssoIdpCertificate).toContain(keys.cert.split('\n')[1]);
    const stored = await readdir(join(storage, 'sso'));
    expect(stored).toEqual([response.body.company.sso_identity_file]);
    expect(await readFile(join(storage, 'sso', stored[0]), 'utf8')).toBe(metadataXml());

    // Saving again without a new file keeps the stored one.
    await save(acmeBm).field('sso_identity_source', 'file').expect(200);
    expect(await readdir(join(storage, 'sso'))).toEqual(stored);
    const read = await api.http().get('/api/admin/company/sso').set(bearer(acmeBm)).expect(200);
    expect(read.body.company.sso_identity_file).toBe(stored[0]);
  });

  it('saves a url source by reading the IdP metadata at the entity url', async () => {
    await orm(api).nativeUpdate(Company, { id: ours.id }, { ssoIdpCertificate: null });
    const response = await save(acmeBm)
      .field('sso_identity_source', 'url')
      .field('sso_idp_entity_url', metadataServer.url)
      .field('sso_idp_federation_url', '')
      .field('sso_idp_logout_url', '')
      .expect(200);
    expect(response.body.company).toMatchObject({
      sso_identity_source: 'url',
      sso_idp_entity_url: metadataServer.url,
      sso_idp_federation_url: 'https://idp.acme.test/sso',
      sso_idp_logout_url: 'https://idp.acme.test/slo',
      sso_login_section: null,
      has_certificate: true,
    });
  });

  it('never reaches another company: an SSO company stays as it was', async () => {
    const umbrella = await orm(api).findOneOrFail(Company, { id: sso.id });
    expect(umbrella.ssoIdpFederationUrl).toBe('http://localhost:7000/saml/sso');
    expect(umbrella.ssoIdentityFilePath).toBeNull();
  });

  it('is refused to callers (403) and to limited membership with the membership-level alert', async () => {
    await api.http().get('/api/admin/company/sso').set(bearer(caller)).expect(403);
    await save(caller).field('sso_identity_source', 'url').expect(403);

    const read = await api.http().get('/api/admin/company/sso').set(bearer(limitedBm)).expect(403);
    expect(read.body).toEqual({ error: MESSAGES.membershipBlocked });
    const write = await save(limitedBm)
      .field('sso_identity_source', 'url')
      .field('sso_idp_entity_url', metadataServer.url)
      .expect(403);
    expect(write.body).toEqual({ error: MESSAGES.membershipBlocked });
    const company = await orm(api).findOneOrFail(Company, { id: limited.id });
    expect(company.ssoIdpEntityUrl).toBeNull();
  });
});
