import {
  allEndpoints,
  COMPANY_LOGO_FIELD,
  COMPANY_SSO_FILE_FIELD,
  SSO_IDENTITY_FILE_FIELD,
} from '@casebridge/contracts';
import type { Company } from '@casebridge/db';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Response, Test } from 'supertest';
import { bearer, startApi, type ApiHarness } from '../../../../test/kit/api-harness';
import {
  aCase,
  aCompany,
  aGroup,
  aProcess,
  aSuperAdmin,
  aUser,
  signedIn,
  uniqueName,
} from '../../../../test/kit/factories';

/**
 * Uploads are checked by content, not by name: for every multipart endpoint of the contracts, a file with an
 * accepted name but hostile content (an HTML page with a script, an ELF executable) is refused with 422 on the
 * file's field. Case attachments are opaque files by design (docs/decisions.md "Security suite"): only
 * executables are refused there.
 */

const HTML = Buffer.from('<!DOCTYPE html><html><body><script>alert(document.cookie)</script></body></html>');
const ELF = Buffer.concat([Buffer.from([0x7f, 0x45, 0x4c, 0x46, 0x02, 0x01, 0x01, 0x00]), Buffer.alloc(56)]);
const PDF = Buffer.from('%PDF-1.4\n1 0 obj\n<<>>\nendobj\ntrailer\n<<>>\n%%EOF\n');
const PNG = Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex');
const HOSTILE: readonly (readonly [string, Buffer])[] = [
  ['HTML with a script', HTML],
  ['an ELF executable', ELF],
];

