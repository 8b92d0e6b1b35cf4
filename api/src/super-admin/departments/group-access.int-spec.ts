import { RELATION_SAVED } from '@casebridge/contracts';
import { Community, CompanyGroupRelation, User } from '@casebridge/db';
import { bearer, startApi, type ApiHarness } from '../../../test/api-harness';
import { demoIds, orm, type DemoIds } from '../../../test/member-fixtures';

describe('super admin group access page (company-group relations)', () => {
  let api: ApiHarness;
  let admin: string;
  let ids: DemoIds;
  let groups: Record<string, number>;
  let users: Record<string, number>;

  beforeAll(async () => {
    api = await startApi();
    admin = await api.login('admin@casebridge.test');
    ids = await demoIds(api);
    const em = orm(api);
    groups = Object.fromEntries((await em.find(Community, {})).map((group) => [group.name, group.id]));
    users = Object.fromEntries((await em.find(User, {})).map((user) => [user.email, user.id]));
  }, 60_000);
  afterAll(() => api?.close());

  const get = (path: string, token = admin) => api.http().get(`/api/super_admin/companies/${path}`).set(bearer(token));
  const put = (companyId: number, body: object, token = admin) =>
    api.http().post(`/api/super_admin/companies/${companyId}/groups/put`).set(bearer(token)).send(body);
  const relationOf = (companyId: number, groupName: string) =>
    orm(api).findOneOrFail(
      CompanyGroupRelation,
      { company: companyId, community: groups[groupName], department: null },
      { populate: ['users'] },
    );

  it('relation: the settings with the selected users and the company’s active users', async () => {
    const relation = await orm(api).findOneOrFail(CompanyGroupRelation, {
      company: ids.acme,
      community: groups['VaultBackup Solution Support'],
    });
    const body = (await get(`${ids.acme}/relation/${relation.id}`).expect(200)).body;
    expect(body.relation).toMatchObject({
      id: relation.id,
      company_id: ids.acme,
      community: { name: 'VaultBackup Solution Support', type: 'solution_support' },
      department_id: ids.departments['Storage Engineering'],
      user_access_flag: 'limit',
      is_active: 1,
      selected_users: [users['pm@acme.test'], users['caller@acme.test']].sort((a, b) => a - b),
    });
    const selected = body.users.filter((user: { selected: boolean }) => user.selected).map((u: { id: number }) => u.id);
    expect(selected.sort()).toEqual(body.relation.selected_users.slice().sort());
    const names = body.users.map((user: { first_name: string }) => user.first_name);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b)));

    const list = (await get(`${ids.acme}/users/${relation.id}`).expect(200)).body.users;
    expect(list).toEqual(body.users);
    const none = (await get(`${ids.acme}/users/0`).expect(200)).body.users;
    expect(none.every((user: { selected: boolean }) => !user.selected)).toBe(true);
  });

  it('404 for unknown companies and relations of another company; 403 for non super admins', async () => {
    const globexRelation = await relationOf(ids.globex, 'Storage Alliance');
    await get(`${ids.acme}/relation/${globexRelation.id}`).expect(404);
    await get(`${ids.acme}/users/${globexRelation.id}`).expect(404);
    await get(`999999/relation/${globexRelation.id}`).expect(404);
    await get('999999/users/0').expect(404);
    await put(999999, { community_id: groups['Storage Alliance'] }).expect(404);
    await put(ids.acme, { relation_id: globexRelation.id, community_id: groups['Storage Alliance'] }).expect(404);
    for (const email of ['bm@acme.test', 'caller@acme.test']) {
      const token = await api.login(email);
      await get(`${ids.acme}/relation/${globexRelation.id}`, token).expect(403);
      await get(`${ids.acme}/users/0`, token).expect(403);
      await put(ids.acme, { community_id: groups['Storage Alliance'] }, token).expect(403);
    }
  });

  it('the users export of the company still answers beside users/{relation_id}', async () => {
    const answer = await get(`${ids.acme}/users/export`).expect(200);
    expect(answer.body).not.toHaveProperty('users');
  });

  it('a new relation takes the defaults of the group type (spec 3 §2.7)', async () => {
    // Umbrella joins a partner program another company sponsors: only the sponsor.
    const program = await put(ids.umbrella, { community_id: groups['Globex Edge Program'] }).expect(200);
    expect(program.body).toMatchObject({
      success: true,
      message: RELATION_SAVED,
      relation: { member_relationship: 'one_to_many', user_access_flag: 'all', is_active: 1, selected_users: [] },
    });
    // The sponsor itself sees all members (a department of it, since the company already belongs).
    const sponsor = await put(ids.globex, {
      community_id: groups['Globex Edge Program'],
      department_id: ids.departments['Enterprise Storage Support'],
    }).expect(200);
    expect(sponsor.body.relation.member_relationship).toBe('many_to_many');
    const support = await put(ids.umbrella, { community_id: groups['VaultBackup Solution Support'] }).expect(200);
    expect(support.body.relation.member_relationship).toBe('many_to_many');
    // A chosen relationship wins over the default.
    const chosen = await put(ids.initech, {
      community_id: groups['Storage Alliance'],
      member_relationship: 'one_to_many',
    }).expect(200);
    expect(chosen.body.relation.member_relationship).toBe('one_to_many');
  });

  it('limit keeps the selected users; all clears them; inactive and settings are stored', async () => {
    const relation = await relationOf(ids.globex, 'Storage Alliance');
    const limited = await put(ids.globex, {
      relation_id: relation.id,
      community_id: groups['Storage Alliance'],
      document_id: ids.documents['Globex Storage Collaboration'],
      user_access_flag: 'limit',
      member_relationship: 'many_to_many',
      is_active: 0,
      selected_users: [users['caller@globex.test']],
    }).expect(200);
    expect(limited.body.relation).toMatchObject({
      id: relation.id,
      user_access_flag: 'limit',
      is_active: 0,
      document_id: ids.documents['Globex Storage Collaboration'],
      selected_users: [users['caller@globex.test']],
    });
    const all = await put(ids.globex, {
      relation_id: relation.id,
      community_id: groups['Storage Alliance'],
      document_id: ids.documents['Globex Storage Collaboration'],
      user_access_flag: 'all',
      is_active: 1,
      selected_users: [users['caller@globex.test']],
    }).expect(200);
    expect(all.body.relation).toMatchObject({ user_access_flag: 'all', is_active: 1, selected_users: [] });
    expect((await relationOf(ids.globex, 'Storage Alliance')).users.count()).toBe(0);
  });

  it('422 per field: community_id, department_id, document_id, selected_users, user_access_flag', async () => {
    const shape = await put(ids.acme, {
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
    const db = await put(ids.acme, {
      community_id: 999999,
      department_id: ids.departments['Backup & Recovery'],
      document_id: ids.documents['Globex Storage Collaboration'],
      user_access_flag: 'limit',
      selected_users: [users['bm@globex.test']],
    }).expect(422);
    expect(Object.keys(db.body.errors).sort()).toEqual([
      'community_id',
      'department_id',
      'document_id',
      'selected_users',
    ]);
    // The company already belongs to the group (one relation per company and department).
    const twin = await put(ids.acme, { community_id: groups['Storage Alliance'] }).expect(422);
    expect(twin.body.errors).toEqual({ community_id: ['The company already has access to the group.'] });
  });
});
