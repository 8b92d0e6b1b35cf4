import { uploadTooLargeMessage } from '@casebridge/contracts';
import { Case, CaseAttachment, CaseEvent, type Company, type User } from '@casebridge/db';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { bearer, startApi, type ApiHarness } from '../../../../test/kit/api-harness';
import { aCompany, aProcess, aUser, emOf, signedIn } from '../../../../test/kit/factories';
import { documentsOf } from '../../../../test/kit/member-fixtures';
import { allFields, countryId, FULL_FORM, globexCaseSubmission } from '../../../test/collaboration-form';
import { FILES_WITH_REPLY_ONLY } from '../case-responses.service';
import { filesUnder } from '../../../../test/kit/files-under';

const LIMIT = 4096;

/**
 * Files where they are asked for (issue 29): the submit form and the answer to an information request carry
 * attachments in the same request, through the case page's checks, and either everything is written (the case or
 * the answer, the files, their entry) or nothing is (no row, no file left in staging or under a case).
 */
describe('attachments on the submission and on the information reply (real PostgreSQL and Redis)', () => {
  let api: ApiHarness;
  let storage: string;
  let receiver: Company;
  let caller: User;
  let callerToken: string;
  let documentId: number;
  let body: (number: string, overrides?: Record<string, unknown>) => Record<string, unknown>;

  const submitWithFiles = (payload: Record<string, unknown>) =>
    api
      .http()
      .post(`/api/caller/collaborate/${documentId}`)
      .set(bearer(callerToken))
      .field('payload', JSON.stringify(payload));
  const casesOf = (number: string) => emOf(api).count(Case, { internalCaseNumber: number });

  beforeAll(async () => {
    storage = await mkdtemp(join(tmpdir(), 'casebridge-submission-files-'));
    api = await startApi({ STORAGE_DIR: storage, UPLOAD_LIMIT_BYTES: String(LIMIT) });
    const submitter = await aCompany(api);
    receiver = await aCompany(api);
    caller = await aUser(api, { company: submitter, role: 'caller' });
    callerToken = await signedIn(api, caller);
    const process = await aProcess(api, { company: receiver, fields: FULL_FORM });
    documentId = process.id;
    const documents = await documentsOf(api, callerToken, 'company', receiver.id);
    const fields = allFields(documents.documents.find((doc) => doc.id === documentId)!);
    const canada = await countryId(api, callerToken, 'Canada');
    body = (number, overrides = {}) =>
      globexCaseSubmission(receiver.id, fields, canada, {
        email: caller.email,
        internal_case_number: number,
        ...overrides,
      });
  });
  afterAll(async () => {
    await api.close();
    await rm(storage, { recursive: true, force: true });
  });

  it('creates the case with its files, their entry after the submission, for both companies to read', async () => {
    const response = await submitWithFiles(body('FILES-1'))
      .attach('files', Buffer.from('bundle line 1\n'), 'support-bundle.log')
      .attach('files', Buffer.from('%PDF-1.4 report'), 'report.pdf')
      .expect(200);
    const kase = await emOf(api).findOneOrFail(Case, { token: response.body.case.token });
    const rows = await emOf(api).find(CaseAttachment, { case: kase.id }, { orderBy: { id: 'asc' } });
    expect(rows.map((row) => [row.originalFilename, row.uploadState, row.company?.id])).toEqual([
      ['support-bundle.log', 'not_required', caller.company!.id],
      ['report.pdf', 'not_required', caller.company!.id],
    ]);
    const events = await emOf(api).find(CaseEvent, { case: kase.id }, { orderBy: { seq: 'asc' } });
    expect(events.map((event) => [event.seq, event.type])).toEqual([
      [1, 'submitted'],
      [2, 'attachment_added'],
    ]);
    // Still the receiver's move: a file is no answer.
    expect(kase.turn).toBe('receiver');
    const page = await api.http().get(`/api/caller/case-details/${kase.token}`).set(bearer(callerToken)).expect(200);
    expect(page.body.case.timeline.at(-1)).toMatchObject({
      type: 'attachment_added',
      attachment_ids: rows.map((r) => r.id),
    });
  });

  it('refuses an executable, a file over the limit and an invalid submission, writing nothing and keeping no file', async () => {
    const filesBefore = await filesUnder(storage);
    const exe = await submitWithFiles(body('FILES-2'))
      .attach('files', Buffer.from('MZ\x90\x00binary'), 'bundle.pdf')
      .expect(422);
    expect(exe.body.errors.files[0]).toContain('Executable');
    const big = await submitWithFiles(body('FILES-3'))
      .attach('files', Buffer.alloc(LIMIT + 1, 'a'), 'big.log')
      .expect(413);
    expect(big.body).toEqual({ error: uploadTooLargeMessage('4KB') });
    const invalid = await submitWithFiles(body('FILES-4', { problem_summary: '' }))
      .attach('files', Buffer.from('fine\n'), 'fine.log')
      .expect(422);
    expect(Object.keys(invalid.body.errors)).toContain('problem_summary');
    for (const number of ['FILES-2', 'FILES-3', 'FILES-4']) expect(await casesOf(number)).toBe(0);
    expect(await filesUnder(storage)).toEqual(filesBefore);
  });

  it('takes files with the answer to an information request by the token link, and only with that answer', async () => {
    const submitted = await api
      .http()
      .post(`/api/caller/collaborate/${documentId}`)
      .set(bearer(callerToken))
      .send(body('FILES-5'))
      .expect(200);
    const token = submitted.body.case.token as string;
    const respond = () => api.http().post(`/api/caller/case/${token}/respond`);
    // Files with an acceptance: refused before anything is written.
    const refused = await respond()
      .field('status', 'information')
      .field('next_steps', 'Please attach the support bundle.')
      .attach('files', Buffer.from('x'), 'x.log')
      .expect(422);
    expect(refused.body.errors).toEqual({ files: [FILES_WITH_REPLY_ONLY] });
    await respond().send({ status: 'information', next_steps: 'Please attach the support bundle.' }).expect(200);

    const filesBefore = await filesUnder(storage);
    await respond()
      .field('status', 'information-reply')
      .field('additional_information', 'Bundle attached.')
      .attach('files', Buffer.from('#!/bin/sh\n'), 'collect.sh')
      .expect(422);
    expect(await filesUnder(storage)).toEqual(filesBefore);
    await respond()
      .field('status', 'information-reply')
      .field('additional_information', 'Bundle attached.')
      .attach('files', Buffer.from('bundle\n'), 'support-bundle.log')
      .expect(200);
    const kase = await emOf(api).findOneOrFail(Case, { token });
    const events = await emOf(api).find(CaseEvent, { case: kase.id }, { orderBy: { seq: 'asc' } });
    expect(events.map((event) => event.type)).toEqual([
      'submitted',
      'information_requested',
      'information_supplied',
      'attachment_added',
    ]);
    const file = await emOf(api).findOneOrFail(CaseAttachment, { case: kase.id });
    // Answered by the link without signing in: the submitting company's file, no user behind it.
    expect([file.originalFilename, file.company?.id, file.user]).toEqual([
      'support-bundle.log',
      caller.company!.id,
      null,
    ]);
    expect(kase.turn).toBe('receiver');
  });
});
