import { GROUP_NOT_FOUND, type ExportShape, type SuperAdminGroupRow } from '@casebridge/contracts';
import {
  Community,
  CompanyGroupRelation,
  DocumentGroup,
  GroupDocument,
  type Company,
  type ContactDocument,
} from '@casebridge/db';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { bearer, startApi, type ApiHarness } from '../../../../test/kit/api-harness';
import { exportSheetRows, finishedExport } from '../../../test/export-files';
import { startExportWorker, type ExportWorker } from '../../../../test/kit/export-worker';
import {
  aCaseRow,
  aCompany,
  aDepartment,
  aGroup,
  aProcess,
  aSignedInUser,
  aSuperAdmin,
  aUser,
  signedIn,
  uniqueName,
} from '../../../../test/kit/factories';
import { orm } from '../../../../test/kit/member-fixtures';

describe('super admin groups: list, export, search and delete', () => {
  let api: ApiHarness;
  let worker: ExportWorker;
  let storage: string;
  let admin: string;
  // A partner program (host and partner active, one case through the host's process) and an open group (two active
  // members, one inactive); a company of neither, the partner of the disposable groups, with a process.
  let alliance: Community;
  let allianceHost: Company;
  let allianceVhost: string;
  let openGroup: Community;
  let outsider: Company;
  let outsiderProcess: ContactDocument;

  beforeAll(async () => {
    storage = await mkdtemp(join(tmpdir(), 'casebridge-sa-groups-'));
    api = await startApi({ STORAGE_DIR: storage });
    worker = await startExportWorker();
    admin = await signedIn(api, await aSuperAdmin(api));

    allianceHost = await aCompany(api);
    const hostProcess = await aProcess(api, { company: allianceHost });
    const alliancePartner = await aCompany(api);
    allianceVhost = uniqueName('storage-alliance');
    alliance = await aGroup(api, {
      sponsor: allianceHost,
      members: [{ company: allianceHost, process: hostProcess }, { company: alliancePartner }],
      overrides: {
        name: `Storage Alliance ${uniqueName('alliance')}`,
        vhost: allianceVhost,
        document: hostProcess.id,
        price: 1200,
        priceThreeYears: 3240,
      },
    });
    const submitter = await aUser(api, { company: alliancePartner, role: 'caller' });
    await aCaseRow(api, { from: submitter, to: hostProcess });

    openGroup = await aGroup(api, {
      type: 'open_group',
      members: [{ company: await aCompany(api) }, { company: await aCompany(api) }],
    });
    const em = orm(api);
    em.create(CompanyGroupRelation, { community: openGroup.id, company: (await aCompany(api)).id, isActive: false });
    await em.flush();

    outsider = await aCompany(api);
    outsiderProcess = await aProcess(api, { company: outsider });
  }, 60_000);

  afterAll(async () => {
    await worker?.close();
    await api?.close();
    await rm(storage, { recursive: true, force: true });
  });

  const get = (path: string, token = admin) => api.http().get(`/api/${path}`).set(bearer(token));
  const post = (path: string, body: object, token = admin) =>
    api.http().post(`/api/${path}`).set(bearer(token)).send(body);

  /** A group of our own with stored files, an inactive relation and a shared document. */
  async function disposableGroup(name: string) {
    const em = orm(api);
    await mkdir(join(storage, 'groups', 'disposable'), { recursive: true });
    const files = ['banner.png', 'addendum.pdf', 'shared.pdf'].map((file) =>
      join('groups', 'disposable', `${name}-${file}`),
    );
    for (const file of files) await writeFile(join(storage, file), 'x');
    const community = em.create(Community, {
      name,
      type: 'open_group',
      bannerPath: files[0],
      addendumPath: files[1],
    });
    em.create(CompanyGroupRelation, { community, company: outsider.id, isActive: false });
    em.create(GroupDocument, {
      community,
      company: outsider.id,
      name: 'Shared',
      documentType: 'file',
      filePath: files[2],
    });
    await em.flush();
    return { id: community.id, files };
  }

  it('lists every group by name with type, host, partner companies and the registration page', async () => {
    const { groups } = (await get('super_admin/groups').expect(200)).body as { groups: SuperAdminGroupRow[] };
    expect(groups.map((row) => row.name)).toEqual(
      [...groups.map((row) => row.name)].sort((a, b) => a.localeCompare(b)),
    );
    expect(groups.find((row) => row.id === alliance.id)).toEqual({
      id: alliance.id,
      name: alliance.name,
      type: 'partner_program',
      status: 'active',
      host: { id: allianceHost.id, name: allianceHost.name },
      companies: 2,
      registration_page: `http://casebridge.test/join/${allianceVhost}`,
    });
    const open = groups.find((row) => row.id === openGroup.id)!;
    expect(open).toMatchObject({ name: openGroup.name, type: 'open_group', host: null, registration_page: null });
    // Active partners only: the inactive relation is not counted.
    expect(open.companies).toBe(2);
    expect(open.companies).toBe(await orm(api).count(CompanyGroupRelation, { community: open.id, isActive: true }));
  });

  it('exports groups.xlsx with the same rows', async () => {
    const started = (await get('super_admin/groups/export').expect(200)).body.export as ExportShape;
    expect(started.kind).toBe('groups');
    const ready = await finishedExport(api, admin, started);
    expect(ready.status).toBe('ready');
    expect(ready.file_name).toMatch(/^groups\.\d{6}\.xlsx$/);
    const rows = await exportSheetRows(api, admin, ready.id);
    expect(rows[0].slice(0, 6)).toEqual(['Name', 'Group Type', 'Host', 'Companies', 'Status', 'Registration Page']);
    const allianceRow = rows.find((row) => row[0] === alliance.name)!;
    expect(allianceRow.slice(0, 8)).toEqual([
      alliance.name,
      'Partner Program',
      allianceHost.name,
      2,
      'Active',
      `http://casebridge.test/join/${allianceVhost}`,
      1200,
      3240,
    ]);
    // The same groups as the list, in its order (the export covers the whole network, as the list does).
    const { groups } = (await get('super_admin/groups').expect(200)).body as { groups: SuperAdminGroupRow[] };
    expect(rows.slice(1).map((row) => row[0])).toEqual(groups.map((row) => row.name));
    expect(rows.slice(1).map((row) => row[0])).toContain(openGroup.name);
  });

  it('searches groups by name from 2 characters', async () => {
    // A part from inside the name, in lower case: "lliance <unique part>" of "Storage Alliance <unique part>".
    const term = alliance.name.slice('Storage A'.length).toLowerCase();
    const found = (await post('super_admin/groups/search', { term }).expect(200)).body.groups;
    expect(found).toEqual([{ id: alliance.id, name: alliance.name, type: 'partner_program' }]);
    expect((await post('super_admin/groups/search', { term: '%_' }).expect(200)).body.groups).toEqual([]);
    const short = await post('super_admin/groups/search', { term: 'a' }).expect(422);
    expect(short.body.errors.term).toEqual(['The search term must be at least 2 characters.']);
  });

  it('refuses to delete a group others depend on, with the reasons', async () => {
    const answer = await get(`super_admin/groups/${alliance.id}/delete`).expect(409);
    expect(answer.body.error).toBe(
      `${alliance.name} cannot be deleted: it has 2 active partners, has 1 case routed through it. ` +
        'Set the group inactive instead.',
    );
    expect(await orm(api).count(Community, { id: alliance.id })).toBe(1);

    // No partner left, but a process is still offered to it: deleting would open that process to everyone.
    const { id } = await disposableGroup('Offered Group');
    const em = orm(api);
    em.create(DocumentGroup, { community: id, document: outsiderProcess.id });
    await em.flush();
    const offered = await get(`super_admin/groups/${id}/delete`).expect(409);
    expect(offered.body.error).toBe(
      'Offered Group cannot be deleted: it has 1 process offered to it. Set the group inactive instead.',
    );
  });

  it('refuses while a department routes its cases through the group', async () => {
    const { id } = await disposableGroup('Routing Group');
    // A department the group serves, which has received a case.
    const receiver = await aCompany(api);
    const department = await aDepartment(api, receiver, { community: id });
    const process = await aProcess(api, { company: receiver, departments: [department] });
    const submitter = await aUser(api, { company: await aCompany(api), role: 'caller' });
    await aCaseRow(api, { from: submitter, to: process, overrides: { receiverDepartment: department.id } });
    const answer = await get(`super_admin/groups/${id}/delete`).expect(409);
    expect(answer.body.error).toBe(
      'Routing Group cannot be deleted: it has 1 case routed through it. Set the group inactive instead.',
    );
  });

  it('deletes a group with what only it owns and its stored files', async () => {
    const { id, files } = await disposableGroup('Disposable Group');
    const answer = await get(`super_admin/groups/${id}/delete`).expect(200);
    expect(answer.body).toEqual({ success: true, message: 'Group deleted.' });
    const em = orm(api);
    expect(await em.count(Community, { id })).toBe(0);
    expect(await em.count(CompanyGroupRelation, { community: id })).toBe(0);
    expect(await em.count(GroupDocument, { community: id })).toBe(0);
    for (const file of files) expect(existsSync(join(storage, file))).toBe(false);
    await get(`super_admin/groups/${id}/delete`).expect(404, { error: GROUP_NOT_FOUND });
  });

  it('answers 403 to company admins and callers', async () => {
    for (const role of ['business_manager', 'caller'] as const) {
      const { token } = await aSignedInUser(api, { company: allianceHost, role });
      await get('super_admin/groups', token).expect(403);
      await get('super_admin/groups/export', token).expect(403);
      await post('super_admin/groups/search', { term: 'alliance' }, token).expect(403);
      await get(`super_admin/groups/${openGroup.id}/delete`, token).expect(403);
      await post('exports', { kind: 'groups', params: {} }, token).expect(403);
    }
    expect(await orm(api).count(Community, { id: openGroup.id })).toBe(1);
  });
});
