import { DEFAULT_ACCEPT_NOTE, MESSAGES, routePath } from '@casebridge/contracts';
import { Case, CaseEvent, CaseResponse } from '@casebridge/db';
import { bearer, startApi, tokenFromLink, type ApiHarness } from '../../test/api-harness';
import { orm } from '../../test/member-fixtures';

const PUBLIC_URL = 'http://casebridge.test';

describe('a case from submission to close: token pages, responses, notes, mails', () => {
  let api: ApiHarness;

  beforeAll(async () => {
    api = await startApi();
  });
  afterAll(() => api.close());

  /** The case as stored, read fresh from the database. */
  async function stored(internalCaseNumber: string): Promise<Case> {
    return orm(api).findOneOrFail(Case, { internalCaseNumber }, { populate: ['responses'] });
  }

  async function snapshot(internalCaseNumber: string) {
    const kase = await stored(internalCaseNumber);
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
    const { token, responseDueAt: dueBefore } = await stored('ACME-10431');

    // The receiver opens the token page of a fresh case: accept or ask for information.
    const page = await api.http().get(`/api/caller/case/${token}`).expect(200);
    expect(page.body.case.status).toBe('open');
    expect(page.body.allowed).toEqual({
      accept: true,
      request_information: true,
      reject: false,
      provide_information: false,
    });
    expect(page.body.receiver).toEqual({ name: 'Globex Storage', slug: 'globex' });
    expect(page.body.response).toBeNull();

    // Asking for information needs next steps.
    const missing = await respond(token, { status: 'information' }).expect(422);
    expect(missing.body.errors.next_steps).toEqual(['The next steps field is required.']);

    await respond(token, {
      status: 'information',
      engineer_name: 'Gabriel Stone',
      engineer_email: 'caller@globex.test',
      next_steps: 'Send the controller logs.',
    }).expect(200, { message: MESSAGES.responseSent, status: 'information' });
    let kase = await stored('ACME-10431');
    expect(kase.status).toBe('information');
    expect(kase.slaPausedAt).not.toBeNull();

    // The submitter's engineer is mailed the provide-information link.
    const asked = await api.lastMailTo('caller@acme.test', 'information-requested');
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
      additional_information: 'Logs attached to ACME-10431.',
    }).expect(200, { message: MESSAGES.responseSent, status: 'information' });
    kase = await stored('ACME-10431');
    // The clock runs again and the due date moves back by the paused time.
    expect(kase.slaPausedAt).toBeNull();
    expect(kase.responseDueAt!.getTime()).toBeGreaterThanOrEqual(dueBefore!.getTime());
    expect(kase.responseDueAt!.getTime() - dueBefore!.getTime()).toBe(kase.slaPausedSeconds * 1000);

    // The receiving process is mailed the respond link (to its collaborate address, cc its list).
    const supplied = await api.lastMailTo('support@globex.test', 'information-supplied');
    expect(supplied.cc).toEqual(['storage-escalations@globex.test']);
    expect(supplied.variables.link).toBe(PUBLIC_URL + routePath('case-response', { token }));
    expect(supplied.variables.note).toBe('Logs attached to ACME-10431.');

    // Answered once: the reply form is read-only now; the receiver owes a final response.
    const ready = await api.http().get(`/api/caller/case/${token}`).expect(200);
    expect(ready.body.allowed.provide_information).toBe(false);
    expect(ready.body.allowed.accept).toBe(true);
    await respond(token, { status: 'information-reply', additional_information: 'Again.' }).expect(409);

    const noEngineer = await respond(token, { status: 'accepted' }).expect(422);
    expect(Object.keys(noEngineer.body.errors).sort()).toEqual(['engineer_email', 'engineer_name']);
    await respond(token, {
      status: 'accepted',
      case_number: 'GX-50001',
      engineer_name: 'Gabriel Stone',
      engineer_email: 'caller@globex.test',
      engineer_phone: 'IE: 15550106',
      reviewer_name: 'Grace Liu',
      reviewer_email: 'bm@globex.test',
    }).expect(200, { message: MESSAGES.responseSent, status: 'accepted' });
    kase = await stored('ACME-10431');
    expect(kase.status).toBe('accepted');
    expect(kase.acceptedAt).not.toBeNull();
    expect(kase.slaStoppedAt).not.toBeNull();
    expect(kase.receiverCaseNumber).toBe('GX-50001');
    const approval = kase.responses.getItems().find((response) => response.type === 'approval')!;
    expect(approval.nextSteps).toBe(DEFAULT_ACCEPT_NOTE);
    expect(approval.reviewerEmail).toBe('bm@globex.test');
    const accepted = await api.lastMailTo('caller@acme.test', 'case-accepted');
    expect(accepted.variables.link).toBe(PUBLIC_URL + routePath('case-info', { token }));
    expect(accepted.dedupeKey).toBe(`case-accepted-${approval.id}`);

    // Both companies see the case with their controls and write on the feed.
    const acme = await api.login('caller@acme.test');
    const globex = await api.login('caller@globex.test');
    const outbound = await api.http().get(`/api/caller/case-details/${token}`).set(bearer(acme)).expect(200);
    expect(outbound.body.case.direction).toBe('outbound');
    expect(outbound.body.case.controls).toEqual({
      visible: true,
      can_close: true,
      can_update_response: false,
      can_update_submission: true,
      can_add_note: true,
      can_upload: true,
    });
    const inbound = await api.http().get(`/api/caller/case-details/${token}`).set(bearer(globex)).expect(200);
    expect(inbound.body.case.direction).toBe('inbound');
    expect(inbound.body.case.controls).toMatchObject({ can_close: false, can_update_response: true });

    await api
      .http()
      .post(`/api/caller/case/${token}/note`)
      .set(bearer(acme))
      .send({ summary: 'Window', description: '<p onclick="x()">Thursday<script>alert(1)</script></p>' })
      .expect(200);
    const globexNote = await api
      .http()
      .post(`/api/caller/case/${token}/note`)
      .set(bearer(globex))
      .send({ description: '<a href="javascript:alert(1)">logs</a> received' })
      .expect(200);
    expect(globexNote.body.note.description).not.toContain('javascript:');
    expect(globexNote.body.note.company.name).toBe('Globex Storage');
    const blank = await api
      .http()
      .post(`/api/caller/case/${token}/note`)
      .set(bearer(acme))
      .send({ summary: '  ', description: '<p><br></p>' })
      .expect(422);
    expect(blank.body.errors.summary).toEqual([MESSAGES.blankNote]);

    const feed = await api.http().get(`/api/caller/case-details/${token}`).set(bearer(acme)).expect(200);
    expect(feed.body.case.notes.map((note: { creator_name: string }) => note.creator_name)).toEqual([
      'Gabriel Stone',
      'Carl Jensen',
    ]);
    expect(feed.body.case.notes[1].description).toBe('<p>Thursday</p>');

    // Only the submitter closes; the receiving process is told.
    await api.http().post(`/api/caller/case/${token}/close`).set(bearer(globex)).send({}).expect(403);
    await api.http().post(`/api/caller/case/${token}/close`).set(bearer(acme)).send({ token }).expect(200);
    kase = await stored('ACME-10431');
    expect(kase.status).toBe('closed');
    expect(kase.closedAt).not.toBeNull();
    const closed = await api.lastMailTo('support@globex.test', 'case-closed');
    expect(closed.variables.link).toBe(PUBLIC_URL + routePath('case-info', { token }));
    expect(closed.cc).toContain('caller@globex.test');
    await api
      .http()
      .post(`/api/caller/case/${token}/close`)
      .set(bearer(acme))
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
    [
      'accepting an accepted case',
      'ACME-10407',
      { status: 'accepted', engineer_name: 'A', engineer_email: 'a@globex.test' },
    ],
    ['rejecting an accepted case', 'ACME-10407', { status: 'rejected', next_steps: 'No.' }],
    ['rejecting an open case', 'GX-48302', { status: 'rejected', next_steps: 'No.' }],
    ['requesting information on an information case', 'ACME-10422', { status: 'information', next_steps: 'More?' }],
    ['answering a closed case', 'ACME-10342', { status: 'accepted', engineer_name: 'A', engineer_email: 'a@x.test' }],
    ['replying when nothing was asked', 'ACME-10429', { status: 'information-reply', additional_information: 'Hi' }],
    ['requesting information on a rejected case', 'ACME-10388', { status: 'information', next_steps: 'Why?' }],
  ])('%s → 409, nothing changed', async (_name, internalCaseNumber, body) => {
    const before = await snapshot(internalCaseNumber);
    const { token } = await stored(internalCaseNumber);
    const refused = await respond(token, body).expect(409);
    expect(typeof refused.body.error).toBe('string');
    expect(await snapshot(internalCaseNumber)).toEqual(before);
  });

  it('rejects only while information is requested, with a reason, and mails the submitter', async () => {
    const { token } = await stored('ACME-10422');
    const noReason = await respond(token, { status: 'rejected' }).expect(422);
    expect(noReason.body.errors.next_steps).toEqual(['The next steps field is required.']);
    await respond(token, { status: 'rejected', next_steps: 'Out of scope.' }).expect(200, {
      message: MESSAGES.responseSent,
      status: 'rejected',
    });
    const kase = await stored('ACME-10422');
    expect(kase.status).toBe('rejected');
    expect(kase.slaStoppedAt).not.toBeNull();
    expect(kase.slaPausedAt).toBeNull();
    const rejection = kase.responses.getItems().find((response) => response.type === 'rejection')!;
    const mail = await api.lastMailTo('caller@acme.test', 'case-rejected');
    expect(mail.variables.note).toBe('Out of scope.');
    expect(mail.dedupeKey).toBe(`case-rejected-${rejection.id}`);
  });

  it('answers an unknown token with 404 and an invalid status with 422', async () => {
    await api.http().get('/api/caller/case/no-such-token').expect(404, { error: 'Case not found.' });
    await respond('no-such-token', { status: 'accepted', engineer_name: 'A', engineer_email: 'a@x.test' }).expect(404);
    const { token } = await stored('ACME-10429');
    const invalid = await respond(token, { status: 'closed' }).expect(422);
    expect(invalid.body.errors.status).toHaveLength(1);
  });

  it('a token acts on its own case only', async () => {
    const own = await stored('ACME-10429');
    const other = await stored('GX-48302');
    await respond(own.token, { status: 'information', next_steps: 'Which array?' }).expect(200);
    expect((await stored('GX-48302')).status).toBe('open');
    expect((await stored('GX-48302')).responses).toHaveLength(other.responses.length);
    const responses = await orm(api).find(CaseResponse, { case: own.id });
    expect(responses.map((response) => response.type)).toEqual(['information-request']);
  });
});
