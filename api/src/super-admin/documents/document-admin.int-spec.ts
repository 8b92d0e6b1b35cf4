import { DOCUMENT_DELETED, SAMPLE_SUBMISSION_CHECKED, type SuperAdminDocument } from '@casebridge/contracts';
import { Case, ContactDocument, Department, DocumentLinkage, DocumentNote } from '@casebridge/db';
import { bearer, startApi, type ApiHarness } from '../../../test/api-harness';
import { allFields, countryId, globexCollaborationAnswers } from '../../../test/collaboration-form';
import { countRows, demoIds, orm, type DemoIds } from '../../../test/member-fixtures';

describe('super admin process editors: parent documents, delete, notes and the test page', () => {
  let api: ApiHarness;
  let admin: string;
  let ids: DemoIds;

  beforeAll(async () => {
    api = await startApi();
    admin = await api.login('admin@casebridge.test');
    ids = await demoIds(api);
  }, 60_000);
  afterAll(() => api?.close());

  const get = (path: string, token = admin) => api.http().get(`/api/super_admin/${path}`).set(bearer(token));
  const post = (path: string, body: object, token = admin) =>
    api.http().post(`/api/super_admin/${path}`).set(bearer(token)).send(body);
  const docs = (companyId: number, path: string) => `companies/${companyId}/contact_documents/${path}`;
  const parentOf = (linkages: object[], overrides: object = {}) => ({
    document_type: 'parent',
    title: 'Globex Support Options',
    parent_option_name: 'Which Globex product?',
    linkages,
    ...overrides,
  });

  it('parent editor: renames, adds a row and flags a deleted row', async () => {
    const id = ids.documents['Globex Support Options'];
    const { document } = (await get(`contact_documents/${id}`).expect(200)).body as { document: SuperAdminDocument };
    expect(document.doc_linkages.map((row) => row.option_name)).toEqual([
      'Storage arrays and CloudTier',
      'VaultBackup software',
    ]);
    const [arrays, backup] = document.doc_linkages;
    const saved = await post(
      docs(ids.globex, String(id)),
      parentOf([
        { id: arrays.id, option_name: 'Arrays', contact_document_id: arrays.contact_document_id, deleted: false },
        {
          id: backup.id,
          option_name: backup.option_name,
          contact_document_id: backup.contact_document_id,
          deleted: true,
        },
        { option_name: 'Automated intake', contact_document_id: ids.documents['Globex Automated Intake'] },
        // A new row deleted before saving is never stored.
        { option_name: 'Dropped', contact_document_id: ids.documents['Globex Automated Intake'], deleted: true },
      ]),
    ).expect(200);
    const stored = saved.body.document as SuperAdminDocument;
    expect(stored.parent_option_name).toBe('Which Globex product?');
    expect(stored.doc_linkages.map((row) => [row.option_name, row.deleted])).toEqual([
      ['Arrays', false],
      ['VaultBackup software', true],
      ['Automated intake', false],
    ]);
    expect(await orm(api).count(DocumentLinkage, { parent: id })).toBe(3);
  });

  it('parent editor: 422 per row (linkages.{i}.option_name, contact_document_id) and for no live option', async () => {
    const id = ids.documents['Globex Support Options'];
    const rows = await orm(api).count(DocumentLinkage, { parent: id });
    const bad = await post(
      docs(ids.globex, String(id)),
      parentOf(
        [
          { option_name: 'Fine', contact_document_id: ids.documents['Globex Automated Intake'] },
          { option_name: '', contact_document_id: ids.documents['Globex Automated Intake'] },
          { option_name: 'Other company', contact_document_id: ids.documents['Acme Systems Collaboration'] },
          { option_name: 'Itself', contact_document_id: id },
          { id: 999999, option_name: 'Foreign row', contact_document_id: ids.documents['Globex Automated Intake'] },
        ],
        { parent_option_name: '' },
      ),
    ).expect(422);
    expect(bad.body.errors).toMatchObject({ parent_option_name: ['The variant name is required.'] });
    expect(bad.body.errors['linkages.1.option_name']).toEqual(['The option name is required.']);
    const rowChecks = await post(
      docs(ids.globex, String(id)),
      parentOf([
        { option_name: 'Other company', contact_document_id: ids.documents['Acme Systems Collaboration'] },
        { option_name: 'Itself', contact_document_id: id },
        { id: 999999, option_name: 'Foreign row', contact_document_id: ids.documents['Globex Automated Intake'] },
      ]),
    ).expect(422);
    expect(Object.keys(rowChecks.body.errors).sort()).toEqual([
      'linkages.0.contact_document_id',
      'linkages.1.contact_document_id',
      'linkages.2.id',
    ]);
    const none = await post(docs(ids.globex, String(id)), parentOf([])).expect(422);
    expect(none.body.errors).toEqual({ linkages: ['Add at least one option.'] });
    expect(await orm(api).count(DocumentLinkage, { parent: id })).toBe(rows);
  });

  it('creates a parent document for another company', async () => {
    const child = ids.documents['Umbrella Cloud Collaboration'];
    const created = await post(
      docs(ids.umbrella, '0'),
      parentOf([{ option_name: 'Platform', contact_document_id: child }], { title: 'Umbrella Options' }),
    ).expect(200);
    expect(created.body.document).toMatchObject({
      company_id: ids.umbrella,
      name: 'Umbrella Options',
      version: { document_type: 'parent', version_number: 1, status: 'approved' },
      doc_linkages: [{ option_name: 'Platform', contact_document_id: child, deleted: false }],
    });
  });

  it('notes: every company’s internal note as plain text; 404 and 403', async () => {
    const id = ids.documents['Globex Storage Collaboration'];
    const em = orm(api);
    em.create(DocumentNote, { document: id, company: ids.initech, note: '<p>Ask for <b>Greta</b></p>' });
    await em.flush();
    const { notes } = (await get(docs(ids.globex, `${id}/notes`)).expect(200)).body;
    expect(notes).toContainEqual({
      id: expect.any(Number),
      company: 'Initech Networks',
      note: 'Ask for Greta',
      updated_at: expect.any(String),
    });
    await get(docs(ids.globex, '999999/notes')).expect(404);
    await get(docs(ids.acme, `${id}/notes`)).expect(404);
    await get(docs(999999, `${id}/notes`)).expect(404);
    await get(docs(ids.globex, `${id}/notes`), await api.login('bm@globex.test')).expect(403);
    await get(docs(ids.globex, `${id}/notes`), await api.login('caller@globex.test')).expect(403);
  });

  it('delete: 409 while a group relation uses it or cases are open; otherwise soft, with its links', async () => {
    const used = ids.documents['Acme Systems Collaboration'];
    const refused = await get(docs(ids.acme, `${used}/delete`)).expect(409);
    expect(refused.body.error).toMatch(/active group relation/);

    const openCase = await orm(api).findOneOrFail(Case, { status: 'open' }, { populate: ['document'] });
    const withCase = await get(docs(openCase.document.company.id, `${openCase.document.id}/delete`)).expect(409);
    expect(withCase.body.error).toMatch(/still open/);

    const intake = ids.documents['Globex Automated Intake'];
    const em = orm(api);
    const department = await em.findOneOrFail(Department, { name: 'Backup & Recovery' });
    department.contactDocument = em.getReference(ContactDocument, intake);
    await em.flush();
    for (const email of ['bm@globex.test', 'caller@globex.test']) {
      await get(docs(ids.globex, `${intake}/delete`), await api.login(email)).expect(403);
    }
    await get(docs(ids.acme, `${intake}/delete`)).expect(404);
    const before = await countRows(api, 'contact_documents');
    expect((await get(docs(ids.globex, `${intake}/delete`)).expect(200)).body).toEqual({
      success: true,
      message: DOCUMENT_DELETED,
    });
    expect(await countRows(api, 'contact_documents')).toBe(before);
    const check = orm(api);
    expect((await check.findOneOrFail(ContactDocument, intake)).deletedAt).not.toBeNull();
    expect((await check.findOneOrFail(Department, department.id)).contactDocument).toBeNull();
    expect(await check.count(DocumentLinkage, { child: intake, deleted: false })).toBe(0);
    await get(`contact_documents/${intake}`).expect(404);
    await get(docs(ids.globex, `${intake}/delete`)).expect(404);
  });

  it('test page: the document and messages of any company’s process; submissions checked, nothing stored', async () => {
    const id = ids.documents['Globex Storage Collaboration'];
    const sample = (await get(`companies/${ids.globex}/documents/${id}/sample`).expect(200)).body;
    expect(sample.document).toMatchObject({ id, name: 'Globex Storage Collaboration' });
    expect(sample).toHaveProperty('messages');
    await get(`companies/${ids.globex}/documents/${ids.documents['Globex Support Options']}/sample`).expect(422);
    await get(`companies/${ids.acme}/documents/${id}/sample`).expect(404);
    await get(`companies/999999/documents/${id}/sample`).expect(404);
    for (const email of ['bm@globex.test', 'caller@globex.test']) {
      const token = await api.login(email);
      await get(`companies/${ids.globex}/documents/${id}/sample`, token).expect(403);
      await post(`companies/${ids.globex}/documents/${id}/sample`, {}, token).expect(403);
      await post(`companies/${ids.globex}/documents/${id}/sample/manager`, {}, token).expect(403);
    }

    const cases = await countRows(api, 'cases');
    const mails = (await api.mailJobs()).length;
    const canada = await countryId(api, admin, 'Canada');
    const body = {
      first_name: 'Ada',
      last_name: 'Admin',
      email: 'admin@casebridge.test',
      internal_case_number: 'SA-TEST-1',
      problem_summary: 'Back office test',
      problem_description: 'Checking the form',
      case_priority: 'low',
      collaborate_type: 'company',
      collaborate_entity: ids.globex,
      sample_submission: true,
      ...globexCollaborationAnswers(allFields(sample.document), canada),
    };
    const sent = await post(`companies/${ids.globex}/documents/${id}/sample`, body).expect(200);
    expect(sent.body).toMatchObject({ message: SAMPLE_SUBMISSION_CHECKED, case: { token: '', is_sample: true } });
    const invalid = await post(`companies/${ids.globex}/documents/${id}/sample`, { ...body, email: 'x' }).expect(422);
    expect(Object.keys(invalid.body.errors)).toContain('email');

    const manager = ids.documents['Globex Manager Escalation'];
    const managerBody = {
      first_name: 'Ada',
      last_name: 'Admin',
      email: 'admin@casebridge.test',
      internal_reference: 'ESC-SA',
      business_impact: 'Testing',
      receive_company_id: ids.globex,
      contact_document_id: manager,
      sample_submission: true,
    };
    await post(`companies/${ids.globex}/documents/${manager}/sample/manager`, managerBody).expect(200);
    const noImpact = await post(`companies/${ids.globex}/documents/${manager}/sample/manager`, {
      ...managerBody,
      business_impact: '',
    }).expect(422);
    expect(Object.keys(noImpact.body.errors)).toEqual(['business_impact']);
    await post(`companies/999999/documents/${manager}/sample/manager`, managerBody).expect(404);
    expect(await countRows(api, 'cases')).toBe(cases);
    expect((await api.mailJobs()).length).toBe(mails);
  });
});
