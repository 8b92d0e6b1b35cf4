import type { AdminProcessDetail, AdminProcessRow } from '@casebridge/contracts';
import { DocumentVersion, User, type Community, type Company, type ContactDocument } from '@casebridge/db';
import { bearer, startApi, type ApiHarness } from '../../../../test/kit/api-harness';
import {
  aCompany,
  aGroup,
  aProcess,
  aUser,
  domainOf,
  emOf,
  signedIn,
  uniqueName,
} from '../../../../test/kit/factories';
import { registrationBody } from '../../../../test/kit/member-fixtures';

describe('company admin: inbound process documents', () => {
  let api: ApiHarness;
  // Our company (acme: its business manager, program manager and caller, a collaboration process with both as
  // managers and a manager escalation), a partner (globex) with a process of every other type, a limited member
  // (initech) and the partner program our collaboration process is offered in (custom SLA messages).
  let acme: Company;
  let initech: Company;
  let acmeManager: User;
  let acmeCallerUser: User;
  let acmePmUser: User;
  let domain: string;
  let alliance: Community;
  const doc = {} as Record<
    | 'acmeCollab'
    | 'acmeEscalation'
    | 'globexCollab'
    | 'globexSupport'
    | 'globexJson'
    | 'globexParent'
    | 'initechCollab',
    ContactDocument
  >;
  let acmeBm: string;
  let acmePm: string;
  let globexBm: string;
  let initechBm: string;
  let acmeCaller: string;

  beforeAll(async () => {
    api = await startApi();
    acme = await aCompany(api, { requiresApproval: true });
    const globex = await aCompany(api);
    domain = domainOf(acme);
    initech = await aCompany(api, { membershipType: 'limited' });
    // First names that sort otherwise than the users were made, so the users' order by first name shows.
    acmeManager = await aUser(api, { company: acme, role: 'business_manager', overrides: { firstName: 'Zoe' } });
    acmePmUser = await aUser(api, { company: acme, role: 'program_manager', overrides: { firstName: 'Mia' } });
    acmeCallerUser = await aUser(api, { company: acme, role: 'caller', overrides: { firstName: 'Ada' } });
    const globexManager = await aUser(api, { company: globex, role: 'business_manager' });
    const initechManager = await aUser(api, { company: initech, role: 'business_manager' });
    doc.acmeCollab = await aProcess(api, {
      company: acme,
      managers: { main: acmeManager, alternate: acmePmUser },
      version: { escalationUser: acmeManager.id },
      fields: [{ codeLabel: 'end_customer', section: 'common_customer_section', required: true }],
    });
    doc.acmeEscalation = await aProcess(api, { company: acme, type: 'manager' });
    doc.globexCollab = await aProcess(api, { company: globex });
    doc.globexSupport = await aProcess(api, { company: globex, type: 'solution_support' });
    doc.globexJson = await aProcess(api, { company: globex, type: 'json' });
    doc.globexParent = await aProcess(api, { company: globex, type: 'parent' });
    doc.initechCollab = await aProcess(api, { company: initech });
    alliance = await aGroup(api, {
      sponsor: globex,
      members: [
        { company: globex, process: doc.globexCollab },
        { company: acme, process: doc.acmeCollab, users: [acmeCallerUser] },
      ],
      processes: [doc.globexCollab, doc.acmeCollab],
      overrides: { customSla: true, p1Message: 'P1: production is down. Answer within 2 hours, day and night.' },
    });
    await aGroup(api, { members: [{ company: globex }, { company: initech, process: doc.initechCollab }] });
    [acmeBm, acmePm, globexBm, initechBm, acmeCaller] = await Promise.all(
      [acmeManager, acmePmUser, globexManager, initechManager, acmeCallerUser].map((user) => signedIn(api, user)),
    );
  }, 60_000);

  afterAll(() => api?.close());

  const get = (path: string, token: string) => api.http().get(`/api/${path}`).set(bearer(token));
  const post = (path: string, token: string, body: object) =>
    api.http().post(`/api/${path}`).set(bearer(token)).send(body);

  it('lists only the own company’s documents with type label, groups and escalation manager', async () => {
    const response = await get('admin/company/documents', acmeBm).expect(200);
    const rows = response.body.documents as AdminProcessRow[];
    expect(rows.map((row) => row.name).sort()).toEqual([doc.acmeCollab.name, doc.acmeEscalation.name].sort());
    const collaboration = rows.find((row) => row.name === doc.acmeCollab.name)!;
    expect(collaboration.type_label).toBe('Collaboration');
    expect(collaboration.groups.map((group) => group.name)).toContain(alliance.name);
    expect(collaboration.escalation_manager).toBe(acmeManager.fullName);
    expect(rows.find((row) => row.name === doc.acmeEscalation.name)!.type_label).toBe('Manager');
  });

  it('labels every type in words: Solution Support and JSON, not Solution_support and Json', async () => {
    const rows = (await get('admin/company/documents', globexBm).expect(200)).body.documents as AdminProcessRow[];
    const label = (name: string) => rows.find((row) => row.name === name)!.type_label;
    expect(label(doc.globexSupport.name)).toBe('Solution Support');
    expect(label(doc.globexJson.name)).toBe('JSON');
  });

  it('refuses callers (403) and anonymous calls (401)', async () => {
    await get('admin/company/documents', acmeCaller).expect(403);
    await api.http().get('/api/admin/company/documents').expect(401);
  });

  it('shows one document with sections, relations, managers and the company’s users by first name', async () => {
    const id = doc.acmeCollab.id;
    const body = (await get(`admin/company/documents/${id}`, acmePm).expect(200)).body as AdminProcessDetail;
    expect(body.document.id).toBe(id);
    expect(body.document.settings.type_label).toBe('Standard Email Process');
    expect(body.document.settings.detailed).toBe(true);
    expect(body.document.group_relations.map((relation) => relation.community.name)).toContain(alliance.name);
    expect(body.document.managers.map((manager) => manager.user_type)).toEqual(['main', 'alternate']);
    expect(body.document.managers[0].user.email).toBe(acmeManager.email);
    const sections = [
      ...body.document.common_customer_section,
      ...body.document.problem_section,
      ...body.document.contact_section,
    ];
    expect(sections.length).toBeGreaterThan(0);
    expect(body.companies).toEqual([{ id: acme.id, name: acme.name }]);
    const firstNames = body.users.map((user) => user.first_name);
    expect(firstNames).toEqual([...firstNames].sort((a, b) => a.localeCompare(b)));
    expect(body.users.every((user) => user.email.endsWith(`@${domainOf(acme)}`))).toBe(true);
    expect(body.communities.map((community) => community.name)).toContain(alliance.name);
  });

  it('answers 404 for another company’s document and 422 for a non-numeric id', async () => {
    await get(`admin/company/documents/${doc.globexCollab.id}`, acmeBm).expect(404);
    await post(`admin/company/documents/${doc.globexCollab.id}`, acmeBm, {
      title: 'Taken over',
    }).expect(404);
    await get(`admin/company/documents/${doc.globexCollab.id}/sample`, acmeBm).expect(404);
    const bad = await get('admin/company/documents/abc', acmeBm).expect(422);
    expect(bad.body.errors.documentId).toBeDefined();
  });

  it('updates the editable fields, sanitizes the instructions and keeps the type', async () => {
    const id = doc.acmeCollab.id;
    const before = (await get(`admin/company/documents/${id}`, acmeBm).expect(200)).body as AdminProcessDetail;
    const pm = before.users.find((user) => user.email === acmePmUser.email)!;
    const response = await post(`admin/company/documents/${id}`, acmeBm, {
      title: 'Acme Storage Support',
      support_hours: '8x5',
      product_supported: 'Arrays',
      collaborate_email: `Support@${domain.toUpperCase()}`,
      collaborate_cc_email: `a@${domain}, b@${domain}`,
      escalation_instructions: '<p onclick="x()">Call us</p><script>alert(1)</script>',
      escalation_user_id: pm.id,
      alt_escalation_user_id: 0,
      escalation_alias: `escalations@${domain}`,
      document_type: 'default',
    }).expect(200);
    expect(response.body.message).toMatch(/updated/);
    const after = (await get(`admin/company/documents/${id}`, acmeBm).expect(200)).body as AdminProcessDetail;
    expect(after.document.settings).toMatchObject({
      document_type: 'ticket',
      title: 'Acme Storage Support',
      support_hours: '8x5',
      product_supported: 'Arrays',
      collaborate_email: `support@${domain}`,
      escalation_user_id: pm.id,
      alt_escalation_user_id: 0,
      escalation_alias: `escalations@${domain}`,
    });
    expect(after.document.settings.escalation_instructions).toBe('<p>Call us</p>');
    const version = await emOf(api).findOneOrFail(DocumentVersion, { document: id }, { orderBy: { id: 'desc' } });
    expect(version.escalationInstructions).toBe('<p>Call us</p>');
  });

  it('keeps the formatting of the escalation instructions but no script links or handlers', async () => {
    const id = doc.acmeCollab.id;
    await post(`admin/company/documents/${id}`, acmeBm, {
      title: 'Acme Storage Support',
      escalation_instructions:
        '<p><b>Call</b> <a href="javascript:alert(1)">here</a> or <a href="https://acme.test/esc">there</a></p><img src=x onerror="alert(1)"><iframe src="https://evil.test"></iframe>',
    }).expect(200);
    const after = (await get(`admin/company/documents/${id}`, acmeBm).expect(200)).body as AdminProcessDetail;
    const html = after.document.settings.escalation_instructions ?? '';
    expect(html).toContain('<b>Call</b>');
    expect(html).toContain('href="https://acme.test/esc"');
    expect(html).not.toMatch(/javascript:|onerror|<iframe|<script/i);
  });

  it('refuses invalid fields and users of another company with 422', async () => {
    const id = doc.acmeCollab.id;
    const invalid = await post(`admin/company/documents/${id}`, acmeBm, {
      title: '',
      collaborate_email: 'not-an-email',
      escalation_alias: 'nope',
    }).expect(422);
    expect(Object.keys(invalid.body.errors).sort()).toEqual(['collaborate_email', 'escalation_alias', 'title']);
    const globexUsers = (await get(`admin/company/documents/${doc.globexCollab.id}`, globexBm).expect(200))
      .body as AdminProcessDetail;
    const stranger = await post(`admin/company/documents/${id}`, acmeBm, {
      title: 'x',
      escalation_user_id: globexUsers.users[0].id,
    }).expect(422);
    expect(stranger.body.errors.escalation_user_id).toEqual(['Please choose a user of your company.']);
  });

  it('offers and accepts only active, approved people: a registration awaiting approval is nobody’s contact yet', async () => {
    const applicant = registrationBody(`${uniqueName('awaiting-approval')}@${domain}`, 'Awaiting');
    await api.http().post(`/api/caller/register/${acme.slug}`).send(applicant).expect(200);
    const pending = await emOf(api).findOneOrFail(User, { email: applicant.email });
    expect(pending.approvalStatus).toBe('pending');
    const id = doc.acmeCollab.id;
    const offered = (await get(`admin/company/documents/${id}`, acmeBm).expect(200)).body as AdminProcessDetail;
    expect(offered.users.map((user) => user.email)).not.toContain(applicant.email);
    const refused = await post(`admin/company/documents/${id}`, acmeBm, {
      title: doc.acmeCollab.name,
      escalation_user_id: pending.id,
    }).expect(422);
    expect(refused.body.errors.escalation_user_id).toEqual(['Please choose a user of your company.']);
    // Nor does the group access search offer it (our access to the partner program is limited to chosen users).
    const found = await post(`admin/company/partner_groups/${alliance.id}/users/search`, acmeBm, {
      search_term: domain,
    });
    expect(found.status).toBe(200);
    const emails = (found.body.users as { email: string }[]).map((user) => user.email);
    expect(emails).toContain(acmeCallerUser.email);
    expect(emails).not.toContain(applicant.email);
  });

  it('serves the sample form for a detailed document and 422 for a parent', async () => {
    const sample = await get(`admin/company/documents/${doc.globexCollab.id}/sample`, globexBm).expect(200);
    expect(sample.body.document.settings.document_type).toBe('ticket');
    expect(sample.body.messages).toMatchObject({ high: expect.stringMatching(/^P1/) });
    const parent = await get(`admin/company/documents/${doc.globexParent.id}/sample`, globexBm).expect(422);
    expect(parent.body.errors.document_type).toBeDefined();
  });

  it('shows the limited process of a limited member and 404 for other memberships', async () => {
    const limited = (await get('admin/company/documents/limited', initechBm).expect(200)).body as AdminProcessDetail;
    expect(limited.document.name).toBe(doc.initechCollab.name);
    expect(limited.companies).toEqual([{ id: initech.id, name: initech.name }]);
    await get('admin/company/documents/limited', acmeBm).expect(404);
  });
});
