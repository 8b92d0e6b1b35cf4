import { DEPARTMENT_DELETED, DEPARTMENT_SAVED } from '@casebridge/contracts';
import { Case, Community, Department } from '@casebridge/db';
import { bearer, startApi, type ApiHarness } from '../../../test/api-harness';
import { demoIds, orm, type DemoIds } from '../../../test/member-fixtures';

describe('super admin departments page', () => {
  let api: ApiHarness;
  let admin: string;
  let ids: DemoIds;
  let alliance: number;

  beforeAll(async () => {
    api = await startApi();
    admin = await api.login('admin@casebridge.test');
    ids = await demoIds(api);
    alliance = (await orm(api).findOneOrFail(Community, { name: 'Storage Alliance' })).id;
  }, 60_000);
  afterAll(() => api?.close());

  const save = (companyId: number, departmentId: number, body: object, token = admin) =>
    api
      .http()
      .post(`/api/super_admin/companies/${companyId}/departments/${departmentId}`)
      .set(bearer(token))
      .send(body);
  const remove = (id: number, token = admin) =>
    api.http().get(`/api/super_admin/departments/${id}/delete`).set(bearer(token));

  it('creates a department with its group and process, then updates it', async () => {
    const created = await save(ids.umbrella, 0, {
      name: ' Platform Escalations ',
      description: 'Cloud platform incidents',
      community_id: alliance,
      contact_document_id: ids.documents['Umbrella Cloud Collaboration'],
    }).expect(200);
    expect(created.body).toEqual({
      success: true,
      message: DEPARTMENT_SAVED,
      department: {
        id: expect.any(Number),
        name: 'Platform Escalations',
        description: 'Cloud platform incidents',
        status: 'active',
        community: { id: alliance, name: 'Storage Alliance' },
        contact_document: { id: ids.documents['Umbrella Cloud Collaboration'], name: 'Umbrella Cloud Collaboration' },
      },
    });
    const id = created.body.department.id as number;
    const updated = await save(ids.umbrella, id, {
      name: 'Platform',
      description: '',
      community_id: 0,
      contact_document_id: '',
      status: 'inactive',
    }).expect(200);
    expect(updated.body.department).toEqual({
      id,
      name: 'Platform',
      description: null,
      status: 'inactive',
      community: null,
      contact_document: null,
    });
    const stored = await orm(api).findOneOrFail(Department, id);
    expect([stored.name, stored.status, stored.company.id]).toEqual(['Platform', 'inactive', ids.umbrella]);
  });

  it('422 per field: name, description, community_id, contact_document_id, status', async () => {
    const shape = await save(ids.umbrella, 0, {
      name: '',
      description: 'x'.repeat(20_001),
      community_id: 'abc',
      contact_document_id: -3,
      status: 'gone',
    }).expect(422);
    expect(Object.keys(shape.body.errors).sort()).toEqual([
      'community_id',
      'contact_document_id',
      'description',
      'name',
      'status',
    ]);
    const db = await save(ids.umbrella, 0, {
      name: 'Valid',
      community_id: 999999,
      // Another company's process.
      contact_document_id: ids.documents['Acme Systems Collaboration'],
    }).expect(422);
    expect(Object.keys(db.body.errors).sort()).toEqual(['community_id', 'contact_document_id']);
    expect(await orm(api).count(Department, { name: 'Valid' })).toBe(0);
  });

  it('404 for an unknown company or a department of another company; 403 for non super admins', async () => {
    const acmeStorage = ids.departments['Storage Engineering'];
    await save(999999, 0, { name: 'X' }).expect(404);
    await save(ids.globex, acmeStorage, { name: 'X' }).expect(404);
    await remove(999999).expect(404);
    for (const email of ['bm@acme.test', 'caller@acme.test']) {
      const token = await api.login(email);
      await save(ids.acme, acmeStorage, { name: 'X' }, token).expect(403);
      await remove(acmeStorage, token).expect(403);
    }
    expect((await orm(api).findOneOrFail(Department, acmeStorage)).name).toBe('Storage Engineering');
  });

  it('delete: refused while it holds an active group relation or open cases, else removed', async () => {
    const refused = await remove(ids.departments['Backup & Recovery']).expect(409);
    expect(refused.body.error).toMatch(/active group relation/);

    // A department without relations that received an open case.
    const receiving = (await save(ids.globex, 0, { name: 'Receiving' }).expect(200)).body.department.id as number;
    const em = orm(api);
    const openCase = await em.findOneOrFail(Case, { status: 'open', receiverCompany: ids.globex });
    openCase.receiverDepartment = em.getReference(Department, receiving);
    await em.flush();
    expect((await remove(receiving).expect(409)).body.error).toMatch(/case\(s\) it received are still open/);

    const created = await save(ids.globex, 0, { name: 'Short-lived' }).expect(200);
    const id = created.body.department.id as number;
    expect((await remove(id).expect(200)).body).toEqual({ success: true, message: DEPARTMENT_DELETED });
    expect(await orm(api).count(Department, { id })).toBe(0);
    await remove(id).expect(404);
  });
});
