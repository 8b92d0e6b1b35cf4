import { COMPANY_SSO_FILE_FIELD, SSO_IDENTITY_FILE_FIELD } from '@casebridge/contracts';
import { Company } from '@casebridge/db';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import type { Test } from 'supertest';
import { bearer, startApi, type ApiHarness } from '../../../../test/kit/api-harness';
import { aCompany, aGroup, aSuperAdmin, aUser, signedIn, uniqueName } from '../../../../test/kit/factories';
import { orm } from '../../../../test/kit/member-fixtures';
import { generateIdpKeys, idpMetadataXml } from '../../../test/saml-idp';
import { activeContentMessage } from '../common/staged-files';

/**
 * Active content (HTML, SVG, XML: markup that runs script when a browser renders it) is refused at upload with
 * 422 on the file's field, by name and by content, on every form that takes typed files. The SSO identity file is
 * the one form that takes XML: it must be SAML metadata (parsed by the server) and is never served back.
 * Case attachments stay opaque files (uploads-by-content and uploads-served-types cover them).
 */

const HTML = Buffer.from('<!DOCTYPE html><html><body><script>alert(document.cookie)</script></body></html>');
const SVG = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>');
/** XML behind a byte order mark and white space: still markup to a browser. */
const XML = Buffer.from('\uFEFF \n<?xml version="1.0"?><x:script xmlns:x="http://www.w3.org/1999/xhtml">1</x:script>');
const ACTIVE: readonly (readonly [string, Buffer])[] = [
  ['page.html', HTML],
  ['page.htm', HTML],
  ['page.xhtml', HTML],
  ['drawing.svg', SVG],
  ['data.xml', XML],
];

interface UploadForm {
  field: string;
  noun: string;
  /** A name the form takes, to send active content under. */
  accepted: string;
  send: (file: Buffer, name: string) => Test;
}

