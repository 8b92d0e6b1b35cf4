import { GROUP_NOT_FOUND, type ExportShape, type SuperAdminGroupRow } from '@casebridge/contracts';
import { Community, CompanyGroupRelation, Department, DocumentGroup, GroupDocument } from '@casebridge/db';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { bearer, startApi, type ApiHarness } from '../../../test/api-harness';
import { exportSheetRows, finishedExport } from '../../../test/export-files';
import { startExportWorker, type ExportWorker } from '../../../test/export-worker';
import { demoIds, orm, type DemoIds } from '../../../test/member-fixtures';

describe('super admin groups: list, export, search and delete', () => {
  let api: ApiHarness;
  let worker: ExportWorker;
  let storage: string;
  let admin: string;
  let ids: DemoIds;
  const group: Record<string, number> = {};

  beforeAll(async () => {
    storage = await mkdtemp(join(tmpdir(), 'casebridge-sa-groups-'));
    api = await startApi({ STORAGE_DIR: storage });
    worker = await startExportWorker();
    admin = await api.login('admin@casebridge.test');
    ids = await demoIds(api);
    for (const community of await orm(api).find(Community, {})) group[community.name] = community.id;
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
    em.create(CompanyGroupRelation, { community, company: ids.initech, isActive: false });
    em.create(GroupDocument, {
      community,
      company: ids.initech,
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
    expect(groups.find((row) => row.name === 'Storage Alliance')).toEqual({
      id: group['Storage Alliance'],
      name: 'Storage Alliance',
      type: 'partner_program',
      status: 'active',
      host: { id: ids.globex, name: 'Globex Storage' },
      companies: 2,
      registration_page: 'http://casebridge.test/join/storage-alliance',
    });
    const open = groups.find((row) => row.name === 'Open Interop Group')!;
    expect(open).toMatchObject({ type: 'open_group', host: null, registration_page: null });
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
    const alliance = rows.find((row) => row[0] === 'Storage Alliance')!;
    expect(alliance.slice(0, 8)).toEqual([
      'Storage Alliance',
      'Partner Program',
      'Globex Storage',
      2,
      'Active',
      'http://casebridge.test/join/storage-alliance',
      1200,
      3240,
    ]);
    expect(rows.length - 1).toBe(await orm(api).count(Community, {}));
  });

  it('searches groups by name from 2 characters', async () => {
    const found = (await post('super_admin/groups/search', { term: 'alli' }).expect(200)).body.groups;
    expect(found).toEqual([{ id: group['Storage Alliance'], name: 'Storage Alliance', type: 'partner_program' }]);
    expect((await post('super_admin/groups/search', { term: '%_' }).expect(200)).body.groups).toEqual([]);
    const short = await post('super_admin/groups/search', { term: 'a' }).expect(422);
    expect(short.body.errors.term).toEqual(['The search term must be at least 2 characters.']);
  });

  it('refuses to delete a group others depend on, with the reasons', async () => {
    const answer = await get(`super_admin/groups/${group['Storage Alliance']}/delete`).expect(409);
    expect(answer.body.error).toMatch(
      /^Storage Alliance cannot be deleted: it has 2 active partners, has \d+ cases? routed/,
    );
    expect(await orm(api).count(Community, { id: group['Storage Alliance'] })).toBe(1);

    // No partner left, but a process is still offered to it: deleting would open that process to everyone.
    const { id } = await disposableGroup('Offered Group');
    const em = orm(api);
    em.create(DocumentGroup, { community: id, document: ids.documents['Initech Network Collaboration'] });
    await em.flush();
    const offered = await get(`super_admin/groups/${id}/delete`).expect(409);
    expect(offered.body.error).toBe(
      'Offered Group cannot be deleted: it has 1 process offered to it. Set the group inactive instead.',
    );
  });

  it('refuses while a department routes its cases through the group', async () => {
    const { id } = await disposableGroup('Routing Group');
    const em = orm(api);
    const [routed] = await em
      .getConnection()
      .execute<{ id: number }[]>(
        'select receiver_department_id as id from cases where receiver_department_id is not null limit 1',
      );
    const department = await em.findOneOrFail(Department, { id: routed.id });
    const previous = department.community;
    department.community = em.getReference(Community, id);
    await em.flush();
    try {
      const answer = await get(`super_admin/groups/${id}/delete`).expect(409);
      expect(answer.body.error).toMatch(/routed through it/);
    } finally {
      department.community = previous;
      await em.flush();
    }
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
    for (const email of ['bm@acme.test', 'caller@acme.test']) {
      const token = await api.login(email);
      await get('super_admin/groups', token).expect(403);
      await get('super_admin/groups/export', token).expect(403);
      await post('super_admin/groups/search', { term: 'alliance' }, token).expect(403);
      await get(`super_admin/groups/${group['Open Interop Group']}/delete`, token).expect(403);
      await post('exports', { kind: 'groups', params: {} }, token).expect(403);
    }
    expect(await orm(api).count(Community, { id: group['Open Interop Group'] })).toBe(1);
  });
});
