import { REGISTRATION_SETTINGS_SAVED } from '@casebridge/contracts';
import { Company, CompanyGroupRelation, ContactDocument, Department, User } from '@casebridge/db';
import { bearer, startApi, type ApiHarness } from '../../../test/api-harness';
import { demoIds, orm, type DemoIds } from '../../../test/member-fixtures';

describe('super admin company detail panels and registration settings', () => {
  let api: ApiHarness;
  let admin: string;
  let ids: DemoIds;

  beforeAll(async () => {
    api = await startApi();
    admin = await api.login('admin@casebridge.test');
    ids = await demoIds(api);
  }, 60_000);
  afterAll(() => api?.close());

  const get = (path: string, token = admin) => api.http().get(`/api/super_admin/companies/${path}`).set(bearer(token));
  const post = (path: string, body: object, token = admin) =>
    api.http().post(`/api/super_admin/companies/${path}`).set(bearer(token)).send(body);

  const PANELS = [
    'relations',
    'managers',
    'users',
    'departments',
    'departments/all',
    'contact_documents',
    'contact_documents/all',
    'groups',
    'docs_and_depts',
  ];

  it.each(PANELS)('%s: 404 for an unknown company, 403 for a business manager and a caller', async (panel) => {
    await get(`999999/${panel}`).expect(404);
    for (const email of ['bm@acme.test', 'caller@acme.test']) {
      await get(`${ids.acme}/${panel}`, await api.login(email)).expect(403);
    }
  });

  it('users: the approved users of the company with city, country, role, last login, registration type', async () => {
    const { users } = (await get(`${ids.acme}/users`).expect(200)).body;
    const approved = await orm(api).find(User, { company: ids.acme, approvalStatus: 'approved' });
    expect(users.map((user: { id: number }) => user.id).sort()).toEqual(approved.map((user) => user.id).sort());
    expect(users.find((user: { email: string }) => user.email === 'bm@acme.test')).toMatchObject({
      role: 'business_manager',
      role_label: 'Business Manager',
      registration_type: expect.any(String),
      registration_type_label: expect.any(String),
      status: 'active',
    });
    expect(users[0]).toHaveProperty('city');
    expect(users[0]).toHaveProperty('country');
    expect(users[0]).toHaveProperty('last_login_date');
  });

  it('departments and documents: panels and their /all options', async () => {
    const departments = (await get(`${ids.acme}/departments`).expect(200)).body.departments;
    const stored = await orm(api).find(
      Department,
      { company: ids.acme },
      { populate: ['community', 'contactDocument'], orderBy: { name: 'asc', id: 'asc' } },
    );
    expect(departments).toEqual(
      stored.map((department) => ({
        id: department.id,
        name: department.name,
        description: department.description,
        status: department.status,
        community: department.community ? { id: department.community.id, name: department.community.name } : null,
        contact_document: department.contactDocument
          ? { id: department.contactDocument.id, name: department.contactDocument.name }
          : null,
      })),
    );
    const allDepartments = (await get(`${ids.acme}/departments/all`).expect(200)).body.departments;
    expect(allDepartments.map((d: { id: number }) => d.id).sort()).toEqual(stored.map((d) => d.id).sort());

    const documents = (await get(`${ids.acme}/contact_documents`).expect(200)).body.documents;
    const live = await orm(api).find(ContactDocument, { company: ids.acme, deletedAt: null });
    expect(documents.map((d: { id: number }) => d.id).sort()).toEqual(live.map((d) => d.id).sort());
    expect(documents.every((d: { document_type: string | null }) => d.document_type !== undefined)).toBe(true);
    const all = (await get(`${ids.acme}/contact_documents/all`).expect(200)).body.documents;
    expect(all).toHaveLength(live.length);
    const both = (await get(`${ids.acme}/docs_and_depts`).expect(200)).body;
    expect(both).toEqual({ documents: all, departments: allDepartments });
    expect((await get(`${ids.globex}/docs_and_depts`).expect(200)).body.documents).not.toEqual(all);
  });

  it('relations, groups and managers', async () => {
    const { relations } = (await get(`${ids.acme}/relations`).expect(200)).body;
    expect(relations).toHaveLength(await orm(api).count(CompanyGroupRelation, { company: ids.acme }));
    expect(relations[0]).toEqual(
      expect.objectContaining({ is_active: expect.any(Number), user_access_flag: expect.any(String) }),
    );
    const { groups } = (await get(`${ids.acme}/groups`).expect(200)).body;
    expect(groups.map((group: { name: string }) => group.name)).toContain('Storage Alliance');
    const { managers } = (await get(`${ids.acme}/managers`).expect(200)).body;
    expect(managers.map((m: { email: string }) => m.email)).toContain('bm@acme.test');
    expect(managers.every((m: { email: string }) => m.email.endsWith('@acme.test'))).toBe(true);
  });

  describe('POST :id/registration', () => {
    it('saves the settings of the company in the path, with the "all" groups always included', async () => {
      const { managers } = (await get(`${ids.globex}/managers`).expect(200)).body;
      const { groups } = (await get(`${ids.globex}/groups`).expect(200)).body;
      const answer = await post(`${ids.globex}/registration`, {
        requires_approval: 1,
        signup_manager_id: managers[0].id,
        alt_signup_manager_id: '',
        group_access: [],
      }).expect(200);
      expect(answer.body).toMatchObject({ success: true, message: REGISTRATION_SETTINGS_SAVED });
      const allGroups = groups.filter((g: { user_access_flag: string }) => g.user_access_flag === 'all');
      expect(answer.body.settings.communities).toEqual(
        allGroups.map((g: { id: number }) => g.id).sort((a: number, b: number) => a - b),
      );
      const globex = await orm(api).findOneOrFail(Company, { id: ids.globex }, { populate: ['signupManager'] });
      expect(globex.requiresApproval).toBe(true);
      expect(globex.signupManager?.id).toBe(managers[0].id);
      const shown = (await get(`${ids.globex}`).expect(200)).body.company.registration;
      expect(shown).toEqual(answer.body.settings);
    });

    it('422 per field: missing or foreign managers, unknown groups, bad approval value', async () => {
      const acmeBm = await orm(api).findOneOrFail(User, { email: 'bm@acme.test' });
      const missing = await post(`${ids.initech}/registration`, { requires_approval: 3 }).expect(422);
      expect(Object.keys(missing.body.errors).sort()).toEqual(['requires_approval', 'signup_manager_id']);
      const foreign = await post(`${ids.initech}/registration`, {
        requires_approval: 0,
        signup_manager_id: acmeBm.id,
        alt_signup_manager_id: acmeBm.id,
        group_access: [999999],
      }).expect(422);
      expect(Object.keys(foreign.body.errors).sort()).toEqual(
        ['alt_signup_manager_id', 'group_access', 'signup_manager_id'].sort(),
      );
    });

    it('404 for an unknown company; 403 for a business manager, even of that company', async () => {
      const body = { requires_approval: 0, signup_manager_id: 1, group_access: [] };
      await post('999999/registration', body).expect(404);
      await post(`${ids.acme}/registration`, body, await api.login('bm@acme.test')).expect(403);
      await post(`${ids.acme}/registration`, body, await api.login('caller@acme.test')).expect(403);
    });
  });
});
