import {
  INTAKE_MESSAGES,
  OAUTH_MESSAGES,
  REQUIREMENT_SECTIONS,
  type CollaborationRequest,
  type IntakeDocument,
  type IntakeField,
} from '@casebridge/contracts';
import { Case, type Company, type ContactDocument, type Department, type User } from '@casebridge/db';
import { bearer, startApi, type ApiHarness } from '../../../../test/kit/api-harness';
import {
  aCompany,
  aDepartment,
  aGroup,
  aProcess,
  aSuperAdmin,
  aUser,
  emOf,
  feedCaughtUp,
  signedIn,
  uniqueName,
  type ProcessField,
} from '../../../../test/kit/factories';
import { IDEMPOTENCY_MESSAGES } from '../../platform/idempotency/idempotency.store';

const CASES = '/api/v1/collaboration-requests';
const FIELDS: ProcessField[] = [
  { codeLabel: 'end_customer', section: 'common_customer_section', required: true },
  { codeLabel: 'site_id', section: 'common_customer_section' },
  { codeLabel: 'site_country', section: 'common_customer_section' },
  { codeLabel: 'component', section: 'problem_section', required: true },
  { codeLabel: 'problem_category', section: 'problem_section', required: true },
  { codeLabel: 'serial_number', section: 'problem_section', required: true, group: 'hardware' },
  { codeLabel: 'replication_target', section: 'problem_section', group: 'software' },
  { codeLabel: 'routing_code', section: 'problem_section' },
  { codeLabel: 'bundle_instructions', section: 'problem_section' },
  { codeLabel: 'contact_method', section: 'contact_section', required: true },
];

/**
 * The integration API opens cases as the submit-case form does: GET /v1/documents/{id} (the partner's form, with
 * the form's rules spelled out), POST /v1/collaboration-requests (through the form's own service) and PUT
 * …/{token}/engineer (the case page's "update details"). Real PostgreSQL and Redis, one app for the file.
 */
