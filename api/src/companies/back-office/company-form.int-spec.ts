import { COMPANY_SAVED, SLUG_FORMAT, SLUG_TAKEN, uploadTooLargeMessage } from '@casebridge/contracts';
import { Company } from '@casebridge/db';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { bearer, startApi, type ApiHarness } from '../../../../test/kit/api-harness';
import { aCompany, aSuperAdmin, aUser, emOf, signedIn, uniqueName } from '../../../../test/kit/factories';
import { generateIdpKeys, idpMetadataXml } from '../../../test/saml-idp';

const PNG = Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex');
const GIF = Buffer.from('GIF89a\x01\x00\x01\x00', 'latin1');
const IDP_XML = Buffer.from(
  idpMetadataXml({ entityId: 'https://idp.test', ssoUrl: 'https://idp.test/sso', cert: generateIdpKeys().cert }),
);
const UPLOAD_LIMIT = 4096;

describe('super admin company form: create, update, uploads, validation', () => {
  let api: ApiHarness;
  let storage: string;
  let admin: string;
  // Companies the form meets: one whose slug is taken, one saved with its own slug, ours with a business manager
  // and a caller. Companies the form creates get run-unique slugs too.
  let taken: Company;
  let limited: Company;
  let ours: Company;
  let memberTokens: string[];

  beforeAll(async () => {
    storage = await mkdtemp(join(tmpdir(), 'casebridge-sa-company-form-'));
    api = await startApi({ STORAGE_DIR: storage, UPLOAD_LIMIT_BYTES: String(UPLOAD_LIMIT) });
    admin = await signedIn(api, await aSuperAdmin(api));
    taken = await aCompany(api);
    limited = await aCompany(api, { membershipType: 'limited' });
    ours = await aCompany(api);
    memberTokens = [
      await signedIn(api, await aUser(api, { company: ours, role: 'business_manager' })),
      await signedIn(api, await aUser(api, { company: ours, role: 'caller' })),
    ];
  }, 60_000);

  afterAll(async () => {
    await api?.close();
    await rm(storage, { recursive: true, force: true });
  });

  /** Posts the form as the browser does: multipart fields, optional files. */
  function save(
    id: number,
    fields: Record<string, string>,
    files: Record<string, [Buffer, string]> = {},
    token = admin,
  ) {
    let request = api.http().post(`/api/super_admin/companies/${id}`).set(bearer(token));
    for (const [name, value] of Object.entries(fields)) request = request.field(name, value);
    for (const [name, [content, fileName]] of Object.entries(files)) request = request.attach(name, content, fileName);
    return request;
  }

  const stagedLeft = async () => (await readdir(join(storage, 'companies', 'incoming')).catch(() => [])).length;

  it('creates a company with the new-company defaults; allow_notes is always on', async () => {
    const slug = uniqueName('hooli');
    const answer = await save(0, { name: 'Hooli Networks', slug, allow_notes: '0' }).expect(200);
    expect(answer.body).toMatchObject({ success: true, message: COMPANY_SAVED, id: expect.any(Number) });
    expect(answer.body.company).toMatchObject({
      name: 'Hooli Networks',
      slug,
      status: 'active',
      membership_type: 'standard',
      login_method: 'requires_registration',
      show_in_public_web: 1,
      sso_identity_source: 'url',
      allow_notes: true,
      communications_email: null,
      logo: null,
    });
    const stored = await emOf(api).findOneOrFail(Company, { id: answer.body.id });
    expect(stored).toMatchObject({
      slug,
      membershipType: 'standard',
      showInPublicWeb: true,
      allowNotes: true,
    });
  });

  it('answers 422 per field, naming every problem at once, and writes nothing', async () => {
    // A valid, unique domain marks the company this form would have made.
    const domain = `${uniqueName('never-saved')}.test`;
    const answer = await save(0, {
      domain,
      name: ' ',
      slug: 'Not A Slug!',
      url: 'nope',
      membership_type: 'gold',
      login_method: 'fax',
      communications_email: 'not-an-email',
      bcc_response_email: 'also@bad',
      sso_identity_source: 'carrier-pigeon',
      sso_idp_entity_url: 'entity',
      sso_idp_federation_url: 'fed',
      sso_idp_logout_url: 'out',
      show_in_public_web: '1',
    }).expect(422);
    const errors = answer.body.errors as Record<string, string[]>;
    expect(Object.keys(errors).sort()).toEqual(
      [
        'bcc_response_email',
        'communications_email',
        'login_method',
        'membership_type',
        'name',
        'slug',
        'sso_identity_source',
        'sso_idp_entity_url',
        'sso_idp_federation_url',
        'sso_idp_logout_url',
        'url',
      ].sort(),
    );
    expect(errors.slug).toEqual([SLUG_FORMAT]);
    expect(await emOf(api).count(Company, { domain })).toBe(0);
  });

  it('keeps slugs unique and off the portal’s own paths', async () => {
    const copy = await save(0, { name: 'Copy', slug: taken.slug }).expect(422);
    expect(copy.body.errors).toEqual({ slug: [SLUG_TAKEN] });
    expect((await save(0, { name: 'Copy', slug: 'dashboard' }).expect(422)).body.errors.slug).toHaveLength(1);
    const other = await save(ours.id, { name: ours.name, slug: taken.slug }).expect(422);
    expect(other.body.errors).toEqual({ slug: [SLUG_TAKEN] });
    // Its own slug is no conflict.
    await save(limited.id, { name: limited.name, slug: limited.slug, membership_type: 'limited' }).expect(200);
  });

  it('updates every field; empty optional e-mails clear them', async () => {
    const created = await save(0, { name: 'Pied Piper', slug: uniqueName('pied-piper') }).expect(200);
    const id = created.body.id as number;
    const renamed = uniqueName('pied-piper-inc');
    const updated = await save(id, {
      name: 'Pied Piper Inc',
      slug: renamed.toUpperCase(),
      url: 'https://piedpiper.test',
      membership_type: 'elite',
      login_method: 'sso',
      domain: `${renamed}.test`,
      additional_domains: `${uniqueName('pp')}.test`,
      communications_email: 'Out@PiedPiper.test',
      bcc_response_email: 'in@piedpiper.test',
      show_in_public_web: '0',
      login_page_text: '<p>Hello<script>alert(1)</script></p>',
      sso_identity_source: 'url',
      sso_idp_entity_url: 'https://idp.piedpiper.test/entity',
      sso_idp_federation_url: 'https://idp.piedpiper.test/sso',
      sso_idp_logout_url: 'https://idp.piedpiper.test/logout',
    }).expect(200);
    expect(updated.body.company).toMatchObject({
      id,
      name: 'Pied Piper Inc',
      slug: renamed,
      membership_type: 'elite',
      login_method: 'sso',
      communications_email: 'out@piedpiper.test',
      show_in_public_web: 0,
      sso_idp_entity_url: 'https://idp.piedpiper.test/entity',
    });
    expect(updated.body.company.login_page_text).toContain('Hello');
    expect(updated.body.company.login_page_text).not.toContain('script');
    const cleared = await save(id, { name: 'Pied Piper Inc', slug: renamed }).expect(200);
    expect(cleared.body.company).toMatchObject({ communications_email: null, bcc_response_email: null });
    await save(999999, { name: 'Nobody', slug: uniqueName('nobody') }).expect(404);
  });

  it('stores a logo served at /resources/company_logo/{slug} and replaces it', async () => {
    const slug = uniqueName('logo-co');
    const created = await save(0, { name: 'Logo Co', slug }, { logo_file: [PNG, 'logo.png'] }).expect(200);
    expect(created.body.company.logo).toBe(`/resources/company_logo/${slug}`);
    const served = await api.http().get(`/resources/company_logo/${slug}`).buffer(true).expect(200);
    expect(served.headers['content-type']).toBe('image/png');
    const first = (await emOf(api).findOneOrFail(Company, { slug })).logoPath!;

    await save(created.body.id, { name: 'Logo Co', slug }, { logo_file: [GIF, 'logo.gif'] }).expect(200);
    const gif = await api.http().get(`/resources/company_logo/${slug}`).expect(200);
    expect(gif.headers['content-type']).toBe('image/gif');
    await expect(readFile(join(storage, first))).rejects.toThrow();
  });

  it('refuses logos of other types or content, and files over the limit with 413', async () => {
    const [badLogo, big] = [uniqueName('bad-logo'), uniqueName('big')];
    const wrongType = await save(0, { name: 'Bad Logo', slug: badLogo }, { logo_file: [PNG, 'logo.exe'] });
    expect(wrongType.status).toBe(422);
    expect(Object.keys(wrongType.body.errors)).toEqual(['logo_file']);
    const renamed = await save(0, { name: 'Bad Logo', slug: badLogo }, { logo_file: [Buffer.from('MZ...'), 'a.png'] });
    expect(renamed.status).toBe(422);
    const tooBig = await save(
      0,
      { name: 'Big', slug: big },
      { logo_file: [Buffer.alloc(UPLOAD_LIMIT + 1, 1), 'a.png'] },
    );
    expect(tooBig.status).toBe(413);
    expect(tooBig.body.error).toBe(uploadTooLargeMessage('4KB'));
    expect(await emOf(api).count(Company, { slug: { $in: [badLogo, big] } })).toBe(0);
    expect(await stagedLeft()).toBe(0);
  });

  it('stores the SSO identity file under sso/ and clears the read certificate', async () => {
    const slug = uniqueName('sso-co');
    const created = await save(0, { name: 'Sso Co', slug, login_method: 'sso' }).expect(200);
    const em = emOf(api);
    const company = await em.findOneOrFail(Company, { id: created.body.id });
    company.ssoIdpCertificate = 'OLD CERTIFICATE';
    await em.flush();

    const fields = { name: 'Sso Co', slug, login_method: 'sso', sso_identity_source: 'file' };
    const bad = await save(created.body.id, fields, { sso_idp_file: [Buffer.from('plain text'), 'idp.txt'] });
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.body.errors)).toEqual(['sso_idp_file']);

    const saved = await save(created.body.id, fields, { sso_idp_file: [IDP_XML, 'idp.xml'] }).expect(200);
    expect(saved.body.company).toMatchObject({ sso_identity_source: 'file', sso_idp_file: true });
    const stored = await emOf(api).findOneOrFail(Company, { id: created.body.id });
    expect(stored.ssoIdentityFilePath).toMatch(/^sso\/[0-9a-f]+\.xml$/);
    expect(stored.ssoIdpCertificate).toBeNull();
    expect(await readFile(join(storage, stored.ssoIdentityFilePath!))).toEqual(IDP_XML);
    expect(await stagedLeft()).toBe(0);
  });

  it('is for super admins only', async () => {
    for (const token of memberTokens) {
      await save(ours.id, { name: 'Taken Over', slug: ours.slug }, {}, token).expect(403);
    }
    expect((await emOf(api).findOneOrFail(Company, { id: ours.id })).name).toBe(ours.name);
  });
});
