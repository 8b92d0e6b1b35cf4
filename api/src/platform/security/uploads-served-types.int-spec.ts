import { CaseAttachment, Community, Company, GroupDocument } from '@casebridge/db';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Response } from 'supertest';
import { bearer, startApi, type ApiHarness } from '../../../../test/kit/api-harness';
import { binary } from '../../../test/export-files';
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
import { orm } from '../../../../test/kit/member-fixtures';

/**
 * Stored files are served with the type their content proves from the allow-list of their kind of upload, never
 * the type the uploader declared nor one a row kept (docs/decisions.md, uploads): a PDF declared as text/html
 * comes back as application/pdf from every download, and anything not identified (HTML, SVG, an older row's file)
 * as an application/octet-stream attachment. X-Content-Type-Options: nosniff is on every answer.
 */

const PDF = Buffer.from('%PDF-1.4\n1 0 obj\n<<>>\nendobj\ntrailer\n<<>>\n%%EOF\n');
const PNG = Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c489', 'hex');
const HTML = Buffer.from('<!DOCTYPE html><html><body><script>alert(document.cookie)</script></body></html>');
const SVG = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><script>alert(2)</script></svg>');
const AS_HTML = { contentType: 'text/html' };
const OCTET_STREAM = 'application/octet-stream';

describe('stored files are served by verified content (real PostgreSQL and Redis)', () => {
  let api: ApiHarness;
  let storage: string;
  let superAdmin: string;
  let ourAdmin: string;
  let ours: Company;
  let ourProcess: number;
  let ourGroup: number;
  let caseToken: string;

  beforeAll(async () => {
    storage = await mkdtemp(join(tmpdir(), 'casebridge-served-types-'));
    api = await startApi({ STORAGE_DIR: storage });
    ours = await aCompany(api);
    [superAdmin, ourAdmin] = await Promise.all([
      aSuperAdmin(api).then((admin) => signedIn(api, admin)),
      aUser(api, { company: ours, role: 'business_manager' }).then((admin) => signedIn(api, admin)),
    ]);
    ourProcess = (await aProcess(api, { company: ours })).id;
    ourGroup = (await aGroup(api, { members: [{ company: ours }] })).id;
    // An accepted case of ours (sent to a partner): its members may add and download attachments.
    const partnerProcess = await aProcess(api, { company: await aCompany(api) });
    const caller = await aUser(api, { company: ours, role: 'caller' });
    caseToken = (await aCase(api, { from: caller, to: partnerProcess, status: 'accepted' })).token;
  }, 60_000);

  afterAll(async () => {
    await api?.close();
    await rm(storage, { recursive: true, force: true });
  });

  const get = (path: string, token?: string) => {
    const request = api.http().get(path).buffer(true).parse(binary);
    return token ? request.set(bearer(token)) : request;
  };
  const post = (path: string, token: string) => api.http().post(`/api/${path}`).set(bearer(token));

  /** The answer's type, whether it is a download, and that the browser may not sniff another type. */
  function served(response: Response) {
    expect(response.status).toBe(200);
    return {
      type: response.headers['content-type'],
      download: String(response.headers['content-disposition'] ?? '').startsWith('attachment'),
      nosniff: response.headers['x-content-type-options'],
    };
  }
  const pdfDownload = { type: 'application/pdf', download: true, nosniff: 'nosniff' };
  const unidentified = { type: OCTET_STREAM, download: true, nosniff: 'nosniff' };

  /** Replaces a stored file's content, as an older upload (or a file placed before this rule) would have it. */
  const overwrite = (stored: string, content: Buffer) => writeFile(join(storage, stored), content);

  it('case attachments: a PDF declared text/html is application/pdf; HTML, SVG and older rows are octet-streams', async () => {
    const uploaded = await post(`caller/case/${caseToken}/attachments`, ourAdmin)
      .attach('files', PDF, { filename: 'report.pdf', ...AS_HTML })
      .attach('files', HTML, { filename: 'page.html', ...AS_HTML })
      .attach('files', SVG, { filename: 'drawing.svg', contentType: 'image/svg+xml' })
      .attach('files', HTML, { filename: 'disguised.pdf', contentType: 'application/pdf' })
      .expect(200);
    const [pdf, ...others] = uploaded.body.attachments as { id: number }[];
    const download = (id: number) => get(`/api/caller/case/${caseToken}/attachments/${id}`, ourAdmin);

    expect(served(await download(pdf.id))).toEqual(pdfDownload);
    for (const other of others) expect(served(await download(other.id))).toEqual(unidentified);
    // The row keeps the verified type, not the declared one.
    expect((await orm(api).findOneOrFail(CaseAttachment, pdf.id)).mimeType).toBe('application/pdf');

    // A row written before this rule holds the declared type: the download decides from the content anyway.
    await orm(api).nativeUpdate(
      CaseAttachment,
      { id: [pdf.id, ...others.map((o) => o.id)] },
      { mimeType: 'text/html' },
    );
    expect(served(await download(pdf.id))).toEqual(pdfDownload);
    for (const other of others) expect(served(await download(other.id))).toEqual(unidentified);
  });

  it('group documents: every download (admin, back office, member) serves the type the content proves', async () => {
    const upload = (path: string, token: string, file: Buffer, filename: string) =>
      post(path, token)
        .field('name', filename)
        .field('company_id', String(ours.id))
        .field('document_type', 'file')
        .attach('file', file, { filename, ...AS_HTML })
        .expect(200);
    const byAdmin = await upload(`admin/company/partner_groups/${ourGroup}/documents/upload`, ourAdmin, PDF, 'm.pdf');
    const byBackOffice = await upload(`super_admin/groups/${ourGroup}/documents/upload`, superAdmin, PNG, 'd.png');
    const downloads = (id: number) => [
      get(`/api/admin/company/partner_groups/${ourGroup}/documents/${id}/download`, ourAdmin),
      get(`/api/super_admin/groups/documents/${id}/download`, superAdmin),
      get(`/api/caller/partner_groups/${ourGroup}/documents/${id}/download`, ourAdmin),
    ];
    const pdfId = Number(byAdmin.body.document.id);
    const pngId = Number(byBackOffice.body.document.id);
    for (const answer of downloads(pdfId)) expect(served(await answer)).toEqual(pdfDownload);
    for (const answer of downloads(pngId)) {
      expect(served(await answer)).toEqual({ ...pdfDownload, type: 'image/png' });
    }

    // Older rows kept a declared type, and their files may hold anything: the content decides.
    await orm(api).nativeUpdate(GroupDocument, { id: [pdfId, pngId] }, { mimeType: 'text/html' });
    for (const answer of downloads(pdfId)) expect(served(await answer)).toEqual(pdfDownload);
    await overwrite((await orm(api).findOneOrFail(GroupDocument, pngId)).filePath!, SVG);
    for (const answer of downloads(pngId)) expect(served(await answer)).toEqual(unidentified);
  });

  it('the group form: addendum and banner come back as what their content proves, wherever they are served', async () => {
    const vhost = uniqueName('served-types');
    const saved = await post('super_admin/groups/0', superAdmin)
      .field('name', 'Served Types Program')
      .field('type', 'partner_program')
      .field('status', 'active')
      .field('sponsor_company_id', String(ours.id))
      .field('department_id', '0')
      .field('document_id', String(ourProcess))
      .field('vhost', vhost)
      .attach('addendum_file', PDF, { filename: 'Addendum.pdf', ...AS_HTML })
      .attach('group_banner', PNG, { filename: 'banner.png', ...AS_HTML })
      .expect(200);
    const groupId = Number(saved.body.id);
    const addenda = () => [
      get(`/api/super_admin/groups/${groupId}/addendum`, superAdmin),
      get(`/api/admin/company/partner_groups/${groupId}/addendum`, ourAdmin),
      get(`/api/onboarding/${vhost}/agreement/addendum`),
    ];
    const banner = () => get(`/resources/group_banner/${vhost}`);
    for (const answer of addenda()) expect(served(await answer)).toEqual(pdfDownload);
    expect(served(await banner())).toEqual({ type: 'image/png', download: false, nosniff: 'nosniff' });

    // Files placed before this rule (a stored SVG banner, a page kept as the addendum) are downloads only.
    const group = await orm(api).findOneOrFail(Community, groupId);
    await overwrite(group.addendumPath!, HTML);
    await overwrite(group.bannerPath!, SVG);
    for (const answer of addenda()) expect(served(await answer)).toEqual(unidentified);
    expect(served(await banner())).toEqual(unidentified);
  });

  it('company logos: a PNG declared text/html is image/png; a stored SVG logo is an octet-stream download', async () => {
    const slug = uniqueName('served-logo');
    await post('super_admin/companies/0', superAdmin)
      .field('name', `Company ${slug}`)
      .field('slug', slug)
      .attach('logo_file', PNG, { filename: 'logo.png', ...AS_HTML })
      .expect(200);
    const logo = () => get(`/resources/company_logo/${slug}`);
    expect(served(await logo())).toEqual({ type: 'image/png', download: false, nosniff: 'nosniff' });

    const company = await orm(api).findOneOrFail(Company, { slug });
    await overwrite('logos/older.svg', SVG);
    await orm(api).nativeUpdate(Company, { id: company.id }, { logoPath: 'logos/older.svg' });
    expect(served(await logo())).toEqual(unidentified);
  });
});
