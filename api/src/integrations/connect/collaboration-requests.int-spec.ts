import {
  COLLABORATION_MESSAGES,
  MESSAGES,
  type CaseStatus,
  type CollaborationRequest,
  type CollaborationRequestPage,
} from '@casebridge/contracts';
import { Case, type Company, type ContactDocument, type User } from '@casebridge/db';
import { bearer, startApi, type ApiHarness } from '../../../../test/kit/api-harness';
import {
  aCase,
  aCaseRow,
  aCompany,
  aProcess,
  aSuperAdmin,
  aUser,
  emOf,
  settle,
  signedIn,
} from '../../../../test/kit/factories';

const PATH = '/api/v1/collaboration-requests';
const ENGINEER = { engineer_name: 'Rae Receiver', engineer_email: 'rae@receiver.test', engineer_phone: '555 0100' };

/** A listed case as the test made it: what the list must say about it, and where it must stand. */
interface Made {
  token: string;
  id: number;
  createdAt: number;
  /** Microseconds past createdAt's millisecond (the column keeps them; a cursor must too). */
  micros: number;
  updatedAt: number;
  direction: 'outbound' | 'inbound';
  partner: number;
  status: string;
}

/**
 * /api/v1/collaboration-requests: a company's cases through the integration API, read and answered through the
 * services the member app uses (real PostgreSQL and Redis, one app for the file).
 */
