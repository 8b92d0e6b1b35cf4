import type { ExportShape, GroupDocumentShape, SuperAdminGroupPartner } from '@casebridge/contracts';
import {
  CompanyGroupRelation,
  GroupDocument,
  type Community,
  type Company,
  type ContactDocument,
  type Department,
} from '@casebridge/db';
import ExcelJS from 'exceljs';
import { existsSync } from 'node:fs';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { bearer, startApi, type ApiHarness } from '../../../../test/kit/api-harness';
import { binary, finishedExport } from '../../../test/export-files';
import { startExportWorker, type ExportWorker } from '../../../../test/kit/export-worker';
import {
  aCompany,
  aDepartment,
  aGroup,
  aGroupDocument,
  aProcess,
  aSignedInUser,
  aSuperAdmin,
  domainOf,
  signedIn,
  uniqueName,
} from '../../../../test/kit/factories';
import { orm } from '../../../../test/kit/member-fixtures';

const LIMIT = 4096;
const PDF = Buffer.from('%PDF-1.4\nshared by the back office\n');

describe('super admin groups: partners and documents', () => {
  let api: ApiHarness;
  let worker: ExportWorker;
  let storage: string;
  let admin: string;
  let groupId: number;
  // The host (elite) with the department and process it takes part through; a partner to add with its process
  // and a department; a third company with a process; another group with a document of its member.
  let host: Company;
  let hostDepartment: Department;
  let hostProcess: ContactDocument;
  let partner: Company;
  let partnerProcess: ContactDocument;
  let partnerDepartment: Department;
  let third: Company;
  let thirdProcess: ContactDocument;
  let otherGroup: Community;
  let otherGroupMember: Company;
  let otherGroupDocument: GroupDocument;

  beforeAll(async () => {
    storage = await mkdtemp(join(tmpdir(), 'casebridge-sa-group-members-'));
    api = await startApi({ STORAGE_DIR: storage, UPLOAD_LIMIT_BYTES: String(LIMIT) });
    worker = await startExportWorker();
    admin = await signedIn(api, await aSuperAdmin(api));
    // The partner is made before the host, so its name sorts first (the list is ordered by company name).
    partner = await aCompany(api);
    partnerDepartment = await aDepartment(api, partner);
    partnerProcess = await aProcess(api, { company: partner, departments: [partnerDepartment] });
    host = await aCompany(api, { membershipType: 'elite' });
    hostDepartment = await aDepartment(api, host);
    hostProcess = await aProcess(api, { company: host, departments: [hostDepartment] });
    third = await aCompany(api);
    thirdProcess = await aProcess(api, { company: third });
    otherGroupMember = await aCompany(api);
    otherGroup = await aGroup(api, {
      members: [{ company: otherGroupMember }, { company: partner, process: partnerProcess }],
    });
    otherGroupDocument = await aGroupDocument(api, { group: otherGroup, company: otherGroupMember });
    // The program under test, made through the group form as the back office does.
    const created = await api
      .http()
      .post('/api/super_admin/groups/0')
      .set(bearer(admin))
      .send({
        name: 'Members Test Program',
        type: 'partner_program',
        vhost: uniqueName('members-test'),
        sponsor_company_id: host.id,
        department_id: hostDepartment.id,
        document_id: hostProcess.id,
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
        company: { id: host.id, name: host.name },
        department: { id: hostDepartment.id, name: hostDepartment.name },
        document: { id: hostProcess.id, name: hostProcess.name },
        membership_type: 'elite',
        is_active: 1,
        is_host: true,
      },
    ]);
  });

  it('adds a company with its process (whole company or a department) and refuses a second relation', async () => {
    const added = await post(`super_admin/groups/${groupId}/partners/add`, {
      company_id: partner.id,
      document_id: partnerProcess.id,
      department_id: 0,
    }).expect(200);
    expect(added.body).toMatchObject({
      success: true,
      message: 'The partner has been added.',
      partner: { company: { id: partner.id }, department: null, is_host: false, is_active: 1 },
    });
    const again = await post(`super_admin/groups/${groupId}/partners/add`, {
      company_id: partner.id,
      document_id: partnerProcess.id,
      department_id: 0,
    }).expect(422);
    expect(again.body.errors.company_id).toEqual(['This company is already a partner of the group.']);
    await post(`super_admin/groups/${groupId}/partners/add`, {
      company_id: partner.id,
      document_id: partnerProcess.id,
      department_id: partnerDepartment.id,
    }).expect(200);
    expect((await partners()).map((row) => [row.company.name, row.department?.name ?? null])).toEqual([
      [partner.name, null],
      [partner.name, partnerDepartment.name],
      [host.name, hostDepartment.name],
    ]);
  });

  it('answers 422 per field when adding a partner, and stores nothing', async () => {
    const before = await orm(api).count(CompanyGroupRelation, { community: groupId });
    const cases: [object, string, string][] = [
      [{ document_id: 1, department_id: 0 }, 'company_id', 'The company is required.'],
      [{ company_id: 999999, document_id: 1 }, 'company_id', 'The selected company is invalid.'],
      [{ company_id: third.id, department_id: 0 }, 'document_id', 'The process is required.'],
      [
        { company_id: third.id, document_id: partnerProcess.id },
        'document_id',
        'The process must be a process of the company.',
      ],
      [
        {
          company_id: third.id,
          document_id: thirdProcess.id,
          department_id: hostDepartment.id,
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
    const row = (await partners()).find((listed) => listed.department?.id === partnerDepartment.id)!;
    // The same company's relation in another group is not this group's to remove.
    const elsewhere = await orm(api).findOneOrFail(CompanyGroupRelation, {
      community: otherGroup.id,
      company: partner.id,
    });
    await get(`super_admin/groups/${groupId}/partners/${elsewhere.id}/remove`).expect(404);
    const answer = await get(`super_admin/groups/${groupId}/partners/${row.id}/remove`).expect(200);
    expect(answer.body).toEqual({ success: true, message: 'The partner has been removed.' });
    expect((await partners()).map((partner) => partner.id)).not.toContain(row.id);
    await get(`super_admin/groups/${groupId}/partners/${row.id}/remove`).expect(404);
  });

  it('uploads a file and a link for a partner, downloads the file and deletes both', async () => {
    const link = await upload()
      .field('name', 'Partner portal')
      .field('company_id', String(partner.id))
      .field('document_type', 'url')
      .field('url', `https://${domainOf(partner)}/portal`)
      .expect(200);
    expect(link.body.document).toMatchObject({
      name: 'Partner portal',
      url: `https://${domainOf(partner)}/portal`,
      can_delete: true,
    });
    const file = await upload()
      .field('name', 'Escalation matrix')
      .field('company_id', String(host.id))
      .field('document_type', 'file')
      .attach('file', PDF, 'matrix.pdf')
      .expect(200);
    const shared = file.body.document as GroupDocumentShape;
    expect(shared).toMatchObject({
      company_name: host.name,
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
    const base = () => upload().field('name', 'Doc').field('company_id', String(partner.id));
    const noName = await upload().field('company_id', String(partner.id)).field('document_type', 'url').expect(422);
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
      .field('company_id', String(third.id))
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
      company_id: partner.id,
      document_id: partnerProcess.id,
    }).expect(404);
    await get('super_admin/groups/999999/documents').expect(404);
    await upload(999999)
      .field('name', 'x')
      .field('company_id', String(partner.id))
      .field('document_type', 'url')
      .field('url', 'https://x.test')
      .expect(404);
    await get(`super_admin/groups/${groupId}/documents/999999/delete`).expect(404);
    await get('super_admin/groups/documents/999999/download').expect(404);
    // Another group's document is not this group's to delete.
    await get(`super_admin/groups/${groupId}/documents/${otherGroupDocument.id}/delete`).expect(404);
  });

  it('answers 403 to company admins and callers', async () => {
    // Admins and callers of a member of the group, whose document it is: still not theirs to reach here.
    const alliance = otherGroup;
    const doc = otherGroupDocument;
    for (const role of ['business_manager', 'caller'] as const) {
      const { token } = await aSignedInUser(api, { company: otherGroupMember, role });
      await get(`super_admin/groups/${alliance.id}/partners`, token).expect(403);
      await get(`super_admin/groups/${alliance.id}/partners/export`, token).expect(403);
      await post(
        `super_admin/groups/${alliance.id}/partners/add`,
        { company_id: third.id, document_id: 1 },
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