describe('active content is refused at upload (real PostgreSQL and Redis)', () => {
  let api: ApiHarness;
  let storage: string;
  let superAdmin: string;
  let ourAdmin: string;
  let ours: Company;
  let ourGroup: number;
  // Slugs of the companies the back-office form would create: none may exist after a refused upload.
  const probeSlug = uniqueName('active-probe');
  const ssoProbeSlug = uniqueName('sso-probe');

  beforeAll(async () => {
    storage = await mkdtemp(join(tmpdir(), 'casebridge-active-content-'));
    api = await startApi({ STORAGE_DIR: storage });
    ours = await aCompany(api);
    ourGroup = (await aGroup(api, { members: [{ company: ours }] })).id;
    [superAdmin, ourAdmin] = await Promise.all([
      aSuperAdmin(api).then((admin) => signedIn(api, admin)),
      aUser(api, { company: ours, role: 'business_manager' }).then((admin) => signedIn(api, admin)),
    ]);
  }, 60_000);

  afterAll(async () => {
    await api?.close();
    await rm(storage, { recursive: true, force: true });
  });

  const post = (path: string, token: string) => api.http().post(`/api/${path}`).set(bearer(token));
  const groupDocument = (path: string, token: string) => (file: Buffer, name: string) =>
    post(path, token)
      .field('name', 'Shared file')
      .field('company_id', String(ours.id))
      .field('document_type', 'file')
      .attach('file', file, name);

  /** Every form that takes typed files: how to send one, its field and how its messages name the file. */
  const forms: Record<string, UploadForm> = {
    'admin group document': {
      field: 'file',
      noun: 'file',
      accepted: 'report.pdf',
      send: (file, name) =>
        groupDocument(`admin/company/partner_groups/${ourGroup}/documents/upload`, ourAdmin)(file, name),
    },
    'back-office group document': {
      field: 'file',
      noun: 'file',
      accepted: 'report.pdf',
      send: (file, name) => groupDocument(`super_admin/groups/${ourGroup}/documents/upload`, superAdmin)(file, name),
    },
    'company logo': {
      field: 'logo_file',
      noun: 'logo',
      accepted: 'logo.png',
      send: (file, name) =>
        post('super_admin/companies/0', superAdmin)
          .field('name', `Company ${probeSlug}`)
          .field('slug', probeSlug)
          .attach('logo_file', file, name),
    },
    'group banner': {
      field: 'group_banner',
      noun: 'banner',
      accepted: 'banner.png',
      send: (file, name) =>
        post('super_admin/groups/0', superAdmin)
          .field('name', 'Active Probe Group')
          .field('type', 'open_group')
          .attach('group_banner', file, name),
    },
    'group addendum': {
      field: 'addendum_file',
      noun: 'addendum',
      accepted: 'addendum.pdf',
      send: (file, name) =>
        post('super_admin/groups/0', superAdmin)
          .field('name', 'Active Probe Group')
          .field('type', 'open_group')
          .attach('addendum_file', file, name),
    },
  };

  it.each(Object.entries(forms))(
    '%s: HTML, SVG and XML are refused with 422 on the field, by name and by content',
    async (_form, { field, noun, accepted, send }) => {
      const attempts = [...ACTIVE, [accepted, HTML], [accepted, SVG], [accepted, XML]] as const;
      for (const [name, content] of attempts) {
        const response = await send(content, name);
        expect([name, response.status, response.body.errors?.[field]]).toEqual([
          name,
          422,
          [activeContentMessage(noun)],
        ]);
      }
      expect(await orm(api).count(Company, { slug: probeSlug })).toBe(0);
    },
  );

  it('the SSO identity file must be SAML metadata in both forms, and is never served back', async () => {
    const metadata = Buffer.from(
      idpMetadataXml({ entityId: 'https://idp.test', ssoUrl: 'https://idp.test/sso', cert: generateIdpKeys().cert }),
    );
    const adminSso = (file: Buffer, name: string) =>
      post('admin/company/sso', ourAdmin)
        .field('sso_identity_source', 'file')
        .attach(SSO_IDENTITY_FILE_FIELD, file, name);
    const companySso = (file: Buffer, name: string) =>
      post('super_admin/companies/0', superAdmin)
        .field('name', `Company ${ssoProbeSlug}`)
        .field('slug', ssoProbeSlug)
        .field('sso_identity_source', 'file')
        .attach(COMPANY_SSO_FILE_FIELD, file, name);
    const pages = [
      ['idp.xml', HTML],
      ['idp.xml', SVG],
      ['idp.xml', XML],
      ['idp.html', metadata],
      ['idp.svg', metadata],
    ] as const;
    for (const [name, content] of pages) {
      const answers = [await adminSso(content, name), await companySso(content, name)];
      expect(answers.map((answer) => [name, answer.status, Object.keys(answer.body.errors ?? {})])).toEqual([
        [name, 422, [SSO_IDENTITY_FILE_FIELD]],
        [name, 422, [COMPANY_SSO_FILE_FIELD]],
      ]);
    }

    // Real metadata is kept for the server to read; nothing serves the stored file to a browser.
    await adminSso(metadata, 'idp.xml').expect(200);
    await companySso(metadata, 'idp.xml').expect(200);
    const stored = await orm(api).find(Company, { slug: { $in: [ours.slug, ssoProbeSlug] } });
    expect(stored).toHaveLength(2);
    for (const { ssoIdentityFilePath } of stored) {
      expect(ssoIdentityFilePath).toMatch(/^sso\/.+\.xml$/);
      for (const path of [
        `/${ssoIdentityFilePath}`,
        `/storage/${ssoIdentityFilePath}`,
        `/api/storage/${basename(ssoIdentityFilePath!)}`,
      ]) {
        const answer = await api.http().get(path);
        expect([path, answer.status, String(answer.headers['content-type'] ?? '')]).toEqual([
          path,
          404,
          expect.not.stringMatching(/xml/),
        ]);
      }
    }
  });
});
