import { SAMPLE_SUBMISSION_CHECKED, type AdminProcessDocument } from '@casebridge/contracts';
import type { Company, ContactDocument, User } from '@casebridge/db';
import { bearer, startApi, type ApiHarness } from '../../../../test/kit/api-harness';
import {
  allFields,
  countryId,
  fieldKey,
  FULL_FORM,
  globexCollaborationAnswers,
  type FormFields,
} from '../../../test/collaboration-form';
import { aCompany, aProcess, aUser, signedIn } from '../../../../test/kit/factories';
import { countRows } from '../../../../test/kit/member-fixtures';
import { filesUnder } from '../../../../test/kit/files-under';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { NOT_A_CASE_FORM } from '../submission-checks';
import { NOT_A_MANAGER_FORM } from './process-samples.service';

/**
 * What a test submission must never leave behind: cases, their events and data, manager requests, mails. Whole
 * tables, not our companies' rows: a sample must leave nothing anywhere (this file's database is its own).
 */
async function footprint(api: ApiHarness) {
  const tables = ['cases', 'case_events', 'case_customer_data', 'manager_requests'];
  const rows = await Promise.all(tables.map((table) => countRows(api, table)));
  return { rows, mails: (await api.mailJobs()).length };
}

describe('View/Test Form: sample submissions to the own process, checked and never stored', () => {
  let api: ApiHarness;
  // "globex" with a process of every field type (escalation instructions included); "acme" with a ticket process
  // and a manager escalation process.
  let globex: Company;
  let acme: Company;
  let globexManager: User;
  let acmeManager: User;
  let acmeTicket: ContactDocument;
  let acmeEscalation: ContactDocument;
  let globexBm: string;
  let acmeBm: string;
  let acmeCaller: string;
  let collaboration: AdminProcessDocument;
  let fields: FormFields;
  let canada: string;
  let storage: string;

  beforeAll(async () => {
    storage = await mkdtemp(join(tmpdir(), 'casebridge-samples-'));
    api = await startApi({ STORAGE_DIR: storage });
    globex = await aCompany(api);
    acme = await aCompany(api);
    const globexProcess = await aProcess(api, {
      company: globex,
      fields: FULL_FORM,
      version: { escalationInstructions: '<p>P1: call the Globex hotline.</p>' },
    });
    globexManager = await aUser(api, { company: globex, role: 'business_manager' });
    acmeManager = await aUser(api, { company: acme, role: 'business_manager' });
    acmeTicket = await aProcess(api, { company: acme });
    // A manager escalation form receives requests only with an active manager.
    acmeEscalation = await aProcess(api, { company: acme, type: 'manager', managers: { main: acmeManager } });
    globexBm = await signedIn(api, globexManager);
    acmeBm = await signedIn(api, acmeManager);
    acmeCaller = await signedIn(api, await aUser(api, { company: acme, role: 'caller' }));
    const sample = await api
      .http()
      .get(`/api/admin/company/documents/${globexProcess.id}/sample`)
      .set(bearer(globexBm))
      .expect(200);
    collaboration = sample.body.document;
    fields = allFields(collaboration);
    canada = await countryId(api, globexBm, 'Canada');
  }, 60_000);
  afterAll(async () => {
    await api?.close();
    await rm(storage, { recursive: true, force: true });
  });

  const validCase = (overrides: Record<string, unknown> = {}) => ({
    first_name: 'Greta',
    last_name: 'Globex',
    email: globexManager.email,
    internal_case_number: 'TEST-1',
    problem_summary: 'Testing our own form',
    problem_description: 'Does every field work?',
    case_priority: 'medium',
    collaborate_type: 'company',
    collaborate_entity: globex.id,
    sample_submission: true,
    ...globexCollaborationAnswers(fields, canada),
    ...overrides,
  });
  const submitCase = (token: string, documentId: number, body: object) =>
    api.http().post(`/api/admin/company/documents/${documentId}/sample`).set(bearer(token)).send(body);

  const managerBody = (documentId: number, companyId: number, overrides: Record<string, unknown> = {}) => ({
    first_name: 'Bea',
    last_name: 'Manager',
    email: acmeManager.email,
    internal_reference: 'ESC-1',
    business_impact: 'Testing the escalation form',
    receive_company_id: companyId,
    contact_document_id: documentId,
    sample_submission: true,
    ...overrides,
  });
  const submitManager = (token: string, documentId: number, body: object) =>
    api.http().post(`/api/admin/company/documents/${documentId}/sample/manager`).set(bearer(token)).send(body);

  it('answers a valid case form like Request Sent, without a case, a mail or an event', async () => {
    const before = await footprint(api);
    const response = await submitCase(globexBm, collaboration.id, validCase()).expect(200);
    expect(response.body).toEqual({
      message: SAMPLE_SUBMISSION_CHECKED,
      case: {
        token: '',
        internal_case_number: 'TEST-1',
        summary: 'Testing our own form',
        priority: 'medium',
        status: 'open',
        receiver: { name: globex.name },
        created_at: expect.any(String),
        escalation_instructions: expect.stringContaining('Globex hotline'),
        is_sample: true,
      },
    });
    expect(await footprint(api)).toEqual(before);
  });

  it('checks the files sent with the test form by the case page’s rules and keeps none of them', async () => {
    const before = await footprint(api);
    const send = () =>
      api
        .http()
        .post(`/api/admin/company/documents/${collaboration.id}/sample`)
        .set(bearer(globexBm))
        .field('payload', JSON.stringify(validCase()));
    await send().attach('files', Buffer.from('bundle\n'), 'support-bundle.log').expect(200);
    const refused = await send().attach('files', Buffer.from('MZ\x90\x00'), 'tool.exe').expect(422);
    expect(refused.body.errors.files[0]).toContain('Executable');
    expect(await footprint(api)).toEqual(before);
    expect(await filesUnder(storage)).toEqual([]);
  });

  it('checks the base payload and the process’s own fields in one 422', async () => {
    const before = await footprint(api);
    const response = await submitCase(
      globexBm,
      collaboration.id,
      validCase({
        first_name: '',
        email: 'nope',
        [fieldKey(fields, 'site_id')]: 'not digits',
        [fieldKey(fields, 'customer_email')]: 'not-an-email',
        custom_999999: 'unknown',
      }),
    ).expect(422);
    expect(Object.keys(response.body.errors)).toEqual(
      expect.arrayContaining([
        'first_name',
        'email',
        fieldKey(fields, 'site_id'),
        fieldKey(fields, 'customer_email'),
        'custom_999999',
      ]),
    );
    const target = await submitCase(globexBm, collaboration.id, validCase({ collaborate_entity: acme.id })).expect(422);
    expect(target.body.errors.collaborate_entity).toEqual(['The partner does not match the process.']);
    expect(await footprint(api)).toEqual(before);
  });

  it('refuses forms of other types, other companies’ processes and non-admins', async () => {
    const manager = acmeEscalation.id;
    const wrongType = await submitCase(acmeBm, manager, validCase()).expect(422);
    expect(wrongType.body.errors.document_id).toEqual([NOT_A_CASE_FORM]);
    await submitCase(acmeBm, collaboration.id, validCase()).expect(404);
    await submitCase(acmeCaller, acmeTicket.id, validCase()).expect(403);
    await api.http().post(`/api/admin/company/documents/${collaboration.id}/sample`).send(validCase()).expect(401);
  });

  it('checks a manager request to the own manager process and stores nothing', async () => {
    const manager = acmeEscalation.id;
    const before = await footprint(api);
    const response = await submitManager(acmeBm, manager, managerBody(manager, acme.id)).expect(200);
    expect(response.body).toEqual({
      message: SAMPLE_SUBMISSION_CHECKED,
      request: { token: '', created_at: expect.any(String) },
    });
    expect(await footprint(api)).toEqual(before);

    const invalid = await submitManager(
      acmeBm,
      manager,
      managerBody(manager, acme.id, { business_impact: '', email: 'x' }),
    ).expect(422);
    expect(Object.keys(invalid.body.errors).sort()).toEqual(['business_impact', 'email']);
    const mismatch = await submitManager(acmeBm, manager, managerBody(manager, globex.id)).expect(422);
    expect(mismatch.body.errors.receive_company_id).toBeDefined();
    const ticket = acmeTicket.id;
    const notManager = await submitManager(acmeBm, ticket, managerBody(ticket, acme.id)).expect(422);
    expect(notManager.body.errors.contact_document_id).toEqual([NOT_A_MANAGER_FORM]);
    await submitManager(globexBm, manager, managerBody(manager, globex.id)).expect(404);
    await submitManager(acmeCaller, manager, managerBody(manager, acme.id)).expect(403);
    expect(await footprint(api)).toEqual(before);
  });
});
