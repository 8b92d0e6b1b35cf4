import { IDEMPOTENCY } from '@casebridge/contracts';
import { Case, CaseNote, ManagerRequest, type Company, type ContactDocument, type User } from '@casebridge/db';
import type { Response } from 'supertest';
import { bearer, startApi, type ApiHarness } from '../../../../test/kit/api-harness';
import {
  allFields,
  countryId,
  FULL_FORM,
  globexCaseSubmission,
  globexCollaborationAnswers,
  type FormFields,
} from '../../../test/collaboration-form';
import { aCase, aCompany, aProcess, aUser, emOf, signedIn } from '../../../../test/kit/factories';
import { documentsOf } from '../../../../test/kit/member-fixtures';
import { JSON_TOO_DEEP_MESSAGE } from '../http/json-depth';
import { IDEMPOTENCY_MESSAGES } from './idempotency.store';

/**
 * Double submits do a thing once (issue 15, point 5): case submission, manager requests and notes honour an
 * Idempotency-Key, also when the two requests race; a case or manager request sent again without a key within
 * a minute answers the first. Every race is real parallel requests against PostgreSQL.
 */
describe('Idempotency-Key and repeated submissions (real PostgreSQL and Redis)', () => {
  let api: ApiHarness;
  // Our company (its caller, program manager and business manager) submits to the receiving company's full-form
  // process and escalates through its manager escalation process; the caller has an accepted case there.
  let ours: Company;
  let receiver: Company;
  let callerUser: User;
  let pm: User;
  let bm: User;
  let escalation: ContactDocument;
  let caller: string;
  let documentId: number;
  let fields: FormFields;
  let canada: string;
  let caseToken: string;
  let serial = 0;

  beforeAll(async () => {
    api = await startApi();
    ours = await aCompany(api);
    receiver = await aCompany(api);
    callerUser = await aUser(api, { company: ours, role: 'caller' });
    pm = await aUser(api, { company: ours, role: 'program_manager' });
    bm = await aUser(api, { company: ours, role: 'business_manager' });
    const process = await aProcess(api, { company: receiver, fields: FULL_FORM });
    const receivingManager = await aUser(api, { company: receiver, role: 'business_manager' });
    escalation = await aProcess(api, { company: receiver, type: 'manager', managers: { main: receivingManager } });
    caller = await signedIn(api, callerUser);
    const documents = await documentsOf(api, caller, 'company', receiver.id);
    const collaboration = documents.documents.find((doc) => doc.id === process.id)!;
    documentId = collaboration.id;
    fields = allFields(collaboration);
    canada = await countryId(api, caller, 'Canada');
    const accepted = await aCase(api, {
      from: callerUser,
      to: process,
      status: 'accepted',
      body: globexCollaborationAnswers(fields, canada),
    });
    caseToken = accepted.token;
  });
  afterAll(() => api.close());

  /** A valid case no other test sent: its own internal case number. */
  const newCase = () =>
    globexCaseSubmission(receiver.id, fields, canada, {
      first_name: callerUser.firstName,
      last_name: callerUser.lastName,
      email: callerUser.email,
      internal_case_number: `IDEM-${++serial}`,
    });
  /** The cases our company has sent (other files' cases do not move it). */
  const ourCases = () => emOf(api).count(Case, { submitterCompany: ours.id });
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
    const before = await ourCases();
    const answers = await Promise.all([submit(body, 'form-1'), submit(body, 'form-1')]);
    expect(answers.map((answer) => answer.status)).toEqual([200, 200]);
    const [first, second] = caseTokens(answers);
    expect(second).toBe(first);
    expect(await ourCases()).toBe(before + 1);
    expect(await partnerMails(String(body.internal_case_number))).toBe(1);
    // And later, one after the other, the same answer again.
    const later = await submit(body, 'form-1').expect(200);
    expect(later.body.case.token).toBe(first);
    expect(later.headers['idempotent-replayed']).toBe('true');
    expect(await ourCases()).toBe(before + 1);
  });

  it('without a key, an identical submission within a minute (at once or after) answers the first case', async () => {
    const body = newCase();
    const before = await ourCases();
    const raced = await Promise.all([submit(body), submit(body), submit(body)]);
    expect(new Set(caseTokens(raced)).size).toBe(1);
    const again = await submit(body).expect(200);
    expect(again.body.case.token).toBe(raced[0].body.case.token);
    expect(await ourCases()).toBe(before + 1);
    // Another case is another case.
    await submit(newCase()).expect(200);
    expect(await ourCases()).toBe(before + 2);
  });

  it('a key reused for another request is refused with 422; a failed first attempt can be corrected under its key', async () => {
    await submit(newCase(), 'form-2').expect(200);
    const reused = await submit(newCase(), 'form-2').expect(422);
    expect(reused.body.errors).toEqual({ idempotency_key: [IDEMPOTENCY_MESSAGES.otherRequest] });
    // The same once more, now that the key has been looked up (an instance remembers finished keys).
    expect((await submit(newCase(), 'form-2').expect(422)).body.errors).toEqual(reused.body.errors);

    const before = await ourCases();
    const invalid = await submit({ ...newCase(), problem_summary: '' }, 'form-3').expect(422);
    expect(Object.keys(invalid.body.errors)).toContain('problem_summary');
    await submit(newCase(), 'form-3').expect(200);
    expect(await ourCases()).toBe(before + 1);

    const tooLong = await submit(newCase(), 'k'.repeat(IDEMPOTENCY.keyMaxLength + 1)).expect(422);
    expect(Object.keys(tooLong.body.errors)).toEqual(['idempotency_key']);
  });

  it('a body nested 5,000 levels deep is refused with 422 before any work, with or without a key', async () => {
    const before = await ourCases();
    const deep = `${'['.repeat(5000)}${']'.repeat(5000)}`;
    const body = JSON.stringify(newCase()).replace(/}$/, `,"extra":${deep}}`);
    for (const key of ['deep-1', undefined]) {
      const post = api.http().post(`/api/caller/collaborate/${documentId}`).set(bearer(caller));
      const answer = await (key ? post.set(IDEMPOTENCY.header, key) : post)
        .set('Content-Type', 'application/json')
        .send(body)
        .expect(422);
      expect(answer.body.errors).toEqual({ body: [JSON_TOO_DEEP_MESSAGE] });
    }
    expect(await ourCases()).toBe(before);
  });

  it('keys belong to their user: the same key of another user is another request', async () => {
    const colleague = await signedIn(api, pm);
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
    const manager = await signedIn(api, bm);
    const body = {
      first_name: bm.firstName,
      last_name: bm.lastName,
      email: bm.email,
      phone: '5125550101',
      phone_country_code: 'US',
      internal_reference: 'IDEM-MGR-1',
      business_impact: 'Disaster recovery copy is two hours behind.',
      escalation_type: 'Response time',
      notes: 'No answer on the P1 case.',
      receive_company_id: receiver.id,
      contact_document_id: escalation.id,
    };
    const send = (key?: string) => {
      const post = api.http().post('/api/manager/request/create').set(bearer(manager));
      return (key === undefined ? post : post.set(IDEMPOTENCY.header, key)).send(body);
    };
    const ourRequests = () => emOf(api).count(ManagerRequest, { submitterCompany: ours.id });
    const before = await ourRequests();
    const raced = await Promise.all([send('mgr-1'), send('mgr-1')]);
    expect(raced[1].body.request.token).toBe(raced[0].body.request.token);
    const repeated = await send().expect(200);
    const repeatedAgain = await send().expect(200);
    expect(repeatedAgain.body.request.token).toBe(repeated.body.request.token);
    expect(await ourRequests()).toBe(before + 2);
  });

  it('a note posted twice at once with one key is added once; notes without a key are each added', async () => {
    const note = { summary: 'Idempotent note', description: 'Sent by a double click.' };
    const post = (key?: string) => {
      const request = api.http().post(`/api/caller/case/${caseToken}/note`).set(bearer(caller));
      return (key === undefined ? request : request.set(IDEMPOTENCY.header, key)).send(note);
    };
    const count = () => emOf(api).count(CaseNote, { case: { token: caseToken }, summary: note.summary });
    const raced = await Promise.all([post('note-1'), post('note-1'), post('note-1')]);
    expect(raced.map((answer) => answer.status)).toEqual([200, 200, 200]);
    expect(new Set(raced.map((answer) => answer.body.note.id)).size).toBe(1);
    expect(await count()).toBe(1);
    // Notes are conversation: the same words twice without a key are two notes.
    await post().expect(200);
    await post().expect(200);
    expect(await count()).toBe(3);
  });

  it('a key past its lifetime is taken over by a new request, once, even when several race for it', async () => {
    const post = (summary: string) =>
      api
        .http()
        .post(`/api/caller/case/${caseToken}/note`)
        .set(bearer(caller))
        .set(IDEMPOTENCY.header, 'note-expiring')
        .send({ summary, description: 'Keyed.' });
    // (Not replayed before it expires: an instance remembers a replayed key until just before its row's expiry,
    // which this test brings forward in the database alone.)
    const first = await post('Before expiry').expect(200);
    await emOf(api)
      .getConnection()
      .execute(`update idempotency_keys set expires_at = now() - interval '1 second' where key = 'note-expiring'`);
    // Another body under the expired key is a new request (no 422), done once by one of the racers.
    const raced = await Promise.all([post('After expiry'), post('After expiry'), post('After expiry')]);
    expect(raced.map((answer) => answer.status)).toEqual([200, 200, 200]);
    expect(new Set(raced.map((answer) => answer.body.note.id)).size).toBe(1);
    expect(raced[0].body.note.id).not.toBe(first.body.note.id);
    expect(raced.filter((answer) => answer.headers['idempotent-replayed'] === 'true')).toHaveLength(2);
    expect(await emOf(api).count(CaseNote, { case: { token: caseToken }, summary: 'After expiry' })).toBe(1);
  });
});
