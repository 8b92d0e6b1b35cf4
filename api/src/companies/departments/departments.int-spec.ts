import { DEPARTMENT_DELETED, DEPARTMENT_SAVED } from '@casebridge/contracts';
import { Department, type Community, type Company, type ContactDocument } from '@casebridge/db';
import { bearer, startApi, type ApiHarness } from '../../../../test/kit/api-harness';
import {
  aCaseRow,
  aCompany,
  aDepartment,
  aGroup,
  aProcess,
  aSuperAdmin,
  aUser,
  emOf,
  signedIn,
} from '../../../../test/kit/factories';

describe('super admin departments page', () => {
  let api: ApiHarness;
  let admin: string;
  // A company whose departments the back office edits, with a process and a group; a partner with a process; our
  // company with a department, a business manager and a caller.
  let host: Company;
  let hostProcess: ContactDocument;
  let group: Community;
  let partner: Company;
  let partnerProcess: ContactDocument;
  let ours: Company;
  let ourDepartment: Department;
  let memberTokens: string[];

  beforeAll(async () => {
    api = await startApi();
    admin = await signedIn(api, await aSuperAdmin(api));
    host = await aCompany(api);
    hostProcess = await aProcess(api, { company: host });
    group = await aGroup(api, { members: [{ company: host }] });
    partner = await aCompany(api);
    partnerProcess = await aProcess(api, { company: partner });
    ours = await aCompany(api);
    ourDepartment = await aDepartment(api, ours);
    memberTokens = [
      await signedIn(api, await aUser(api, { company: ours, role: 'business_manager' })),
      await signedIn(api, await aUser(api, { company: ours, role: 'caller' })),
    ];
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
    const created = await save(host.id, 0, {
      name: ' Platform Escalations ',
      description: 'Cloud platform incidents',
      community_id: group.id,
      contact_document_id: hostProcess.id,
    }).expect(200);
    expect(created.body).toEqual({
      success: true,
      message: DEPARTMENT_SAVED,
      department: {
        id: expect.any(Number),
        name: 'Platform Escalations',
        description: 'Cloud platform incidents',
        status: 'active',
        community: { id: group.id, name: group.name },
        contact_document: { id: hostProcess.id, name: hostProcess.name },
      },
    });
    const id = created.body.department.id as number;
    const updated = await save(host.id, id, {
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
    const stored = await emOf(api).findOneOrFail(Department, id);
    expect([stored.name, stored.status, stored.company.id]).toEqual(['Platform', 'inactive', host.id]);
  });

  it('422 per field: name, description, community_id, contact_document_id, status', async () => {
    const shape = await save(host.id, 0, {
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
    const db = await save(host.id, 0, {
      name: 'Valid',
      community_id: 999999,
      // Another company's process.
      contact_document_id: partnerProcess.id,
    }).expect(422);
    expect(Object.keys(db.body.errors).sort()).toEqual(['community_id', 'contact_document_id']);
    expect(await emOf(api).count(Department, { company: host.id, name: 'Valid' })).toBe(0);
  });

  it('404 for an unknown company or a department of another company; 403 for non super admins', async () => {
    await save(999999, 0, { name: 'X' }).expect(404);
    await save(partner.id, ourDepartment.id, { name: 'X' }).expect(404);
    await remove(999999).expect(404);
    for (const token of memberTokens) {
      await save(ours.id, ourDepartment.id, { name: 'X' }, token).expect(403);
      await remove(ourDepartment.id, token).expect(403);
    }
    expect((await emOf(api).findOneOrFail(Department, ourDepartment.id)).name).toBe(ourDepartment.name);
  });

  it('delete: refused while it holds an active group relation or open cases, else removed', async () => {
    // The host's department through which it takes part in a group.
    const inGroup = await aDepartment(api, host);
    await aGroup(api, { members: [{ company: host, department: inGroup }] });
    const refused = await remove(inGroup.id).expect(409);
    expect(refused.body.error).toMatch(/active group relation/);

    // A department without relations that received an open case.
    const receiving = (await save(host.id, 0, { name: 'Receiving' }).expect(200)).body.department.id as number;
    const submitter = await aUser(api, { company: partner, role: 'caller' });
    await aCaseRow(api, { from: submitter, to: hostProcess, overrides: { receiverDepartment: receiving } });
    expect((await remove(receiving).expect(409)).body.error).toMatch(/case\(s\) it received are still open/);

    const created = await save(host.id, 0, { name: 'Short-lived' }).expect(200);
    const id = created.body.department.id as number;
    expect((await remove(id).expect(200)).body).toEqual({ success: true, message: DEPARTMENT_DELETED });
    expect(await emOf(api).count(Department, { id })).toBe(0);
    await remove(id).expect(404);
  });
});
