import type { ExportShape, GroupDocumentShape, SuperAdminGroupPartner } from '@casebridge/contracts';
import { Community, CompanyGroupRelation, GroupDocument } from '@casebridge/db';
import ExcelJS from 'exceljs';
import { existsSync } from 'node:fs';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { bearer, startApi, type ApiHarness } from '../../../test/api-harness';
import { binary, finishedExport } from '../../../test/export-files';
import { startExportWorker, type ExportWorker } from '../../../test/export-worker';
import { demoIds, orm, type DemoIds } from '../../../test/member-fixtures';

const LIMIT = 4096;
const PDF = Buffer.from('%PDF-1.4\nshared by the back office\n');

describe('super admin groups: partners and documents', () => {
  let api: ApiHarness;
  let worker: ExportWorker;
  let storage: string;
  let admin: string;
  let ids: DemoIds;
  let groupId: number;

  beforeAll(async () => {
    storage = await mkdtemp(join(tmpdir(), 'casebridge-sa-group-members-'));
    api = await startApi({ STORAGE_DIR: storage, UPLOAD_LIMIT_BYTES: String(LIMIT) });
    worker = await startExportWorker();
    admin = await api.login('admin@casebridge.test');
    ids = await demoIds(api);
    // A program of our own, hosted by Globex, so the seeded groups stay as other tests expect them.
    const created = await api
      .http()
      .post('/api/super_admin/groups/0')
      .set(bearer(admin))
      .send({
        name: 'Members Test Program',
        type: 'partner_program',
        vhost: 'members-test',
        sponsor_company_id: ids.globex,
        department_id: ids.departments['Enterprise Storage Support'],
        document_id: ids.documents['Globex Storage Collaboration'],
      })
      .expect(200);
    groupId = created.body.id as number;
  }, 60_000);

  afterAll(async () => {
    await worker?.close();
    await api?.close();
    await rm(storage, { recursive: true, force: true });
  });

  const get = (path: string, token = admin) => api.http().get(`/api/${path}`).set(bearer(token));
  const post = (path: string, body: object, token = admin) =>
    api.http().post(`/api/${path}`).set(bearer(token)).send(body);
  const upload = (id = groupId, token = admin) =>
    api.http().post(`/api/super_admin/groups/${id}/documents/upload`).set(bearer(token));
  const partners = async () =>
    (await get(`super_admin/groups/${groupId}/partners`).expect(200)).body.partners as SuperAdminGroupPartner[];
  const staged = async () => readdir(join(storage, 'groups', 'incoming')).catch(() => []);

  it('lists the host as the first partner, with its department and process', async () => {
    expect(await partners()).toEqual([
      {
        id: expect.any(Number),
        company: { id: ids.globex, name: 'Globex Storage' },
        department: { id: ids.departments['Enterprise Storage Support'], name: 'Enterprise Storage Support' },
        document: { id: ids.documents['Globex Storage Collaboration'], name: 'Globex Storage Collaboration' },
        membership_type: 'elite',
        is_active: 1,
        is_host: true,
      },
    ]);
  });

  it('adds a company with its process (whole company or a department) and refuses a second relation', async () => {
    const added = await post(`super_admin/groups/${groupId}/partners/add`, {
      company_id: ids.acme,
      document_id: ids.documents['Acme Systems Collaboration'],
      department_id: 0,
    }).expect(200);
    expect(added.body).toMatchObject({
      success: true,
      message: 'The partner has been added.',
      partner: { company: { id: ids.acme }, department: null, is_host: false, is_active: 1 },
    });
    const again = await post(`super_admin/groups/${groupId}/partners/add`, {
      company_id: ids.acme,
      document_id: ids.documents['Acme Systems Collaboration'],
      department_id: 0,
    }).expect(422);
    expect(again.body.errors.company_id).toEqual(['This company is already a partner of the group.']);
    await post(`super_admin/groups/${groupId}/partners/add`, {
      company_id: ids.acme,
      document_id: ids.documents['Acme Systems Collaboration'],
      department_id: ids.departments['Network Support'],
    }).expect(200);
    expect((await partners()).map((row) => [row.company.name, row.department?.name ?? null])).toEqual([
      ['Acme Systems', null],
      ['Acme Systems', 'Network Support'],
      ['Globex Storage', 'Enterprise Storage Support'],
    ]);
  });

  it('answers 422 per field when adding a partner, and stores nothing', async () => {
    const before = await orm(api).count(CompanyGroupRelation, { community: groupId });
    const cases: [object, string, string][] = [
      [{ document_id: 1, department_id: 0 }, 'company_id', 'The company is required.'],
      [{ company_id: 999999, document_id: 1 }, 'company_id', 'The selected company is invalid.'],
      [{ company_id: ids.initech, department_id: 0 }, 'document_id', 'The process is required.'],
      [
        { company_id: ids.initech, document_id: ids.documents['Acme Systems Collaboration'] },
        'document_id',
        'The process must be a process of the company.',
      ],
      [
        {
          company_id: ids.initech,
          document_id: ids.documents['Initech Network Collaboration'],
          department_id: ids.departments['Storage Engineering'],
        },
        'department_id',
        'The department must be a department of the company.',
      ],
    ];
    for (const [body, field, message] of cases) {
      const answer = await post(`super_admin/groups/${groupId}/partners/add`, body).expect(422);
      expect([body, answer.body.errors[field]]).toEqual([body, [message]]);
    }
    expect(await orm(api).count(CompanyGroupRelation, { community: groupId })).toBe(before);
  });

  it('exports the partners as a spreadsheet', async () => {
    const started = (await get(`super_admin/groups/${groupId}/partners/export`).expect(200)).body.export as ExportShape;
    expect(started.kind).toBe('group_partners');
    const current = await finishedExport(api, admin, started);
    expect(current.status).toBe('ready');
    expect(current.file_name).toMatch(/^Members-Test-Program-partners\.\d{6}\.xlsx$/);
    const file = await get(`exports/${started.id}/download`).buffer(true).parse(binary).expect(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(file.body as unknown as ArrayBuffer);
    const rows: unknown[][] = [];
    workbook.worksheets[0].eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
    expect(rows[0]).toEqual(['Company', 'Department', 'Collaboration Process', 'Membership', 'Active', 'Host']);
    expect(rows.slice(1).map((row) => [row[0], row[5]])).toEqual(
      (await partners()).sort((a, b) => a.id - b.id).map((row) => [row.company.name, row.is_host ? 'Yes' : 'No']),
    );
    await get('super_admin/groups/999999/partners/export').expect(404);
  });

  it('removes a partner relation; unknown or another group’s relation is 404', async () => {
    const row = (await partners()).find((partner) => partner.department?.name === 'Network Support')!;
    const seeded = await orm(api).findOneOrFail(CompanyGroupRelation, {
      community: { name: 'Storage Alliance' },
      company: ids.acme,
    });
    await get(`super_admin/groups/${groupId}/partners/${seeded.id}/remove`).expect(404);
    const answer = await get(`super_admin/groups/${groupId}/partners/${row.id}/remove`).expect(200);
    expect(answer.body).toEqual({ success: true, message: 'The partner has been removed.' });
    expect((await partners()).map((partner) => partner.id)).not.toContain(row.id);
    await get(`super_admin/groups/${groupId}/partners/${row.id}/remove`).expect(404);
  });

  it('uploads a file and a link for a partner, downloads the file and deletes both', async () => {
    const link = await upload()
      .field('name', 'Partner portal')
      .field('company_id', String(ids.acme))
      .field('document_type', 'url')
      .field('url', 'https://acme.test/portal')
      .expect(200);
    expect(link.body.document).toMatchObject({
      name: 'Partner portal',
      url: 'https://acme.test/portal',
      can_delete: true,
    });
    const file = await upload()
      .field('name', 'Escalation matrix')
      .field('company_id', String(ids.globex))
      .field('document_type', 'file')
      .attach('file', PDF, 'matrix.pdf')
      .expect(200);
    const shared = file.body.document as GroupDocumentShape;
    expect(shared).toMatchObject({
      company_name: 'Globex Storage',
      document_type: 'file',
      document_name: 'matrix.pdf',
    });
    const listed = (await get(`super_admin/groups/${groupId}/documents`).expect(200)).body
      .documents as GroupDocumentShape[];
    expect(listed.map((doc) => doc.name)).toEqual(['Escalation matrix', 'Partner portal']);

    const downloaded = await get(`super_admin/groups/documents/${shared.id}/download`)
      .buffer(true)
      .parse(binary)
      .expect(200);
    expect(downloaded.headers['content-disposition']).toContain('matrix.pdf');
    expect((downloaded.body as Buffer).equals(PDF)).toBe(true);

    const stored = await orm(api).findOneOrFail(GroupDocument, { id: shared.id });
    expect(existsSync(join(storage, stored.filePath!))).toBe(true);
    await get(`super_admin/groups/${groupId}/documents/${shared.id}/delete`).expect(200);
    expect(existsSync(join(storage, stored.filePath!))).toBe(false);
    await get(`super_admin/groups/documents/${shared.id}/download`).expect(404);
    await get(`super_admin/groups/${groupId}/documents/${link.body.document.id}/delete`).expect(200);
    expect((await get(`super_admin/groups/${groupId}/documents`).expect(200)).body.documents).toEqual([]);
  });

  it('applies the upload rules: 422 per field, checked file types, 413 with the limit', async () => {
    const base = () => upload().field('name', 'Doc').field('company_id', String(ids.acme));
    const noName = await upload().field('company_id', String(ids.acme)).field('document_type', 'url').expect(422);
    expect(noName.body.errors.name).toEqual(['The name is required.']);
    const noKind = await base().expect(422);
    expect(noKind.body.errors.document_type).toEqual(['The document type must be file or url.']);
    const noUrl = await base().field('document_type', 'url').expect(422);
    expect(noUrl.body.errors.url).toEqual(['The url field is required.']);
    const noFile = await base().field('document_type', 'file').expect(422);
    expect(noFile.body.errors.file).toEqual(['The file field is required.']);
    const script = await base().field('document_type', 'file').attach('file', Buffer.from('#!/bin/sh'), 'run.sh');
    expect(script.status).toBe(422);
    expect(script.body.errors.file[0]).toMatch(/xls, xlsx, doc, docx, pdf, jpg, jpeg, png/);
    const renamed = await base()
      .field('document_type', 'file')
      .attach('file', Buffer.from('MZ'), 'fake.pdf')
      .expect(422);
    expect(renamed.body.errors.file[0]).toMatch(/does not match/);
    const stranger = await upload()
      .field('name', 'Doc')
      .field('company_id', String(ids.umbrella))
      .field('document_type', 'file')
      .attach('file', PDF, 'x.pdf')
      .expect(422);
    expect(stranger.body.errors.company_id).toEqual(['The company is not a partner of this group.']);
    const large = await base()
      .field('document_type', 'file')
      .attach('file', Buffer.concat([PDF, Buffer.alloc(LIMIT)]), 'big.pdf')
      .expect(413);
    expect(large.body.error).toBe('Unable to upload your file. That max file size allowed is 4KB');
    expect(await staged()).toEqual([]);
    expect(await orm(api).count(GroupDocument, { community: groupId })).toBe(0);
  });

  it('answers 404 for unknown groups and documents', async () => {
    await get('super_admin/groups/999999/partners').expect(404);
    await post('super_admin/groups/999999/partners/add', {
      company_id: ids.acme,
      document_id: ids.documents['Acme Systems Collaboration'],
    }).expect(404);
    await get('super_admin/groups/999999/documents').expect(404);
    await upload(999999)
      .field('name', 'x')
      .field('company_id', String(ids.acme))
      .field('document_type', 'url')
      .field('url', 'https://x.test')
      .expect(404);
    await get(`super_admin/groups/${groupId}/documents/999999/delete`).expect(404);
    await get('super_admin/groups/documents/999999/download').expect(404);
    const foreign = await orm(api).findOneOrFail(GroupDocument, { name: 'Acme escalation matrix' });
    await get(`super_admin/groups/${groupId}/documents/${foreign.id}/delete`).expect(404);
  });

  it('answers 403 to company admins and callers', async () => {
    const alliance = await orm(api).findOneOrFail(Community, { name: 'Storage Alliance' });
    const doc = await orm(api).findOneOrFail(GroupDocument, { name: 'Acme escalation matrix' });
    for (const email of ['bm@acme.test', 'caller@acme.test']) {
      const token = await api.login(email);
      await get(`super_admin/groups/${alliance.id}/partners`, token).expect(403);
      await get(`super_admin/groups/${alliance.id}/partners/export`, token).expect(403);
      await post(
        `super_admin/groups/${alliance.id}/partners/add`,
        { company_id: ids.initech, document_id: 1 },
        token,
      ).expect(403);
      await get(`super_admin/groups/${alliance.id}/partners/1/remove`, token).expect(403);
      await get(`super_admin/groups/${alliance.id}/documents`, token).expect(403);
      await upload(alliance.id, token).field('name', 'x').field('document_type', 'url').expect(403);
      await get(`super_admin/groups/documents/${doc.id}/download`, token).expect(403);
      await get(`super_admin/groups/${alliance.id}/documents/${doc.id}/delete`, token).expect(403);
      await post('exports', { kind: 'group_partners', params: { group_id: alliance.id } }, token).expect(403);
    }
    expect(await orm(api).count(GroupDocument, { id: doc.id })).toBe(1);
  });
});
