import { DOCUMENT_TYPE_FIXED, type SuperAdminDocument } from '@casebridge/contracts';
import {
  ContactDocument,
  DocumentGroup,
  DocumentManager,
  DocumentTag,
  DocumentVersion,
  EmailTemplate,
  User,
  VersionRequirement,
} from '@casebridge/db';
import { bearer, startApi, type ApiHarness } from '../../../test/api-harness';
import { demoIds, orm, type DemoIds } from '../../../test/member-fixtures';

describe('super admin process editors: form data, load and managed / static saves', () => {
  let api: ApiHarness;
  let admin: string;
  let ids: DemoIds;
  let users: Record<string, number>;

  beforeAll(async () => {
    api = await startApi();
    admin = await api.login('admin@casebridge.test');
    ids = await demoIds(api);
    const rows = await orm(api).find(User, { email: { $like: '%.test' } });
    users = Object.fromEntries(rows.map((user) => [user.email, user.id]));
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
    const body = (await get(`companies/${ids.globex}/contact_documents/form_data`).expect(200)).body;
    expect(body.company).toEqual({ id: ids.globex, name: 'Globex Storage', membership_type: 'elite' });
    expect(body.departments.map((d: { id: number }) => d.id)).toContain(ids.departments['Backup & Recovery']);
    expect(body.communities.map((c: { name: string }) => c.name)).toContain('Storage Alliance');
    const firstNames = body.users.map((user: { first_name: string }) => user.first_name);
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
    const { documents } = (await get(`companies/${ids.globex}/contact_documents/form_data/parent`).expect(200)).body;
    const names = documents.map((doc: { name: string }) => doc.name);
    expect(names).toContain('Globex Storage Collaboration');
    expect(names).not.toContain('Globex Support Options');
    expect(names).not.toContain('Acme Systems Collaboration');
  });

  it('404 for unknown companies and documents; 403 for a business manager and a caller', async () => {
    await get('companies/999999/contact_documents/form_data').expect(404);
    await get('companies/999999/contact_documents/form_data/parent').expect(404);
    await get('contact_documents/999999').expect(404);
    await save(999999, 0, { document_type: 'ticket', title: 'X' }).expect(404);
    await save(ids.globex, 999999, { document_type: 'ticket', title: 'X' }).expect(404);
    // Another company's document is not reachable through this company.
    await save(ids.acme, ids.documents['Globex Storage Collaboration'], { document_type: 'ticket', title: 'X' }).expect(
      404,
    );
    for (const email of ['bm@globex.test', 'caller@globex.test']) {
      const token = await api.login(email);
      await get(`companies/${ids.globex}/contact_documents/form_data`, token).expect(403);
      await get(`companies/${ids.globex}/contact_documents/form_data/parent`, token).expect(403);
      await get(`contact_documents/${ids.documents['Globex Storage Collaboration']}`, token).expect(403);
      await save(ids.globex, 0, { document_type: 'ticket', title: 'X' }, token).expect(403);
    }
  });

  it('loads a managed document with its version, managers, tags, groups and template', async () => {
    const id = ids.documents['Globex Storage Collaboration'];
    const { document } = (await get(`contact_documents/${id}`).expect(200)).body as { document: SuperAdminDocument };
    expect(document).toMatchObject({
      id,
      company_id: ids.globex,
      name: 'Globex Storage Collaboration',
      version: {
        document_type: 'ticket',
        status: 'approved',
        collaborate_email: 'support@globex.test',
        main_escalation_contact: users['bm@globex.test'],
        alt_escalation_contact: users['caller@globex.test'],
      },
      tags: ['arrays', 'san', 'storage'],
      departments: [{ department_id: ids.departments['Enterprise Storage Support'] }],
    });
    expect(document.email_templates).toEqual([{ type: 'new_receiving_member', email_template_id: expect.any(Number) }]);
    expect(document.group_relations.length).toBeGreaterThan(0);
  });

  it('creates a managed document with the defaults, then edits it as a new version', async () => {
    const created = await save(ids.globex, 0, {
      document_type: 'manager',
      title: 'Globex Duty Managers',
      main_escalation_contact: users['bm@globex.test'],
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
    const managerRequest = await orm(api).findOneOrFail(EmailTemplate, { slug: 'manager-request' });
    // A manager document defaults to the manager-request template.
    expect(doc.email_templates).toEqual([{ type: 'new_receiving_member', email_template_id: managerRequest.id }]);
    expect(doc.managers).toEqual([{ user_type: 'main', user_id: users['bm@globex.test'] }]);

    const storage = (
      await get(`companies/${ids.globex}/contact_documents/form_data`).expect(200)
    ).body.communities.find((group: { name: string }) => group.name === 'Storage Alliance');
    const edited = await save(ids.globex, doc.id, {
      document_type: 'manager',
      title: 'Globex Duty Managers (EMEA)',
      status: 'pending',
      support_hours: '24x5',
      product_supported: 'SA9000',
      collaborate_email: 'Duty@Globex.test',
      collaborate_cc_email: 'a@globex.test, b@globex.test',
      main_escalation_contact: users['caller@globex.test'],
      alt_escalation_contact: users['bm@globex.test'],
      escalation_instructions: '<p onclick="x()">Call <script>alert(1)</script>us</p>',
      escalation_alias: 'alias@globex.test',
      departments: [ids.departments['Backup & Recovery']],
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
      main_escalation_contact: users['caller@globex.test'],
      alt_escalation_contact: users['bm@globex.test'],
      escalation_alias: 'alias@globex.test',
    });
    expect(version.escalation_instructions).toBe('<p>Call us</p>');

    const em = orm(api);
    const stored = await em.findOneOrFail(ContactDocument, doc.id, { populate: ['currentVersion', 'departments'] });
    expect(stored.name).toBe('Globex Duty Managers (EMEA)');
    expect(await em.count(DocumentVersion, { document: doc.id })).toBe(2);
    expect((await em.find(DocumentTag, { document: doc.id })).map((tag) => tag.tag).sort()).toEqual(['emea', 'night']);
    expect((await em.find(DocumentGroup, { document: doc.id })).map((row) => row.community.id)).toEqual([storage.id]);
    expect(stored.departments.getItems().map((d) => d.id)).toEqual([ids.departments['Backup & Recovery']]);
    const managers = await em.find(DocumentManager, { document: doc.id });
    expect(Object.fromEntries(managers.map((m) => [m.userType, m.user.id]))).toEqual({
      main: users['caller@globex.test'],
      alternate: users['bm@globex.test'],
    });
    expect(managers).toHaveLength(2);
  });

  it('keeps the placed fields of the form in the new version; the old version stays for its cases', async () => {
    const id = ids.documents['Globex Backup Solution Support'];
    const em = orm(api);
    const before = await em.findOneOrFail(ContactDocument, id, { populate: ['currentVersion'] });
    const placedBefore = await em.count(VersionRequirement, { version: before.currentVersion! });
    await save(ids.globex, id, {
      document_type: 'solution_support',
      title: 'Globex Backup Solution Support',
      departments: [ids.departments['Backup & Recovery']],
    }).expect(200);
    const after = await orm(api).findOneOrFail(ContactDocument, id, { populate: ['currentVersion'] });
    expect(after.currentVersion!.id).not.toBe(before.currentVersion!.id);
    expect(await orm(api).count(VersionRequirement, { version: after.currentVersion! })).toBe(placedBefore);
    expect(await orm(api).count(VersionRequirement, { version: before.currentVersion! })).toBe(placedBefore);
  });

  it('422 per field of the managed editor, nothing written', async () => {
    const id = ids.documents['Globex Storage Collaboration'];
    const versions = await orm(api).count(DocumentVersion, { document: id });
    const answer = await save(ids.globex, id, {
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
    const dbChecks = await save(ids.globex, id, {
      document_type: 'ticket',
      title: 'Globex Storage Collaboration',
      main_escalation_contact: users['bm@acme.test'],
      alt_escalation_contact: 999999,
      departments: [ids.departments['Storage Engineering']],
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
    const same = await save(ids.globex, id, {
      document_type: 'ticket',
      title: 'Globex Storage Collaboration',
      main_escalation_contact: users['bm@globex.test'],
      alt_escalation_contact: users['bm@globex.test'],
    }).expect(422);
    expect(Object.keys(same.body.errors)).toEqual(['alt_escalation_contact']);
    expect(await orm(api).count(DocumentVersion, { document: id })).toBe(versions);
  });

  it('the type is fixed after creation', async () => {
    const id = ids.documents['Globex Automated Intake'];
    const answer = await save(ids.globex, id, { document_type: 'ticket', title: 'Intake' }).expect(422);
    expect(answer.body.errors).toEqual({ document_type: [DOCUMENT_TYPE_FIXED] });
    await save(ids.globex, id, { document_type: 'nope', title: 'Intake' }).expect(422);
  });

  it('a limited company keeps its alternate contact and alias (not shown to it)', async () => {
    const id = ids.documents['Initech Network Collaboration'];
    const em = orm(api);
    const version = (await em.findOneOrFail(ContactDocument, id, { populate: ['currentVersion'] })).currentVersion!;
    version.escalationAlias = 'kept@initech.test';
    await em.flush();
    const answer = await save(ids.initech, id, {
      document_type: 'ticket',
      title: 'Initech Network Collaboration',
      main_escalation_contact: users['bm@initech.test'],
      alt_escalation_contact: 999999,
      escalation_alias: 'ignored@initech.test',
    }).expect(200);
    expect(answer.body.document.version.escalation_alias).toBe('kept@initech.test');
  });

  it('static editor: sanitized HTML, 422 for empty html', async () => {
    const id = ids.documents['Globex Support Policy'];
    const answer = await save(ids.globex, id, {
      document_type: 'default',
      title: 'Globex Support Policy',
      document_html: '<h2>Policy</h2><img src="x" onerror="steal()"><a href="javascript:alert(1)">x</a>',
    }).expect(200);
    const stored = answer.body.document as SuperAdminDocument;
    expect(stored.static_document).toContain('<h2>Policy</h2>');
    expect(stored.static_document).not.toMatch(/onerror|javascript:/);
    expect(stored.version).toMatchObject({ support_hours: '7/24/365', product_supported: 'All' });
    const empty = await save(ids.globex, id, {
      document_type: 'default',
      title: 'Globex Support Policy',
      document_html: '<script>x()</script>',
    }).expect(422);
    expect(Object.keys(empty.body.errors)).toEqual(['document_html']);
    const missing = await save(ids.globex, id, { document_type: 'default', title: '' }).expect(422);
    expect(Object.keys(missing.body.errors).sort()).toEqual(['document_html', 'title']);
  });
});
