import type { MyGroupRelation } from '@casebridge/contracts';
import { Community } from '@casebridge/db';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { bearer, startApi, type ApiHarness } from '../../test/api-harness';
import { binary, exportSheetRows, finishedExport } from '../../test/export-files';
import { startExportWorker, type ExportWorker } from '../../test/export-worker';
import { orm } from '../../test/member-fixtures';

describe('company admin: partner groups, agreements, partners and their exports', () => {
  let api: ApiHarness;
  let worker: ExportWorker;
  let storage: string;
  let acmeBm: string;
  let globexBm: string;
  let initechBm: string;
  let acmeCaller: string;
  const group: Record<string, number> = {};

  beforeAll(async () => {
    storage = await mkdtemp(join(tmpdir(), 'casebridge-groups-'));
    api = await startApi({ STORAGE_DIR: storage });
    worker = await startExportWorker();
    [acmeBm, globexBm, initechBm, acmeCaller] = await Promise.all(
      ['bm@acme.test', 'bm@globex.test', 'bm@initech.test', 'caller@acme.test'].map((email) => api.login(email)),
    );
    for (const community of await orm(api).find(Community, {})) group[community.name] = community.id;
  }, 60_000);

  afterAll(async () => {
    await worker?.close();
    await api?.close();
    await rm(storage, { recursive: true, force: true });
  });

  const get = (path: string, token: string) => api.http().get(`/api/${path}`).set(bearer(token));

  it('lists the company’s relations with community, department, access flag and process', async () => {
    const groups = (await get('admin/company/partner_groups', acmeBm).expect(200)).body.groups as MyGroupRelation[];
    expect(groups.map((row) => row.community.name)).toEqual([
      'Open Interop Group',
      'Storage Alliance',
      'VaultBackup Solution Support',
    ]);
    const vault = groups.find((row) => row.community.name === 'VaultBackup Solution Support')!;
    expect(vault).toMatchObject({ user_access_flag: 'limit', document: { name: 'Acme Systems Collaboration' } });
    expect(vault.department?.name).toBeTruthy();
    // The Host column names the host company, not the group's vhost (issue 17).
    expect(groups.find((row) => row.community.name === 'Storage Alliance')!.community).toMatchObject({
      type: 'partner_program',
      host_name: 'Globex Storage',
    });
    const relations = (await get('admin/company/relations', acmeBm).expect(200)).body.relations as MyGroupRelation[];
    expect(relations.find((row) => row.community.name === 'Storage Alliance')!.community.host_name).toBe(
      'Globex Storage',
    );
    await get('admin/company/partner_groups', acmeCaller).expect(403);
    await api.http().get('/api/admin/company/partner_groups').expect(401);
  });

  it('hides the partners of a partner program from members that do not sponsor it', async () => {
    const member = (await get(`admin/company/partner_groups/${group['Storage Alliance']}`, acmeBm).expect(200)).body;
    expect(member.partners_visible).toBe(false);
    expect(member.partners).toEqual([]);
    expect(member.group).toMatchObject({
      type: 'partner_program',
      vhost: 'storage-alliance',
      code_of_conduct: true,
      addendum: true,
      custom_sla: true,
      registration_status_url: expect.stringMatching(/^https:/),
      p1_message: expect.stringMatching(/^P1/),
      my_relation: { user_access_flag: 'all' },
    });
    const sponsor = (await get(`admin/company/partner_groups/${group['Storage Alliance']}`, globexBm).expect(200)).body;
    expect(sponsor.partners_visible).toBe(true);
    expect(sponsor.partners.map((row: { company: { name: string } }) => row.company.name)).toEqual(['Acme Systems']);
    const open = (await get(`admin/company/partner_groups/${group['Open Interop Group']}`, acmeBm).expect(200)).body;
    expect(open.partners).toHaveLength(3);
    expect((await get(`admin/partner_groups/${group['Open Interop Group']}`, acmeBm).expect(200)).body.group.name).toBe(
      'Open Interop Group',
    );
  });

  it('answers 404 for a group the company has no relation with, and 422 for a bad id', async () => {
    await get(`admin/company/partner_groups/${group['Cloud Connect']}`, acmeBm).expect(404);
    await get(`admin/partner_groups/${group['Cloud Connect']}`, acmeBm).expect(404);
    await get(`admin/company/partner_groups/${group['Cloud Connect']}/code_of_conduct`, acmeBm).expect(404);
    await get(`admin/company/partner_groups/${group['Cloud Connect']}/export_members`, acmeBm).expect(404);
    await get('admin/company/partner_groups/999999', acmeBm).expect(404);
    const bad = await get('admin/company/partner_groups/x1', acmeBm).expect(422);
    expect(bad.body.errors.groupId).toBeDefined();
  });

  it('downloads the group’s agreements from storage, 404 when the file is absent', async () => {
    const path = join(storage, 'groups/storage-alliance/code-of-conduct.pdf');
    await mkdir(dirname(path), { recursive: true });
    await writeFile(path, '%PDF-1.4 code of conduct');
    const file = await get(`admin/company/partner_groups/${group['Storage Alliance']}/code_of_conduct`, acmeBm)
      .buffer(true)
      .parse(binary)
      .expect(200);
    expect(file.headers['content-type']).toBe('application/pdf');
    expect(file.headers['content-disposition']).toContain('code-of-conduct.pdf');
    expect((file.body as Buffer).toString()).toBe('%PDF-1.4 code of conduct');
    // Known to the group but not on disk; and a group without any addendum.
    await get(`admin/company/partner_groups/${group['Storage Alliance']}/addendum`, acmeBm).expect(404);
    await get(`admin/company/partner_groups/${group['Open Interop Group']}/current_license`, acmeBm).expect(404);
  });

  it('exports the members of a group named after it, only where the partners are shown', async () => {
    await get(`admin/company/partner_groups/${group['Storage Alliance']}/export_members`, acmeBm).expect(403);
    const started = await get(
      `admin/company/partner_groups/${group['Storage Alliance']}/export_members`,
      globexBm,
    ).expect(200);
    const done = await finishedExport(api, globexBm, started.body.export);
    expect(done.status).toBe('ready');
    expect(done.file_name).toMatch(/^Storage-Alliancegroupmembers\.\d{6}\.xlsx$/);
    const rows = await exportSheetRows(api, globexBm, done.id);
    expect(rows[0]).toEqual(['Company', 'Department', 'Membership', 'Collaboration Process']);
    expect(rows.slice(1)).toEqual([['Acme Systems', undefined, 'premium', 'Acme Systems Collaboration']]);
  });

  it('lists My Partners by the same rule and exports them', async () => {
    const partners = (await get('admin/company/partner_companies', acmeBm).expect(200)).body.partners as {
      company: { name: string };
      group: { name: string };
      membership: string;
    }[];
    const pairs = partners.map((row) => `${row.group.name}: ${row.company.name}`).sort();
    expect(pairs).toEqual([
      'Open Interop Group: Globex Storage',
      'Open Interop Group: Initech Networks',
      'Open Interop Group: Umbrella Cloud',
      'Storage Alliance: Globex Storage',
      'VaultBackup Solution Support: Globex Storage',
    ]);
    const initech = (await get('admin/company/partner_companies', initechBm).expect(200)).body.partners as {
      company: { name: string };
      group: { name: string };
    }[];
    expect(initech.filter((row) => row.group.name === 'Cloud Connect').map((row) => row.company.name)).toEqual([
      'Umbrella Cloud',
    ]);

    const started = await get('admin/company/reports/partners', acmeBm).expect(200);
    const done = await finishedExport(api, acmeBm, started.body.export);
    expect(done.file_name).toMatch(/^partners\.\d{6}\.xlsx$/);
    const rows = await exportSheetRows(api, acmeBm, done.id);
    expect(rows[0]).toEqual(['Company', 'Group', 'Membership', 'Collaboration Process']);
    expect(
      rows
        .slice(1)
        .map((row) => `${String(row[1])}: ${String(row[0])}`)
        .sort(),
    ).toEqual(pairs);
    await get('admin/company/reports/partners', acmeCaller).expect(403);
    // The generic exports endpoint applies the same rule.
    await api.http().post('/api/exports').set(bearer(acmeCaller)).send({ kind: 'partners', params: {} }).expect(403);
  });
});