describe('uploads are checked by content (real PostgreSQL and Redis)', () => {
  let api: ApiHarness;
  let storage: string;
  let superAdmin: string;
  let ourAdmin: string;
  let ours: Company;
  let ourGroup: number;
  let caseToken: string;
  // The company the back-office form creates once its logo passes.
  const probeSlug = uniqueName('upload-probe');

  beforeAll(async () => {
    storage = await mkdtemp(join(tmpdir(), 'casebridge-security-uploads-'));
    api = await startApi({ STORAGE_DIR: storage });
    ours = await aCompany(api);
    superAdmin = await signedIn(api, await aSuperAdmin(api));
    ourAdmin = await signedIn(api, await aUser(api, { company: ours, role: 'business_manager' }));
    ourGroup = (await aGroup(api, { members: [{ company: ours }] })).id;
    // An accepted case of ours (sent to a partner): attachments are taken once the receiver has answered.
    const partnerProcess = await aProcess(api, { company: await aCompany(api) });
    const caller = await aUser(api, { company: ours, role: 'caller' });
    caseToken = (await aCase(api, { from: caller, to: partnerProcess, status: 'accepted' })).token;
  }, 60_000);

  afterAll(async () => {
    await api?.close();
    await rm(storage, { recursive: true, force: true });
  });

  const post = (path: string, token: string) => api.http().post(`/api/${path}`).set(bearer(token));

  function expectRefused(response: Response, field: string): void {
    expect([response.status, Object.keys((response.body as { errors?: object }).errors ?? {})]).toEqual([
      422,
      expect.arrayContaining([field]),
    ]);
  }

  /** Every upload form: how to send a file under an accepted name, and the field its refusal names. */
  const forms: Record<string, { send: (file: Buffer) => Test; field: string; valid?: Buffer }> = {
    'POST admin/company/partner_groups/:groupId/documents/upload': {
      field: 'file',
      valid: PDF,
      send: (file) =>
        post(`admin/company/partner_groups/${ourGroup}/documents/upload`, ourAdmin)
          .field('name', 'Quarterly report')
          .field('company_id', String(ours.id))
          .field('document_type', 'file')
          .attach('file', file, 'report.pdf'),
    },
    'POST super_admin/groups/:id/documents/upload': {
      field: 'file',
      valid: PDF,
      send: (file) =>
        post(`super_admin/groups/${ourGroup}/documents/upload`, superAdmin)
          .field('name', 'Quarterly report')
          .field('company_id', String(ours.id))
          .field('document_type', 'file')
          .attach('file', file, 'report.pdf'),
    },
    'POST admin/company/sso': {
      field: SSO_IDENTITY_FILE_FIELD,
      send: (file) =>
        post('admin/company/sso', ourAdmin)
          .field('sso_identity_source', 'file')
          .attach(SSO_IDENTITY_FILE_FIELD, file, 'idp-metadata.xml'),
    },
    'POST super_admin/companies/:id': {
      field: COMPANY_LOGO_FIELD,
      valid: PNG,
      send: (file) =>
        post('super_admin/companies/0', superAdmin)
          .field('name', `Company ${probeSlug}`)
          .field('slug', probeSlug)
          .attach(COMPANY_LOGO_FIELD, file, 'logo.png'),
    },
    'POST super_admin/groups/:id': {
      field: 'addendum_file',
      valid: PDF,
      send: (file) =>
        post('super_admin/groups/0', superAdmin)
          .field('name', 'Upload Probe Group')
          .field('type', 'open_group')
          .field('status', 'active')
          .attach('addendum_file', file, 'addendum.pdf'),
    },
    'POST caller/case/:token/attachments': {
      field: 'files',
      send: (file) => post(`caller/case/${caseToken}/attachments`, ourAdmin).attach('files', file, 'report.pdf'),
    },
    // The integration API's upload: the case page's service, so the same opaque-file rule.
    'POST v1/collaboration-requests/:token/attachments': {
      field: 'files',
      send: (file) =>
        post(`v1/collaboration-requests/${caseToken}/attachments`, ourAdmin).attach('files', file, 'report.pdf'),
    },
  };

  it('covers every multipart endpoint of the contracts', () => {
    const multipart = allEndpoints()
      .filter((endpoint) => endpoint.multipart)
      .map((endpoint) => `${endpoint.method} ${endpoint.path}`);
    expect(Object.keys(forms).sort()).toEqual(multipart.sort());
  });

  describe.each(Object.entries(forms).filter(([name]) => !name.includes('/attachments')))('%s', (_name, form) => {
    it.each(HOSTILE)('refuses %s under an accepted name with 422', async (_label, content) => {
      expectRefused(await form.send(content), form.field);
    });

    // The control: the same request with real content of that type passes the file check.
    if (form.valid) {
      const valid = form.valid;
      it('accepts real content under the same name', async () => {
        const response = await form.send(valid);
        expect((response.body as { errors?: object }).errors ?? {}).not.toHaveProperty(form.field);
      });
    }
  });

  it('the company form also checks the identity file and the group form its banner by content', async () => {
    expectRefused(
      await post('super_admin/companies/0', superAdmin)
        .field('name', `Company ${probeSlug}`)
        .field('slug', probeSlug)
        .field('sso_identity_source', 'file')
        .attach(COMPANY_SSO_FILE_FIELD, ELF, 'idp.xml'),
      COMPANY_SSO_FILE_FIELD,
    );
    for (const content of [HTML, ELF]) {
      expectRefused(
        await post('super_admin/groups/0', superAdmin)
          .field('name', 'Upload Probe Group')
          .field('type', 'open_group')
          .attach('group_banner', content, 'banner.png'),
        'group_banner',
      );
    }
  });

  it('case attachments are opaque files: an executable is refused, other content is kept as a download', async () => {
    const form = forms['POST caller/case/:token/attachments'];
    expectRefused(await form.send(ELF), form.field);
    const html = await form.send(HTML).expect(200);
    const [stored] = html.body.attachments as { id: number; original_filename: string }[];
    expect(stored.original_filename).toBe('report.pdf');

    // The same through v1, whose 422 lists its fields as problem details.
    const v1 = forms['POST v1/collaboration-requests/:token/attachments'];
    const refused = await v1.send(ELF).expect(422);
    expect(refused.body.errors).toEqual([{ field: v1.field, message: expect.stringContaining('Executable') }]);
    const kept = await v1.send(HTML).expect(201);
    expect(kept.body.data[0]).toMatchObject({ file_name: 'report.pdf', content_type: 'application/octet-stream' });
  });
});
