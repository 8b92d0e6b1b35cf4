import { DOCUMENT_TYPE_FIXED, type SuperAdminDocument } from '@casebridge/contracts';
import {
  ContactDocument,
  DocumentEmailTemplate,
  DocumentGroup,
  DocumentManager,
  DocumentTag,
  DocumentVersion,
  EmailTemplate,
  VersionRequirement,
  type Department,
  type User,
} from '@casebridge/db';
import { bearer, startApi, type ApiHarness } from '../../../../test/kit/api-harness';
import { aDepartment, aProcess, aSuperAdmin, aUser, emOf, settle, signedIn } from '../../../../test/kit/factories';
import { aSubmissionWorld, SHORT_FORM, type SubmissionWorld } from '../../../test/submission-world';

describe('super admin process editors: form data, load and managed / static saves', () => {
  let api: ApiHarness;
  let admin: string;
  // A receiver with a process of every kind and the companies around it (test/submission-world.ts); here also the
  // receiver's parent process and a third user named to sort first, the new-case template chosen for the
  // collaboration process, a department and a process of our company, and the limited company's process, whose
  // alias is set.
  let world: SubmissionWorld;
  let parent: ContactDocument;
  let ownDepartment: Department;
  let ownProcess: ContactDocument;
  let limitedProcess: ContactDocument;
  let receiverTokens: string[];
  let users: Record<'main' | 'alternate' | 'foreign' | 'limited', User>;

  beforeAll(async () => {
    api = await startApi();
    admin = await signedIn(api, await aSuperAdmin(api));
    world = await aSubmissionWorld(api);
    const { receiver, submitter, limited, processes } = world;
    users = {
      main: world.users.receiverManager,
      alternate: world.users.receiverAlternate,
      foreign: world.users.bm,
      limited: world.users.limitedBm,
    };
    await aUser(api, { company: receiver, role: 'caller', overrides: { firstName: 'Adam' } });
    parent = await aProcess(api, { company: receiver, type: 'parent', collaborateEmail: null });
    ownDepartment = await aDepartment(api, submitter);
    ownProcess = await aProcess(api, { company: submitter });
    limitedProcess = await aProcess(api, {
      company: limited,
      managers: { main: users.limited },
      version: { escalationAlias: 'kept@limited.test', escalationUser: users.limited.id },
    });
    const em = emOf(api);
    // The template catalogue of the template database.
    const newCase = await em.findOneOrFail(EmailTemplate, { slug: 'new_receiving_member' });
    em.create(DocumentEmailTemplate, {
      document: em.getReference(ContactDocument, processes.collaboration.id),
      type: 'new_receiving_member',
      template: newCase,
    });
    await em.flush();
    await settle(api);
    receiverTokens = [await signedIn(api, users.main), await signedIn(api, users.alternate)];
  }, 60_000);
  afterAll(() => api?.close());

  const get = (path: string, token = admin) => api.http().get(`/api/super_admin/${path}`).set(bearer(token));
  const save = (companyId: number, documentId: number, body: object, token = admin) =>
    api
      .http()
      .post(`/api/super_admin/companies/${companyId}/contact_documents/${documentId}`)
      .set(bearer(token))
      .send(body);

  it('form_data: company, departments, groups, users by first name, document templates', async () => {
    const { receiver } = world;
    const body = (await get(`companies/${receiver.id}/contact_documents/form_data`).expect(200)).body;
    expect(body.company).toEqual({ id: receiver.id, name: receiver.name, membership_type: 'elite' });
    expect(body.departments.map((d: { id: number }) => d.id)).toContain(world.departments.backup.id);
    expect(body.communities.map((c: { name: string }) => c.name)).toContain(world.slaGroup.name);
    const firstNames = body.users.map((user: { first_name: string }) => user.first_name);
    // Made as Mara, Theo, then Adam.
    expect(firstNames).toEqual(['Adam', 'Mara', 'Theo']);
    expect(firstNames).toEqual([...firstNames].sort((a, b) => a.localeCompare(b)));
    expect(body.email_templates.map((t: { slug: string }) => t.slug).sort()).toEqual([
      'manager-request',
      'new_receiving_member',
    ]);
    expect(body.email_templates[0]).toEqual({
      type: 'document',
      id: expect.any(Number),
      slug: expect.any(String),
      name: expect.any(String),
    });
  });

  it('form_data/parent: live processes of the company except parents', async () => {
    const path = `companies/${world.receiver.id}/contact_documents/form_data/parent`;
    const { documents } = (await get(path).expect(200)).body;
    const names = documents.map((doc: { name: string }) => doc.name);
    expect(names).toContain(world.processes.collaboration.name);
    expect(names).not.toContain(parent.name);
    expect(names).not.toContain(ownProcess.name);
  });

  it('404 for unknown companies and documents; 403 for a business manager and a caller', async () => {
    await get('companies/999999/contact_documents/form_data').expect(404);
    await get('companies/999999/contact_documents/form_data/parent').expect(404);
    await get('contact_documents/999999').expect(404);
    await save(999999, 0, { document_type: 'ticket', title: 'X' }).expect(404);
    const { receiver, submitter, processes } = world;
    await save(receiver.id, 999999, { document_type: 'ticket', title: 'X' }).expect(404);
    // Another company's document is not reachable through this company.
    await save(submitter.id, processes.collaboration.id, { document_type: 'ticket', title: 'X' }).expect(404);
    // The receiver's own business manager and caller.
    for (const token of receiverTokens) {
      await get(`companies/${receiver.id}/contact_documents/form_data`, token).expect(403);
      await get(`companies/${receiver.id}/contact_documents/form_data/parent`, token).expect(403);
      await get(`contact_documents/${processes.collaboration.id}`, token).expect(403);
      await save(receiver.id, 0, { document_type: 'ticket', title: 'X' }, token).expect(403);
    }
  });

  it('loads a managed document with its version, managers, tags, groups and template', async () => {
    const collaboration = world.processes.collaboration;
    const id = collaboration.id;
    const { document } = (await get(`contact_documents/${id}`).expect(200)).body as { document: SuperAdminDocument };
    expect(document).toMatchObject({
      id,
      company_id: world.receiver.id,
      name: collaboration.name,
      version: {
        document_type: 'ticket',
        status: 'approved',
        collaborate_email: collaboration.currentVersion!.collaborateEmail,
        main_escalation_contact: users.main.id,
        alt_escalation_contact: users.alternate.id,
      },
      tags: ['arrays', 'san', 'storage'],
      departments: [{ department_id: world.departments.enterprise.id }],
    });
    expect(document.email_templates).toEqual([{ type: 'new_receiving_member', email_template_id: expect.any(Number) }]);
    expect(document.group_relations).toEqual([{ community_id: world.slaGroup.id }]);
  });

  it('creates a managed document with the defaults, then edits it as a new version', async () => {
    const receiver = world.receiver.id;
    const created = await save(receiver, 0, {
      document_type: 'manager',
      title: 'Globex Duty Managers',
      main_escalation_contact: users.main.id,
      tags: ['duty', 'night'],
    }).expect(200);
    const doc = created.body.document as SuperAdminDocument;
    expect(doc.version).toMatchObject({
      version_number: 1,
      status: 'approved',
      support_hours: '7/24/365',
      product_supported: 'All',
      document_type: 'manager',
    });
    const managerRequest = await emOf(api).findOneOrFail(EmailTemplate, { slug: 'manager-request' });
    // A manager document defaults to the manager-request template.
    expect(doc.email_templates).toEqual([{ type: 'new_receiving_member', email_template_id: managerRequest.id }]);
    expect(doc.managers).toEqual([{ user_type: 'main', user_id: users.main.id }]);

    const storage = (await get(`companies/${receiver}/contact_documents/form_data`).expect(200)).body.communities.find(
      (group: { name: string }) => group.name === world.slaGroup.name,
    );
    const edited = await save(receiver, doc.id, {
      document_type: 'manager',
      title: 'Globex Duty Managers (EMEA)',
      status: 'pending',
      support_hours: '24x5',
      product_supported: 'SA9000',
      collaborate_email: 'Duty@Globex.test',
      collaborate_cc_email: 'a@globex.test, b@globex.test',
      main_escalation_contact: users.alternate.id,
      alt_escalation_contact: users.main.id,
      escalation_instructions: '<p onclick="x()">Call <script>alert(1)</script>us</p>',
      escalation_alias: 'alias@globex.test',
      departments: [world.departments.backup.id],
      groups: [storage.id],
      admin_note: '<p>Checked</p>',
      tags: ['night', 'emea'],
    }).expect(200);
    const version = (edited.body.document as SuperAdminDocument).version;
    expect(version).toMatchObject({
      version_number: 2,
      status: 'pending',
      title: 'Globex Duty Managers (EMEA)',
      support_hours: '24x5',
      collaborate_email: 'duty@globex.test',
      main_escalation_contact: users.alternate.id,
      alt_escalation_contact: users.main.id,
      escalation_alias: 'alias@globex.test',
    });
    expect(version.escalation_instructions).toBe('<p>Call us</p>');

    const em = emOf(api);
    const stored = await em.findOneOrFail(ContactDocument, doc.id, { populate: ['currentVersion', 'departments'] });
    expect(stored.name).toBe('Globex Duty Managers (EMEA)');
    expect(await em.count(DocumentVersion, { document: doc.id })).toBe(2);
    expect((await em.find(DocumentTag, { document: doc.id })).map((tag) => tag.tag).sort()).toEqual(['emea', 'night']);
    expect((await em.find(DocumentGroup, { document: doc.id })).map((row) => row.community.id)).toEqual([storage.id]);
    expect(stored.departments.getItems().map((d) => d.id)).toEqual([world.departments.backup.id]);
    const managers = await em.find(DocumentManager, { document: doc.id });
    expect(Object.fromEntries(managers.map((m) => [m.userType, m.user.id]))).toEqual({
      main: users.alternate.id,
      alternate: users.main.id,
    });
    expect(managers).toHaveLength(2);
  });

  it('keeps the placed fields of the form in the new version; the old version stays for its cases', async () => {
    const process = world.processes.solutionSupport;
    const id = process.id;
    const em = emOf(api);
    const before = await em.findOneOrFail(ContactDocument, id, { populate: ['currentVersion'] });
    const placedBefore = await em.count(VersionRequirement, { version: before.currentVersion! });
    expect(placedBefore).toBe(SHORT_FORM.length);
    await save(world.receiver.id, id, {
      document_type: 'solution_support',
      title: process.name,
      departments: [world.departments.backup.id],
    }).expect(200);
    const after = await emOf(api).findOneOrFail(ContactDocument, id, { populate: ['currentVersion'] });
    expect(after.currentVersion!.id).not.toBe(before.currentVersion!.id);
    expect(await emOf(api).count(VersionRequirement, { version: after.currentVersion! })).toBe(placedBefore);
    expect(await emOf(api).count(VersionRequirement, { version: before.currentVersion! })).toBe(placedBefore);
  });

  it('422 per field of the managed editor, nothing written', async () => {
    const receiver = world.receiver.id;
    const id = world.processes.collaboration.id;
    const title = world.processes.collaboration.name;
    const versions = await emOf(api).count(DocumentVersion, { document: id });
    const answer = await save(receiver, id, {
      document_type: 'ticket',
      title: '',
      status: 'archived',
      collaborate_email: 'nope',
      collaborate_cc_email: 'a@b.test, nope',
      escalation_alias: 'nope',
      support_hours: 'x'.repeat(101),
    }).expect(422);
    expect(Object.keys(answer.body.errors).sort()).toEqual([
      'collaborate_cc_email',
      'collaborate_email',
      'escalation_alias',
      'status',
      'support_hours',
      'title',
    ]);
    // A user and a department of another company (ours).
    const dbChecks = await save(receiver, id, {
      document_type: 'ticket',
      title,
      main_escalation_contact: users.foreign.id,
      alt_escalation_contact: 999999,
      departments: [ownDepartment.id],
      groups: [999999],
      email_templates: { new_receiving_member: 999999 },
    }).expect(422);
    expect(Object.keys(dbChecks.body.errors).sort()).toEqual([
      'alt_escalation_contact',
      'departments',
      'email_templates.new_receiving_member',
      'groups',
      'main_escalation_contact',
    ]);
    const same = await save(receiver, id, {
      document_type: 'ticket',
      title,
      main_escalation_contact: users.main.id,
      alt_escalation_contact: users.main.id,
    }).expect(422);
    expect(Object.keys(same.body.errors)).toEqual(['alt_escalation_contact']);
    expect(await emOf(api).count(DocumentVersion, { document: id })).toBe(versions);
  });

  it('the type is fixed after creation', async () => {
    const id = world.processes.intake.id;
    const answer = await save(world.receiver.id, id, { document_type: 'ticket', title: 'Intake' }).expect(422);
    expect(answer.body.errors).toEqual({ document_type: [DOCUMENT_TYPE_FIXED] });
    await save(world.receiver.id, id, { document_type: 'nope', title: 'Intake' }).expect(422);
  });

  it('a limited company keeps its alternate contact and alias (not shown to it)', async () => {
    const answer = await save(world.limited.id, limitedProcess.id, {
      document_type: 'ticket',
      title: limitedProcess.name,
      main_escalation_contact: users.limited.id,
      alt_escalation_contact: 999999,
      escalation_alias: 'ignored@limited.test',
    }).expect(200);
    expect(answer.body.document.version.escalation_alias).toBe('kept@limited.test');
  });

  it('static editor: sanitized HTML, 422 for empty html', async () => {
    const receiver = world.receiver.id;
    const id = world.processes.policy.id;
    const title = world.processes.policy.name;
    const answer = await save(receiver, id, {
      document_type: 'default',
      title,
      document_html: '<h2>Policy</h2><img src="x" onerror="steal()"><a href="javascript:alert(1)">x</a>',
    }).expect(200);
    const stored = answer.body.document as SuperAdminDocument;
    expect(stored.static_document).toContain('<h2>Policy</h2>');
    expect(stored.static_document).not.toMatch(/onerror|javascript:/);
    expect(stored.version).toMatchObject({ support_hours: '7/24/365', product_supported: 'All' });
    const empty = await save(receiver, id, {
      document_type: 'default',
      title,
      document_html: '<script>x()</script>',
    }).expect(422);
    expect(Object.keys(empty.body.errors)).toEqual(['document_html']);
    const missing = await save(receiver, id, { document_type: 'default', title: '' }).expect(422);
    expect(Object.keys(missing.body.errors).sort()).toEqual(['document_html', 'title']);
  });
});
