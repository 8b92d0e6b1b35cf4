import { MESSAGES, type ContactDocumentShape } from '@casebridge/contracts';
import { Case, CaseCustomerData, CaseEvent, ManagerRequest, User } from '@casebridge/db';
import { bearer, startApi, type ApiHarness } from '../../../../test/kit/api-harness';
import {
  allFields,
  countryId,
  fieldKey,
  globexCaseSubmission,
  type FormFields,
} from '../../../test/collaboration-form';
import { aProcess, emOf, signedIn } from '../../../../test/kit/factories';
import { documentsOf } from '../../../../test/kit/member-fixtures';
import { aSubmissionWorld, type SubmissionWorld } from '../../../test/submission-world';
import { CASE_SUBMITTED, SAMPLE_CASE_SUBMITTED } from './case-submission.service';
import { MANAGER_REQUEST_SENT } from '../manager-requests/manager-request-intake.service';

describe('POST /api/caller/collaborate/:documentId and /api/manager/request/create', () => {
  let api: ApiHarness;
  // A receiver with a process of every kind; our company (submitter) in its custom-SLA group; a basic and a
  // limited company in no group (test/submission-world.ts).
  let world: SubmissionWorld;
  let collaboration: ContactDocumentShape;
  let fields: FormFields;
  let canada: string;
  const tokens = new Map<User, string>();
  const auth = (user: User) => bearer(tokens.get(user)!);

  const validBody = (overrides: Record<string, unknown> = {}) =>
    globexCaseSubmission(world.receiver.id, fields, canada, { email: world.users.caller.email, ...overrides });

  /** Signed in in beforeAll, so a submission is one supertest chain. */
  const submit = (user: User, documentId: number, body: Record<string, unknown>) =>
    api.http().post(`/api/caller/collaborate/${documentId}`).set(auth(user)).send(body);

  /** Rows of the companies of this world only: other files' cases and requests do not move them. */
  const worldCompanies = () => [world.receiver, world.submitter, world.basic, world.limited].map((c) => c.id);
  const worldCases = () => emOf(api).count(Case, { submitterCompany: { $in: worldCompanies() } });
  const worldCustomerData = () =>
    emOf(api).count(CaseCustomerData, { case: { submitterCompany: { $in: worldCompanies() } } });
  const worldManagerRequests = () => emOf(api).count(ManagerRequest, { submitterCompany: { $in: worldCompanies() } });

  beforeAll(async () => {
    api = await startApi();
    world = await aSubmissionWorld(api);
    for (const user of Object.values(world.users)) tokens.set(user, await signedIn(api, user));
    const response = await documentsOf(api, tokens.get(world.users.caller)!, 'company', world.receiver.id);
    collaboration = response.documents.find((doc) => doc.id === world.processes.collaboration.id)!;
    fields = allFields(collaboration);
    canada = await countryId(api, tokens.get(world.users.caller)!, 'Canada');
  }, 60_000);
  afterAll(() => api.close());

  describe('collaborate', () => {
    it('creates the case with its customer data and event, and mails the process with the respond link', async () => {
      const { caller } = world.users;
      const version = world.processes.collaboration.currentVersion!;
      const before = await worldCases();
      const response = await submit(caller, collaboration.id, validBody()).expect(200);
      expect(response.body).toEqual({
        message: CASE_SUBMITTED,
        case: {
          token: expect.stringMatching(/^[A-Za-z0-9_-]{32,}$/),
          internal_case_number: 'ACME-20001',
          summary: 'Replication to DR array stalls',
          priority: 'high', // the SLA group has custom priority messages: not locked
          status: 'open',
          receiver: { name: world.receiver.name },
          created_at: expect.any(String),
          escalation_instructions: expect.stringContaining('receiver hotline'),
          is_sample: false,
        },
      });
      expect(await worldCases()).toBe(before + 1);

      const em = emOf(api);
      const stored = await em.findOneOrFail(
        Case,
        { token: response.body.case.token },
        { populate: ['submitterCompany', 'submitterUser', 'receiverCompany', 'documentVersion'] },
      );
      expect(stored).toMatchObject({
        status: 'open',
        priority: 'high',
        engineerFirstName: 'Carl',
        engineerEmail: caller.email,
        engineerPhone: 'CA: 4165550103',
        engineerPhoneCountryCode: 'CA',
        receiverDepartment: null,
        isSample: false,
        eventSeq: 1,
      });
      expect(stored.submitterCompany.slug).toBe(world.submitter.slug);
      expect(stored.submitterUser?.email).toBe(caller.email);
      expect(stored.receiverCompany.slug).toBe(world.receiver.slug);
      // The SLA group sets no P1 time: the default 2 hours.
      const hours = (stored.responseDueAt!.getTime() - stored.createdAt.getTime()) / 3_600_000;
      expect(hours).toBeCloseTo(2, 1);

      const data = await em.find(CaseCustomerData, { case: stored }, { orderBy: { id: 'asc' } });
      const byField = Object.fromEntries(data.map((row) => [row.field, row]));
      expect(byField['End Customer Name']).toMatchObject({
        section: 'common_customer_section',
        value: 'Contoso Pharma',
        type: 'string',
      });
      expect(byField['Site Country'].value).toBe('Canada');
      expect(byField['Affected Component'].value).toBe('Software : Replication');
      expect(byField['Routing Code']).toMatchObject({ value: 'ACME-GLOBEX-STORAGE', type: 'hidden' });
      expect(byField['Preferred Contact Method'].section).toBe('contact_section');
      // Fields of the group not chosen (hardware) and copy texts are not stored.
      expect(byField['Array Serial Number']).toBeUndefined();
      expect(byField['Support Bundle Command']).toBeUndefined();

      const events = await em.find(CaseEvent, { case: stored });
      expect(events).toEqual([expect.objectContaining({ seq: 1, type: 'submitted' })]);

      const mail = await api.lastMailTo(version.collaborateEmail!, 'new_receiving_member');
      expect(mail).toMatchObject({
        to: [version.collaborateEmail],
        cc: [version.collaborateCcEmail],
        bcc: [world.receiver.bccResponseEmail],
        variables: {
          company: world.submitter.name,
          case_number: 'ACME-20001',
          process: world.processes.collaboration.name,
          summary: 'Replication to DR array stalls',
          link: `http://casebridge.test/case/${response.body.case.token}/respond`,
          priority: expect.stringMatching(/^P[123]$/),
          engineer_email: caller.email,
        },
      });
      // The submitter's receipt, linking to the case page.
      const receipt = await api.lastMailTo(caller.email, 'case-receipt');
      expect(receipt).toMatchObject({
        to: [caller.email],
        variables: {
          first_name: caller.firstName,
          case_number: 'ACME-20001',
          process: world.processes.collaboration.name,
          link: `http://casebridge.test/my-cases/${response.body.case.token}`,
        },
        dedupeKey: `case-receipt-${stored.id}`,
      });
    });

    it('a department submission goes to the department; update_profile changes the own name and phone', async () => {
      const { pm } = world.users;
      const backup = world.departments.backup;
      const backupDoc = (await documentsOf(api, tokens.get(pm)!, 'department', backup.id)).documents[0];
      expect(backupDoc.id).toBe(world.processes.solutionSupport.id);
      const backupFields = allFields(backupDoc);
      const response = await submit(pm, backupDoc.id, {
        first_name: 'Paolo',
        last_name: 'Martinez',
        email: pm.email,
        phone_number: '512 555 0199',
        phone_country_code: 'US',
        internal_case_number: 'ACME-20002',
        problem_summary: 'Restore fails',
        problem_description: 'VaultBackup restore of the ERP volume fails.',
        case_priority: 'medium',
        collaborate_type: 'department',
        collaborate_entity: backup.id,
        update_profile: true,
        [fieldKey(backupFields, 'end_customer')]: 'Northwind',
        [fieldKey(backupFields, 'product')]: 'Something else entirely', // 'Other' text is allowed for Product
      }).expect(200);
      expect(response.body.case.receiver.name).toBe(`${world.receiver.name} - ${backup.name}`);
      const em = emOf(api);
      const stored = await em.findOneOrFail(
        Case,
        { token: response.body.case.token },
        { populate: ['receiverDepartment'] },
      );
      expect(stored.receiverDepartment?.name).toBe(backup.name);
      // The factory named the program manager otherwise and gave no phone.
      expect(await em.findOneOrFail(User, pm.id)).toMatchObject({ firstName: 'Paolo', phone: '512 555 0199' });
      await api.lastMailTo(world.processes.solutionSupport.currentVersion!.collaborateEmail!, 'new_receiving_member');
    });

    it('a sample submission is stored as sample and mails nobody', async () => {
      const mailsBefore = (await api.mailJobs()).length;
      const response = await submit(
        world.users.caller,
        collaboration.id,
        validBody({ internal_case_number: 'SAMPLE-1', sample_submission: true }),
      ).expect(200);
      expect(response.body.message).toBe(SAMPLE_CASE_SUBMITTED);
      expect(response.body.case.is_sample).toBe(true);
      expect((await api.mailJobs()).length).toBe(mailsBefore);
    });

    it('forces the priority to low when it is locked (basic membership, no custom messages)', async () => {
      const { basicCaller } = world.users;
      const intake = (await documentsOf(api, tokens.get(basicCaller)!, 'company', world.receiver.id)).documents.find(
        (doc) => doc.id === world.processes.intake.id,
      )!;
      const intakeFields = allFields(intake);
      const response = await submit(basicCaller, intake.id, {
        first_name: 'Uma',
        last_name: 'Patel',
        email: basicCaller.email,
        internal_case_number: 'UMB-77',
        problem_summary: 'Gateway sync',
        problem_description: 'CloudTier gateway stops syncing.',
        case_priority: 'high',
        collaborate_type: 'company',
        collaborate_entity: world.receiver.id,
        [fieldKey(intakeFields, 'end_customer')]: 'Umbrella',
        [fieldKey(intakeFields, 'product')]: 'CloudTier Gateway',
      }).expect(200);
      expect(response.body.case.priority).toBe('low');
    });

    it('answers every field error at once and writes nothing', async () => {
      const before = await worldCases();
      const dataBefore = await worldCustomerData();
      const response = await submit(
        world.users.caller,
        collaboration.id,
        validBody({
          problem_summary: '',
          email: 'not-an-address',
          [fieldKey(fields, 'end_customer')]: '   ',
          [fieldKey(fields, 'site_id')]: '12a',
          [fieldKey(fields, 'customer_email')]: 'nope',
          [fieldKey(fields, 'log_bundle_url')]: 'javascript:alert(1)',
          [fieldKey(fields, 'customer_timezone')]: 'Mars/Olympus',
          [fieldKey(fields, 'contact_method')]: 'Carrier pigeon',
          [fieldKey(fields, 'component')]: 'Hardware : Replication',
          [fieldKey(fields, 'problem_category')]: 'Cosmic rays',
          [fieldKey(fields, 'site_country')]: '999999',
          [fieldKey(fields, 'error_output')]: 'x'.repeat(20_001),
          custom_999999: 'unknown',
        }),
      ).expect(422);
      const errors = response.body.errors as Record<string, string[]>;
      expect(errors).toMatchObject({
        problem_summary: ['The problem summary is required.'],
        email: ['The email must be a valid email address.'],
        [fieldKey(fields, 'end_customer')]: ['The End Customer Name field is required.'],
        [fieldKey(fields, 'site_id')]: ['The Customer Site ID must be an integer.'],
        [fieldKey(fields, 'customer_email')]: ['The Customer Contact Email must be a valid email address.'],
        [fieldKey(fields, 'log_bundle_url')]: ['The Log Bundle URL must be a valid URL.'],
        [fieldKey(fields, 'customer_timezone')]: ['The Customer Time Zone must be a valid time zone.'],
        [fieldKey(fields, 'contact_method')]: ['The selected Preferred Contact Method is invalid.'],
        [fieldKey(fields, 'component')]: ['The selected Affected Component is invalid.'],
        [fieldKey(fields, 'problem_category')]: ['The selected Problem Category is invalid.'],
        [fieldKey(fields, 'site_country')]: ['The selected Site Country is invalid.'],
        [fieldKey(fields, 'error_output')]: ['The Error Output may not be greater than 20000 characters.'],
        custom_999999: ['This field is not part of the process.'],
      });
      expect(await worldCases()).toBe(before);
      expect(await worldCustomerData()).toBe(dataBefore);
    });

    it('checks the fields a choice makes required, and strings up to 255', async () => {
      const before = await worldCases();
      const response = await submit(
        world.users.caller,
        collaboration.id,
        validBody({
          [fieldKey(fields, 'replication_target')]: '',
          [fieldKey(fields, 'software_build')]: 'b'.repeat(256),
        }),
      ).expect(422);
      expect(response.body.errors).toEqual({
        // 'Software : Replication' makes the replication target required.
        [fieldKey(fields, 'replication_target')]: ['The Replication Target field is required.'],
        [fieldKey(fields, 'software_build')]: ['The Software Build may not be greater than 255 characters.'],
      });
      // Choosing hardware makes the serial number required and drops the software fields.
      const hardware = await submit(
        world.users.caller,
        collaboration.id,
        validBody({
          [fieldKey(fields, 'problem_category')]: 'Hardware fault',
          [fieldKey(fields, 'component')]: 'Hardware : Controller',
        }),
      ).expect(422);
      expect(hardware.body.errors).toEqual({
        [fieldKey(fields, 'serial_number')]: ['The Array Serial Number field is required.'],
      });
      expect(await worldCases()).toBe(before);
    });

    it('refuses a target that does not match the process (422) and processes without a form (422)', async () => {
      const before = await worldCases();
      const wrong = await submit(
        world.users.caller,
        collaboration.id,
        // A department of the receiver that the solution support process serves, not this one.
        validBody({ collaborate_type: 'department', collaborate_entity: world.departments.backup.id }),
      ).expect(422);
      expect(wrong.body.errors.collaborate_entity).toEqual(['The partner does not match the process.']);
      await submit(world.users.caller, world.processes.policy.id, validBody()).expect(422);
      expect(await worldCases()).toBe(before);
    });

    it('refuses the own process, other groups, limited memberships (403) and unknown processes (404)', async () => {
      const before = await worldCases();
      await submit(world.users.receiverManager, collaboration.id, validBody()).expect(403);
      // The basic company is not in the SLA group the process is offered to.
      const other = await submit(world.users.basicCaller, collaboration.id, validBody()).expect(403);
      expect(other.body.error).toBe(MESSAGES.noAccess);
      const limited = await submit(world.users.limitedBm, collaboration.id, validBody()).expect(403);
      expect(limited.body.error).toBe(MESSAGES.membershipBlocked);
      await submit(world.users.caller, 999999, validBody()).expect(404);
      await api.http().post('/api/caller/collaborate/abc').set(auth(world.users.caller)).send(validBody()).expect(422);
      expect(await worldCases()).toBe(before);
    });
  });

  describe('manager request', () => {
    const managerBody = (overrides: Record<string, unknown> = {}) => ({
      first_name: 'Alice',
      last_name: 'Carter',
      email: world.users.bm.email,
      phone: '5125550101',
      phone_country_code: 'US',
      internal_reference: 'ACME-20001',
      vendor_reference: 'GX-50001',
      business_impact: 'Disaster recovery copy is two hours behind.',
      escalation_type: 'Response time',
      notes: 'No answer on the P1 case.',
      receive_company_id: world.receiver.id,
      contact_document_id: world.processes.managerEscalation.id,
      ...overrides,
    });
    const request = (user: User, body: Record<string, unknown>) =>
      api.http().post('/api/manager/request/create').set(auth(user)).send(body);

    it("stores the request and mails every manager of the process with the manager's response link", async () => {
      const before = await worldManagerRequests();
      const response = await request(world.users.bm, managerBody()).expect(200);
      expect(response.body).toEqual({
        message: MANAGER_REQUEST_SENT,
        request: { token: expect.stringMatching(/^[A-Za-z0-9_-]{32,}$/), created_at: expect.any(String) },
      });
      expect(await worldManagerRequests()).toBe(before + 1);
      const stored = await emOf(api).findOneOrFail(
        ManagerRequest,
        { token: response.body.request.token },
        { populate: ['submitterCompany', 'receiverCompany', 'user'] },
      );
      expect(stored).toMatchObject({
        internalReference: 'ACME-20001',
        businessImpact: expect.stringContaining('two hours'),
      });
      expect(stored.submitterCompany.slug).toBe(world.submitter.slug);
      expect(stored.receiverCompany.slug).toBe(world.receiver.slug);

      const link = `http://casebridge.test/manager/response/${response.body.request.token}`;
      // Each manager is greeted by name (the main and the alternate are named differently).
      for (const manager of [world.users.receiverManager, world.users.receiverAlternate]) {
        const mail = await api.lastMailTo(manager.email, 'manager-request');
        expect(mail.to).toEqual([manager.email]);
        expect(mail.variables).toMatchObject({
          company: world.submitter.name,
          case_number: 'ACME-20001',
          first_name: manager.firstName,
          link,
        });
      }
    });

    it('refuses bodies (422), other document types (422), mismatched partners (422), own and limited (403)', async () => {
      const { bm } = world.users;
      const ownEscalation = await aProcess(api, {
        company: world.submitter,
        type: 'manager',
        collaborateEmail: null,
        managers: { main: bm },
      });
      const before = await worldManagerRequests();
      const bad = await request(
        bm,
        managerBody({ internal_reference: '', email: 'x', business_impact: undefined }),
      ).expect(422);
      expect(Object.keys(bad.body.errors).sort()).toEqual(['business_impact', 'email', 'internal_reference']);
      await request(bm, managerBody({ contact_document_id: world.processes.policy.id })).expect(422);
      await request(bm, managerBody({ receive_company_id: world.basic.id })).expect(422);
      await request(
        bm,
        managerBody({ receive_company_id: world.submitter.id, contact_document_id: ownEscalation.id }),
      ).expect(403);
      const limited = await request(world.users.limitedBm, managerBody()).expect(403);
      expect(limited.body.error).toBe(MESSAGES.membershipBlocked);
      await request(bm, managerBody({ contact_document_id: 999999 })).expect(404);
      expect(await worldManagerRequests()).toBe(before);
    });
  });

  it('case exchange without a configured address answers the message', async () => {
    await api
      .http()
      .get('/api/caller/case_exchange/cases')
      .set(auth(world.users.caller))
      .expect(200, { success: false, url: null, message: 'Case exchange is not available for your company.' });
  });
});
