import { COMPANY_NOT_FOUND, type CompanyListRow, type ExportShape } from '@casebridge/contracts';
import { AuthSession, Company, User } from '@casebridge/db';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { bearer, startApi, type ApiHarness } from '../../../../test/kit/api-harness';
import { exportSheetRows, finishedExport } from '../../../test/export-files';
import { startExportWorker, type ExportWorker } from '../../../../test/kit/export-worker';
import {
  aCompany,
  aGroup,
  aSuperAdmin,
  aUser,
  domainOf,
  emOf,
  FACTORY_PASSWORD,
  settle,
  signedIn,
  uniqueName,
} from '../../../../test/kit/factories';

describe('super admin companies: list, one company, status, exports', () => {
  let api: ApiHarness;
  let worker: ExportWorker;
  let storage: string;
  let admin: string;
  // Our company (a business manager who is its signup manager, a caller, a pending registration, two groups); a
  // partner company with its own users; a company named to sort before ours though made after it; an inactive one.
  let ours: Company;
  let partner: Company;
  let firstByName: Company;
  let inactive: Company;
  let bm: User;
  let caller: User;
  let partnerUsers: User[];
  let groupNames: string[];

  beforeAll(async () => {
    storage = await mkdtemp(join(tmpdir(), 'casebridge-sa-companies-'));
    api = await startApi({ STORAGE_DIR: storage });
    worker = await startExportWorker();
    ours = await aCompany(api, { name: `Zulu ${uniqueName('company')}` });
    partner = await aCompany(api);
    firstByName = await aCompany(api, { name: `Alpha ${uniqueName('company')}` });
    inactive = await aCompany(api, { status: 'inactive' });
    bm = await aUser(api, { company: ours, role: 'business_manager' });
    caller = await aUser(api, { company: ours, role: 'caller' });
    await aUser(api, { company: ours, role: 'caller', approvalStatus: 'pending' });
    partnerUsers = [
      await aUser(api, { company: partner, role: 'business_manager' }),
      await aUser(api, { company: partner, role: 'caller' }),
    ];
    const groups = [
      await aGroup(api, { members: [{ company: ours }] }),
      await aGroup(api, { members: [{ company: ours }] }),
    ];
    groupNames = groups.map((group) => group.name);
    await emOf(api).nativeUpdate(Company, ours.id, { signupManager: bm.id });
    await settle(api);
    admin = await signedIn(api, await aSuperAdmin(api));
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
    // Ours, in the database's name order (not the order they were made in), the inactive one included.
    const mine = [ours, partner, firstByName, inactive].map((company) => company.id);
    const stored = await emOf(api).find(Company, { id: { $in: mine } }, { orderBy: { name: 'asc', id: 'asc' } });
    expect(stored[0].id).toBe(firstByName.id);
    const listed = companies.filter((row) => mine.includes(row.id));
    expect(listed.map((row) => row.id)).toEqual(stored.map((company) => company.id));
    const row = companies.find((candidate) => candidate.id === ours.id)!;
    // Two approved users; the pending registration is not counted.
    expect(row).toMatchObject({ name: ours.name, membership_type: 'premium', status: 'active', users: 2 });
    expect(row.groups).toEqual([...groupNames].sort());
    expect(companies.find((candidate) => candidate.id === inactive.id)?.status).toBe('inactive');
  });

  it('list answers id and name for selects', async () => {
    const { companies } = (await get('super_admin/companies/list').expect(200)).body;
    expect(companies).toContainEqual({ id: partner.id, name: partner.name });
  });

  it('one company answers its form fields and registration settings; unknown or 0 is 404', async () => {
    const { company } = (await get(`super_admin/companies/${ours.id}`).expect(200)).body;
    expect(company).toMatchObject({
      id: ours.id,
      slug: ours.slug,
      login_method: 'requires_registration',
      allow_notes: true,
      sso_identity_source: expect.any(String),
    });
    expect(company.registration.signup_manager_id).toBe(bm.id);
    expect((await get('super_admin/companies/999999').expect(404)).body).toEqual({ error: COMPANY_NOT_FOUND });
    await get('super_admin/companies/0').expect(404);
    await get('super_admin/companies/abc').expect(422);
  });

  it('refuses business managers and callers on every call', async () => {
    for (const token of [await signedIn(api, bm), await signedIn(api, caller)]) {
      await get('super_admin/companies', token).expect(403);
      await get(`super_admin/companies/${ours.id}`, token).expect(403);
      await post(`super_admin/companies/${ours.id}/status`, { status: 'inactive' }, token).expect(403);
      await get(`super_admin/companies/${ours.id}/delete`, token).expect(403);
      await get('super_admin/companies/export', token).expect(403);
    }
    expect((await emOf(api).findOneOrFail(Company, { id: ours.id })).status).toBe('active');
  });

  it('exports companies.xlsx through the worker', async () => {
    const exported = (await get('super_admin/companies/export').expect(200)).body.export as ExportShape;
    expect(exported.kind).toBe('companies');
    const done = await finishedExport(api, admin, exported);
    expect(done.status).toBe('ready');
    expect(done.file_name).toMatch(/^companies\.\d{6}\.xlsx$/);
    const rows = await exportSheetRows(api, admin, done.id);
    expect(rows[0]).toEqual(expect.arrayContaining(['Name', 'Groups', 'Membership Type', 'Users', 'Status']));
    const row = rows.find((candidate) => candidate[0] === ours.name)!;
    expect(row[2]).toBe('Premium');
    expect(row[6]).toBe(`http://casebridge.test/${ours.slug}`);
    // Each of our companies once, the inactive one too (counted among ours, not against the whole network).
    for (const company of [ours, partner, firstByName, inactive]) {
      expect(rows.filter((candidate) => candidate[0] === company.name)).toHaveLength(1);
    }
  });

  it("exports one company's users with company_users; unknown company 404", async () => {
    const exported = (await get(`super_admin/companies/${partner.id}/users/export`).expect(200)).body
      .export as ExportShape;
    const done = await finishedExport(api, admin, exported);
    expect(done.file_name).toMatch(new RegExp(`^${partner.slug}-users\\.\\d{6}\\.xlsx$`));
    const emails = (await exportSheetRows(api, admin, done.id)).slice(1).map((row) => row[2]);
    expect(emails).toEqual(expect.arrayContaining(partnerUsers.map((user) => user.email)));
    expect(emails.every((email) => String(email).endsWith(`@${domainOf(partner)}`))).toBe(true);
    await get('super_admin/companies/999999/users/export').expect(404);
    // The generic exports call needs the company from a super admin, and keeps admins to their own company.
    await post('exports', { kind: 'company_users', params: {} }).expect(422);
    const bmToken = await signedIn(api, bm);
    const own = await post('exports', { kind: 'company_users', params: { company_id: partner.id } }, bmToken).expect(
      200,
    );
    expect(own.body.export.kind).toBe('company_users');
    await post('exports', { kind: 'companies', params: {} }, bmToken).expect(403);
  });

  it('disabling a company ends its users’ sessions; enabling lets them sign in again', async () => {
    const [, partnerCaller] = partnerUsers;
    const token = await signedIn(api, partnerCaller);
    await get('auth/me', token).expect(200);
    await post(`super_admin/companies/${partner.id}/status`, { status: 'paused' }).expect(422);
    await post('super_admin/companies/999999/status', { status: 'inactive' }).expect(404);

    const off = await post(`super_admin/companies/${partner.id}/status`, { status: 'inactive' }).expect(200);
    expect(off.body).toMatchObject({ success: true, message: 'Company disabled.', company: { status: 'inactive' } });
    await get('auth/me', token).expect(401);
    const em = emOf(api);
    const users = await em.find(User, { company: partner.id }, { fields: ['id'] });
    expect(await em.count(AuthSession, { user: { $in: users.map((u) => u.id) }, revokedAt: null })).toBe(0);
    await api
      .http()
      .post('/api/auth/login')
      .send({ email: partnerCaller.email, password: FACTORY_PASSWORD })
      .expect(403);

    const on = await post(`super_admin/companies/${partner.id}/status`, { status: 'active' }).expect(200);
    expect(on.body.company.status).toBe('active');
    await signedIn(api, partnerCaller);
  });
});
