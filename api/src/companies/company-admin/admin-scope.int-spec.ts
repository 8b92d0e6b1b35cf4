import { MESSAGES, adminCompanyApi, adminGroupsApi, adminProcessesApi, type Endpoint } from '@casebridge/contracts';
import {
  CompanyGroupRelation,
  DocumentVersion,
  GroupDocument,
  User,
  type Company,
  type ContactDocument,
} from '@casebridge/db';
import { bearer, startApi, type ApiHarness } from '../../../../test/kit/api-harness';
import { aCompany, aGroup, aGroupDocument, aProcess, aUser, domainOf, signedIn } from '../../../../test/kit/factories';
import { orm } from '../../../../test/kit/member-fixtures';

/**
 * Admin data is scoped to the admin's own company: our business manager calls every admin call that names a thing
 * with an id of another company's (a user, a process document, the company's departments) or of a group we have no
 * relation with, and gets 403 or 404, never the data, and nothing changes. Callers get 403 on every admin call in
 * access/route-access.int-spec.ts ("a caller on … → 403"); anonymous calls 401 there too.
 */
describe('company admin scope: nothing of another company, ids checked', () => {
  let api: ApiHarness;
  // Ours (registrations wait for approval) and two others: "globex" shares a group with us, "umbrella" is in a
  // group we are not in (cloudConnect); we are in a solution support group (vault) with our caller only.
  let ours: Company;
  let globex: Company;
  let umbrella: Company;
  let ourBm: User;
  let acmeBm: string;
  let globexUser: User;
  let umbrellaUser: User;
  let globexProcess: ContactDocument;
  let globexGroupDoc: GroupDocument;
  let cloudConnect: number;
  let storageAlliance: number;
  let vault: number;

  beforeAll(async () => {
    api = await startApi();
    ours = await aCompany(api, { requiresApproval: true });
    globex = await aCompany(api);
    umbrella = await aCompany(api);
    ourBm = await aUser(api, { company: ours, role: 'business_manager' });
    const ourCaller = await aUser(api, { company: ours, role: 'caller' });
    globexUser = await aUser(api, { company: globex, role: 'caller' });
    umbrellaUser = await aUser(api, { company: umbrella, role: 'caller' });
    globexProcess = await aProcess(api, { company: globex });
    const foreign = await aGroup(api, { members: [{ company: globex }, { company: umbrella, users: [umbrellaUser] }] });
    cloudConnect = foreign.id;
    const alliance = await aGroup(api, { members: [{ company: ours }, { company: globex }] });
    storageAlliance = alliance.id;
    const solutionSupport = await aGroup(api, {
      type: 'solution_support',
      sponsor: globex,
      members: [{ company: globex }, { company: ours, users: [ourCaller] }],
    });
    vault = solutionSupport.id;
    globexGroupDoc = await aGroupDocument(api, { group: alliance, company: globex });
    acmeBm = await signedIn(api, ourBm);
  }, 60_000);
  afterAll(() => api?.close());

  const path = (template: string, params: Record<string, string | number>) =>
    `/api/${template.replace(/:([A-Za-z_]+)/g, (_match, name: string) => String(params[name]))}`;

  /** Bodies are valid, so only the id can be what is refused; the upload goes as multipart, as browsers send it. */
  function send(endpoint: Endpoint, params: Record<string, string | number>, body: object = {}) {
    const url = path(endpoint.path, params);
    if (endpoint.method === 'GET') return api.http().get(url).set(bearer(acmeBm));
    if (endpoint === adminGroupsApi.uploadDocument) {
      return api
        .http()
        .post(url)
        .set(bearer(acmeBm))
        .field('name', 'Planted link')
        .field('company_id', String(ours.id))
        .field('document_type', 'url')
        .field('url', 'https://example.test/planted');
    }
    return api.http().post(url).set(bearer(acmeBm)).send(body);
  }

  const userBody = (domain: string) => ({
    first_name: 'Hacked',
    last_name: 'User',
    email: `hacked.user@${domain}`,
    role: 'caller',
  });
  const managerBody = () => ({
    first_name: 'Bea',
    last_name: 'Manager',
    email: ourBm.email,
    internal_reference: 'ESC-1',
    business_impact: 'Testing',
    receive_company_id: globex.id,
    contact_document_id: globexDoc(),
  });

  const globexDoc = () => globexProcess.id;
  const cases = (): [string, Endpoint, Record<string, string | number>, object?][] => [
    ['a Globex user', adminCompanyApi.user, { id: globexUser.id }],
    ['editing a Globex user', adminCompanyApi.saveUser, { id: globexUser.id }, userBody(domainOf(globex))],
    ['disabling a Globex user', adminCompanyApi.userStatus, { id: globexUser.id }, { status: 'inactive' }],
    ['deleting a Globex user', adminCompanyApi.deleteUser, { id: globexUser.id }],
    ['approving a Globex user', adminCompanyApi.approveRegistration, { id: globexUser.id }],
    ['rejecting a Globex user', adminCompanyApi.rejectRegistration, { id: globexUser.id }],
    ['Globex departments', adminCompanyApi.departments, { id: globex.id }],
    ['a Globex process', adminProcessesApi.detail, { documentId: globexDoc() }],
    ['updating a Globex process', adminProcessesApi.update, { documentId: globexDoc() }, { title: 'Taken over' }],
    ['a Globex sample form', adminProcessesApi.sample, { documentId: globexDoc() }],
    ['a sample to a Globex process', adminProcessesApi.submitSample, { documentId: globexDoc() }],
    [
      'a manager sample to a Globex process',
      adminProcessesApi.submitSampleManager,
      { documentId: globexDoc() },
      managerBody(),
    ],
    ['a foreign group', adminGroupsApi.detail, { groupId: cloudConnect }],
    ['a foreign group (short path)', adminGroupsApi.group, { groupId: cloudConnect }],
    ['a foreign group’s addendum', adminGroupsApi.addendum, { groupId: cloudConnect }],
    ['a foreign group’s license', adminGroupsApi.currentLicense, { groupId: cloudConnect }],
    ['a foreign group’s code of conduct', adminGroupsApi.codeOfConduct, { groupId: cloudConnect }],
    ['a foreign group’s members export', adminGroupsApi.exportMembers, { groupId: cloudConnect }],
    ['a foreign group’s documents', adminGroupsApi.documents, { groupId: cloudConnect }],
    ['uploading to a foreign group', adminGroupsApi.uploadDocument, { groupId: cloudConnect }],
    [
      'deleting Globex’s group document',
      adminGroupsApi.deleteDocument,
      {
        groupId: storageAlliance,
        documentId: globexGroupDoc.id,
      },
    ],
    ['a foreign group’s users', adminGroupsApi.users, { groupId: cloudConnect }],
    [
      'searching a foreign group’s users',
      adminGroupsApi.searchUsers,
      { groupId: cloudConnect },
      { search_term: 'Fay' },
    ],
    ['adding a Globex user to a group', adminGroupsApi.addUser, { groupId: vault, userId: globexUser.id }],
    ['removing a foreign group’s user', adminGroupsApi.removeUser, { groupId: cloudConnect, userId: umbrellaUser.id }],
  ];

  it('answers 403 or 404 on every call naming something of another company, and changes nothing', async () => {
    const before = await snapshot();
    const answers: string[] = [];
    for (const [what, endpoint, params, body] of cases()) {
      const response = await send(endpoint, params, body);
      answers.push(`${what}: ${[403, 404].includes(response.status) ? 'refused' : response.status}`);
      expect(JSON.stringify(response.body)).not.toContain(globexUser.email);
      expect(JSON.stringify(response.body)).not.toContain(umbrellaUser.email);
    }
    expect(answers).toEqual(cases().map(([what]) => `${what}: refused`));
    expect(await snapshot()).toEqual(before);
  });

  /** Globex's things the calls above tried to change. */
  async function snapshot() {
    const em = orm(api).fork();
    const user = await em.findOneOrFail(User, globexUser.id);
    const version = await em.findOneOrFail(DocumentVersion, { document: globexDoc() }, { orderBy: { id: 'desc' } });
    const relation = await em.findOneOrFail(
      CompanyGroupRelation,
      { community: cloudConnect, company: umbrella.id },
      { populate: ['users'] },
    );
    return {
      user: [user.firstName, user.status, user.approvalStatus],
      process: version.title,
      groupDocument: await em.count(GroupDocument, globexGroupDoc.id),
      groupUsers: relation.users.getItems().map((member) => member.id),
      // Every group of this test: a planted document would show in one of them.
      groupDocuments: await em.count(GroupDocument, { community: [cloudConnect, storageAlliance, vault] }),
      vaultUsers: (
        await em.findOneOrFail(CompanyGroupRelation, { community: vault, company: ours.id }, { populate: ['users'] })
      ).users
        .getItems()
        .map((member) => member.id),
    };
  }

  const malformed = (): [string, Endpoint, string, object?][] => [
    ['GET admin/company/{id}/departments', adminCompanyApi.departments, 'id'],
    ['GET admin/company/users/{id}', adminCompanyApi.user, 'id'],
    ['POST admin/company/users/{id}', adminCompanyApi.saveUser, 'id', userBody('example.test')],
    ['GET admin/company/users/{id}/delete', adminCompanyApi.deleteUser, 'id'],
    ['POST admin/company/users/{id}/status', adminCompanyApi.userStatus, 'id', { status: 'active' }],
    ['GET admin/company/registration/{id}/approve', adminCompanyApi.approveRegistration, 'id'],
    ['GET admin/company/registration/{id}/reject', adminCompanyApi.rejectRegistration, 'id'],
    ['GET admin/company/documents/{id}', adminProcessesApi.detail, 'documentId'],
    ['POST admin/company/documents/{id}', adminProcessesApi.update, 'documentId', { title: 'x' }],
    ['GET admin/company/documents/{id}/sample', adminProcessesApi.sample, 'documentId'],
    ['GET admin/company/partner_groups/{id}', adminGroupsApi.detail, 'groupId'],
    ['GET admin/partner_groups/{id}', adminGroupsApi.group, 'groupId'],
    ['GET admin/company/partner_groups/{id}/documents', adminGroupsApi.documents, 'groupId'],
    ['GET admin/company/partner_groups/{id}/documents/{doc}/delete', adminGroupsApi.deleteDocument, 'documentId'],
    ['GET admin/company/partner_groups/{id}/users', adminGroupsApi.users, 'groupId'],
    [
      'POST admin/company/partner_groups/{id}/users/search',
      adminGroupsApi.searchUsers,
      'groupId',
      { search_term: 'acme' },
    ],
    ['GET admin/partner_groups/{id}/users/add/{user}', adminGroupsApi.addUser, 'userId'],
    ['GET admin/company/partner_groups/{id}/users/{user}/delete', adminGroupsApi.removeUser, 'userId'],
  ];

  // Every row has its four values: jest would take a missing last argument for a done callback.
  it.each(malformed().map(([label, endpoint, param, body]) => [label, endpoint, param, body ?? {}] as const))(
    '%s: a malformed id is 422 on that parameter',
    async (_label, endpoint, param, body) => {
      const params: Record<string, string | number> = { id: 1, documentId: 1, groupId: vault, userId: 1 };
      params[param] = 'x1';
      const response = await send(endpoint, params, body).expect(422);
      expect(Object.keys(response.body.errors)).toEqual([param]);
    },
  );

  it('rejects a pending registration from the queue, mails the applicant, and keeps the account out', async () => {
    const applicant = {
      first_name: 'Rae',
      last_name: 'Rejected',
      email: `rae.rejected@${domainOf(ours)}`,
      phone: '555 0100',
      phone_country_code: 'US',
      password: 'Str0ng!Pass',
      password_confirmation: 'Str0ng!Pass',
      agree_confirm: true,
    };
    await api.http().post(`/api/caller/register/${ours.slug}`).send(applicant).expect(200);
    const queue = await send(adminCompanyApi.registrationQueue, {}).expect(200);
    const row = (queue.body.queue as { id: number; email: string }[]).find((item) => item.email === applicant.email)!;
    const answer = await send(adminCompanyApi.rejectRegistration, { id: row.id }).expect(200);
    expect(answer.body).toMatchObject({ success: true, approved: false, message: MESSAGES.userRejected });
    await api.lastMailTo(applicant.email, 'registration-rejected');
    const after = await send(adminCompanyApi.registrationQueue, {}).expect(200);
    expect((after.body.queue as { id: number }[]).map((item) => item.id)).not.toContain(row.id);
    await api.http().post('/api/auth/login').send({ email: applicant.email, password: applicant.password }).expect(403);
  });
});
