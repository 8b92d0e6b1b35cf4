import { DOCUMENT_DELETED, SAMPLE_SUBMISSION_CHECKED, type SuperAdminDocument } from '@casebridge/contracts';
import { Case, ContactDocument, Department, DocumentLinkage, DocumentNote, type User } from '@casebridge/db';
import { bearer, startApi, type ApiHarness } from '../../../../test/kit/api-harness';
import { allFields, countryId, globexCollaborationAnswers } from '../../../test/collaboration-form';
import { aCaseRow, aProcess, aSuperAdmin, emOf, signedIn } from '../../../../test/kit/factories';
import { aSubmissionWorld, aSupportOptions, type SubmissionWorld } from '../../../test/submission-world';

describe('super admin process editors: parent documents, delete, notes and the test page', () => {
  let api: ApiHarness;
  let admin: string;
  let adminUser: User;
  // A receiver with a process of every kind and the companies around it (test/submission-world.ts); here also the
  // receiver's support options (a parent of the collaboration and solution support processes), a process of its
  // that received an open case (and no group names), and a process of our company and of the basic company.
  let world: SubmissionWorld;
  let options: ContactDocument;
  let ownProcess: ContactDocument;
  let basicProcess: ContactDocument;
  let withOpenCase: ContactDocument;
  let receiverTokens: string[];

  beforeAll(async () => {
    api = await startApi();
    adminUser = await aSuperAdmin(api);
    admin = await signedIn(api, adminUser);
    world = await aSubmissionWorld(api);
    const { receiver, submitter, basic, users } = world;
    options = await aSupportOptions(api, world);
    withOpenCase = await aProcess(api, { company: receiver });
    await aCaseRow(api, { from: users.caller, to: withOpenCase });
    ownProcess = await aProcess(api, { company: submitter });
    basicProcess = await aProcess(api, { company: basic });
    receiverTokens = [await signedIn(api, users.receiverManager), await signedIn(api, users.receiverAlternate)];
  }, 60_000);
  afterAll(() => api?.close());

  /** Cases of this world's companies (other files' cases do not move it). */
  const worldCases = () => {
    const companies = [world.receiver, world.submitter, world.basic, world.limited].map((company) => company.id);
    return emOf(api).count(Case, {
      $or: [{ submitterCompany: { $in: companies } }, { receiverCompany: { $in: companies } }],
    });
  };

  const get = (path: string, token = admin) => api.http().get(`/api/super_admin/${path}`).set(bearer(token));
  const post = (path: string, body: object, token = admin) =>
    api.http().post(`/api/super_admin/${path}`).set(bearer(token)).send(body);
  const docs = (companyId: number, path: string) => `companies/${companyId}/contact_documents/${path}`;
  const parentOf = (linkages: object[], overrides: object = {}) => ({
    document_type: 'parent',
    title: 'Receiver Support Options',
    parent_option_name: 'Which receiver product?',
    linkages,
    ...overrides,
  });

  it('parent editor: renames, adds a row and flags a deleted row', async () => {
    const id = options.id;
    const intake = world.processes.intake.id;
    const { document } = (await get(`contact_documents/${id}`).expect(200)).body as { document: SuperAdminDocument };
    expect(document.doc_linkages.map((row) => row.option_name)).toEqual([
      'Storage arrays and CloudTier',
      'VaultBackup software',
    ]);
    const [arrays, backup] = document.doc_linkages;
    const saved = await post(
      docs(world.receiver.id, String(id)),
      parentOf([
        { id: arrays.id, option_name: 'Arrays', contact_document_id: arrays.contact_document_id, deleted: false },
        {
          id: backup.id,
          option_name: backup.option_name,
          contact_document_id: backup.contact_document_id,
          deleted: true,
        },
        { option_name: 'Automated intake', contact_document_id: intake },
        // A new row deleted before saving is never stored.
        { option_name: 'Dropped', contact_document_id: intake, deleted: true },
      ]),
    ).expect(200);
    const stored = saved.body.document as SuperAdminDocument;
    expect(stored.parent_option_name).toBe('Which receiver product?');
    expect(stored.doc_linkages.map((row) => [row.option_name, row.deleted])).toEqual([
      ['Arrays', false],
      ['VaultBackup software', true],
      ['Automated intake', false],
    ]);
    expect(await emOf(api).count(DocumentLinkage, { parent: id })).toBe(3);
  });

  it('parent editor: 422 per row (linkages.{i}.option_name, contact_document_id) and for no live option', async () => {
    const id = options.id;
    const intake = world.processes.intake.id;
    const rows = await emOf(api).count(DocumentLinkage, { parent: id });
    const bad = await post(
      docs(world.receiver.id, String(id)),
      parentOf(
        [
          { option_name: 'Fine', contact_document_id: intake },
          { option_name: '', contact_document_id: intake },
          { option_name: 'Other company', contact_document_id: ownProcess.id },
          { option_name: 'Itself', contact_document_id: id },
          { id: 999999, option_name: 'Foreign row', contact_document_id: intake },
        ],
        { parent_option_name: '' },
      ),
    ).expect(422);
    expect(bad.body.errors).toMatchObject({ parent_option_name: ['The variant name is required.'] });
    expect(bad.body.errors['linkages.1.option_name']).toEqual(['The option name is required.']);
    const rowChecks = await post(
      docs(world.receiver.id, String(id)),
      parentOf([
        { option_name: 'Other company', contact_document_id: ownProcess.id },
        { option_name: 'Itself', contact_document_id: id },
        { id: 999999, option_name: 'Foreign row', contact_document_id: intake },
      ]),
    ).expect(422);
    expect(Object.keys(rowChecks.body.errors).sort()).toEqual([
      'linkages.0.contact_document_id',
      'linkages.1.contact_document_id',
      'linkages.2.id',
    ]);
    const none = await post(docs(world.receiver.id, String(id)), parentOf([])).expect(422);
    expect(none.body.errors).toEqual({ linkages: ['Add at least one option.'] });
    expect(await emOf(api).count(DocumentLinkage, { parent: id })).toBe(rows);
  });

  it('creates a parent document for another company', async () => {
    const child = basicProcess.id;
    const created = await post(
      docs(world.basic.id, '0'),
      parentOf([{ option_name: 'Platform', contact_document_id: child }], { title: 'Basic Options' }),
    ).expect(200);
    expect(created.body.document).toMatchObject({
      company_id: world.basic.id,
      name: 'Basic Options',
      version: { document_type: 'parent', version_number: 1, status: 'approved' },
      doc_linkages: [{ option_name: 'Platform', contact_document_id: child, deleted: false }],
    });
  });

  it('notes: every company’s internal note as plain text; 404 and 403', async () => {
    const id = world.processes.collaboration.id;
    const receiver = world.receiver.id;
    const em = emOf(api);
    em.create(DocumentNote, { document: id, company: world.limited.id, note: '<p>Ask for <b>Greta</b></p>' });
    await em.flush();
    const { notes } = (await get(docs(receiver, `${id}/notes`)).expect(200)).body;
    expect(notes).toContainEqual({
      id: expect.any(Number),
      company: world.limited.name,
      note: 'Ask for Greta',
      updated_at: expect.any(String),
    });
    await get(docs(receiver, '999999/notes')).expect(404);
    await get(docs(world.submitter.id, `${id}/notes`)).expect(404);
    await get(docs(999999, `${id}/notes`)).expect(404);
    // The receiver's own business manager and caller.
    for (const token of receiverTokens) await get(docs(receiver, `${id}/notes`), token).expect(403);
  });

  it('delete: 409 while a group relation uses it or cases are open; otherwise soft, with its links', async () => {
    const receiver = world.receiver.id;
    // The SLA group's relation of the receiver names the collaboration process.
    const used = world.processes.collaboration.id;
    const refused = await get(docs(receiver, `${used}/delete`)).expect(409);
    expect(refused.body.error).toMatch(/active group relation/);

    const withCase = await get(docs(receiver, `${withOpenCase.id}/delete`)).expect(409);
    expect(withCase.body.error).toMatch(/still open/);

    const intake = world.processes.intake.id;
    const em = emOf(api);
    const department = await em.findOneOrFail(Department, world.departments.backup.id);
    department.contactDocument = em.getReference(ContactDocument, intake);
    await em.flush();
    for (const token of receiverTokens) await get(docs(receiver, `${intake}/delete`), token).expect(403);
    await get(docs(world.submitter.id, `${intake}/delete`)).expect(404);
    // Soft: the receiver keeps as many process rows.
    const receiverProcesses = () => emOf(api).count(ContactDocument, { company: receiver });
    const before = await receiverProcesses();
    expect((await get(docs(receiver, `${intake}/delete`)).expect(200)).body).toEqual({
      success: true,
      message: DOCUMENT_DELETED,
    });
    expect(await receiverProcesses()).toBe(before);
    const check = emOf(api);
    expect((await check.findOneOrFail(ContactDocument, intake)).deletedAt).not.toBeNull();
    expect((await check.findOneOrFail(Department, department.id)).contactDocument).toBeNull();
    expect(await check.count(DocumentLinkage, { child: intake, deleted: false })).toBe(0);
    await get(`contact_documents/${intake}`).expect(404);
    await get(docs(receiver, `${intake}/delete`)).expect(404);
  });

  it('test page: the document and messages of any company’s process; submissions checked, nothing stored', async () => {
    const id = world.processes.collaboration.id;
    const receiver = world.receiver.id;
    const sample = (await get(`companies/${receiver}/documents/${id}/sample`).expect(200)).body;
    expect(sample.document).toMatchObject({ id, name: world.processes.collaboration.name });
    expect(sample).toHaveProperty('messages');
    await get(`companies/${receiver}/documents/${options.id}/sample`).expect(422);
    await get(`companies/${world.submitter.id}/documents/${id}/sample`).expect(404);
    await get(`companies/999999/documents/${id}/sample`).expect(404);
    for (const token of receiverTokens) {
      await get(`companies/${receiver}/documents/${id}/sample`, token).expect(403);
      await post(`companies/${receiver}/documents/${id}/sample`, {}, token).expect(403);
      await post(`companies/${receiver}/documents/${id}/sample/manager`, {}, token).expect(403);
    }

    const cases = await worldCases();
    const mails = (await api.mailJobs()).length;
    const canada = await countryId(api, admin, 'Canada');
    const body = {
      first_name: 'Ada',
      last_name: 'Admin',
      email: adminUser.email,
      internal_case_number: 'SA-TEST-1',
      problem_summary: 'Back office test',
      problem_description: 'Checking the form',
      case_priority: 'low',
      collaborate_type: 'company',
      collaborate_entity: receiver,
      sample_submission: true,
      ...globexCollaborationAnswers(allFields(sample.document), canada),
    };
    const sent = await post(`companies/${receiver}/documents/${id}/sample`, body).expect(200);
    expect(sent.body).toMatchObject({ message: SAMPLE_SUBMISSION_CHECKED, case: { token: '', is_sample: true } });
    const invalid = await post(`companies/${receiver}/documents/${id}/sample`, { ...body, email: 'x' }).expect(422);
    expect(Object.keys(invalid.body.errors)).toContain('email');

    const manager = world.processes.managerEscalation.id;
    const managerBody = {
      first_name: 'Ada',
      last_name: 'Admin',
      email: adminUser.email,
      internal_reference: 'ESC-SA',
      business_impact: 'Testing',
      receive_company_id: receiver,
      contact_document_id: manager,
      sample_submission: true,
    };
    await post(`companies/${receiver}/documents/${manager}/sample/manager`, managerBody).expect(200);
    const noImpact = await post(`companies/${receiver}/documents/${manager}/sample/manager`, {
      ...managerBody,
      business_impact: '',
    }).expect(422);
    expect(Object.keys(noImpact.body.errors)).toEqual(['business_impact']);
    await post(`companies/999999/documents/${manager}/sample/manager`, managerBody).expect(404);
    expect(await worldCases()).toBe(cases);
    expect((await api.mailJobs()).length).toBe(mails);
  });
});
