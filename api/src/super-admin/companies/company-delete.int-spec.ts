import { COMPANY_DELETED, companyDeleteConfirmation } from '@casebridge/contracts';
import {
  Community,
  Company,
  CompanyGroupRelation,
  ContactDocument,
  Department,
  GroupDocument,
  hashPassword,
  User,
} from '@casebridge/db';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { bearer, startApi, type ApiHarness } from '../../../test/api-harness';
import { demoIds, orm, type DemoIds } from '../../../test/member-fixtures';

describe('super admin company delete', () => {
  let api: ApiHarness;
  let storage: string;
  let admin: string;
  let ids: DemoIds;

  beforeAll(async () => {
    storage = await mkdtemp(join(tmpdir(), 'casebridge-sa-company-delete-'));
    api = await startApi({ STORAGE_DIR: storage });
    admin = await api.login('admin@casebridge.test');
    ids = await demoIds(api);
  }, 60_000);

  afterAll(async () => {
    await api?.close();
    await rm(storage, { recursive: true, force: true });
  });

  const get = (path: string, token = admin) => api.http().get(`/api/${path}`).set(bearer(token));

  /** A company with a user who can sign in, a department, a process, a group membership and a shared file. */
  async function companyWithEverything(suffix = '') {
    const em = orm(api);
    const company = em.create(Company, {
      name: suffix ? `Short Lived ${suffix}` : 'Short Lived',
      slug: suffix ? `short-lived-${suffix}` : 'short-lived',
      logoPath: 'logos/short.png',
    });
    const user = em.create(User, {
      firstName: 'Sam',
      lastName: 'Short',
      email: suffix ? `sam-${suffix}@short-lived.test` : 'sam@short-lived.test',
      company,
      emailVerifiedAt: new Date(),
      passwordHash: await hashPassword('Passw0rd!'),
    });
    const department = em.create(Department, { company, name: 'Support' });
    const document = em.create(ContactDocument, { company, name: `Short Lived Support ${suffix}`.trim() });
    const group = await em.findOneOrFail(Community, { name: 'Storage Alliance' });
    em.create(CompanyGroupRelation, { community: group, company, document });
    em.create(GroupDocument, {
      community: group,
      company,
      name: 'Our sheet',
      documentType: 'file',
      filePath: 'groups/short-sheet.pdf',
    });
    await em.flush();
    for (const path of ['logos/short.png', 'groups/short-sheet.pdf']) {
      await mkdir(join(storage, path, '..'), { recursive: true });
      await writeFile(join(storage, path), 'x');
    }
    return { companyId: company.id, userId: user.id, departmentId: department.id, documentId: document.id };
  }

  it('counts what a delete takes with it for the confirmation, and tells up front what blocks it', async () => {
    const created = await companyWithEverything('counted');
    const summary = await get(`super_admin/companies/${created.companyId}/delete_summary`).expect(200);
    expect(summary.body).toEqual({
      name: 'Short Lived counted',
      users: 1,
      departments: 1,
      processes: 1,
      cases: 0,
      blocked: null,
    });
    expect(companyDeleteConfirmation(summary.body)).toBe(
      'Are you sure you want to delete Short Lived counted? Its 1 user, 1 department, 1 process and 0 cases will be ' +
        'deleted with it, with everything its users stored. This cannot be undone.',
    );
    // Nothing was deleted by asking.
    expect(await orm(api).count(Company, { id: created.companyId })).toBe(1);

    // A company with cases: its counts, and the same reason the delete answers with 409.
    const acme = await get(`super_admin/companies/${ids.acme}/delete_summary`).expect(200);
    expect(acme.body).toMatchObject({ name: 'Acme Systems', users: expect.any(Number) });
    expect(acme.body.cases).toBeGreaterThan(0);
    const refused = await get(`super_admin/companies/${ids.acme}/delete`).expect(409);
    expect(acme.body.blocked).toBe(refused.body.error);
    await get('super_admin/companies/999999/delete_summary').expect(404);
    await get(`super_admin/companies/${ids.acme}/delete_summary`, await api.login('bm@acme.test')).expect(403);
  });

  it('refuses with 409 while the company has cases or hosts a group, and changes nothing', async () => {
    const acme = await get(`super_admin/companies/${ids.acme}/delete`).expect(409);
    expect(acme.body.error).toMatch(/^Acme Systems cannot be deleted: it has \d+ cases/);
    const umbrella = await get(`super_admin/companies/${ids.umbrella}/delete`).expect(409);
    expect(umbrella.body.error).toContain('hosts');
    expect(await orm(api).count(Company, { id: { $in: [ids.acme, ids.umbrella] } })).toBe(2);
  });

  it('deletes a company with what only it owns, its files and its users’ sessions', async () => {
    const created = await companyWithEverything();
    const token = await api.login('sam@short-lived.test');
    await get('auth/me', token).expect(200);

    const answer = await get(`super_admin/companies/${created.companyId}/delete`).expect(200);
    expect(answer.body).toEqual({ success: true, message: COMPANY_DELETED });

    const em = orm(api);
    expect(await em.count(Company, { id: created.companyId })).toBe(0);
    expect(await em.count(User, { id: created.userId })).toBe(0);
    expect(await em.count(Department, { id: created.departmentId })).toBe(0);
    expect(await em.count(ContactDocument, { id: created.documentId })).toBe(0);
    expect(await em.count(CompanyGroupRelation, { company: created.companyId })).toBe(0);
    expect(await em.count(GroupDocument, { company: created.companyId })).toBe(0);
    await expect(readFile(join(storage, 'logos/short.png'))).rejects.toThrow();
    await expect(readFile(join(storage, 'groups/short-sheet.pdf'))).rejects.toThrow();
    await get('auth/me', token).expect(401);
    // The group itself and its other members stay.
    expect(await em.count(CompanyGroupRelation, { community: { name: 'Storage Alliance' } })).toBeGreaterThan(0);
  });

  it('answers 404 for an unknown company and 403 for business managers and callers', async () => {
    await get('super_admin/companies/999999/delete').expect(404);
    const created = await orm(api).upsert(Company, { name: 'Kept', slug: 'kept' });
    for (const email of ['bm@acme.test', 'caller@acme.test']) {
      await get(`super_admin/companies/${created.id}/delete`, await api.login(email)).expect(403);
    }
    expect(await orm(api).count(Company, { id: created.id })).toBe(1);
  });
});
