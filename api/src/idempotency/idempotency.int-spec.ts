import { IDEMPOTENCY } from '@casebridge/contracts';
import { CaseNote } from '@casebridge/db';
import type { Response } from 'supertest';
import { bearer, startApi, type ApiHarness } from '../../test/api-harness';
import { allFields, countryId, globexCaseSubmission, type FormFields } from '../../test/collaboration-form';
import { countRows, demoIds, documentsOf, orm, type DemoIds } from '../../test/member-fixtures';
import { IDEMPOTENCY_MESSAGES } from './idempotency.store';

/**
 * Double submits do a thing once (issue 15, point 5): case submission, manager requests and notes honour an
 * Idempotency-Key, also when the two requests race; a case or manager request sent again without a key within
 * a minute answers the first. Every race is real parallel requests against PostgreSQL.
 */
describe('Idempotency-Key and repeated submissions (real PostgreSQL and Redis)', () => {
  let api: ApiHarness;
  let ids: DemoIds;
  let caller: string;
  let documentId: number;
  let fields: FormFields;
  let canada: string;
  let caseToken: string;
  let serial = 0;

  beforeAll(async () => {
    api = await startApi();
    ids = await demoIds(api);
    caller = await api.login('caller@acme.test');
    const documents = await documentsOf(api, caller, 'company', ids.globex);
    const collaboration = documents.documents.find((doc) => doc.name === 'Globex Storage Collaboration')!;
    documentId = collaboration.id;
    fields = allFields(collaboration);
    canada = await countryId(api, caller, 'Canada');
    const cases = await api.http().get('/api/caller/my-cases').query({ limit: 100 }).set(bearer(caller)).expect(200);
    caseToken = (cases.body.my_cases.data as { token: string; status: string }[]).find(
      (row) => row.status === 'accepted',
    )!.token;
  });
  afterAll(() => api.close());

  /** A valid case no other test sent: its own internal case number. */
  const newCase = () => globexCaseSubmission(ids.globex, fields, canada, { internal_case_number: `IDEM-${++serial}` });
  const submit = (body: object, key?: string) => {
    const post = api.http().post(`/api/caller/collaborate/${documentId}`).set(bearer(caller));
    return (key === undefined ? post : post.set(IDEMPOTENCY.header, key)).send(body);
  };
  const caseTokens = (responses: Response[]) => responses.map((response) => response.body.case?.token as string);
  const partnerMails = async (internalCaseNumber: string) =>
    (await api.mailJobs()).filter(
      (job) => job.template === 'new_receiving_member' && JSON.stringify(job.variables).includes(internalCaseNumber),
    ).length;

  it('the same key sent twice at once makes one case and one partner mail; both answer that case', async () => {
    const body = newCase();
    const before = await countRows(api, 'cases');
    const answers = await Promise.all([submit(body, 'form-1'), submit(body, 'form-1')]);
    expect(answers.map((answer) => answer.status)).toEqual([200, 200]);
    const [first, second] = caseTokens(answers);
    expect(second).toBe(first);
    expect(await countRows(api, 'cases')).toBe(before + 1);
    expect(await partnerMails(String(body.internal_case_number))).toBe(1);
    // And later, one after the other, the same answer again.
    const later = await submit(body, 'form-1').expect(200);
    expect(later.body.case.token).toBe(first);
    expect(await countRows(api, 'cases')).toBe(before + 1);
  });

  it('without a key, an identical submission within a minute (at once or after) answers the first case', async () => {
    const body = newCase();
    const before = await countRows(api, 'cases');
    const raced = await Promise.all([submit(body), submit(body), submit(body)]);
    expect(new Set(caseTokens(raced)).size).toBe(1);
    const again = await submit(body).expect(200);
    expect(again.body.case.token).toBe(raced[0].body.case.token);
    expect(await countRows(api, 'cases')).toBe(before + 1);
    // Another case is another case.
    await submit(newCase()).expect(200);
    expect(await countRows(api, 'cases')).toBe(before + 2);
  });

  it('a key reused for another request is refused with 422; a failed first attempt can be corrected under its key', async () => {
    await submit(newCase(), 'form-2').expect(200);
    const reused = await submit(newCase(), 'form-2').expect(422);
    expect(reused.body.errors).toEqual({ idempotency_key: [IDEMPOTENCY_MESSAGES.otherRequest] });

    const before = await countRows(api, 'cases');
    const invalid = await submit({ ...newCase(), problem_summary: '' }, 'form-3').expect(422);
    expect(Object.keys(invalid.body.errors)).toContain('problem_summary');
    await submit(newCase(), 'form-3').expect(200);
    expect(await countRows(api, 'cases')).toBe(before + 1);

    const tooLong = await submit(newCase(), 'k'.repeat(IDEMPOTENCY.keyMaxLength + 1)).expect(422);
    expect(Object.keys(tooLong.body.errors)).toEqual(['idempotency_key']);
  });

  it('keys belong to their user: the same key of another user is another request', async () => {
    const colleague = await api.login('pm@acme.test');
    const body = newCase();
    const mine = await submit(body, 'shared-key').expect(200);
    const theirs = await api
      .http()
      .post(`/api/caller/collaborate/${documentId}`)
      .set(bearer(colleague))
      .set(IDEMPOTENCY.header, 'shared-key')
      .send(body)
      .expect(200);
    expect(theirs.body.case.token).not.toBe(mine.body.case.token);
  });

  it('a manager request sent twice at once with a key, or again without one, is stored once', async () => {
    const manager = await api.login('bm@acme.test');
    const body = {
      first_name: 'Alice',
      last_name: 'Carter',
      email: 'bm@acme.test',
      phone: '5125550101',
      phone_country_code: 'US',
      internal_reference: 'IDEM-MGR-1',
      business_impact: 'Disaster recovery copy is two hours behind.',
      escalation_type: 'Response time',
      notes: 'No answer on the P1 case.',
      receive_company_id: ids.globex,
      contact_document_id: ids.documents['Globex Manager Escalation'],
    };
    const send = (key?: string) => {
      const post = api.http().post('/api/manager/request/create').set(bearer(manager));
      return (key === undefined ? post : post.set(IDEMPOTENCY.header, key)).send(body);
    };
    const before = await countRows(api, 'manager_requests');
    const raced = await Promise.all([send('mgr-1'), send('mgr-1')]);
    expect(raced[1].body.request.token).toBe(raced[0].body.request.token);
    const repeated = await send().expect(200);
    const repeatedAgain = await send().expect(200);
    expect(repeatedAgain.body.request.token).toBe(repeated.body.request.token);
    expect(await countRows(api, 'manager_requests')).toBe(before + 2);
  });

  it('a note posted twice at once with one key is added once; notes without a key are each added', async () => {
    const note = { summary: 'Idempotent note', description: 'Sent by a double click.' };
    const post = (key?: string) => {
      const request = api.http().post(`/api/caller/case/${caseToken}/note`).set(bearer(caller));
      return (key === undefined ? request : request.set(IDEMPOTENCY.header, key)).send(note);
    };
    const count = () => orm(api).count(CaseNote, { summary: note.summary });
    const raced = await Promise.all([post('note-1'), post('note-1'), post('note-1')]);
    expect(raced.map((answer) => answer.status)).toEqual([200, 200, 200]);
    expect(new Set(raced.map((answer) => answer.body.note.id)).size).toBe(1);
    expect(await count()).toBe(1);
    // Notes are conversation: the same words twice without a key are two notes.
    await post().expect(200);
    await post().expect(200);
    expect(await count()).toBe(3);
  });
});
