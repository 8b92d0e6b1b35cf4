import { COMPANY_NOT_FOUND, type CompanyListRow, type ExportShape } from '@casebridge/contracts';
import { AuthSession, Company, User } from '@casebridge/db';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { bearer, startApi, type ApiHarness } from '../../../test/api-harness';
import { exportSheetRows, finishedExport } from '../../../test/export-files';
import { startExportWorker, type ExportWorker } from '../../../test/export-worker';
import { demoIds, orm, type DemoIds } from '../../../test/member-fixtures';

describe('super admin companies: list, one company, status, exports', () => {
  let api: ApiHarness;
  let worker: ExportWorker;
  let storage: string;
  let admin: string;
  let ids: DemoIds;

  beforeAll(async () => {
    storage = await mkdtemp(join(tmpdir(), 'casebridge-sa-companies-'));
    api = await startApi({ STORAGE_DIR: storage });
    worker = await startExportWorker();
    admin = await api.login('admin@casebridge.test');
    ids = await demoIds(api);
  }, 60_000);

  afterAll(async () => {
    await worker?.close();
    await api?.close();
    await rm(storage, { recursive: true, force: true });
  });

  const get = (path: string, token = admin) => api.http().get(`/api/${path}`).set(bearer(token));
  const post = (path: string, body: object, token = admin) =>
    api.http().post(`/api/${path}`).set(bearer(token)).send(body);

  it('lists every company by name with its groups, membership, approved users and status', async () => {
    const { companies } = (await get('super_admin/companies').expect(200)).body as { companies: CompanyListRow[] };
    const stored = await orm(api).find(Company, {}, { orderBy: { name: 'asc', id: 'asc' } });
    expect(companies.map((row) => row.id)).toEqual(stored.map((company) => company.id));
    const acme = companies.find((row) => row.slug === 'acme')!;
    const approved = await orm(api).count(User, { company: ids.acme, approvalStatus: 'approved' });
    expect(acme).toMatchObject({ name: 'Acme Systems', membership_type: 'premium', status: 'active', users: approved });
    expect(acme.groups).toEqual(expect.arrayContaining(['Storage Alliance']));
    expect([...acme.groups].sort()).toEqual(acme.groups);
  });

  it('list answers id and name for selects', async () => {
    const { companies } = (await get('super_admin/companies/list').expect(200)).body;
    expect(companies).toContainEqual({ id: ids.globex, name: 'Globex Storage' });
  });

  it('one company answers its form fields and registration settings; unknown or 0 is 404', async () => {
    const { company } = (await get(`super_admin/companies/${ids.acme}`).expect(200)).body;
    expect(company).toMatchObject({
      id: ids.acme,
      slug: 'acme',
      login_method: 'requires_registration',
      allow_notes: true,
      sso_identity_source: expect.any(String),
    });
    expect(company.registration.signup_manager_id).toEqual(expect.any(Number));
    expect((await get('super_admin/companies/999999').expect(404)).body).toEqual({ error: COMPANY_NOT_FOUND });
    await get('super_admin/companies/0').expect(404);
    await get('super_admin/companies/abc').expect(422);
  });

  it('refuses business managers and callers on every call', async () => {
    const bm = await api.login('bm@acme.test');
    const caller = await api.login('caller@acme.test');
    for (const token of [bm, caller]) {
      await get('super_admin/companies', token).expect(403);
      await get(`super_admin/companies/${ids.acme}`, token).expect(403);
      await post(`super_admin/companies/${ids.acme}/status`, { status: 'inactive' }, token).expect(403);
      await get(`super_admin/companies/${ids.acme}/delete`, token).expect(403);
      await get('super_admin/companies/export', token).expect(403);
    }
    expect((await orm(api).findOneOrFail(Company, { id: ids.acme })).status).toBe('active');
  });

  it('exports companies.xlsx through the worker', async () => {
    const exported = (await get('super_admin/companies/export').expect(200)).body.export as ExportShape;
    expect(exported.kind).toBe('companies');
    const done = await finishedExport(api, admin, exported);
    expect(done.status).toBe('ready');
    expect(done.file_name).toMatch(/^companies\.\d{6}\.xlsx$/);
    const rows = await exportSheetRows(api, admin, done.id);
    expect(rows[0]).toEqual(expect.arrayContaining(['Name', 'Groups', 'Membership Type', 'Users', 'Status']));
    const acme = rows.find((row) => row[0] === 'Acme Systems')!;
    expect(acme[2]).toBe('Premium');
    expect(acme[6]).toBe('http://casebridge.test/acme');
    expect(rows.length - 1).toBe(await orm(api).count(Company, {}));
  });

  it("exports one company's users with company_users; unknown company 404", async () => {
    const exported = (await get(`super_admin/companies/${ids.globex}/users/export`).expect(200)).body
      .export as ExportShape;
    const done = await finishedExport(api, admin, exported);
    expect(done.file_name).toMatch(/^globex-users\.\d{6}\.xlsx$/);
    const emails = (await exportSheetRows(api, admin, done.id)).slice(1).map((row) => row[2]);
    expect(emails).toEqual(expect.arrayContaining(['bm@globex.test', 'caller@globex.test']));
    expect(emails.every((email) => String(email).endsWith('@globex.test'))).toBe(true);
    await get('super_admin/companies/999999/users/export').expect(404);
    // The generic exports call needs the company from a super admin, and keeps admins to their own company.
    await post('exports', { kind: 'company_users', params: {} }).expect(422);
    const bm = await api.login('bm@acme.test');
    const own = await post('exports', { kind: 'company_users', params: { company_id: ids.globex } }, bm).expect(200);
    expect(own.body.export.kind).toBe('company_users');
    await post('exports', { kind: 'companies', params: {} }, bm).expect(403);
  });

  it('disabling a company ends its users’ sessions; enabling lets them sign in again', async () => {
    const caller = await api.login('caller@globex.test');
    await get('auth/me', caller).expect(200);
    await post(`super_admin/companies/${ids.globex}/status`, { status: 'paused' }).expect(422);
    await post('super_admin/companies/999999/status', { status: 'inactive' }).expect(404);

    const off = await post(`super_admin/companies/${ids.globex}/status`, { status: 'inactive' }).expect(200);
    expect(off.body).toMatchObject({ success: true, message: 'Company disabled.', company: { status: 'inactive' } });
    await get('auth/me', caller).expect(401);
    const em = orm(api);
    const users = await em.find(User, { company: ids.globex }, { fields: ['id'] });
    expect(await em.count(AuthSession, { user: { $in: users.map((u) => u.id) }, revokedAt: null })).toBe(0);
    await api.http().post('/api/auth/login').send({ email: 'caller@globex.test', password: 'Passw0rd!' }).expect(403);

    const on = await post(`super_admin/companies/${ids.globex}/status`, { status: 'active' }).expect(200);
    expect(on.body.company.status).toBe('active');
    await api.login('caller@globex.test');
  });
});
