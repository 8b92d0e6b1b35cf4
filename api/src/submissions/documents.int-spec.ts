import { MESSAGES, type ContactDocumentShape } from '@casebridge/contracts';
import { Community, DocumentFile, GroupDocument, ProcessView } from '@casebridge/db';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { bearer, startApi, type ApiHarness } from '../../test/api-harness';
import { demoIds, documentsOf, orm, tokenOf, type DemoIds } from '../../test/member-fixtures';
import { CASE_EXCHANGE_UNAVAILABLE } from './documents.service';

describe('submit-case: process documents, sub-processes, notes, options and files', () => {
  let api: ApiHarness;
  let ids: DemoIds;
  let storageDir: string;
  const tokens: Record<string, string> = {};
  const token = async (email: string) => (tokens[email] ??= await tokenOf(api, email));
  const named = (docs: ContactDocumentShape[], name: string) => {
    const found = docs.find((doc) => doc.name === name);
    if (!found) throw new Error(`no document ${name} in ${docs.map((doc) => doc.name).join(', ')}`);
    return found;
  };

  beforeAll(async () => {
    storageDir = await mkdtemp(join(tmpdir(), 'casebridge-documents-'));
    api = await startApi({ STORAGE_DIR: storageDir, CASE_EXCHANGE_URL: 'https://exchange.casebridge.test/cases' });
    ids = await demoIds(api);
  });
  afterAll(async () => {
    await api.close();
    await rm(storageDir, { recursive: true, force: true });
  });

  describe('GET /api/caller/documents/:type/:entity_id', () => {
    it("lists a company's approved processes open to the member, mapped for the form", async () => {
      const response = await documentsOf(api, await token('pm@acme.test'), 'company', ids.globex);
      expect(response.documents.map((doc) => doc.name)).toEqual([
        'Globex Storage Collaboration',
        'Globex Backup Solution Support',
        'Globex Automated Intake',
        'Globex Support Policy',
        'Globex Support Options',
        'Globex Manager Escalation',
      ]);
      // Storage Alliance (custom SLA) offers the collaboration document: its messages, priority not locked.
      expect(response.priority_messages).toEqual({
        high: expect.stringContaining('P1'),
        medium: expect.stringContaining('P2'),
        low: expect.stringContaining('P3'),
      });
      expect(response.priority_locked).toBe(false);

      const collaboration = named(response.documents, 'Globex Storage Collaboration');
      expect(collaboration).toMatchObject({
        company_id: ids.globex,
        company: { name: 'Globex Storage', slug: 'globex', membership_type: 'elite' },
        department: null,
        is_favorite: false, // favourites are per user: pm@acme has none
        note: expect.stringContaining('support bundle'),
        case_exchange: false,
        static_document: null,
        doc_linkages: [],
        version: {
          document_type: 'ticket',
          title: 'Globex Storage Collaboration',
          product_supported: 'SA9000 Array, CloudTier Gateway',
          common_customer_section_title: 'End Customer',
          manager_users: [
            { first_name: 'Grace', last_name: 'Liu', email: 'bm@globex.test' },
            { first_name: 'Gabriel', last_name: 'Stone', email: 'caller@globex.test' },
          ],
        },
        escalation: {
          main: { email: 'bm@globex.test', first_name: 'Grace' },
          alternate: { email: 'caller@globex.test' },
          alias: 'storage-duty@globex.test',
          collaborate_email: 'support@globex.test',
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

      const policy = named(response.documents, 'Globex Support Policy');
      expect(policy.version.document_type).toBe('default');
      expect(policy.static_document).toContain('<h2>Globex Storage support policy</h2>');
      expect(policy.case_exchange).toBe(true);

      const options = named(response.documents, 'Globex Support Options');
      expect(options.parent_option_name).toBe('Which Globex product needs help?');
      expect(options.doc_linkages.map((linkage) => linkage.option_name)).toEqual([
        'Storage arrays and CloudTier',
        'VaultBackup software',
      ]);
    });

    it('hides process owners and escalation contacts from callers and marks their favourites', async () => {
      const response = await documentsOf(api, await token('caller@acme.test'), 'company', ids.globex);
      const collaboration = named(response.documents, 'Globex Storage Collaboration');
      expect(collaboration.escalation).toBeNull();
      expect(collaboration.version.manager_users).toEqual([]);
      expect(collaboration.is_favorite).toBe(true);
      expect(named(response.documents, 'Globex Support Policy').is_favorite).toBe(false);
    });

    it("a department's processes: its contact document and the documents linked to it", async () => {
      const response = await documentsOf(
        api,
        await token('caller@acme.test'),
        'department',
        ids.departments['Backup & Recovery'],
      );
      expect(response.documents.map((doc) => doc.name)).toEqual(['Globex Backup Solution Support']);
      expect(response.documents[0]).toMatchObject({
        department: { id: ids.departments['Backup & Recovery'], name: 'Backup & Recovery' },
        is_favorite: true,
        version: { document_type: 'solution_support', support_hours: '24x5' },
      });
    });

    it('records a processes-viewed row per document shown', async () => {
      const em = orm(api);
      const before = await em.count(ProcessView, { user: { email: 'bm@acme.test' } });
      await documentsOf(api, await token('bm@acme.test'), 'department', ids.departments['Enterprise Storage Support']);
      expect(await orm(api).count(ProcessView, { user: { email: 'bm@acme.test' } })).toBe(before + 1);
    });

    it('locks the priority for a basic membership without custom messages', async () => {
      const response = await documentsOf(api, await token('caller@umbrella.test'), 'company', ids.globex);
      // Not in Storage Alliance nor the VaultBackup group: only the processes open to every member.
      expect(response.documents.map((doc) => doc.name)).toEqual([
        'Globex Automated Intake',
        'Globex Support Policy',
        'Globex Support Options',
        'Globex Manager Escalation',
      ]);
      expect(response.priority_messages).toBeNull();
      expect(response.priority_locked).toBe(true);
      // The parent offers no sub-process Umbrella cannot reach.
      expect(named(response.documents, 'Globex Support Options').doc_linkages).toEqual([]);
    });

    it('refuses the own company (403), limited memberships without a group (403), unknown (404) and bad params (422)', async () => {
      const acme = await token('caller@acme.test');
      await api.http().get(`/api/caller/documents/company/${ids.acme}`).set(bearer(acme)).expect(403);
      await api
        .http()
        .get(`/api/caller/documents/department/${ids.departments['Storage Engineering']}`)
        .set(bearer(acme))
        .expect(403);
      await api.http().get('/api/caller/documents/company/999999').set(bearer(acme)).expect(404);
      await api.http().get('/api/caller/documents/department/999999').set(bearer(acme)).expect(404);
      const badType = await api.http().get(`/api/caller/documents/group/${ids.globex}`).set(bearer(acme)).expect(422);
      expect(badType.body.errors.type).toEqual(['The type must be company or department.']);
      await api.http().get('/api/caller/documents/company/abc').set(bearer(acme)).expect(422);

      const initech = await token('bm@initech.test');
      const blocked = await api
        .http()
        .get(`/api/caller/documents/company/${ids.globex}`)
        .set(bearer(initech))
        .expect(403);
      expect(blocked.body.error).toBe(MESSAGES.membershipBlocked);
      // Through Cloud Connect, Initech reaches its sponsor Umbrella.
      const umbrella = await documentsOf(api, initech, 'company', ids.umbrella);
      expect(umbrella.documents.map((doc) => doc.name)).toEqual(['Umbrella Cloud Collaboration']);
      // Limited on the submitting side, basic on the receiving side, no custom messages.
      expect(umbrella.priority_locked).toBe(true);
    });
  });

  describe('GET /api/caller/sub_documents/:documentId/:type/:entity_id', () => {
    it("answers the parent's sub-processes open to the member", async () => {
      const caller = await token('caller@acme.test');
      const parent = ids.documents['Globex Support Options'];
      const response = await api
        .http()
        .get(`/api/caller/sub_documents/${parent}/company/${ids.globex}`)
        .set(bearer(caller))
        .expect(200);
      expect(response.body.documents.map((doc: ContactDocumentShape) => doc.name)).toEqual([
        'Globex Storage Collaboration',
        'Globex Backup Solution Support',
      ]);
      expect(response.body.documents[0].problem_section.length).toBeGreaterThan(0);
    });

    it('404 for a document of another entity, 422 for a bad type, 403 for the own company', async () => {
      const caller = await token('caller@acme.test');
      const parent = ids.documents['Globex Support Options'];
      await api
        .http()
        .get(`/api/caller/sub_documents/${parent}/department/${ids.departments['Backup & Recovery']}`)
        .set(bearer(caller))
        .expect(404);
      await api.http().get(`/api/caller/sub_documents/${parent}/partner/${ids.globex}`).set(bearer(caller)).expect(422);
      await api
        .http()
        .get(`/api/caller/sub_documents/${parent}/company/${ids.globex}`)
        .set(bearer(await token('bm@globex.test')))
        .expect(403);
    });
  });

  describe('POST /api/caller/notes/store', () => {
    it("upserts the company's note on a partner document, sanitized", async () => {
      const bm = await token('bm@acme.test');
      const documentId = ids.documents['Globex Storage Collaboration'];
      const saved = await api
        .http()
        .post('/api/caller/notes/store')
        .set(bearer(bm))
        .send({
          location: 'contact_document',
          document_id: documentId,
          note: '<p>Ask for <b>Gabriel</b></p><script>x()</script>',
        })
        .expect(200);
      expect(saved.body.note).toMatchObject({
        note: '<p>Ask for <b>Gabriel</b></p>',
        location: 'contact_document',
        document_id: documentId,
      });
      // The same row is updated, and every Acme user sees it.
      const again = await api
        .http()
        .post('/api/caller/notes/store')
        .set(bearer(bm))
        .send({ location: 'contact_document', document_id: documentId, note: 'Updated' })
        .expect(200);
      expect(again.body.note.id).toBe(saved.body.note.id);
      const seen = await documentsOf(api, await token('caller@acme.test'), 'company', ids.globex);
      expect(named(seen.documents, 'Globex Storage Collaboration').note).toBe('Updated');
    });

    it('refuses own documents (403), limited memberships (403), unknown documents (404), bad bodies (422)', async () => {
      const bm = await token('bm@acme.test');
      await api
        .http()
        .post('/api/caller/notes/store')
        .set(bearer(bm))
        .send({ document_id: ids.documents['Acme Systems Collaboration'], note: 'x' })
        .expect(403);
      const limited = await api
        .http()
        .post('/api/caller/notes/store')
        .set(bearer(await token('bm@initech.test')))
        .send({ document_id: ids.documents['Globex Support Policy'], note: 'x' })
        .expect(403);
      expect(limited.body.error).toBe(MESSAGES.membershipBlocked);
      await api
        .http()
        .post('/api/caller/notes/store')
        .set(bearer(bm))
        .send({ document_id: 999999, note: 'x' })
        .expect(404);
      const bad = await api.http().post('/api/caller/notes/store').set(bearer(bm)).send({ note: 5 }).expect(422);
      expect(Object.keys(bad.body.errors).sort()).toEqual(['document_id', 'note']);
    });
  });

  describe('POST /api/caller/db_select_options', () => {
    it('answers countries, the departments of a company and the active companies', async () => {
      const caller = await token('caller@acme.test');
      const countries = (
        await api
          .http()
          .post('/api/caller/db_select_options')
          .set(bearer(caller))
          .send({ model: 'country' })
          .expect(200)
      ).body as Record<string, string>;
      expect(Object.values(countries)).toEqual(expect.arrayContaining(['Canada', 'Germany']));
      // The plural spelling a requirement may carry works too.
      const plural = await api
        .http()
        .post('/api/caller/db_select_options')
        .set(bearer(caller))
        .send({ model: 'countries' })
        .expect(200);
      expect(plural.body).toEqual(countries);
      const departments = await api
        .http()
        .post('/api/caller/db_select_options')
        .set(bearer(caller))
        .send({ model: 'department', foreign_key: ids.globex })
        .expect(200);
      expect(departments.body).toEqual({
        [String(ids.departments['Backup & Recovery'])]: 'Backup & Recovery',
        [String(ids.departments['Enterprise Storage Support'])]: 'Enterprise Storage Support',
      });
      const companies = await api
        .http()
        .post('/api/caller/db_select_options')
        .set(bearer(caller))
        .send({ model: 'company' })
        .expect(200);
      expect(companies.body[String(ids.umbrella)]).toBe('Umbrella Cloud');
    });

    it('refuses other models and a department list without company (422)', async () => {
      const caller = await token('caller@acme.test');
      const other = await api
        .http()
        .post('/api/caller/db_select_options')
        .set(bearer(caller))
        .send({ model: 'users' })
        .expect(422);
      expect(other.body.errors.model).toHaveLength(1);
      const missing = await api
        .http()
        .post('/api/caller/db_select_options')
        .set(bearer(caller))
        .send({ model: 'department' })
        .expect(422);
      expect(missing.body.errors.foreign_key).toHaveLength(1);
    });
  });

  describe('GET /api/caller/case_exchange/cases', () => {
    it('answers the configured address', async () => {
      await api
        .http()
        .get('/api/caller/case_exchange/cases')
        .set(bearer(await token('caller@acme.test')))
        .expect(200, { success: true, url: 'https://exchange.casebridge.test/cases', message: null });
      expect(CASE_EXCHANGE_UNAVAILABLE).toBe('Case exchange is not available for your company.');
    });
  });

  describe('downloads', () => {
    let storageAlliance: number;
    let cloudConnect: number;
    let matrixId: number;
    let guideId: number;

    beforeAll(async () => {
      await mkdir(join(storageDir, 'groups', 'storage-alliance'), { recursive: true });
      await writeFile(join(storageDir, 'groups', 'storage-alliance', 'acme-escalation-matrix.pdf'), '%PDF-1.4 matrix');
      await mkdir(join(storageDir, 'documents', 'globex'), { recursive: true });
      await writeFile(join(storageDir, 'documents', 'globex', 'support-bundle-guide.pdf'), '%PDF-1.4 guide');
      const em = orm(api);
      storageAlliance = (await em.findOneOrFail(Community, { name: 'Storage Alliance' })).id;
      cloudConnect = (await em.findOneOrFail(Community, { name: 'Cloud Connect' })).id;
      matrixId = (await em.findOneOrFail(GroupDocument, { name: 'Acme escalation matrix' })).id;
      guideId = (await em.findOneOrFail(DocumentFile, { name: 'Support bundle guide' })).id;
    });

    it('a group member downloads a group file with its original name', async () => {
      const response = await api
        .http()
        .get(`/api/caller/partner_groups/${storageAlliance}/documents/${matrixId}/download`)
        .set(bearer(await token('caller@globex.test')))
        .buffer(true)
        .expect(200);
      expect(response.headers['content-type']).toBe('application/pdf');
      expect(response.headers['content-disposition']).toContain('filename="acme-escalation-matrix.pdf"');
      expect(Buffer.from(response.body as Buffer).toString()).toBe('%PDF-1.4 matrix');
    });

    it('refuses non-members (403), links (422), files of another group (404)', async () => {
      await api
        .http()
        .get(`/api/caller/partner_groups/${storageAlliance}/documents/${matrixId}/download`)
        .set(bearer(await token('caller@umbrella.test')))
        .expect(403);
      const link = await orm(api).findOneOrFail(GroupDocument, { name: 'Alliance onboarding guide' });
      await api
        .http()
        .get(`/api/caller/partner_groups/${storageAlliance}/documents/${link.id}/download`)
        .set(bearer(await token('caller@acme.test')))
        .expect(422);
      await api
        .http()
        .get(`/api/caller/partner_groups/${cloudConnect}/documents/${matrixId}/download`)
        .set(bearer(await token('bm@initech.test')))
        .expect(404);
      await api
        .http()
        .get(`/api/caller/partner_groups/abc/documents/${matrixId}/download`)
        .set(bearer(await token('caller@acme.test')))
        .expect(422);
    });

    it("downloads a process document's file for members who may open the process", async () => {
      const documentId = ids.documents['Globex Storage Collaboration'];
      const response = await api
        .http()
        .get(`/api/caller/documents/${documentId}/files/${guideId}/download`)
        .set(bearer(await token('caller@acme.test')))
        .buffer(true)
        .expect(200);
      expect(response.headers['content-disposition']).toContain('support-bundle-guide.pdf');
      await api
        .http()
        .get(`/api/caller/documents/${documentId}/files/${guideId}/download`)
        .set(bearer(await token('caller@umbrella.test')))
        .expect(403);
      await api
        .http()
        .get(`/api/caller/documents/${ids.documents['Globex Support Policy']}/files/${guideId}/download`)
        .set(bearer(await token('caller@acme.test')))
        .expect(404);
    });
  });
});