describe('the collaboration requests of the integration API', () => {
  let api: ApiHarness;
  let us: Company;
  let partner: Company;
  let sender: Company;
  let ourCaller: User;
  let ourToken: string;
  let partnerToken: string;
  /** The sender's caller: a stranger to every case between us and the partner. */
  let senderToken: string;
  let partnerProcess: ContactDocument;
  let foreignToken: string;
  const made: Made[] = [];

  beforeAll(async () => {
    api = await startApi();
    us = await aCompany(api);
    // The receiving partner has the notes feed off: it reads no notes and writes none, as on its case page.
    partner = await aCompany(api, { allowNotes: false });
    sender = await aCompany(api);
    ourCaller = await aUser(api, { company: us, role: 'caller' });
    const partnerCaller = await aUser(api, { company: partner, role: 'caller' });
    const senderCaller = await aUser(api, { company: sender, role: 'caller' });
    [ourToken, partnerToken, senderToken] = await Promise.all([
      signedIn(api, ourCaller),
      signedIn(api, partnerCaller),
      signedIn(api, senderCaller),
    ]);
    partnerProcess = await aProcess(api, { company: partner });
    const senderProcess = await aProcess(api, { company: sender });
    const ourProcess = await aProcess(api, { company: us });

    // In 2024, a minute apart; two cases share a created_at (the id orders them), two differ by microseconds.
    const base = Date.UTC(2024, 0, 1, 9);
    const rows: [User, ContactDocument, CaseStatus, number, number?][] = [
      [ourCaller, partnerProcess, 'open', 0],
      [ourCaller, partnerProcess, 'accepted', 1],
      [senderCaller, ourProcess, 'open', 2],
      [senderCaller, ourProcess, 'information', 3],
      [ourCaller, senderProcess, 'closed', 4],
      [ourCaller, partnerProcess, 'rejected', 5],
      [senderCaller, ourProcess, 'open', 5],
      // Sent to itself: one case, outbound, listed once.
      [ourCaller, ourProcess, 'open', 6],
      [ourCaller, partnerProcess, 'open', 7, 2],
      [senderCaller, ourProcess, 'accepted', 7, 1],
    ];
    const receiverOf = new Map([
      [partnerProcess, partner],
      [senderProcess, sender],
      [ourProcess, us],
    ]);
    for (const [index, [from, to, status, minute, micros]] of rows.entries()) {
      const createdAt = new Date(base + minute * 60_000);
      const updatedAt = new Date(createdAt.getTime() + (index % 3) * 86_400_000);
      const kase = await aCaseRow(api, { from, to, status, createdAt, overrides: { updatedAt } });
      const inbound = from !== ourCaller;
      made.push({
        token: kase.token,
        id: kase.id,
        createdAt: createdAt.getTime(),
        micros: micros ?? 0,
        updatedAt: updatedAt.getTime(),
        direction: inbound ? 'inbound' : 'outbound',
        partner: inbound ? from.company!.id : receiverOf.get(to)!.id,
        status,
      });
    }
    for (const row of made.filter((row) => row.micros)) {
      await emOf(api).execute(
        `update cases set created_at = created_at + interval '${row.micros} microseconds' where id = ?`,
        [row.id],
      );
    }
    // Never listed: another pair's case, a deleted one and the demo's kind of sample.
    foreignToken = (await aCaseRow(api, { from: senderCaller, to: partnerProcess, createdAt: new Date(base) })).token;
    await aCaseRow(api, {
      from: ourCaller,
      to: partnerProcess,
      createdAt: new Date(base),
      overrides: { deletedAt: new Date() },
    });
    await aCaseRow(api, {
      from: ourCaller,
      to: partnerProcess,
      createdAt: new Date(base),
      overrides: { isSample: true },
    });
    await settle(api);
  });
  afterAll(() => api.close());

  const list = (query: Record<string, string | number> = {}, token = ourToken) =>
    api.http().get(PATH).query(query).set(bearer(token));
  const ordered = (rows: Made[]) =>
    [...rows].sort((a, b) => a.createdAt - b.createdAt || a.micros - b.micros || a.id - b.id).map((row) => row.token);
  // Only the rows the list world made (the action tests below add cases of today).
  const listed = { created_before: '2025-01-01T00:00:00Z' };

  async function readAll(query: Record<string, string | number>, limit: number) {
    const tokens: string[] = [];
    let cursor: string | undefined;
    for (let pages = 0; pages < 50; pages += 1) {
      const page = (await list({ ...query, limit, ...(cursor ? { cursor } : {}) }).expect(200))
        .body as CollaborationRequestPage;
      tokens.push(...page.data.map((kase) => kase.token));
      cursor = page.next_cursor ?? cursor;
      if (!page.has_more) return { tokens, cursor };
    }
    throw new Error('the list never ended');
  }

  it("pages through the company's cases, both directions, by (created_at, id), none missed or repeated", async () => {
    for (const limit of [1, 2, 3, 100]) {
      expect((await readAll(listed, limit)).tokens).toEqual(ordered(made));
    }
    const first = (await list({ ...listed, limit: 4 }).expect(200)).body as CollaborationRequestPage;
    expect(first.data[0]).toMatchObject({
      direction: 'outbound',
      status: 'open',
      submitter: { company_id: us.id, company_name: us.name },
      receiver: { company_id: partner.id, company_name: partner.name },
      engineer: { email: ourCaller.email },
      event_seq: 1,
    });
    expect(first.data[2]).toMatchObject({ direction: 'inbound', submitter: { company_id: sender.id } });

    // A case changed while paging keeps its place: the order is by creation, which no change moves.
    await emOf(api).execute("update cases set status = 'accepted', updated_at = now() where id = ?", [made[5].id]);
    Object.assign(made[5], { status: 'accepted', updatedAt: Date.now() });
    await settle(api);
    const rest = await readAll({ ...listed, cursor: first.next_cursor! }, 2);
    expect([...first.data.map((kase) => kase.token), ...rest.tokens]).toEqual(ordered(made));

    // Past the end, the cursor stays where it was, and a case created later is the next one read from it.
    const end = (await list({ cursor: rest.cursor!, ...listed }).expect(200)).body as CollaborationRequestPage;
    expect(end).toEqual({ data: [], next_cursor: rest.cursor, has_more: false });
    const later = await aCaseRow(api, {
      from: ourCaller,
      to: partnerProcess,
      createdAt: new Date(Date.UTC(2024, 5, 1)),
    });
    expect((await readAll({ cursor: rest.cursor!, ...listed }, 5)).tokens).toEqual([later.token]);
    await emOf(api).execute('update cases set deleted_at = now() where id = ?', [later.id]);
    await settle(api);
  });

  it('filters by status, direction, partner and creation and update instants, also across pages', async () => {
    const at = (index: number, field: 'createdAt' | 'updatedAt') => new Date(made[index][field]).toISOString();
    const cases: [Record<string, string | number>, (row: Made) => boolean][] = [
      [{ status: 'open' }, (row) => row.status === 'open'],
      [{ direction: 'inbound' }, (row) => row.direction === 'inbound'],
      [{ direction: 'outbound', status: 'open' }, (row) => row.direction === 'outbound' && row.status === 'open'],
      [{ partner: partner.id }, (row) => row.partner === partner.id],
      [
        { partner: sender.id, direction: 'outbound' },
        (row) => row.partner === sender.id && row.direction === 'outbound',
      ],
      [{ created_after: at(3, 'createdAt') }, (row) => row.createdAt > made[3].createdAt],
      [{ created_before: at(3, 'createdAt') }, (row) => row.createdAt < made[3].createdAt],
      [{ updated_after: at(4, 'updatedAt') }, (row) => row.updatedAt > made[4].updatedAt],
      [{ updated_before: '2024-01-02' }, (row) => row.updatedAt < Date.UTC(2024, 0, 2)],
    ];
    for (const [query, keep] of cases) {
      const expected = ordered(made.filter(keep));
      expect(expected.length).toBeGreaterThan(0);
      expect((await readAll({ ...listed, ...query }, 2)).tokens).toEqual(expected);
    }
  });

  it('answers one 422 naming every bad parameter, and refuses a cursor it never gave out', async () => {
    const bad = await list({ created_after: 'yesterday', updated_before: '2026-02-30', limit: 101, direction: 'up' })
      .expect(422)
      .expect('Content-Type', /^application\/problem\+json/);
    const fields = (bad.body.errors as { field: string }[]).map((error) => error.field).sort();
    expect(fields).toEqual(['created_after', 'direction', 'limit', 'updated_before']);
    expect(bad.body).toMatchObject({ type: 'about:blank', title: 'Unprocessable Entity', status: 422, instance: PATH });

    const real = ((await list({ limit: 1 }).expect(200)).body as CollaborationRequestPage).next_cursor!;
    const tampered = Buffer.from(real, 'base64url');
    tampered[tampered.length - 1] ^= 1;
    const forged = Buffer.from(`${'x'.repeat(12)}2024-01-01T09:00:00.000000Z|1`).toString('base64url');
    for (const cursor of ['not a cursor', tampered.toString('base64url'), forged, 'x'.repeat(129)]) {
      const answer = await list({ cursor }).expect(422);
      expect(answer.body.errors).toEqual([{ field: 'cursor', message: COLLABORATION_MESSAGES.badCursor }]);
    }
  });

  it("reads one case with its own ETag; another company's case is 404, an account without a company 403", async () => {
    const answer = await api.http().get(`${PATH}/${made[3].token}`).set(bearer(ourToken)).expect(200);
    const kase = answer.body as CollaborationRequest;
    expect(kase).toMatchObject({ token: made[3].token, direction: 'inbound', status: 'information', event_seq: 1 });
    expect(answer.headers.etag).toMatch(/^"1\.[\w-]{27}"$/);
    await api
      .http()
      .get(`${PATH}/${made[3].token}`)
      .set(bearer(ourToken))
      .set('If-None-Match', answer.headers.etag)
      .expect(304);

    for (const token of [foreignToken, 'no-such-case']) {
      const missing = await api.http().get(`${PATH}/${token}`).set(bearer(ourToken)).expect(404);
      expect(missing.body).toMatchObject({ status: 404, title: 'Not Found', detail: 'Case not found.' });
    }
    const admin = await signedIn(api, await aSuperAdmin(api));
    const refused = await list({}, admin).expect(403);
    expect(refused.body.detail).toBe(COLLABORATION_MESSAGES.noCompany);
    await api.http().get(`${PATH}/${made[0].token}`).set(bearer(admin)).expect(403);
  });

  describe('actions', () => {
    const act = (token: string, caseToken: string, action: string, body: object = {}) =>
      api.http().post(`${PATH}/${caseToken}/${action}`).set(bearer(token)).send(body);
    const stored = (token: string) =>
      emOf(api).findOneOrFail(Case, { token }, { populate: ['responses'], refresh: true });
    const newCase = () => aCase(api, { from: ourCaller, to: partnerProcess });

    it('lets each side do what the case page lets it, and refuses the other side as the member app does', async () => {
      const kase = await newCase();
      const refused = await act(ourToken, kase.token, 'approval', ENGINEER).expect(403);
      expect(refused.body.detail).toBe('Only the receiving company may accept this case.');
      await act(senderToken, kase.token, 'information-request', { ...ENGINEER, requested_information: 'Logs?' }).expect(
        404,
      );
      expect((await stored(kase.token)).eventSeq).toBe(1);

      const asked = await act(partnerToken, kase.token, 'information-request', {
        ...ENGINEER,
        requested_information: 'Which firmware?',
      }).expect(200);
      expect(asked.body).toMatchObject({ status: 'information', direction: 'inbound', event_seq: 2 });
      expect(asked.body.responses.at(-1)).toMatchObject({ type: 'information-request', text: 'Which firmware?' });
      await act(partnerToken, kase.token, 'information-response', { requested_information: 'x' }).expect(403);
      const supplied = await act(ourToken, kase.token, 'information-response', {
        requested_information: 'Firmware 4.2',
      }).expect(200);
      expect(supplied.body.responses.at(-1)).toMatchObject({ type: 'information-response', text: 'Firmware 4.2' });
      const rejected = await act(partnerToken, kase.token, 'rejection', { ...ENGINEER, reason: 'Not ours' }).expect(
        200,
      );
      expect(rejected.body).toMatchObject({ status: 'rejected', event_seq: 4 });

      const other = await newCase();
      const accepted = await act(partnerToken, other.token, 'approval', { ...ENGINEER, case_number: 'P-7' }).expect(
        200,
      );
      expect(accepted.body).toMatchObject({
        status: 'accepted',
        receiver_case_number: 'P-7',
        receiver_engineer: { name: ENGINEER.engineer_name, email: ENGINEER.engineer_email },
      });
      expect((await act(partnerToken, other.token, 'closure').expect(403)).body.detail).toBe(
        'Only the submitting company may close this case.',
      );
      expect((await act(ourToken, other.token, 'closure').expect(200)).body.status).toBe('closed');
      // The status rules are the token page's: a closed case takes no answer (409).
      const late = await act(partnerToken, other.token, 'approval', ENGINEER).expect(409);
      expect(late.body).toMatchObject({ status: 409, detail: 'This case cannot be accepted: it is already closed.' });
    });

    it('answers one 422 naming every bad field of a body', async () => {
      const kase = await newCase();
      const answer = await act(partnerToken, kase.token, 'approval', {
        engineer_email: 'not-an-address',
        engineer_phone: '5'.repeat(40),
        next_steps: 'x'.repeat(20_001),
      }).expect(422);
      const fields = [...new Set((answer.body.errors as { field: string }[]).map((error) => error.field))].sort();
      expect(fields).toEqual(['engineer_email', 'engineer_name', 'engineer_phone', 'next_steps']);
      await act(partnerToken, kase.token, 'rejection', ENGINEER).expect(422);
      expect((await stored(kase.token)).eventSeq).toBe(1);
    });

    it('If-Match: a stale tag is 412, nothing written; of two writers with one tag exactly one wins', async () => {
      const kase = await newCase();
      const read = await api.http().get(`${PATH}/${kase.token}`).set(bearer(partnerToken)).expect(200);
      const etag = read.headers.etag as string;
      await emOf(api).execute('update cases set event_seq = event_seq + 1 where id = ?', [kase.id]);
      const stale = await act(partnerToken, kase.token, 'approval', ENGINEER).set('If-Match', etag).expect(412);
      expect(stale.body).toMatchObject({ status: 412, title: 'Precondition Failed' });
      expect(stale.body.detail).toContain('event_seq 2');
      const untouched = await stored(kase.token);
      expect([untouched.status, untouched.responses.length, untouched.eventSeq]).toEqual(['open', 0, 2]);

      // Two connectors answer at the same moment from the same read: one answer is stored, the other is told.
      const current = (await api.http().get(`${PATH}/${kase.token}`).set(bearer(partnerToken)).expect(200)).headers
        .etag;
      const race = await Promise.all([
        act(partnerToken, kase.token, 'approval', ENGINEER).set('If-Match', current),
        act(partnerToken, kase.token, 'information-request', { ...ENGINEER, requested_information: 'More?' }).set(
          'If-Match',
          current,
        ),
      ]);
      expect(race.map((answer) => answer.status).sort()).toEqual([200, 412]);
      const [won, lost] = race[0].status === 200 ? race : [race[1], race[0]];
      expect(lost.body.detail).toContain('event_seq 3');
      const after = await stored(kase.token);
      expect([after.status, after.responses.length, after.eventSeq]).toEqual([won.body.status, 1, 3]);
      // The action's answer carries the case's new tag: the next If-Match needs no read in between.
      const reread = await api.http().get(`${PATH}/${kase.token}`).set(bearer(partnerToken)).expect(200);
      expect(won.headers.etag).toBe(reread.headers.etag);

      // A weak tag never matches; `*`, a bare "<event_seq>" or a list naming the current version do.
      await act(ourToken, kase.token, 'notes', { summary: 'Unseen' }).set('If-Match', 'W/"3"').expect(412);
      await act(ourToken, kase.token, 'notes', { summary: 'Seen' }).set('If-Match', '"1", "3"').expect(200);
      await act(ourToken, kase.token, 'notes', { summary: 'Any' }).set('If-Match', '*').expect(200);
      expect((await stored(kase.token)).eventSeq).toBe(5);
    });

    it('an Idempotency-Key replay answers the first result without doing it again', async () => {
      const kase = await newCase();
      const send = () =>
        act(partnerToken, kase.token, 'approval', ENGINEER).set('Idempotency-Key', `approve-${kase.token}`);
      const first = await send().expect(200);
      const again = await send().expect(200);
      expect(again.body).toEqual(first.body);
      const after = await stored(kase.token);
      expect([after.responses.length, after.eventSeq]).toEqual([1, 2]);
    });

    it('notes go through the note service: a company with notes off reads none and may add none', async () => {
      const kase = await aCase(api, { from: ourCaller, to: partnerProcess, status: 'accepted' });
      const added = await act(ourToken, kase.token, 'notes', { summary: 'Logs attached', description: 'See <b>x</b>' });
      expect(added.status).toBe(200);
      expect(added.body).toMatchObject({ summary: 'Logs attached', company_name: us.name });
      const ours = await api.http().get(`${PATH}/${kase.token}/notes`).set(bearer(ourToken)).expect(200);
      expect(ours.body).toMatchObject({ notes_enabled: true, data: [{ id: added.body.id }] });

      const theirs = await api.http().get(`${PATH}/${kase.token}/notes`).set(bearer(partnerToken)).expect(200);
      expect(theirs.body).toEqual({ data: [], notes_enabled: false });
      const refused = await act(partnerToken, kase.token, 'notes', { summary: 'Hello' }).expect(403);
      expect(refused.body.detail).toBe(MESSAGES.feedRequiresSso);
      await api.http().get(`${PATH}/${kase.token}/notes`).set(bearer(senderToken)).expect(404);
    });
  });
});
