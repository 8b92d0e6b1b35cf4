import { COMPANY_DELETED, companyDeleteConfirmation } from '@casebridge/contracts';
import {
  Community,
  Company,
  CompanyGroupRelation,
  ContactDocument,
  Department,
  GroupDocument,
  User,
} from '@casebridge/db';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { bearer, startApi, type ApiHarness } from '../../../../test/kit/api-harness';
import {
  aCaseRow,
  aCompany,
  aDepartment,
  aGroup,
  aGroupDocument,
  aProcess,
  aSuperAdmin,
  aUser,
  emOf,
  signedIn,
  uniqueName,
} from '../../../../test/kit/factories';

describe('super admin company delete', () => {
  let api: ApiHarness;
  let storage: string;
  let admin: string;
  // A company that has sent two cases, one that hosts a group, and a business manager and a caller of a third.
  let busy: Company;
  let host: Company;
  let memberTokens: string[];

  beforeAll(async () => {
    storage = await mkdtemp(join(tmpdir(), 'casebridge-sa-company-delete-'));
    api = await startApi({ STORAGE_DIR: storage });
    admin = await signedIn(api, await aSuperAdmin(api));
    busy = await aCompany(api);
    const submitter = await aUser(api, { company: busy, role: 'caller' });
    const partnerProcess = await aProcess(api, { company: await aCompany(api) });
    for (let sent = 0; sent < 2; sent += 1) await aCaseRow(api, { from: submitter, to: partnerProcess });
    host = await aCompany(api);
    await aGroup(api, { sponsor: host, members: [{ company: host }] });
    const members = await aCompany(api);
    memberTokens = [
      await signedIn(api, await aUser(api, { company: members, role: 'business_manager' })),
      await signedIn(api, await aUser(api, { company: members, role: 'caller' })),
    ];
  }, 60_000);

  afterAll(async () => {
    await api?.close();
    await rm(storage, { recursive: true, force: true });
  });

  const get = (path: string, token = admin) => api.http().get(`/api/${path}`).set(bearer(token));

  /**
   * A company with a logo, a user who can sign in, a department, a process, a membership in a group (which has
   * another member) and a file shared there.
   */
  async function companyWithEverything() {
    const company = await aCompany(api, { logoPath: `logos/${uniqueName('logo')}.png` });
    const user = await aUser(api, { company, role: 'caller' });
    const department = await aDepartment(api, company);
    const document = await aProcess(api, { company });
    const group = await aGroup(api, { members: [{ company, process: document }, { company: await aCompany(api) }] });
    const shared = await aGroupDocument(api, { group, company, file: true });
    const files = [company.logoPath!, shared.filePath!];
    for (const path of files) {
      await mkdir(dirname(join(storage, path)), { recursive: true });
      await writeFile(join(storage, path), 'x');
    }
    return { company, user, department, document, group, files };
  }

  it('counts what a delete takes with it for the confirmation, and tells up front what blocks it', async () => {
    const { company } = await companyWithEverything();
    const summary = await get(`super_admin/companies/${company.id}/delete_summary`).expect(200);
    expect(summary.body).toEqual({
      name: company.name,
      users: 1,
      departments: 1,
      processes: 1,
      cases: 0,
      blocked: null,
    });
    expect(companyDeleteConfirmation(summary.body)).toBe(
      `Are you sure you want to delete ${company.name}? Its 1 user, 1 department, 1 process and 0 cases will be ` +
        'deleted with it, with everything its users stored. This cannot be undone.',
    );
    // Nothing was deleted by asking.
    expect(await emOf(api).count(Company, { id: company.id })).toBe(1);

    // A company with cases: its counts, and the same reason the delete answers with 409.
    const withCases = await get(`super_admin/companies/${busy.id}/delete_summary`).expect(200);
    expect(withCases.body).toMatchObject({ name: busy.name, users: 1, cases: 2 });
    const refused = await get(`super_admin/companies/${busy.id}/delete`).expect(409);
    expect(withCases.body.blocked).toBe(refused.body.error);
    await get('super_admin/companies/999999/delete_summary').expect(404);
    await get(`super_admin/companies/${busy.id}/delete_summary`, memberTokens[0]).expect(403);
  });

  it('refuses with 409 while the company has cases or hosts a group, and changes nothing', async () => {
    const withCases = await get(`super_admin/companies/${busy.id}/delete`).expect(409);
    expect(withCases.body.error).toMatch(new RegExp(`^${busy.name} cannot be deleted: it has 2 cases`));
    const hosting = await get(`super_admin/companies/${host.id}/delete`).expect(409);
    expect(hosting.body.error).toContain('hosts');
    expect(await emOf(api).count(Company, { id: { $in: [busy.id, host.id] } })).toBe(2);
  });

  it('deletes a company with what only it owns, its files and its users’ sessions', async () => {
    const created = await companyWithEverything();
    const token = await signedIn(api, created.user);
    await get('auth/me', token).expect(200);

    const answer = await get(`super_admin/companies/${created.company.id}/delete`).expect(200);
    expect(answer.body).toEqual({ success: true, message: COMPANY_DELETED });

    const em = emOf(api);
    expect(await em.count(Company, { id: created.company.id })).toBe(0);
    expect(await em.count(User, { id: created.user.id })).toBe(0);
    expect(await em.count(Department, { id: created.department.id })).toBe(0);
    expect(await em.count(ContactDocument, { id: created.document.id })).toBe(0);
    expect(await em.count(CompanyGroupRelation, { company: created.company.id })).toBe(0);
    expect(await em.count(GroupDocument, { company: created.company.id })).toBe(0);
    for (const path of created.files) await expect(readFile(join(storage, path))).rejects.toThrow();
    await get('auth/me', token).expect(401);
    // The group itself and its other member stay.
    expect(await em.count(Community, { id: created.group.id })).toBe(1);
    expect(await em.count(CompanyGroupRelation, { community: created.group.id })).toBe(1);
  });

  it('answers 404 for an unknown company and 403 for business managers and callers', async () => {
    await get('super_admin/companies/999999/delete').expect(404);
    const kept = await aCompany(api);
    for (const token of memberTokens) {
      await get(`super_admin/companies/${kept.id}/delete`, token).expect(403);
    }
    expect(await emOf(api).count(Company, { id: kept.id })).toBe(1);
  });
});
