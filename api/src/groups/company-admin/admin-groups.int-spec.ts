import type { MyGroupRelation } from '@casebridge/contracts';
import type { Company, ContactDocument } from '@casebridge/db';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { bearer, startApi, type ApiHarness } from '../../../../test/kit/api-harness';
import { binary, exportSheetRows, finishedExport } from '../../../test/export-files';
import { startExportWorker, type ExportWorker } from '../../../../test/kit/export-worker';
import { aCompany, aDepartment, aGroup, aProcess, aUser, signedIn, uniqueName } from '../../../../test/kit/factories';

describe('company admin: partner groups, agreements, partners and their exports', () => {
  let api: ApiHarness;
  let worker: ExportWorker;
  let storage: string;
  let acmeBm: string;
  let globexBm: string;
  let initechBm: string;
  let acmeCaller: string;
  // Our company (acme), the sponsor of the partner program and the solution support (globex), two more companies
  // (initech, umbrella) and our collaboration process.
  let acme: Company;
  let globex: Company;
  let initech: Company;
  let umbrella: Company;
  let acmeProcess: ContactDocument;
  // The groups, by role: names sort open < storage < vault, as the list is ordered by name.
  const group = { open: 0, storage: 0, vault: 0, cloud: 0 };
  const groupName = { open: '', storage: '', vault: '', cloud: '' };
  let storageSlug: string;

  beforeAll(async () => {
    storage = await mkdtemp(join(tmpdir(), 'casebridge-groups-'));
    api = await startApi({ STORAGE_DIR: storage });
    worker = await startExportWorker();
    [acme, globex, initech, umbrella] = [
      await aCompany(api),
      await aCompany(api),
      await aCompany(api),
      await aCompany(api),
    ];
    const caller = await aUser(api, { company: acme, role: 'caller' });
    const pm = await aUser(api, { company: acme, role: 'program_manager' });
    acmeBm = await signedIn(api, await aUser(api, { company: acme, role: 'business_manager' }));
    globexBm = await signedIn(api, await aUser(api, { company: globex, role: 'business_manager' }));
    initechBm = await signedIn(api, await aUser(api, { company: initech, role: 'business_manager' }));
    acmeCaller = await signedIn(api, caller);
    const acmeDepartment = await aDepartment(api, acme);
    const globexDepartment = await aDepartment(api, globex);
    acmeProcess = await aProcess(api, { company: acme, departments: [acmeDepartment] });
    const globexProcess = await aProcess(api, { company: globex });
    const globexSupport = await aProcess(api, { company: globex, departments: [globexDepartment] });
    const umbrellaProcess = await aProcess(api, { company: umbrella });

    storageSlug = uniqueName('storage');
    const alliance = await aGroup(api, {
      sponsor: globex,
      members: [
        { company: globex, process: globexProcess },
        { company: acme, process: acmeProcess },
      ],
      processes: [globexProcess, acmeProcess],
      overrides: {
        name: `Storage ${storageSlug}`,
        vhost: storageSlug,
        codeOfConductPath: `groups/${storageSlug}/code-of-conduct.pdf`,
        addendumPath: `groups/${storageSlug}/data-processing-addendum.pdf`,
        addendumName: 'Data Processing Addendum',
        forceAddendum: true,
        customSla: true,
        registrationStatusUrl: `https://${storageSlug}.test/registration-status`,
        p1Message: 'P1: production storage is down. Answer within 2 hours, day and night.',
      },
    });
    const vault = await aGroup(api, {
      type: 'solution_support',
      sponsor: globex,
      members: [
        { company: globex, department: globexDepartment, process: globexSupport },
        { company: acme, department: acmeDepartment, process: acmeProcess, users: [caller, pm] },
      ],
      overrides: { name: `Vault ${uniqueName('vault')}`, department: globexDepartment.id },
    });
    const open = await aGroup(api, {
      type: 'open_group',
      members: [acme, globex, initech, umbrella].map((company) => ({ company })),
      overrides: { name: `Open ${uniqueName('open')}` },
    });
    const cloud = await aGroup(api, {
      sponsor: umbrella,
      members: [
        { company: umbrella, process: umbrellaProcess },
        { company: initech, relationship: 'one_to_many' },
      ],
      processes: [umbrellaProcess],
      overrides: { name: `Cloud ${uniqueName('cloud')}` },
    });
    for (const [key, community] of Object.entries({ open, storage: alliance, vault, cloud })) {
      group[key as keyof typeof group] = community.id;
      groupName[key as keyof typeof group] = community.name;
    }
  }, 60_000);

  afterAll(async () => {
    await worker?.close();
    await api?.close();
    await rm(storage, { recursive: true, force: true });
  });

  const get = (path: string, token: string) => api.http().get(`/api/${path}`).set(bearer(token));

  it('lists the company’s relations with community, department, access flag and process', async () => {
    const groups = (await get('admin/company/partner_groups', acmeBm).expect(200)).body.groups as MyGroupRelation[];
    expect(groups.map((row) => row.community.name)).toEqual([groupName.open, groupName.storage, groupName.vault]);
    const vault = groups.find((row) => row.community.name === groupName.vault)!;
    expect(vault).toMatchObject({ user_access_flag: 'limit', document: { name: acmeProcess.name } });
    expect(vault.department?.name).toBeTruthy();
    // The Host column names the host company, not the group's vhost (issue 17).
    expect(groups.find((row) => row.community.name === groupName.storage)!.community).toMatchObject({
      type: 'partner_program',
      host_name: globex.name,
    });
    const relations = (await get('admin/company/relations', acmeBm).expect(200)).body.relations as MyGroupRelation[];
    expect(relations.find((row) => row.community.name === groupName.storage)!.community.host_name).toBe(globex.name);
    await get('admin/company/partner_groups', acmeCaller).expect(403);
    await api.http().get('/api/admin/company/partner_groups').expect(401);
  });

  it('hides the partners of a partner program from members that do not sponsor it', async () => {
    const member = (await get(`admin/company/partner_groups/${group.storage}`, acmeBm).expect(200)).body;
    expect(member.partners_visible).toBe(false);
    expect(member.partners).toEqual([]);
    expect(member.group).toMatchObject({
      type: 'partner_program',
      vhost: storageSlug,
      code_of_conduct: true,
      addendum: true,
      custom_sla: true,
      registration_status_url: expect.stringMatching(/^https:/),
      p1_message: expect.stringMatching(/^P1/),
      my_relation: { user_access_flag: 'all' },
    });
    const sponsor = (await get(`admin/company/partner_groups/${group.storage}`, globexBm).expect(200)).body;
    expect(sponsor.partners_visible).toBe(true);
    expect(sponsor.partners.map((row: { company: { name: string } }) => row.company.name)).toEqual([acme.name]);
    const open = (await get(`admin/company/partner_groups/${group.open}`, acmeBm).expect(200)).body;
    expect(open.partners).toHaveLength(3);
    expect((await get(`admin/partner_groups/${group.open}`, acmeBm).expect(200)).body.group.name).toBe(groupName.open);
  });

  it('answers 404 for a group the company has no relation with, and 422 for a bad id', async () => {
    await get(`admin/company/partner_groups/${group.cloud}`, acmeBm).expect(404);
    await get(`admin/partner_groups/${group.cloud}`, acmeBm).expect(404);
    await get(`admin/company/partner_groups/${group.cloud}/code_of_conduct`, acmeBm).expect(404);
    await get(`admin/company/partner_groups/${group.cloud}/export_members`, acmeBm).expect(404);
    await get('admin/company/partner_groups/999999', acmeBm).expect(404);
    const bad = await get('admin/company/partner_groups/x1', acmeBm).expect(422);
    expect(bad.body.errors.groupId).toBeDefined();
  });

  it('downloads the group’s agreements from storage, 404 when the file is absent', async () => {
    const path = join(storage, `groups/${storageSlug}/code-of-conduct.pdf`);
    await mkdir(dirname(path), { recursive: true });
    await writeFile(path, '%PDF-1.4 code of conduct');
    const file = await get(`admin/company/partner_groups/${group.storage}/code_of_conduct`, acmeBm)
      .buffer(true)
      .parse(binary)
      .expect(200);
    expect(file.headers['content-type']).toBe('application/pdf');
    expect(file.headers['content-disposition']).toContain('code-of-conduct.pdf');
    expect((file.body as Buffer).toString()).toBe('%PDF-1.4 code of conduct');
    // Known to the group but not on disk; and a group without any addendum.
    await get(`admin/company/partner_groups/${group.storage}/addendum`, acmeBm).expect(404);
    await get(`admin/company/partner_groups/${group.open}/current_license`, acmeBm).expect(404);
  });

  it('exports the members of a group named after it, only where the partners are shown', async () => {
    await get(`admin/company/partner_groups/${group.storage}/export_members`, acmeBm).expect(403);
    const started = await get(`admin/company/partner_groups/${group.storage}/export_members`, globexBm).expect(200);
    const done = await finishedExport(api, globexBm, started.body.export);
    expect(done.status).toBe('ready');
    expect(done.file_name).toMatch(new RegExp(`^Storage-${storageSlug}groupmembers\\.\\d{6}\\.xlsx$`));
    const rows = await exportSheetRows(api, globexBm, done.id);
    expect(rows[0]).toEqual(['Company', 'Department', 'Membership', 'Collaboration Process']);
    expect(rows.slice(1)).toEqual([[acme.name, undefined, 'premium', acmeProcess.name]]);
  });

  it('lists My Partners by the same rule and exports them', async () => {
    const partners = (await get('admin/company/partner_companies', acmeBm).expect(200)).body.partners as {
      company: { name: string };
      group: { name: string };
      membership: string;
    }[];
    const pairs = partners.map((row) => `${row.group.name}: ${row.company.name}`).sort();
    expect(pairs).toEqual(
      [
        `${groupName.open}: ${globex.name}`,
        `${groupName.open}: ${initech.name}`,
        `${groupName.open}: ${umbrella.name}`,
        `${groupName.storage}: ${globex.name}`,
        `${groupName.vault}: ${globex.name}`,
      ].sort(),
    );
    const initechPartners = (await get('admin/company/partner_companies', initechBm).expect(200)).body.partners as {
      company: { name: string };
      group: { name: string };
    }[];
    expect(initechPartners.filter((row) => row.group.name === groupName.cloud).map((row) => row.company.name)).toEqual([
      umbrella.name,
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
