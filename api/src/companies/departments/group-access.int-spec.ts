import { RELATION_SAVED } from '@casebridge/contracts';
import {
  CompanyGroupRelation,
  type Community,
  type Company,
  type ContactDocument,
  type Department,
  type User,
} from '@casebridge/db';
import { bearer, startApi, type ApiHarness } from '../../../../test/kit/api-harness';
import {
  aCompany,
  aDepartment,
  aGroup,
  aProcess,
  aSuperAdmin,
  aUser,
  emOf,
  signedIn,
} from '../../../../test/kit/factories';

describe('super admin group access page (company-group relations)', () => {
  let api: ApiHarness;
  let admin: string;
  // Our company (three users, named out of alphabetical order; a department) takes part in a solution support
  // group through its department, limited to two users, and in a partner program the sponsor hosts with its own
  // process. The sponsor (a department, a process, a business manager and a caller) also hosts a program nobody
  // has joined. A joiner and a third company join through the form.
  let ours: Company;
  let ourDepartment: Department;
  let ourUsers: Record<'bm' | 'pm' | 'caller', User>;
  let sponsor: Company;
  let sponsorDepartment: Department;
  let sponsorProcess: ContactDocument;
  let sponsorUsers: Record<'bm' | 'caller', User>;
  let joiner: Company;
  let third: Company;
  let solutionGroup: Community;
  let alliance: Community;
  let newProgram: Community;
  let memberTokens: string[];

  beforeAll(async () => {
    api = await startApi();
    admin = await signedIn(api, await aSuperAdmin(api));
    ours = await aCompany(api);
    ourDepartment = await aDepartment(api, ours);
    const named = (firstName: string) => ({ overrides: { firstName } });
    ourUsers = {
      bm: await aUser(api, { company: ours, role: 'business_manager', ...named('Mia') }),
      pm: await aUser(api, { company: ours, role: 'program_manager', ...named('Zoe') }),
      caller: await aUser(api, { company: ours, role: 'caller', ...named('Adam') }),
    };
    sponsor = await aCompany(api);
    sponsorDepartment = await aDepartment(api, sponsor);
    sponsorProcess = await aProcess(api, { company: sponsor });
    sponsorUsers = {
      bm: await aUser(api, { company: sponsor, role: 'business_manager' }),
      caller: await aUser(api, { company: sponsor, role: 'caller' }),
    };
    solutionGroup = await aGroup(api, {
      type: 'solution_support',
      sponsor,
      members: [
        { company: sponsor, department: sponsorDepartment },
        { company: ours, department: ourDepartment, users: [ourUsers.pm, ourUsers.caller] },
      ],
    });
    alliance = await aGroup(api, {
      sponsor,
      members: [{ company: sponsor, process: sponsorProcess }, { company: ours }],
    });
    newProgram = await aGroup(api, { sponsor });
    joiner = await aCompany(api);
    third = await aCompany(api);
    memberTokens = [await signedIn(api, ourUsers.bm), await signedIn(api, ourUsers.caller)];
  }, 60_000);
  afterAll(() => api?.close());

  const get = (path: string, token = admin) => api.http().get(`/api/super_admin/companies/${path}`).set(bearer(token));
  const put = (companyId: number, body: object, token = admin) =>
    api.http().post(`/api/super_admin/companies/${companyId}/groups/put`).set(bearer(token)).send(body);
  const relationOf = (companyId: number, group: Community) =>
    emOf(api).findOneOrFail(
      CompanyGroupRelation,
      { company: companyId, community: group.id, department: null },
      { populate: ['users'] },
    );

  it('relation: the settings with the selected users and the company’s active users', async () => {
    const relation = await emOf(api).findOneOrFail(CompanyGroupRelation, {
      company: ours.id,
      community: solutionGroup.id,
    });
    const body = (await get(`${ours.id}/relation/${relation.id}`).expect(200)).body;
    expect(body.relation).toMatchObject({
      id: relation.id,
      company_id: ours.id,
      community: { name: solutionGroup.name, type: 'solution_support' },
      department_id: ourDepartment.id,
      user_access_flag: 'limit',
      is_active: 1,
      selected_users: [ourUsers.pm.id, ourUsers.caller.id].sort((a, b) => a - b),
    });
    // Every active user of the company is offered.
    expect(body.users).toHaveLength(3);
    const selected = body.users.filter((user: { selected: boolean }) => user.selected).map((u: { id: number }) => u.id);
    expect(selected.sort()).toEqual(body.relation.selected_users.slice().sort());
    const names = body.users.map((user: { first_name: string }) => user.first_name);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b)));

    const list = (await get(`${ours.id}/users/${relation.id}`).expect(200)).body.users;
    expect(list).toEqual(body.users);
    const none = (await get(`${ours.id}/users/0`).expect(200)).body.users;
    expect(none.every((user: { selected: boolean }) => !user.selected)).toBe(true);
  });

  it('404 for unknown companies and relations of another company; 403 for non super admins', async () => {
    const sponsorRelation = await relationOf(sponsor.id, alliance);
    await get(`${ours.id}/relation/${sponsorRelation.id}`).expect(404);
    await get(`${ours.id}/users/${sponsorRelation.id}`).expect(404);
    await get(`999999/relation/${sponsorRelation.id}`).expect(404);
    await get('999999/users/0').expect(404);
    await put(999999, { community_id: alliance.id }).expect(404);
    await put(ours.id, { relation_id: sponsorRelation.id, community_id: alliance.id }).expect(404);
    for (const token of memberTokens) {
      await get(`${ours.id}/relation/${sponsorRelation.id}`, token).expect(403);
      await get(`${ours.id}/users/0`, token).expect(403);
      await put(ours.id, { community_id: alliance.id }, token).expect(403);
    }
  });

  it('the users export of the company still answers beside users/{relation_id}', async () => {
    const answer = await get(`${ours.id}/users/export`).expect(200);
    expect(answer.body).not.toHaveProperty('users');
  });

  it('a new relation takes the defaults of the group type (Only Sponsor in a program another company sponsors)', async () => {
    // The joiner joins a partner program another company sponsors: only the sponsor.
    const program = await put(joiner.id, { community_id: newProgram.id }).expect(200);
    expect(program.body).toMatchObject({
      success: true,
      message: RELATION_SAVED,
      relation: { member_relationship: 'one_to_many', user_access_flag: 'all', is_active: 1, selected_users: [] },
    });
    // The sponsor itself sees all members (here through a department of it).
    const hosting = await put(sponsor.id, {
      community_id: newProgram.id,
      department_id: sponsorDepartment.id,
    }).expect(200);
    expect(hosting.body.relation.member_relationship).toBe('many_to_many');
    const support = await put(joiner.id, { community_id: solutionGroup.id }).expect(200);
    expect(support.body.relation.member_relationship).toBe('many_to_many');
    // A chosen relationship wins over the default.
    const chosen = await put(third.id, {
      community_id: alliance.id,
      member_relationship: 'one_to_many',
    }).expect(200);
    expect(chosen.body.relation.member_relationship).toBe('one_to_many');
  });

  it('limit keeps the selected users; all clears them; inactive and settings are stored', async () => {
    const relation = await relationOf(sponsor.id, alliance);
    const limited = await put(sponsor.id, {
      relation_id: relation.id,
      community_id: alliance.id,
      document_id: sponsorProcess.id,
      user_access_flag: 'limit',
      member_relationship: 'many_to_many',
      is_active: 0,
      selected_users: [sponsorUsers.caller.id],
    }).expect(200);
    expect(limited.body.relation).toMatchObject({
      id: relation.id,
      user_access_flag: 'limit',
      is_active: 0,
      document_id: sponsorProcess.id,
      selected_users: [sponsorUsers.caller.id],
    });
    const all = await put(sponsor.id, {
      relation_id: relation.id,
      community_id: alliance.id,
      document_id: sponsorProcess.id,
      user_access_flag: 'all',
      is_active: 1,
      selected_users: [sponsorUsers.caller.id],
    }).expect(200);
    expect(all.body.relation).toMatchObject({ user_access_flag: 'all', is_active: 1, selected_users: [] });
    expect((await relationOf(sponsor.id, alliance)).users.count()).toBe(0);
  });

  it('422 per field: community_id, department_id, document_id, selected_users, user_access_flag', async () => {
    const shape = await put(ours.id, {
      community_id: '',
      user_access_flag: 'some',
      member_relationship: 'both',
      selected_users: 'x',
    }).expect(422);
    expect(Object.keys(shape.body.errors).sort()).toEqual([
      'community_id',
      'member_relationship',
      'selected_users',
      'user_access_flag',
    ]);
    // The department, process and user are the sponsor's, not ours.
    const db = await put(ours.id, {
      community_id: 999999,
      department_id: sponsorDepartment.id,
      document_id: sponsorProcess.id,
      user_access_flag: 'limit',
      selected_users: [sponsorUsers.bm.id],
    }).expect(422);
    expect(Object.keys(db.body.errors).sort()).toEqual([
      'community_id',
      'department_id',
      'document_id',
      'selected_users',
    ]);
    // The company already belongs to the group (one relation per company and department).
    const twin = await put(ours.id, { community_id: alliance.id }).expect(422);
    expect(twin.body.errors).toEqual({ community_id: ['The company already has access to the group.'] });
  });
});
