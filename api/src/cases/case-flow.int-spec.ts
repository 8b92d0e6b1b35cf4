import { DEFAULT_ACCEPT_NOTE, MESSAGES, routePath, SERVER_EVENTS } from '@casebridge/contracts';
import { Case, CaseEvent, CaseResponse, type Company, type ContactDocument, type User } from '@casebridge/db';
import { bearer, startApi, tokenFromLink, type ApiHarness } from '../../../test/kit/api-harness';
import { aCase, aCompany, aProcess, aUser, signedIn } from '../../../test/kit/factories';
import { orm } from '../../../test/kit/member-fixtures';
import { collect, connectLive } from '../../test/live-clients';

const PUBLIC_URL = 'http://casebridge.test';

describe('a case from submission to close: token pages, responses, notes, mails', () => {
  let api: ApiHarness;
  // The submitting and the receiving side, each with a caller; cases go through the receiver's process.
  let receiver: Company;
  let process: ContactDocument;
  let submitterCaller: User;
  let receiverCaller: User;
  const COLLABORATE_EMAIL = 'support@receiver.test';
  const COLLABORATE_CC = 'escalations@receiver.test';

  beforeAll(async () => {
    api = await startApi();
    receiver = await aCompany(api);
    process = await aProcess(api, {
      company: receiver,
      collaborateEmail: COLLABORATE_EMAIL,
      collaborateCcEmail: COLLABORATE_CC,
    });
    const submitter = await aCompany(api);
    submitterCaller = await aUser(api, { company: submitter, role: 'caller' });
    receiverCaller = await aUser(api, { company: receiver, role: 'caller' });
  });
  afterAll(() => api.close());

  const fullName = (user: User) => `${user.firstName} ${user.lastName}`;

  /** A case from the submitter's caller to the receiver's process, in this status. */
  const caseIn = (status: Case['status']) => aCase(api, { from: submitterCaller, to: process, status });

  /** The case as stored, read fresh from the database. */
  async function stored(token: string): Promise<Case> {
    return orm(api).findOneOrFail(Case, { token }, { populate: ['responses'] });
  }

  async function snapshot(token: string) {
    const kase = await stored(token);
    const events = await orm(api).count(CaseEvent, { case: kase.id });
    return {
      status: kase.status,
      responses: kase.responses.length,
      events,
      slaPausedAt: kase.slaPausedAt,
      slaStoppedAt: kase.slaStoppedAt,
      updatedAt: kase.updatedAt,
    };
  }

  const respond = (token: string, body: Record<string, unknown>) =>
    api.http().post(`/api/caller/case/${token}/respond`).send(body);

  it('runs open → information → information-reply → accepted → notes by both sides → close', async () => {
    // The receiver's dashboard count of inbound cases waiting for it, and its live list messages.
    const receiverSession = await signedIn(api, receiverCaller);
    const waitingForReceiver = async () =>
      (await api.http().get('/api/caller/cases/inbound-action-count').set(bearer(receiverSession)).expect(200)).body
        .total as number;
    const before = await waitingForReceiver();
    const receiverPage = await connectLive(api, { token: receiverSession });
    const receiverLists = collect(receiverPage, SERVER_EVENTS.casesChanged);
    const { token, responseDueAt: dueBefore, internalCaseNumber } = await caseIn('open');
    expect(await waitingForReceiver()).toBe(before + 1);
    const engineer = { engineer_name: fullName(receiverCaller), engineer_email: receiverCaller.email };

    // The receiver opens the token page of a fresh case: accept or ask for information.
    const page = await api.http().get(`/api/caller/case/${token}`).expect(200);
    expect(page.body.case.status).toBe('open');
    expect(page.body.allowed).toEqual({
      accept: true,
      request_information: true,
      reject: false,
      provide_information: false,
    });
    expect(page.body.receiver).toEqual({ name: receiver.name, slug: receiver.slug });
    expect(page.body.response).toBeNull();

    // Asking for information needs next steps.
    const missing = await respond(token, { status: 'information' }).expect(422);
    expect(missing.body.errors.next_steps).toEqual(['The next steps field is required.']);

    await respond(token, {
      status: 'information',
      ...engineer,
      next_steps: 'Send the controller logs.',
    }).expect(200, { message: MESSAGES.responseSent, status: 'information' });
    let kase = await stored(token);
    expect(kase.status).toBe('information');
    expect(kase.slaPausedAt).not.toBeNull();
    // The submitter's move now, as both sides and the token page read it; the receiver's count drops.
    expect(kase.turn).toBe('submitter');
    expect((await api.http().get(`/api/caller/case/${token}`).expect(200)).body.case.turn).toBe('submitter');
    expect(await waitingForReceiver()).toBe(before);

    // The submitter's engineer is mailed the provide-information link.
    const asked = await api.lastMailTo(submitterCaller.email, 'information-requested');
    expect(asked.variables.link).toBe(PUBLIC_URL + routePath('case-provide-information', { token }));
    expect(asked.variables.note).toBe('Send the controller logs.');
    expect(tokenFromLink(asked.variables.link, 2)).toBe(token);

    const waiting = await api.http().get(`/api/caller/case/${token}`).expect(200);
    expect(waiting.body.allowed).toEqual({
      accept: true,
      request_information: false,
      reject: true,
      provide_information: true,
    });
    expect(waiting.body.response.type).toBe('information-request');

    const noInfo = await respond(token, { status: 'information-reply' }).expect(422);
    expect(noInfo.body.errors.additional_information).toHaveLength(1);
    await respond(token, {
      status: 'information-reply',
      additional_information: `Logs attached to ${internalCaseNumber}.`,
    }).expect(200, { message: MESSAGES.responseSent, status: 'information' });
    kase = await stored(token);
    // The answer arrived: the receiver's move again, still in status information (shown "Information supplied"),
    // and the receiver's pages are told the new count with the row.
    expect(kase.turn).toBe('receiver');
    expect(await waitingForReceiver()).toBe(before + 1);
    const answered = await receiverLists.next((message) => message.case_token === token && message.needs_action);
    expect(answered).toMatchObject({ inbound_action_total: before + 1, row: { turn: 'receiver' } });
    // The clock runs again and the due date moves back by the paused time.
    expect(kase.slaPausedAt).toBeNull();
    expect(kase.responseDueAt!.getTime()).toBeGreaterThanOrEqual(dueBefore!.getTime());
    expect(kase.responseDueAt!.getTime() - dueBefore!.getTime()).toBe(kase.slaPausedSeconds * 1000);

    // The receiving process is mailed the respond link (to its collaborate address, cc its list).
    const supplied = await api.lastMailTo(COLLABORATE_EMAIL, 'information-supplied');
    expect(supplied.cc).toEqual([COLLABORATE_CC]);
    expect(supplied.variables.link).toBe(PUBLIC_URL + routePath('case-response', { token }));
    expect(supplied.variables.note).toBe(`Logs attached to ${internalCaseNumber}.`);

    // Answered once: the reply form is read-only now; the receiver owes a final response.
    const ready = await api.http().get(`/api/caller/case/${token}`).expect(200);
    expect(ready.body.allowed.provide_information).toBe(false);
    expect(ready.body.allowed.accept).toBe(true);
    await respond(token, { status: 'information-reply', additional_information: 'Again.' }).expect(409);

    const noEngineer = await respond(token, { status: 'accepted' }).expect(422);
    expect(Object.keys(noEngineer.body.errors).sort()).toEqual(['engineer_email', 'engineer_name']);
    await respond(token, {
      status: 'accepted',
      case_number: 'RX-50001',
      ...engineer,
      engineer_phone: 'IE: 15550106',
      reviewer_name: 'Grace Liu',
      reviewer_email: 'reviewer@receiver.test',
    }).expect(200, { message: MESSAGES.responseSent, status: 'accepted' });
    kase = await stored(token);
    expect(kase.status).toBe('accepted');
    expect(kase.turn).toBeNull();
    expect(await waitingForReceiver()).toBe(before);
    const acceptedRow = await receiverLists.next(
      (message) => message.case_token === token && message.status === 'accepted',
    );
    expect(acceptedRow).toMatchObject({ needs_action: false, inbound_action_total: before, row: { turn: null } });
    receiverPage.disconnect();
    expect(kase.acceptedAt).not.toBeNull();
    expect(kase.slaStoppedAt).not.toBeNull();
    expect(kase.receiverCaseNumber).toBe('RX-50001');
    const approval = kase.responses.getItems().find((response) => response.type === 'approval')!;
    expect(approval.nextSteps).toBe(DEFAULT_ACCEPT_NOTE);
    expect(approval.reviewerEmail).toBe('reviewer@receiver.test');
    const accepted = await api.lastMailTo(submitterCaller.email, 'case-accepted');
    expect(accepted.variables.link).toBe(PUBLIC_URL + routePath('case-info', { token }));
    expect(accepted.dedupeKey).toBe(`case-accepted-${approval.id}`);

    // Both companies see the case with their controls and write on the feed.
    const submitterToken = await signedIn(api, submitterCaller);
    const receiverToken = await signedIn(api, receiverCaller);
    const outbound = await api.http().get(`/api/caller/case-details/${token}`).set(bearer(submitterToken)).expect(200);
    expect(outbound.body.case.direction).toBe('outbound');
    expect(outbound.body.case.controls).toEqual({
      visible: true,
      can_close: true,
      can_update_response: false,
      can_update_submission: true,
      can_add_note: true,
      can_upload: true,
      can_assign: true,
    });
    const inbound = await api.http().get(`/api/caller/case-details/${token}`).set(bearer(receiverToken)).expect(200);
    expect(inbound.body.case.direction).toBe('inbound');
    expect(inbound.body.case.controls).toMatchObject({ can_close: false, can_update_response: true });

    await api
      .http()
      .post(`/api/caller/case/${token}/note`)
      .set(bearer(submitterToken))
      .send({ summary: 'Window', description: '<p onclick="x()">Thursday<script>alert(1)</script></p>' })
      .expect(200);
    const receiverNote = await api
      .http()
      .post(`/api/caller/case/${token}/note`)
      .set(bearer(receiverToken))
      .send({ description: '<a href="javascript:alert(1)">logs</a> received' })
      .expect(200);
    expect(receiverNote.body.note.description).not.toContain('javascript:');
    expect(receiverNote.body.note.company.name).toBe(receiver.name);
    const blank = await api
      .http()
      .post(`/api/caller/case/${token}/note`)
      .set(bearer(submitterToken))
      .send({ summary: '  ', description: '<p><br></p>' })
      .expect(422);
    expect(blank.body.errors.summary).toEqual([MESSAGES.blankNote]);

    const feed = await api.http().get(`/api/caller/case-details/${token}`).set(bearer(submitterToken)).expect(200);
    // The feed reads newest first.
    expect(feed.body.case.notes.map((note: { creator_name: string }) => note.creator_name)).toEqual([
      fullName(receiverCaller),
      fullName(submitterCaller),
    ]);
    expect(feed.body.case.notes[1].description).toBe('<p>Thursday</p>');

    // Only the submitter closes; the receiving process is told.
    await api.http().post(`/api/caller/case/${token}/close`).set(bearer(receiverToken)).send({}).expect(403);
    await api.http().post(`/api/caller/case/${token}/close`).set(bearer(submitterToken)).send({ token }).expect(200);
    kase = await stored(token);
    expect(kase.status).toBe('closed');
    expect(kase.closedAt).not.toBeNull();
    const closed = await api.lastMailTo(COLLABORATE_EMAIL, 'case-closed');
    expect(closed.variables.link).toBe(PUBLIC_URL + routePath('case-info', { token }));
    expect(closed.cc).toContain(receiverCaller.email);
    await api
      .http()
      .post(`/api/caller/case/${token}/close`)
      .set(bearer(submitterToken))
      .send({})
      .expect(409, { error: MESSAGES.closeFailed });

    const events = await orm(api).find(CaseEvent, { case: kase.id }, { orderBy: { seq: 'asc' } });
    expect(events.slice(1).map((event) => event.type)).toEqual([
      'information_requested',
      'information_supplied',
      'accepted',
      'note_added',
      'note_added',
      'closed',
    ]);
    expect(events.map((event) => event.seq)).toEqual(events.map((_event, index) => index + 1));
  });

  it.each([
    ['accepting an accepted case', 'accepted', { status: 'accepted', engineer_name: 'A', engineer_email: 'a@r.test' }],
    ['rejecting an accepted case', 'accepted', { status: 'rejected', next_steps: 'No.' }],
    ['rejecting an open case', 'open', { status: 'rejected', next_steps: 'No.' }],
    ['requesting information on an information case', 'information', { status: 'information', next_steps: 'More?' }],
    ['answering a closed case', 'closed', { status: 'accepted', engineer_name: 'A', engineer_email: 'a@x.test' }],
    ['replying when nothing was asked', 'open', { status: 'information-reply', additional_information: 'Hi' }],
    ['requesting information on a rejected case', 'rejected', { status: 'information', next_steps: 'Why?' }],
  ] as const)('%s → 409, nothing changed', async (_name, status, body) => {
    const { token } = await caseIn(status);
    const before = await snapshot(token);
    const refused = await respond(token, body).expect(409);
    expect(typeof refused.body.error).toBe('string');
    expect(await snapshot(token)).toEqual(before);
  });

  it('rejects only while information is requested, with a reason, and mails the submitter', async () => {
    const { token } = await caseIn('information');
    const noReason = await respond(token, { status: 'rejected' }).expect(422);
    expect(noReason.body.errors.next_steps).toEqual(['The next steps field is required.']);
    await respond(token, { status: 'rejected', next_steps: 'Out of scope.' }).expect(200, {
      message: MESSAGES.responseSent,
      status: 'rejected',
    });
    const kase = await stored(token);
    expect(kase.status).toBe('rejected');
    expect(kase.slaStoppedAt).not.toBeNull();
    expect(kase.slaPausedAt).toBeNull();
    const rejection = kase.responses.getItems().find((response) => response.type === 'rejection')!;
    const mail = await api.lastMailTo(submitterCaller.email, 'case-rejected');
    expect(mail.variables.note).toBe('Out of scope.');
    expect(mail.dedupeKey).toBe(`case-rejected-${rejection.id}`);
  });

  it('answers an unknown token with 404 and an invalid status with 422', async () => {
    await api.http().get('/api/caller/case/no-such-token').expect(404, { error: 'Case not found.' });
    await respond('no-such-token', { status: 'accepted', engineer_name: 'A', engineer_email: 'a@x.test' }).expect(404);
    const { token } = await caseIn('open');
    const invalid = await respond(token, { status: 'closed' }).expect(422);
    expect(invalid.body.errors.status).toHaveLength(1);
  });

  it('a token acts on its own case only', async () => {
    const own = await caseIn('open');
    const other = await caseIn('open');
    const otherBefore = await stored(other.token);
    await respond(own.token, { status: 'information', next_steps: 'Which array?' }).expect(200);
    expect((await stored(other.token)).status).toBe('open');
    expect((await stored(other.token)).responses).toHaveLength(otherBefore.responses.length);
    const responses = await orm(api).find(CaseResponse, { case: own.id });
    expect(responses.map((response) => response.type)).toEqual(['information-request']);
  });
});
