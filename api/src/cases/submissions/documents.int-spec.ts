import { MESSAGES, type ContactDocumentShape } from '@casebridge/contracts';
import {
  ContactDocument,
  DocumentFile,
  ProcessView,
  type Community,
  type Department,
  type GroupDocument,
  type User,
} from '@casebridge/db';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { bearer, startApi, type ApiHarness } from '../../../../test/kit/api-harness';
import { aDepartment, aGroup, aGroupDocument, aProcess, emOf, settle, signedIn } from '../../../../test/kit/factories';
import { documentsOf } from '../../../../test/kit/member-fixtures';
import { aSubmissionWorld, aSupportOptions, type SubmissionWorld } from '../../../test/submission-world';
import { CASE_EXCHANGE_UNAVAILABLE } from './documents.service';

describe('submit-case: process documents, sub-processes, notes, options and files', () => {
  let api: ApiHarness;
  let storageDir: string;
  // A receiver with a process of every kind and the companies that submit to it (test/submission-world.ts), and
  // here: the receiver's support options (a parent of the collaboration and solution support processes), its policy
  // text, the collaboration process's files; a department and a process of our own; the basic company's process,
  // which the limited company reaches through an "Only Sponsor" group; a file and a link shared in the SLA group.
  let world: SubmissionWorld;
  let options: ContactDocument;
  let ownDepartment: Department;
  let ownProcess: ContactDocument;
  let basicProcess: ContactDocument;
  let sponsorGroup: Community;
  let guide: DocumentFile;
  let matrix: GroupDocument;
  let sharedLink: GroupDocument;
  const tokens = new Map<User, string>();
  const token = (user: User) => tokens.get(user)!;
  const named = (docs: ContactDocumentShape[], name: string) => {
    const found = docs.find((doc) => doc.name === name);
    if (!found) throw new Error(`no document ${name} in ${docs.map((doc) => doc.name).join(', ')}`);
    return found;
  };
  const names = (...docs: ContactDocument[]) => docs.map((doc) => doc.name);
  /** A member's call under /api/caller. */
  const getAs = (user: User, path: string) =>
    api
      .http()
      .get(`/api/caller/${path}`)
      .set(bearer(token(user)));
  const postAs = (user: User, path: string, body: object) =>
    api
      .http()
      .post(`/api/caller/${path}`)
      .set(bearer(token(user)))
      .send(body);

  /** A stored file under the test's storage directory, where the api reads it. */
  const store = async (path: string, content: string) => {
    await mkdir(dirname(join(storageDir, path)), { recursive: true });
    await writeFile(join(storageDir, path), content);
  };

  beforeAll(async () => {
    storageDir = await mkdtemp(join(tmpdir(), 'casebridge-documents-'));
    api = await startApi({ STORAGE_DIR: storageDir, CASE_EXCHANGE_URL: 'https://exchange.casebridge.test/cases' });
    world = await aSubmissionWorld(api);
    const { receiver, submitter, basic, limited, processes, users } = world;
    for (const user of Object.values(users)) tokens.set(user, await signedIn(api, user));

    options = await aSupportOptions(api, world);
    ownDepartment = await aDepartment(api, submitter);
    ownProcess = await aProcess(api, { company: submitter });
    basicProcess = await aProcess(api, { company: basic });
    sponsorGroup = await aGroup(api, {
      sponsor: basic,
      members: [
        { company: basic, process: basicProcess },
        { company: limited, relationship: 'one_to_many' },
      ],
      processes: [basicProcess],
    });

    const em = emOf(api);
    await em.nativeUpdate(ContactDocument, processes.policy.id, {
      staticDocument: '<h2>Receiver support policy</h2><p>Every array under a current contract.</p>',
    });
    const collaboration = em.getReference(ContactDocument, processes.collaboration.id);
    em.create(DocumentFile, {
      document: collaboration,
      name: 'Firmware compatibility matrix',
      documentType: 'url',
      url: `https://${receiver.domain}/firmware-matrix`,
    });
    guide = em.create(DocumentFile, {
      document: collaboration,
      name: 'Support bundle guide',
      documentType: 'file',
      filePath: `documents/${receiver.slug}/support-bundle-guide.pdf`,
      originalFilename: 'support-bundle-guide.pdf',
    });
    await em.flush();
    await settle(api);
    await store(guide.filePath!, '%PDF-1.4 guide');

    matrix = await aGroupDocument(api, { group: world.slaGroup, company: submitter, file: true });
    await store(matrix.filePath!, '%PDF-1.4 matrix');
    sharedLink = await aGroupDocument(api, { group: world.slaGroup, company: receiver });

    // The caller's favourites: the collaboration process, and the solution support process of its department.
    for (const favorite of [
      { type: 'company', document_id: processes.collaboration.id },
      { type: 'department', department_id: world.departments.backup.id, document_id: processes.solutionSupport.id },
    ]) {
      await postAs(users.caller, 'favorites/toggle', {
        company_id: receiver.id,
        is_favorite: true,
        ...favorite,
      }).expect(200);
    }
    // Our company's note on the collaboration process.
    const note = {
      location: 'contact_document',
      document_id: processes.collaboration.id,
      note: 'Send a support bundle.',
    };
    await postAs(users.bm, 'notes/store', note).expect(200);
  }, 60_000);
  afterAll(async () => {
    await api.close();
    await rm(storageDir, { recursive: true, force: true });
  });

  describe('GET /api/caller/documents/:type/:entity_id', () => {
    it("lists a company's approved processes open to the member, mapped for the form", async () => {
      const { receiver, processes, users } = world;
      const response = await documentsOf(api, token(users.pm), 'company', receiver.id);
      expect(response.documents.map((doc) => doc.name)).toEqual(
        names(
          processes.collaboration,
          processes.solutionSupport,
          processes.intake,
          processes.policy,
          processes.managerEscalation,
          options,
        ),
      );
      // The SLA group (custom SLA) offers the collaboration document: its messages, priority not locked.
      expect(response.priority_messages).toEqual({
        high: expect.stringContaining('P1'),
        medium: expect.stringContaining('P2'),
        low: expect.stringContaining('P3'),
      });
      expect(response.priority_locked).toBe(false);

      const collaboration = named(response.documents, processes.collaboration.name);
      const version = processes.collaboration.currentVersion!;
      expect(collaboration).toMatchObject({
        company_id: receiver.id,
        company: { name: receiver.name, slug: receiver.slug, membership_type: 'elite' },
        department: null,
        is_favorite: false, // favourites are per user: the program manager has none
        note: 'Send a support bundle.',
        case_exchange: false,
        static_document: null,
        doc_linkages: [],
        version: {
          document_type: 'ticket',
          title: processes.collaboration.name,
          product_supported: 'SA9000 Array, CloudTier Gateway',
          common_customer_section_title: 'End Customer',
          manager_users: [
            { first_name: 'Mara', last_name: 'Main', email: users.receiverManager.email },
            { first_name: 'Theo', last_name: 'Alternate', email: users.receiverAlternate.email },
          ],
        },
        escalation: {
          main: { email: users.receiverManager.email, first_name: 'Mara' },
          alternate: { email: users.receiverAlternate.email },
          alias: version.escalationAlias,
          collaborate_email: version.collaborateEmail,
        },
      });
      expect(collaboration.common_customer_section.map((field) => field.requirement.code_label)).toEqual([
        'end_customer',
        'site_id',
        'customer_phone',
        'customer_email',
        'customer_timezone',
        'site_country',
      ]);
      expect(collaboration.problem_section[0]).toMatchObject({
        section: 'problem_section',
        required: true,
        options: ['SA9000 Array', 'VaultBackup', 'CloudTier Gateway'],
        requirement: { type: 'select', label: 'Product', code_label: 'product' },
      });
      expect(
        collaboration.problem_section.find((field) => field.requirement.code_label === 'serial_number'),
      ).toMatchObject({ group: 'hardware', required: true });
      expect(collaboration.contact_section).toHaveLength(3);
      expect(collaboration.files).toEqual([
        expect.objectContaining({ name: 'Firmware compatibility matrix', document_type: 'url' }),
        expect.objectContaining({
          name: 'Support bundle guide',
          document_type: 'file',
          url: `/api/caller/documents/${collaboration.id}/files/${collaboration.files[1].id}/download`,
          original_filename: 'support-bundle-guide.pdf',
        }),
      ]);

      const policy = named(response.documents, processes.policy.name);
      expect(policy.version.document_type).toBe('default');
      expect(policy.static_document).toContain('<h2>Receiver support policy</h2>');
      expect(policy.case_exchange).toBe(true);

      const parent = named(response.documents, options.name);
      expect(parent.parent_option_name).toBe('Which product needs help?');
      expect(parent.doc_linkages.map((linkage) => linkage.option_name)).toEqual([
        'Storage arrays and CloudTier',
        'VaultBackup software',
      ]);
    });

    it('hides process owners and escalation contacts from callers and marks their favourites', async () => {
      const { receiver, processes, users } = world;
      const response = await documentsOf(api, token(users.caller), 'company', receiver.id);
      const collaboration = named(response.documents, processes.collaboration.name);
      expect(collaboration.escalation).toBeNull();
      expect(collaboration.version.manager_users).toEqual([]);
      expect(collaboration.is_favorite).toBe(true);
      expect(named(response.documents, processes.policy.name).is_favorite).toBe(false);
    });

    it("a department's processes: its contact document and the documents linked to it", async () => {
      const { backup } = world.departments;
      const response = await documentsOf(api, token(world.users.caller), 'department', backup.id);
      expect(response.documents.map((doc) => doc.name)).toEqual(names(world.processes.solutionSupport));
      expect(response.documents[0]).toMatchObject({
        department: { id: backup.id, name: backup.name },
        is_favorite: true,
        version: { document_type: 'solution_support', support_hours: '24x5' },
      });
    });

    it('records a processes-viewed row per document shown', async () => {
      const { bm } = world.users;
      const before = await emOf(api).count(ProcessView, { user: bm.id });
      await documentsOf(api, token(bm), 'department', world.departments.enterprise.id);
      expect(await emOf(api).count(ProcessView, { user: bm.id })).toBe(before + 1);
    });

    it('locks the priority for a basic membership without custom messages', async () => {
      const { receiver, processes, users } = world;
      const response = await documentsOf(api, token(users.basicCaller), 'company', receiver.id);
      // Not in the SLA group nor the solution support group: only the processes open to every member.
      expect(response.documents.map((doc) => doc.name)).toEqual(
        names(processes.intake, processes.policy, processes.managerEscalation, options),
      );
      expect(response.priority_messages).toBeNull();
      expect(response.priority_locked).toBe(true);
      // The parent offers no sub-process the basic company cannot reach.
      expect(named(response.documents, options.name).doc_linkages).toEqual([]);
    });

    it('refuses the own company (403), limited memberships without a group (403), unknown (404) and bad params (422)', async () => {
      const { receiver, submitter, users } = world;
      const { caller, limitedBm } = users;
      await getAs(caller, `documents/company/${submitter.id}`).expect(403);
      await getAs(caller, `documents/department/${ownDepartment.id}`).expect(403);
      await getAs(caller, 'documents/company/999999').expect(404);
      await getAs(caller, 'documents/department/999999').expect(404);
      const badType = await getAs(caller, `documents/group/${receiver.id}`).expect(422);
      expect(badType.body.errors.type).toEqual(['The type must be company or department.']);
      await getAs(caller, 'documents/company/abc').expect(422);

      const blocked = await getAs(limitedBm, `documents/company/${receiver.id}`).expect(403);
      expect(blocked.body.error).toBe(MESSAGES.membershipBlocked);
      // Through its "Only Sponsor" group, the limited company reaches the sponsor.
      const sponsor = await documentsOf(api, token(limitedBm), 'company', world.basic.id);
      expect(sponsor.documents.map((doc) => doc.name)).toEqual(names(basicProcess));
      // Limited on the submitting side, basic on the receiving side, no custom messages.
      expect(sponsor.priority_locked).toBe(true);
    });
  });

  describe('GET /api/caller/sub_documents/:documentId/:type/:entity_id', () => {
    it("answers the parent's sub-processes open to the member", async () => {
      const path = `sub_documents/${options.id}/company/${world.receiver.id}`;
      const response = await getAs(world.users.caller, path).expect(200);
      expect(response.body.documents.map((doc: ContactDocumentShape) => doc.name)).toEqual(
        names(world.processes.collaboration, world.processes.solutionSupport),
      );
      expect(response.body.documents[0].problem_section.length).toBeGreaterThan(0);
    });

    it('404 for a document of another entity, 422 for a bad type, 403 for the own company', async () => {
      const { receiver, departments, users } = world;
      await getAs(users.caller, `sub_documents/${options.id}/department/${departments.backup.id}`).expect(404);
      await getAs(users.caller, `sub_documents/${options.id}/partner/${receiver.id}`).expect(422);
      await getAs(users.receiverManager, `sub_documents/${options.id}/company/${receiver.id}`).expect(403);
    });
  });

  describe('POST /api/caller/notes/store', () => {
    const storeNote = (user: User, body: object) => postAs(user, 'notes/store', body);

    it("upserts the company's note on a partner document, sanitized", async () => {
      const { bm, caller } = world.users;
      const documentId = world.processes.collaboration.id;
      const saved = await storeNote(bm, {
        location: 'contact_document',
        document_id: documentId,
        note: '<p>Ask for <b>Gabriel</b></p><script>x()</script>',
      }).expect(200);
      expect(saved.body.note).toMatchObject({
        note: '<p>Ask for <b>Gabriel</b></p>',
        location: 'contact_document',
        document_id: documentId,
      });
      // The same row is updated, and every user of our company sees it.
      const again = await storeNote(bm, {
        location: 'contact_document',
        document_id: documentId,
        note: 'Updated',
      }).expect(200);
      expect(again.body.note.id).toBe(saved.body.note.id);
      const seen = await documentsOf(api, token(caller), 'company', world.receiver.id);
      expect(named(seen.documents, world.processes.collaboration.name).note).toBe('Updated');
    });

    it('refuses own documents (403), limited memberships (403), unknown documents (404), bad bodies (422)', async () => {
      const { bm, limitedBm } = world.users;
      await storeNote(bm, { document_id: ownProcess.id, note: 'x' }).expect(403);
      const limited = await storeNote(limitedBm, { document_id: world.processes.policy.id, note: 'x' }).expect(403);
      expect(limited.body.error).toBe(MESSAGES.membershipBlocked);
      await storeNote(bm, { document_id: 999999, note: 'x' }).expect(404);
      const bad = await storeNote(bm, { note: 5 }).expect(422);
      expect(Object.keys(bad.body.errors).sort()).toEqual(['document_id', 'note']);
    });
  });

  describe('POST /api/caller/db_select_options', () => {
    const selectOptions = (body: object) => postAs(world.users.caller, 'db_select_options', body);

    it('answers countries, the departments of a company and the active companies', async () => {
      // Countries are the catalogue of the template database.
      const countries = (await selectOptions({ model: 'country' }).expect(200)).body as Record<string, string>;
      expect(Object.values(countries)).toEqual(expect.arrayContaining(['Canada', 'Germany']));
      // The plural spelling a requirement may carry works too.
      const plural = await selectOptions({ model: 'countries' }).expect(200);
      expect(plural.body).toEqual(countries);
      const { backup, enterprise } = world.departments;
      const departments = await selectOptions({ model: 'department', foreign_key: world.receiver.id }).expect(200);
      expect(departments.body).toEqual({ [String(backup.id)]: backup.name, [String(enterprise.id)]: enterprise.name });
      const companies = await selectOptions({ model: 'company' }).expect(200);
      expect(companies.body[String(world.basic.id)]).toBe(world.basic.name);
    });

    it('refuses other models and a department list without company (422)', async () => {
      const other = await selectOptions({ model: 'users' }).expect(422);
      expect(other.body.errors.model).toHaveLength(1);
      const missing = await selectOptions({ model: 'department' }).expect(422);
      expect(missing.body.errors.foreign_key).toHaveLength(1);
    });
  });

  describe('GET /api/caller/case_exchange/cases', () => {
    it('answers the configured address', async () => {
      await getAs(world.users.caller, 'case_exchange/cases').expect(200, {
        success: true,
        url: 'https://exchange.casebridge.test/cases',
        message: null,
      });
      expect(CASE_EXCHANGE_UNAVAILABLE).toBe('Case exchange is not available for your company.');
    });
  });

  describe('downloads', () => {
    const download = (path: string, user: User) => getAs(user, path);
    const groupFile = (groupId: number | string, documentId: number) =>
      `partner_groups/${groupId}/documents/${documentId}/download`;

    it('a group member downloads a group file with its original name', async () => {
      // Shared by our company, downloaded by a user of the other member.
      const response = await download(groupFile(world.slaGroup.id, matrix.id), world.users.receiverAlternate)
        .buffer(true)
        .expect(200);
      expect(response.headers['content-type']).toBe('application/pdf');
      expect(response.headers['content-disposition']).toContain(`filename="${matrix.originalFilename}"`);
      expect(Buffer.from(response.body as Buffer).toString()).toBe('%PDF-1.4 matrix');
    });

    it('refuses non-members (403), links (422), files of another group (404)', async () => {
      const { caller, basicCaller, limitedBm } = world.users;
      await download(groupFile(world.slaGroup.id, matrix.id), basicCaller).expect(403);
      await download(groupFile(world.slaGroup.id, sharedLink.id), caller).expect(422);
      await download(groupFile(sponsorGroup.id, matrix.id), limitedBm).expect(404);
      await download(groupFile('abc', matrix.id), caller).expect(422);
    });

    it("downloads a process document's file for members who may open the process", async () => {
      const { caller, basicCaller } = world.users;
      const file = (documentId: number) => `documents/${documentId}/files/${guide.id}/download`;
      const response = await download(file(world.processes.collaboration.id), caller).buffer(true).expect(200);
      expect(response.headers['content-disposition']).toContain('support-bundle-guide.pdf');
      await download(file(world.processes.collaboration.id), basicCaller).expect(403);
      await download(file(world.processes.policy.id), caller).expect(404);
    });
  });
});
