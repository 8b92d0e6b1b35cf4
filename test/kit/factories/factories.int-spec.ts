import { CASE_STATUSES, MESSAGES, type Role } from '@casebridge/contracts';
import { CaseEvent, CaseResponse } from '@casebridge/db';
import { bearer, startApi, type ApiHarness } from '../api-harness';
import {
  aCase,
  aCaseRow,
  aCompany,
  aDepartment,
  aGroup,
  aProcess,
  aSignedInUser,
  aUser,
  emOf,
  FACTORY_PASSWORD,
  signedIn,
} from './index';

/** The factories make what they say: checked through the api, as the tests that use them will read it. */
describe('integration test factories', () => {
  let api: ApiHarness;

  beforeAll(async () => {
    api = await startApi();
  });
  afterAll(() => api.close());

  const me = async (token: string) => (await api.http().get('/api/auth/me').set(bearer(token)).expect(200)).body;

  it('aCompany: a unique active member company with the flags asked for', async () => {
    const first = await aCompany(api);
    const second = await aCompany(api, { membershipType: 'limited', loginMethod: 'sso', allowNotes: false });
    expect(new Set([first.name, second.name, first.slug, second.slug, first.domain, second.domain]).size).toBe(6);

    const { token } = await aSignedInUser(api, { company: first, role: 'caller' });
    expect((await me(token)).company).toMatchObject({
      id: first.id,
      slug: first.slug,
      status: 'active',
      membership_type: 'premium',
      login_method: 'requires_registration',
      allow_notes: true,
    });
    const ssoCaller = await signedIn(api, await aUser(api, { company: second, role: 'caller' }));
    expect((await me(ssoCaller)).company).toMatchObject({
      id: second.id,
      membership_type: 'limited',
      login_method: 'sso',
      allow_notes: false,
    });
  });

  // The role's access, each through a route only that kind of actor may use.
  const ACCESS: Record<Role, { companyAdmin: number; backOffice: number; apiTokens: number }> = {
    caller: { companyAdmin: 403, backOffice: 403, apiTokens: 403 },
    program_manager: { companyAdmin: 200, backOffice: 403, apiTokens: 200 },
    business_manager: { companyAdmin: 200, backOffice: 403, apiTokens: 200 },
    api: { companyAdmin: 403, backOffice: 403, apiTokens: 200 },
    super_admin: { companyAdmin: 403, backOffice: 200, apiTokens: 403 },
  };

  it.each(Object.entries(ACCESS))('aUser %s: signs in and gets the access of the role', async (role, access) => {
    const company = role === 'super_admin' ? undefined : await aCompany(api);
    const { user, token, auth } = await aSignedInUser(api, { company, role: role as Role });
    expect(user.email).toMatch(company ? new RegExp(`@${company.domain}$`) : /@factory\.test$/);
    const current = await me(token);
    expect(current.user).toMatchObject({ id: user.id, email: user.email, role });
    expect(current.company?.id ?? null).toBe(company?.id ?? null);

    expect((await api.http().get('/api/admin/company').set(auth)).status).toBe(access.companyAdmin);
    expect((await api.http().get('/api/super_admin/companies').set(auth)).status).toBe(access.backOffice);
    expect((await api.http().get('/api/api-tokens').set(auth)).status).toBe(access.apiTokens);
  });

  it('aUser: pending, inactive and unverified users exist but cannot sign in; a company is required', async () => {
    const company = await aCompany(api);
    const login = (email: string) => api.http().post('/api/auth/login').send({ email, password: FACTORY_PASSWORD });
    const pending = await aUser(api, { company, role: 'caller', approvalStatus: 'pending' });
    const inactive = await aUser(api, { company, role: 'caller', status: 'inactive' });
    const unverified = await aUser(api, { company, role: 'caller', verified: false });
    expect((await login(pending.email).expect(403)).body.error).toBe(MESSAGES.userPendingApproval);
    expect((await login(inactive.email).expect(403)).body.error).toBe(MESSAGES.userInactive);
    expect((await login(unverified.email).expect(403)).body.error).toBe(MESSAGES.userNotVerified);
    await expect(aUser(api, { role: 'caller' })).rejects.toThrow('needs a company');
  });

  it('aUser: a member of an SSO company is refused the password and signed in as a super admin would', async () => {
    const company = await aCompany(api, { loginMethod: 'sso' });
    const user = await aUser(api, { company, role: 'caller' });
    const refused = await api.http().post('/api/auth/login').send({ email: user.email, password: FACTORY_PASSWORD });
    expect(refused.status).toBe(403);
    expect(refused.body.error).toBe(MESSAGES.ssoOnly);
    const current = await me(await signedIn(api, user));
    expect(current.user.id).toBe(user.id);
    expect(current.impersonated_by).not.toBeNull();
  });

  it('aProcess: a partner sees it and may submit to it; its own company may not', async () => {
    const receiver = await aCompany(api);
    const department = await aDepartment(api, receiver);
    const process = await aProcess(api, {
      company: receiver,
      departments: [department],
      fields: [{ codeLabel: 'end_customer', section: 'common_customer_section', required: true }],
    });
    const partner = await aSignedInUser(api, { company: await aCompany(api), role: 'caller' });
    const documents = await api
      .http()
      .get(`/api/caller/documents/company/${receiver.id}`)
      .set(partner.auth)
      .expect(200);
    const listed = documents.body.documents.find((doc: { id: number }) => doc.id === process.id);
    expect(listed).toMatchObject({ name: process.name, company_id: receiver.id });
    expect(listed.version.document_type).toBe('ticket');
    expect(listed.common_customer_section.map((field: { required: boolean }) => field.required)).toEqual([true]);

    const own = await aSignedInUser(api, { company: receiver, role: 'caller' });
    await api.http().post(`/api/caller/collaborate/${process.id}`).set(own.auth).send({}).expect(403);
    const toDepartment = await aCase(api, {
      from: partner.user,
      to: process,
      department,
      body: { [`custom_${listed.common_customer_section[0].requirement_id}`]: 'Northwind' },
    });
    expect(toDepartment.receiverDepartment?.id).toBe(department.id);
  });

  it('aGroup: a process offered to the group is open to its members only, limited to the users named', async () => {
    const sponsor = await aCompany(api);
    const process = await aProcess(api, { company: sponsor });
    const memberCompany = await aCompany(api);
    const named = await aUser(api, { company: memberCompany, role: 'caller' });
    const unnamed = await aSignedInUser(api, { company: memberCompany, role: 'caller' });
    const outsider = await aSignedInUser(api, { company: await aCompany(api), role: 'caller' });
    await aGroup(api, {
      sponsor,
      members: [
        { company: sponsor, process },
        { company: memberCompany, users: [named] },
      ],
      processes: [process],
    });
    const kase = await aCase(api, { from: named, to: process });
    expect(kase.receiverCompany.id).toBe(sponsor.id);
    for (const refused of [unnamed, outsider]) {
      await api.http().post(`/api/caller/collaborate/${process.id}`).set(refused.auth).send({}).expect(403);
    }
  });

  it.each(CASE_STATUSES)(
    'aCase %s: reads back in that status on the token page and the member page',
    async (status) => {
      const receiver = await aCompany(api);
      const process = await aProcess(api, { company: receiver });
      const submitter = await aSignedInUser(api, { company: await aCompany(api), role: 'caller' });
      const kase = await aCase(api, { from: submitter.user, to: process, status });

      const page = await api.http().get(`/api/caller/case/${kase.token}`).expect(200);
      expect(page.body.case.status).toBe(status);
      const details = await api.http().get(`/api/caller/case-details/${kase.token}`).set(submitter.auth).expect(200);
      expect(details.body.case).toMatchObject({ status, direction: 'outbound' });
      expect(kase.receiverCompany.id).toBe(receiver.id);
      expect(kase.submitterCompany.id).toBe(submitter.user.company!.id);
      // Driven by the api: the answers and events of the path are there.
      const responses = await emOf(api).find(CaseResponse, { case: kase.id }, { orderBy: { id: 'asc' } });
      const expected = {
        open: [],
        information: ['information-request'],
        accepted: ['approval'],
        rejected: ['information-request', 'rejection'],
        closed: ['approval'],
      }[status];
      expect(responses.map((response) => response.type)).toEqual(expected);
      const events = await emOf(api).count(CaseEvent, { case: kase.id });
      expect(events).toBe(1 + expected.length + (status === 'closed' ? 1 : 0));
    },
  );

  it('aCaseRow: the row in the status asked for, dated as asked, on the member page', async () => {
    const process = await aProcess(api, { company: await aCompany(api) });
    const submitter = await aSignedInUser(api, { company: await aCompany(api), role: 'caller' });
    const createdAt = new Date(Date.now() - 40 * 24 * 3600_000);
    const kase = await aCaseRow(api, { from: submitter.user, to: process, status: 'accepted', createdAt });
    const details = await api.http().get(`/api/caller/case-details/${kase.token}`).set(submitter.auth).expect(200);
    expect(details.body.case.status).toBe('accepted');
    expect(new Date(details.body.case.created_at).getTime()).toBe(createdAt.getTime());
  });
});