describe('the intake forms, submitting a case and the engineer details of the integration API', () => {
  let api: ApiHarness;
  let partner: Company;
  let department: Department;
  let unserved: Department;
  let form: ContactDocument;
  /** Offered only to a group we are not in, awaiting approval, a manager escalation form. */
  let closed: ContactDocument;
  let pending: ContactDocument;
  let managerForm: ContactDocument;
  let apiUser: User;
  let [ourToken, partnerToken, strangerToken, basicToken, adminToken, superToken] = ['', '', '', '', '', ''];
  let fieldIds: Record<string, number>;

  beforeAll(async () => {
    api = await startApi();
    const [us, stranger] = [await aCompany(api), await aCompany(api)];
    const basic = await aCompany(api, { membershipType: 'basic' });
    partner = await aCompany(api);
    department = await aDepartment(api, partner);
    unserved = await aDepartment(api, partner);
    form = await aProcess(api, { company: partner, departments: [department], fields: FIELDS });
    closed = await aProcess(api, { company: stranger });
    await aGroup(api, { members: [{ company: stranger }], processes: [closed] });
    pending = await aProcess(api, { company: partner, status: 'pending' });
    managerForm = await aProcess(api, { company: partner, type: 'manager' });
    apiUser = await aUser(api, { company: us, role: 'api' });
    const users = [
      await aUser(api, { company: us, role: 'caller' }),
      await aUser(api, { company: partner, role: 'caller' }),
      await aUser(api, { company: stranger, role: 'caller' }),
      await aUser(api, { company: basic, role: 'caller' }),
      await aUser(api, { company: us, role: 'business_manager' }),
      await aSuperAdmin(api),
    ];
    [ourToken, partnerToken, strangerToken, basicToken, adminToken, superToken] = await Promise.all(
      users.map((user) => signedIn(api, user)),
    );
    const read = (await api.http().get(`/api/v1/documents/${form.id}`).set(bearer(ourToken)).expect(200)).body;
    const fields = (read as IntakeDocument).sections.flatMap((section) => section.fields);
    fieldIds = Object.fromEntries(fields.map((field) => [field.name, field.id]));
  }, 60_000);
  afterAll(() => api.close());

  const getDocument = (id: number | string, token = ourToken) =>
    api.http().get(`/api/v1/documents/${id}`).set(bearer(token));
  const submit = (body: object, token = ourToken) => api.http().post(CASES).set(bearer(token)).send(body);
  const setEngineer = (caseToken: string, body: object, token = ourToken) =>
    api.http().put(`${CASES}/${caseToken}/engineer`).set(bearer(token)).send(body);
  const fieldsOf = (answer: { body: { errors?: { field: string }[] } }) =>
    [...new Set((answer.body.errors ?? []).map((error) => error.field))].sort();
  const valid = (overrides: Record<string, unknown> = {}) => ({
    document_id: form.id,
    internal_case_number: uniqueName('crm').toUpperCase(),
    problem_summary: 'Replication to the DR array stalls',
    problem_description: 'Since the 9.2 upgrade the replication job stops at 80%.',
    priority: 'high',
    engineer: {
      first_name: 'Carl',
      last_name: 'Jensen',
      email: 'carl@crm.test',
      phone: '416 555 0103',
      phone_country_code: 'CA',
    },
    custom_fields: [
      { field: 'end_customer', value: 'Contoso Pharma' },
      { field_id: fieldIds.site_id, value: 4711 },
      { field: 'Site Country', value: 'Canada' },
      { field: 'component', value: 'Software : Replication' },
      { field: 'Problem_Category', value: 'Software defect' },
      { field: 'replication_target', value: 'DR-ARRAY-02' },
      { field: 'contact_method', value: 'Email' },
    ],
    ...overrides,
  });
  const stored = (token: string) =>
    emOf(api).findOneOrFail(Case, { token }, { populate: ['receiverDepartment', 'customerData'], refresh: true });

  it('reads a form the caller may submit to, its rules spelled out; a form not open to it is 404', async () => {
    const answer = await getDocument(form.id).expect(200);
    const doc = answer.body as IntakeDocument;
    expect(doc).toMatchObject({
      id: form.id,
      document_type: 'ticket',
      accepts_cases: true,
      company: { id: partner.id, name: partner.name },
      departments: [{ id: department.id, name: department.name }],
      priority: { choices: ['low', 'medium', 'high'], default: 'low', locked: false, messages: null },
      children: [],
    });
    expect(doc.sections.map((section) => section.section)).toEqual([...REQUIREMENT_SECTIONS]);
    const fields = doc.sections.flatMap((section) => section.fields);
    expect(fields.map((field) => [field.name, field.display_order])).toEqual(
      FIELDS.map((field, order) => [field.codeLabel, order]),
    );
    const field = (name: string) => fields.find((candidate) => candidate.name === name) as IntakeField;
    expect(field('component').options).toContainEqual({
      value: 'Software',
      label: 'Software',
      group: null,
      children: expect.arrayContaining([{ value: 'Replication', label: 'Replication' }]),
    });
    // The tierselect's choice that makes it required, and the group that shows it.
    expect(field('replication_target')).toMatchObject({
      required: false,
      group: 'software',
      conditions: [{ field: 'component', sub_option: 'Replication', effect: 'required' }],
    });
    expect(field('problem_category').options?.map((option) => option.group)).toEqual(['hardware', 'software']);
    expect(field('serial_number')).toMatchObject({ required: true, group: 'hardware', max_length: 255 });
    expect(field('routing_code')).toMatchObject({ type: 'hidden', required: false, value: 'ACME-GLOBEX-STORAGE' });
    expect(field('bundle_instructions')).toMatchObject({ type: 'copy', max_length: null, options: null });
    expect(field('contact_method')).toMatchObject({ type: 'select', required: true, allow_other: false });
    expect(field('contact_method').options?.map((option) => option.value)).toEqual(['Email', 'Phone', 'Teams call']);
    const country = expect.objectContaining({ value: expect.stringMatching(/^\d+$/), label: 'Canada' });
    expect(field('site_country').options).toContainEqual(country);
    await getDocument(form.id).set('If-None-Match', answer.headers.etag).expect(304);

    // A basic membership sends every case as low (the web form's locked select).
    const basic = (await getDocument(form.id, basicToken).expect(200)).body as IntakeDocument;
    expect(basic.priority).toMatchObject({ choices: ['low'], locked: true });
    const manager = (await getDocument(managerForm.id).expect(200)).body as IntakeDocument;
    expect(manager).toMatchObject({ document_type: 'manager', accepts_cases: false });

    // Another company's form offered to a group we are not in, one awaiting approval, none, our partner's own.
    for (const [id, token] of [
      [closed.id, ourToken],
      [pending.id, ourToken],
      [987_654_321, ourToken],
      [form.id, partnerToken],
    ] as const) {
      const missing = await getDocument(id, token).expect(404);
      expect(missing.body).toMatchObject({ status: 404, detail: 'Process not found.' });
    }
    await getDocument(form.id, superToken).expect(403);
  });

  it('submits a case through the form: 201 with the case as GET answers it and its ETag', async () => {
    const body = valid();
    const created = await submit(body).expect(201);
    const kase = created.body as CollaborationRequest;
    const read = await api.http().get(`${CASES}/${kase.token}`).set(bearer(ourToken)).expect(200);
    expect(kase).toEqual(read.body);
    expect(created.headers.etag).toBe(read.headers.etag);
    expect(kase).toMatchObject({
      direction: 'outbound',
      status: 'open',
      priority: 'high',
      internal_case_number: body.internal_case_number,
      receiver: { company_id: partner.id },
      engineer: { first_name: 'Carl', last_name: 'Jensen', email: 'carl@crm.test', phone_country_code: 'CA' },
      event_seq: 1,
    });
    const values = Object.fromEntries(kase.custom_fields.map((row) => [row.field, row.value]));
    expect(values).toEqual({
      'End Customer Name': 'Contoso Pharma',
      'Customer Site ID': '4711',
      'Site Country': 'Canada',
      'Affected Component': 'Software : Replication',
      'Problem Category': 'Software defect',
      'Replication Target': 'DR-ARRAY-02',
      'Routing Code': 'ACME-GLOBEX-STORAGE',
      'Preferred Contact Method': 'Email',
    });
    const openapi = (await api.http().get('/api/v1/openapi.json').expect(200)).body;
    expect(Object.keys(openapi.paths['/api/v1/collaboration-requests'].post.responses)).toContain('201');
    const mail = await api.lastMailTo(form.currentVersion!.collaborateEmail!, 'new_receiving_member');
    expect(JSON.stringify(mail)).toContain(kase.token);

    // To a department the form serves; a basic membership's high is sent as low, as the form locks it.
    const routed = await submit(valid({ department_id: department.id })).expect(201);
    expect((await stored(routed.body.token)).receiverDepartment?.id).toBe(department.id);
    expect((await submit(valid(), basicToken).expect(201)).body.priority).toBe('low');

    // A test submission is the form's sample: stored and readable, never mailed nor listed.
    const mails = (await api.mailJobs()).length;
    const sample = await submit(valid({ test_submission: true })).expect(201);
    expect((await stored(sample.body.token)).isSample).toBe(true);
    expect((await api.mailJobs()).length).toBe(mails);
    const listed = await api.http().get(CASES).query({ limit: 100 }).set(bearer(ourToken)).expect(200);
    expect(listed.body.data.map((row: CollaborationRequest) => row.token)).not.toContain(sample.body.token);
    await feedCaughtUp(api);
    const feed = await api.http().get('/api/v1/events').query({ limit: 500 }).set(bearer(ourToken)).expect(200);
    expect(feed.body.data.map((entry: { case_token: string }) => entry.case_token)).toContain(sample.body.token);
  });

  it('answers one 422 naming every bad field, in this API’s names, and writes nothing', async () => {
    const before = await emOf(api).count(Case, { receiverCompany: partner.id });
    const answer = await submit({
      document_id: form.id,
      internal_case_number: '',
      problem_summary: 'x'.repeat(300),
      priority: 'urgent',
      engineer: { first_name: 'Carl', email: 'not-an-address' },
      custom_fields: [
        { field: 'site_id', value: 'forty-two' },
        { field: 'component', value: 'Software : Teleport' },
        { field: 'problem_category', value: 'Hardware fault' },
        { field: 'nope', value: 'x' },
        { field_id: 99_999_999, value: 'x' },
        { value: 'orphan' },
        { field: 'contact_method', value: 'Carrier pigeon' },
        { field: 'CONTACT_METHOD', value: 'Email' },
        { field: 'end_customer', value: { nested: true } },
      ],
    })
      .expect(422)
      .expect('Content-Type', /^application\/problem\+json/);
    expect(fieldsOf(answer)).toEqual(
      [
        'custom_fields.3.field',
        'custom_fields.4.field_id',
        'custom_fields.5',
        'custom_fields.7',
        'custom_fields.component',
        'custom_fields.contact_method',
        'custom_fields.end_customer',
        // Hardware fault shows the hardware fields: the serial number is required.
        'custom_fields.serial_number',
        'custom_fields.site_id',
        'engineer.email',
        'engineer.last_name',
        'internal_case_number',
        'priority',
        'problem_description',
        'problem_summary',
      ].sort(),
    );
    const errors = answer.body.errors as { field: string; message: string }[];
    expect(errors).toContainEqual({ field: 'custom_fields.3.field', message: INTAKE_MESSAGES.unknownField('nope') });
    expect(errors).toContainEqual({
      field: 'custom_fields.7',
      message: INTAKE_MESSAGES.repeatedField('contact_method'),
    });
    // A rule both bodies check is told once.
    expect(errors.filter((error) => error.field === 'priority')).toHaveLength(1);
    expect(await emOf(api).count(Case, { receiverCompany: partner.id })).toBe(before);

    // A department the form does not serve; a form that takes no cases; no form at all; no engineer object.
    const stray = await submit(valid({ department_id: unserved.id })).expect(422);
    expect(fieldsOf(stray)).toEqual(['department_id']);
    const manager = await submit(valid({ document_id: managerForm.id, custom_fields: [] })).expect(422);
    expect(fieldsOf(manager)).toEqual(['document_id']);
    const noForm = await submit(valid({ document_id: 'abc', priority: 'urgent' })).expect(422);
    expect(fieldsOf(noForm)).toEqual(['document_id', 'priority']);
    expect(fieldsOf(await submit(valid({ engineer: 'Carl' })).expect(422))).toEqual(['engineer']);
    // Hostile shapes are 422s too, never a 500 nor a case.
    const entries = [null, 5, 'x', { field_id: 'abc' }, { field: {} }, { field: 'end_customer', value: 'a\u0000b' }];
    for (const body of [
      [],
      { document_id: [form.id], custom_fields: { field: 'x' } },
      valid({ custom_fields: new Array(600).fill({ field: 'end_customer', value: 'x' }) }),
      valid({ engineer: [1], custom_fields: entries, test_submission: 'yes', department_id: 1e12 }),
    ]) {
      await submit(body).expect(422);
    }
    expect(await emOf(api).count(Case, { receiverCompany: partner.id })).toBe(before);
  });

  it("another company's form not open to the caller is 404, whatever the body; no company is 403", async () => {
    const missing = await submit(valid({ document_id: closed.id })).expect(404);
    expect(missing.body).toMatchObject({ status: 404, detail: 'Process not found.' });
    await submit(valid({ document_id: pending.id, priority: 'urgent' })).expect(404);
    await submit(valid(), partnerToken).expect(404);
    await submit(valid(), superToken).expect(403);
  });

  it('an OAuth client needs cases:read to read a form and cases:write to submit or set the engineer', async () => {
    const clientToken = async (scopes: string[]) => {
      const made = await api
        .http()
        .post('/api/oauth-clients')
        .set(bearer(adminToken))
        .send({ name: uniqueName('crm'), user_id: apiUser.id, scopes })
        .expect(200);
      const { client, client_secret } = made.body as { client: { client_id: string }; client_secret: string };
      const issued = await api
        .http()
        .post('/api/v1/oauth/token')
        .send({ grant_type: 'client_credentials', client_id: client.client_id, client_secret })
        .expect(200);
      return issued.body.access_token as string;
    };
    const reader = await clientToken(['cases:read']);
    const writer = await clientToken(['cases:write']);
    await getDocument(form.id, reader).expect(200);
    expect((await getDocument(form.id, writer).expect(403)).body.detail).toBe(
      OAUTH_MESSAGES.missingScope('cases:read'),
    );
    expect((await submit(valid(), reader).expect(403)).body.detail).toBe(OAUTH_MESSAGES.missingScope('cases:write'));
    const made = await submit(valid(), writer).expect(201);
    expect((await stored(made.body.token)).submitterUser?.id).toBe(apiUser.id);
    const engineer = { engineer_name: 'Ann Api', engineer_email: 'ann@crm.test' };
    await setEngineer(made.body.token, engineer, reader).expect(403);
    await setEngineer(made.body.token, engineer, writer).expect(200);
  });

  it('an Idempotency-Key replay answers the first case (201, its ETag) without submitting again', async () => {
    const key = uniqueName('submit');
    const body = valid();
    const first = await submit(body).set('Idempotency-Key', key).expect(201);
    const again = await submit(body).set('Idempotency-Key', key).expect(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.body).toEqual(first.body);
    expect(again.headers.etag).toMatch(/^"1\.[\w-]{27}"$/);
    expect(await emOf(api).count(Case, { internalCaseNumber: body.internal_case_number })).toBe(1);
    const other = await submit({ ...body, problem_summary: 'Another case' })
      .set('Idempotency-Key', key)
      .expect(422);
    expect(other.body.errors).toEqual([{ field: 'idempotency_key', message: IDEMPOTENCY_MESSAGES.otherRequest }]);
  });

  it("sets the engineer of the caller's side, as the case page does, honouring If-Match", async () => {
    const kase = (await submit(valid()).expect(201)).body as CollaborationRequest;
    const ours = await setEngineer(kase.token, {
      case_number: 'CRM-9',
      engineer_name: 'Dana Q Smith',
      engineer_email: 'Dana@CRM.test',
      engineer_phone: '555 0100',
      engineer_country_code: 'ie',
    }).expect(200);
    expect(ours.body).toMatchObject({
      internal_case_number: 'CRM-9',
      engineer: { first_name: 'Dana', last_name: 'Q Smith', email: 'dana@crm.test', phone: 'IE: 555 0100' },
      event_seq: 2,
    });
    expect(ours.headers.etag).toMatch(/^"2\./);
    // The receiver's details are for an accepted case (409); a stale version is 412 before that, nothing written.
    const receiver = { case_number: 'P-7', engineer_name: 'Rae Receiver', engineer_email: 'rae@partner.test' };
    const early = await setEngineer(kase.token, receiver, partnerToken).expect(409);
    expect(early.body.detail).toBe('The response details can only be updated while the case is accepted.');
    await setEngineer(kase.token, receiver, partnerToken).set('If-Match', '"1"').expect(412);
    const accepted = await api
      .http()
      .post(`${CASES}/${kase.token}/approval`)
      .set(bearer(partnerToken))
      .send({ engineer_name: 'Rae Receiver', engineer_email: 'rae@partner.test' })
      .expect(200);
    await setEngineer(kase.token, receiver, partnerToken).set('If-Match', ours.headers.etag).expect(412);
    const theirs = await setEngineer(kase.token, { ...receiver, engineer_phone: '555 0199' }, partnerToken)
      .set('If-Match', `"${accepted.body.event_seq}"`)
      .expect(200);
    expect(theirs.body).toMatchObject({
      direction: 'inbound',
      receiver_case_number: 'P-7',
      receiver_engineer: { name: 'Rae Receiver', email: 'rae@partner.test', phone: '555 0199' },
      event_seq: accepted.body.event_seq + 1,
    });
    expect((await stored(kase.token)).eventSeq).toBe(accepted.body.event_seq + 1);

    await setEngineer(kase.token, receiver, strangerToken).expect(404);
    const bad = await setEngineer(kase.token, { engineer_name: '', engineer_email: 'nope' }).expect(422);
    expect(fieldsOf(bad)).toEqual(['engineer_email', 'engineer_name']);
  });
});
