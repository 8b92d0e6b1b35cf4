import { REGISTRATION_SETTINGS_SAVED } from '@casebridge/contracts';
import { Company, CompanyGroupRelation, ContactDocument, Department, type User } from '@casebridge/db';
import { bearer, startApi, type ApiHarness } from '../../../../test/kit/api-harness';
import {
  aCompany,
  aDepartment,
  aGroup,
  aProcess,
  aSuperAdmin,
  aUser,
  domainOf,
  emOf,
  settle,
  signedIn,
} from '../../../../test/kit/factories';

describe('super admin company detail panels and registration settings', () => {
  let api: ApiHarness;
  let admin: string;
  // Our company: a business manager, a program manager, a caller and a pending registration; a department in a
  // group that answers to a process, another department, two live processes and a deleted one; in two groups (all
  // its users, and limited to the caller). A partner with a department and a process of its own. A company whose
  // registration settings are saved, with two managers and a group of each access kind; one with nothing to offer.
  let ours: Company;
  let partner: Company;
  let registering: Company;
  let bare: Company;
  let users: Record<'bm' | 'pm' | 'caller', User>;
  let memberTokens: string[];
  let ourGroups: string[];

  beforeAll(async () => {
    api = await startApi();
    admin = await signedIn(api, await aSuperAdmin(api));
    ours = await aCompany(api);
    users = {
      bm: await aUser(api, { company: ours, role: 'business_manager' }),
      pm: await aUser(api, { company: ours, role: 'program_manager' }),
      caller: await aUser(api, { company: ours, role: 'caller' }),
    };
    await aUser(api, { company: ours, role: 'caller', approvalStatus: 'pending' });
    const allUsers = await aGroup(api, { members: [{ company: ours }] });
    const limited = await aGroup(api, { members: [{ company: ours, users: [users.caller] }] });
    ourGroups = [allUsers.name, limited.name];
    const inGroup = await aDepartment(api, ours, { community: allUsers.id });
    await aDepartment(api, ours);
    await aProcess(api, { company: ours, departments: [inGroup] });
    await aProcess(api, { company: ours, type: 'manager', collaborateEmail: null });
    const deleted = await aProcess(api, { company: ours });
    await emOf(api).nativeUpdate(ContactDocument, deleted.id, { deletedAt: new Date() });
    await settle(api);

    partner = await aCompany(api);
    await aProcess(api, { company: partner, departments: [await aDepartment(api, partner)] });
    registering = await aCompany(api);
    await aUser(api, { company: registering, role: 'business_manager' });
    await aUser(api, { company: registering, role: 'program_manager' });
    await aGroup(api, { members: [{ company: registering }] });
    await aGroup(api, { members: [{ company: registering, users: [] }] });
    bare = await aCompany(api);
    memberTokens = [await signedIn(api, users.bm), await signedIn(api, users.caller)];
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
    for (const token of memberTokens) await get(`${ours.id}/${panel}`, token).expect(403);
  });

  it('users: the approved users of the company with city, country, role, last login, registration type', async () => {
    const { users: rows } = (await get(`${ours.id}/users`).expect(200)).body;
    // The approved three; the pending registration is not listed.
    const approved = Object.values(users).map((user) => user.id);
    expect(rows.map((user: { id: number }) => user.id).sort()).toEqual(approved.sort());
    expect(rows.find((user: { email: string }) => user.email === users.bm.email)).toMatchObject({
      role: 'business_manager',
      role_label: 'Business Manager',
      registration_type: expect.any(String),
      registration_type_label: expect.any(String),
      status: 'active',
    });
    expect(rows[0]).toHaveProperty('city');
    expect(rows[0]).toHaveProperty('country');
    expect(rows[0]).toHaveProperty('last_login_date');
  });

  it('departments and documents: panels and their /all options', async () => {
    const departments = (await get(`${ours.id}/departments`).expect(200)).body.departments;
    const stored = await emOf(api).find(
      Department,
      { company: ours.id },
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
    // One department in a group answering to a process, one with neither.
    expect(
      departments.filter((d: { community: unknown; contact_document: unknown }) => d.community && d.contact_document),
    ).toHaveLength(1);
    expect(departments).toHaveLength(2);
    const allDepartments = (await get(`${ours.id}/departments/all`).expect(200)).body.departments;
    expect(allDepartments.map((d: { id: number }) => d.id).sort()).toEqual(stored.map((d) => d.id).sort());

    const documents = (await get(`${ours.id}/contact_documents`).expect(200)).body.documents;
    // The two live processes; the deleted one is not offered.
    const live = await emOf(api).find(ContactDocument, { company: ours.id, deletedAt: null });
    expect(live).toHaveLength(2);
    expect(documents.map((d: { id: number }) => d.id).sort()).toEqual(live.map((d) => d.id).sort());
    expect(documents.every((d: { document_type: string | null }) => d.document_type !== undefined)).toBe(true);
    const all = (await get(`${ours.id}/contact_documents/all`).expect(200)).body.documents;
    expect(all).toHaveLength(live.length);
    const both = (await get(`${ours.id}/docs_and_depts`).expect(200)).body;
    expect(both).toEqual({ documents: all, departments: allDepartments });
    expect((await get(`${partner.id}/docs_and_depts`).expect(200)).body.documents).not.toEqual(all);
  });

  it('relations, groups and managers', async () => {
    const { relations } = (await get(`${ours.id}/relations`).expect(200)).body;
    expect(relations).toHaveLength(await emOf(api).count(CompanyGroupRelation, { company: ours.id }));
    expect(relations).toHaveLength(2);
    expect(relations[0]).toEqual(
      expect.objectContaining({ is_active: expect.any(Number), user_access_flag: expect.any(String) }),
    );
    const { groups } = (await get(`${ours.id}/groups`).expect(200)).body;
    expect(groups.map((group: { name: string }) => group.name)).toEqual(expect.arrayContaining(ourGroups));
    const { managers } = (await get(`${ours.id}/managers`).expect(200)).body;
    expect(managers.map((m: { email: string }) => m.email)).toContain(users.bm.email);
    expect(managers.every((m: { email: string }) => m.email.endsWith(`@${domainOf(ours)}`))).toBe(true);
  });

  describe('POST :id/registration', () => {
    it('saves the settings of the company in the path, with the "all" groups always included', async () => {
      const { managers } = (await get(`${registering.id}/managers`).expect(200)).body;
      const { groups } = (await get(`${registering.id}/groups`).expect(200)).body;
      const answer = await post(`${registering.id}/registration`, {
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
      // Of its two groups, the one open to all its users (the other is limited to nobody).
      expect(allGroups).toHaveLength(1);
      const stored = await emOf(api).findOneOrFail(Company, { id: registering.id }, { populate: ['signupManager'] });
      expect(stored.requiresApproval).toBe(true);
      expect(stored.signupManager?.id).toBe(managers[0].id);
      const shown = (await get(`${registering.id}`).expect(200)).body.company.registration;
      expect(shown).toEqual(answer.body.settings);
    });

    it('422 per field: missing or foreign managers, unknown groups, bad approval value', async () => {
      // Our business manager is a manager of another company than the one saved.
      const foreignBm = users.bm;
      const missing = await post(`${bare.id}/registration`, { requires_approval: 3 }).expect(422);
      expect(Object.keys(missing.body.errors).sort()).toEqual(['requires_approval', 'signup_manager_id']);
      const foreign = await post(`${bare.id}/registration`, {
        requires_approval: 0,
        signup_manager_id: foreignBm.id,
        alt_signup_manager_id: foreignBm.id,
        group_access: [999999],
      }).expect(422);
      expect(Object.keys(foreign.body.errors).sort()).toEqual(
        ['alt_signup_manager_id', 'group_access', 'signup_manager_id'].sort(),
      );
    });

    it('404 for an unknown company; 403 for a business manager, even of that company', async () => {
      const body = { requires_approval: 0, signup_manager_id: 1, group_access: [] };
      await post('999999/registration', body).expect(404);
      for (const token of memberTokens) await post(`${ours.id}/registration`, body, token).expect(403);
    });
  });
});
