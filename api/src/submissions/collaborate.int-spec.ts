import { MESSAGES, type ContactDocumentShape } from '@casebridge/contracts';
import { Case, CaseCustomerData, CaseEvent, ManagerRequest, User } from '@casebridge/db';
import { bearer, startApi, type ApiHarness } from '../../test/api-harness';
import { allFields, countryId, fieldKey, globexCaseSubmission, type FormFields } from '../../test/collaboration-form';
import { countRows, demoIds, documentsOf, orm, tokenOf, type DemoIds } from '../../test/member-fixtures';
import { CASE_SUBMITTED, SAMPLE_CASE_SUBMITTED } from './case-submission.service';
import { MANAGER_REQUEST_SENT } from './manager-request.service';

describe('POST /api/caller/collaborate/:documentId and /api/manager/request/create', () => {
  let api: ApiHarness;
  let ids: DemoIds;
  let collaboration: ContactDocumentShape;
  let fields: FormFields;
  let canada: string;
  const tokens: Record<string, string> = {};
  const token = async (email: string) => (tokens[email] ??= await tokenOf(api, email));

  const validBody = (overrides: Record<string, unknown> = {}) =>
    globexCaseSubmission(ids.globex, fields, canada, overrides);

  /** Signed in in beforeAll, so a submission is one supertest chain. */
  const submit = (email: string, documentId: number, body: Record<string, unknown>) => {
    if (!tokens[email]) throw new Error(`${email} is not signed in`);
    return api.http().post(`/api/caller/collaborate/${documentId}`).set(bearer(tokens[email])).send(body);
  };

  beforeAll(async () => {
    api = await startApi();
    ids = await demoIds(api);
    for (const email of [
      'caller@acme.test',
      'pm@acme.test',
      'bm@acme.test',
      'bm@globex.test',
      'caller@umbrella.test',
      'bm@initech.test',
    ])
      await token(email);
    const response = await documentsOf(api, await token('caller@acme.test'), 'company', ids.globex);
    collaboration = response.documents.find((doc) => doc.name === 'Globex Storage Collaboration')!;
    fields = allFields(collaboration);
    canada = await countryId(api, await token('caller@acme.test'), 'Canada');
  });
  afterAll(() => api.close());

  describe('collaborate', () => {
    it('creates the case with its customer data and event, and mails the process with the respond link', async () => {
      const before = await countRows(api, 'cases');
      const response = await submit('caller@acme.test', collaboration.id, validBody()).expect(200);
      expect(response.body).toEqual({
        message: CASE_SUBMITTED,
        case: {
          token: expect.stringMatching(/^[A-Za-z0-9_-]{32,}$/),
          internal_case_number: 'ACME-20001',
          summary: 'Replication to DR array stalls',
          priority: 'high', // Storage Alliance has custom priority messages: not locked
          status: 'open',
          receiver: { name: 'Globex Storage' },
          created_at: expect.any(String),
          escalation_instructions: expect.stringContaining('Globex hotline'),
          is_sample: false,
        },
      });
      expect(await countRows(api, 'cases')).toBe(before + 1);

      const em = orm(api);
      const stored = await em.findOneOrFail(
        Case,
        { token: response.body.case.token },
        { populate: ['submitterCompany', 'submitterUser', 'receiverCompany', 'documentVersion'] },
      );
      expect(stored).toMatchObject({
        status: 'open',
        priority: 'high',
        engineerFirstName: 'Carl',
        engineerEmail: 'caller@acme.test',
        engineerPhone: 'CA: 4165550103',
        engineerPhoneCountryCode: 'CA',
        receiverDepartment: null,
        isSample: false,
        eventSeq: 1,
      });
      expect(stored.submitterCompany.slug).toBe('acme');
      expect(stored.submitterUser?.email).toBe('caller@acme.test');
      expect(stored.receiverCompany.slug).toBe('globex');
      // Storage Alliance sets no P1 time: the default 2 hours.
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

      const mail = await api.lastMailTo('support@globex.test', 'new_receiving_member');
      expect(mail).toMatchObject({
        to: ['support@globex.test'],
        cc: ['storage-escalations@globex.test'],
        bcc: ['support-inbound@globex.test'],
        variables: {
          company: 'Acme Systems',
          case_number: 'ACME-20001',
          process: 'Globex Storage Collaboration',
          summary: 'Replication to DR array stalls',
          link: `http://casebridge.test/case/${response.body.case.token}/respond`,
        },
      });
    });

    it('a department submission goes to the department; update_profile changes the own name and phone', async () => {
      const backupDoc = (
        await documentsOf(api, await token('pm@acme.test'), 'department', ids.departments['Backup & Recovery'])
      ).documents[0];
      const backupFields = allFields(backupDoc);
      const response = await submit('pm@acme.test', backupDoc.id, {
        first_name: 'Paolo',
        last_name: 'Martinez',
        email: 'pm@acme.test',
        phone_number: '512 555 0199',
        phone_country_code: 'US',
        internal_case_number: 'ACME-20002',
        problem_summary: 'Restore fails',
        problem_description: 'VaultBackup restore of the ERP volume fails.',
        case_priority: 'medium',
        collaborate_type: 'department',
        collaborate_entity: ids.departments['Backup & Recovery'],
        update_profile: true,
        [fieldKey(backupFields, 'end_customer')]: 'Northwind',
        [fieldKey(backupFields, 'product')]: 'Something else entirely', // 'Other' text is allowed for Product
      }).expect(200);
      expect(response.body.case.receiver.name).toBe('Globex Storage - Backup & Recovery');
      const em = orm(api);
      const stored = await em.findOneOrFail(
        Case,
        { token: response.body.case.token },
        { populate: ['receiverDepartment'] },
      );
      expect(stored.receiverDepartment?.name).toBe('Backup & Recovery');
      const pm = await em.findOneOrFail(User, { email: 'pm@acme.test' });
      expect(pm).toMatchObject({ firstName: 'Paolo', phone: '512 555 0199' });
      await api.lastMailTo('backup-support@globex.test', 'new_receiving_member');
    });

    it('a sample submission is stored as sample and mails nobody', async () => {
      const mailsBefore = (await api.mailJobs()).length;
      const response = await submit(
        'caller@acme.test',
        collaboration.id,
        validBody({ internal_case_number: 'SAMPLE-1', sample_submission: true }),
      ).expect(200);
      expect(response.body.message).toBe(SAMPLE_CASE_SUBMITTED);
      expect(response.body.case.is_sample).toBe(true);
      expect((await api.mailJobs()).length).toBe(mailsBefore);
    });

    it('forces the priority to low when it is locked (basic membership, no custom messages)', async () => {
      const intake = (
        await documentsOf(api, await token('caller@umbrella.test'), 'company', ids.globex)
      ).documents.find((doc) => doc.name === 'Globex Automated Intake')!;
      const intakeFields = allFields(intake);
      const response = await submit('caller@umbrella.test', intake.id, {
        first_name: 'Uma',
        last_name: 'Patel',
        email: 'caller@umbrella.test',
        internal_case_number: 'UMB-77',
        problem_summary: 'Gateway sync',
        problem_description: 'CloudTier gateway stops syncing.',
        case_priority: 'high',
        collaborate_type: 'company',
        collaborate_entity: ids.globex,
        [fieldKey(intakeFields, 'end_customer')]: 'Umbrella',
        [fieldKey(intakeFields, 'product')]: 'CloudTier Gateway',
      }).expect(200);
      expect(response.body.case.priority).toBe('low');
    });

    it('answers every field error at once and writes nothing', async () => {
      const before = await countRows(api, 'cases');
      const dataBefore = await countRows(api, 'case_customer_data');
      const response = await submit(
        'caller@acme.test',
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
      expect(await countRows(api, 'cases')).toBe(before);
      expect(await countRows(api, 'case_customer_data')).toBe(dataBefore);
    });

    it('checks the fields a choice makes required, and strings up to 255', async () => {
      const before = await countRows(api, 'cases');
      const response = await submit(
        'caller@acme.test',
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
        'caller@acme.test',
        collaboration.id,
        validBody({
          [fieldKey(fields, 'problem_category')]: 'Hardware fault',
          [fieldKey(fields, 'component')]: 'Hardware : Controller',
        }),
      ).expect(422);
      expect(hardware.body.errors).toEqual({
        [fieldKey(fields, 'serial_number')]: ['The Array Serial Number field is required.'],
      });
      expect(await countRows(api, 'cases')).toBe(before);
    });

    it('refuses a target that does not match the process (422) and processes without a form (422)', async () => {
      const before = await countRows(api, 'cases');
      const wrong = await submit(
        'caller@acme.test',
        collaboration.id,
        validBody({ collaborate_type: 'department', collaborate_entity: ids.departments['Backup & Recovery'] }),
      ).expect(422);
      expect(wrong.body.errors.collaborate_entity).toEqual(['The partner does not match the process.']);
      await submit('caller@acme.test', ids.documents['Globex Support Policy'], validBody()).expect(422);
      expect(await countRows(api, 'cases')).toBe(before);
    });

    it('refuses the own process, other groups, limited memberships (403) and unknown processes (404)', async () => {
      const before = await countRows(api, 'cases');
      await submit('bm@globex.test', collaboration.id, validBody()).expect(403);
      // Umbrella is not in the Storage Alliance.
      const other = await submit('caller@umbrella.test', collaboration.id, validBody()).expect(403);
      expect(other.body.error).toBe(MESSAGES.noAccess);
      const limited = await submit('bm@initech.test', collaboration.id, validBody()).expect(403);
      expect(limited.body.error).toBe(MESSAGES.membershipBlocked);
      await submit('caller@acme.test', 999999, validBody()).expect(404);
      await api
        .http()
        .post('/api/caller/collaborate/abc')
        .set(bearer(await token('caller@acme.test')))
        .send(validBody())
        .expect(422);
      expect(await countRows(api, 'cases')).toBe(before);
    });
  });

  describe('manager request', () => {
    const managerBody = (overrides: Record<string, unknown> = {}) => ({
      first_name: 'Alice',
      last_name: 'Carter',
      email: 'bm@acme.test',
      phone: '5125550101',
      phone_country_code: 'US',
      internal_reference: 'ACME-20001',
      vendor_reference: 'GX-50001',
      business_impact: 'Disaster recovery copy is two hours behind.',
      escalation_type: 'Response time',
      notes: 'No answer on the P1 case.',
      receive_company_id: ids.globex,
      contact_document_id: ids.documents['Globex Manager Escalation'],
      ...overrides,
    });

    it("stores the request and mails every manager of the process with the manager's response link", async () => {
      const before = await countRows(api, 'manager_requests');
      const response = await api
        .http()
        .post('/api/manager/request/create')
        .set(bearer(await token('bm@acme.test')))
        .send(managerBody())
        .expect(200);
      expect(response.body).toEqual({
        message: MANAGER_REQUEST_SENT,
        request: { token: expect.stringMatching(/^[A-Za-z0-9_-]{32,}$/), created_at: expect.any(String) },
      });
      expect(await countRows(api, 'manager_requests')).toBe(before + 1);
      const stored = await orm(api).findOneOrFail(
        ManagerRequest,
        { token: response.body.request.token },
        { populate: ['submitterCompany', 'receiverCompany', 'user'] },
      );
      expect(stored).toMatchObject({
        internalReference: 'ACME-20001',
        businessImpact: expect.stringContaining('two hours'),
      });
      expect(stored.submitterCompany.slug).toBe('acme');
      expect(stored.receiverCompany.slug).toBe('globex');

      const link = `http://casebridge.test/manager/response/${response.body.request.token}`;
      for (const manager of ['bm@globex.test', 'caller@globex.test']) {
        const mail = await api.lastMailTo(manager, 'manager-request');
        expect(mail.to).toEqual([manager]);
        expect(mail.variables).toMatchObject({ company: 'Acme Systems', case_number: 'ACME-20001', link });
      }
      expect((await api.lastMailTo('bm@globex.test', 'manager-request')).variables.first_name).toBe('Grace');
    });

    it('refuses bodies (422), other document types (422), mismatched partners (422), own and limited (403)', async () => {
      const bm = await token('bm@acme.test');
      const before = await countRows(api, 'manager_requests');
      const bad = await api
        .http()
        .post('/api/manager/request/create')
        .set(bearer(bm))
        .send(managerBody({ internal_reference: '', email: 'x', business_impact: undefined }))
        .expect(422);
      expect(Object.keys(bad.body.errors).sort()).toEqual(['business_impact', 'email', 'internal_reference']);
      await api
        .http()
        .post('/api/manager/request/create')
        .set(bearer(bm))
        .send(managerBody({ contact_document_id: ids.documents['Globex Support Policy'] }))
        .expect(422);
      await api
        .http()
        .post('/api/manager/request/create')
        .set(bearer(bm))
        .send(managerBody({ receive_company_id: ids.umbrella }))
        .expect(422);
      await api
        .http()
        .post('/api/manager/request/create')
        .set(bearer(bm))
        .send(
          managerBody({ receive_company_id: ids.acme, contact_document_id: ids.documents['Acme Manager Escalation'] }),
        )
        .expect(403);
      const limited = await api
        .http()
        .post('/api/manager/request/create')
        .set(bearer(await token('bm@initech.test')))
        .send(managerBody())
        .expect(403);
      expect(limited.body.error).toBe(MESSAGES.membershipBlocked);
      await api
        .http()
        .post('/api/manager/request/create')
        .set(bearer(bm))
        .send(managerBody({ contact_document_id: 999999 }))
        .expect(404);
      expect(await countRows(api, 'manager_requests')).toBe(before);
    });
  });

  it('case exchange without a configured address answers the message', async () => {
    await api
      .http()
      .get('/api/caller/case_exchange/cases')
      .set(bearer(await token('caller@acme.test')))
      .expect(200, { success: false, url: null, message: 'Case exchange is not available for your company.' });
  });
});
