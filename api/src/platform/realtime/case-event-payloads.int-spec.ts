import {
  applyCaseEventToDetail,
  applyCaseEventToPublic,
  CaseEventMessage,
  CasesChangedMessage,
  QueueChangedMessage,
  type CaseAudience,
  type CaseDetail,
  type CaseEventType,
  type PublicCaseResponse,
} from '@casebridge/contracts';
import { appendCaseEvent, Case, CaseAttachment, Company, type User } from '@casebridge/db';
import { MikroORM } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { bearer, startApi, type ApiHarness } from '../../../../test/kit/api-harness';
import { allFields, countryId, FULL_FORM, globexCaseSubmission } from '../../../test/collaboration-form';
import { aCompany, aProcess, aSuperAdmin, aUser, settle, signedIn } from '../../../../test/kit/factories';
import { collect, connectLive, followCase, type LiveClient } from '../../../test/live-clients';
import { documentsOf } from '../../../../test/kit/member-fixtures';

/**
 * Every case event carries the change as its receiver may see it (issue 16): for each event type, applying the
 * message to what each audience held gives exactly what the REST api answers it next — the submitting and the
 * receiving company's case page, a super admin's, the token page — so nothing the REST answers hide reaches a
 * socket, and nothing a page needs is missing. The list row of each company and the escalation queue row equal
 * the REST rows too. Worker-written types (attachment uploaded or failed, late) are written here through the same
 * libs/db writer and rule the worker uses.
 */
describe('case events carry the change, filtered per audience (real PostgreSQL and Redis)', () => {
  let api: ApiHarness;
  let storage: string;
  const sockets: LiveClient[] = [];
  // The submitting company's caller, the receiving company's business manager and a super admin.
  const tokens: Record<'submitter' | 'receiver' | 'admin', string> = { submitter: '', receiver: '', admin: '' };
  let submitBody: (number: string) => Record<string, unknown>;
  let documentId: number;
  let receiver: Company;
  let caller: User;

  const em = () => api.app.get(MikroORM).em.fork() as EntityManager;
  const get = async (path: string, token?: string) => {
    const request = api.http().get(`/api/${path}`);
    return (await (token ? request.set(bearer(token)) : request).expect(200)).body;
  };
  const post = (path: string, body: object, token?: string) => {
    const request = api.http().post(`/api/${path}`);
    return (token ? request.set(bearer(token)) : request).send(body);
  };
  const open = async (auth: Record<string, string>) => {
    const socket = await connectLive(api, auth);
    sockets.push(socket);
    return socket;
  };

  beforeAll(async () => {
    storage = await mkdtemp(join(tmpdir(), 'casebridge-event-payloads-'));
    api = await startApi({ STORAGE_DIR: storage });
    const submitter = await aCompany(api);
    receiver = await aCompany(api);
    caller = await aUser(api, { company: submitter, role: 'caller' });
    tokens.submitter = await signedIn(api, caller);
    tokens.receiver = await signedIn(api, await aUser(api, { company: receiver, role: 'business_manager' }));
    tokens.admin = await signedIn(api, await aSuperAdmin(api));
    const process = await aProcess(api, { company: receiver, fields: FULL_FORM });
    const documents = await documentsOf(api, tokens.submitter, 'company', receiver.id);
    const collaboration = documents.documents.find((doc) => doc.id === process.id)!;
    documentId = collaboration.id;
    const canada = await countryId(api, tokens.submitter, 'Canada');
    submitBody = (number) =>
      globexCaseSubmission(receiver.id, allFields(collaboration), canada, {
        first_name: caller.firstName,
        last_name: caller.lastName,
        email: caller.email,
        internal_case_number: number,
      });
  });
  afterAll(async () => {
    sockets.forEach((socket) => socket.close());
    await api?.close();
    await rm(storage, { recursive: true, force: true });
  });

  type Pages = Record<'submitter' | 'receiver' | 'staff', { case: CaseDetail }> & { link: PublicCaseResponse };

  /** What each audience holds of one case, read through REST. */
  async function readPages(caseToken: string): Promise<Pages> {
    return {
      submitter: await get(`caller/case-details/${caseToken}`, tokens.submitter),
      receiver: await get(`caller/case-details/${caseToken}`, tokens.receiver),
      staff: await get(`caller/case-details/${caseToken}`, tokens.admin),
      link: await get(`caller/case/${caseToken}`),
    };
  }

  /** The pages of a case and a socket of each audience following it. */
  async function watch(caseToken: string) {
    const pages = await readPages(caseToken);
    const followers = {
      submitter: await open({ token: tokens.submitter }),
      receiver: await open({ token: tokens.receiver }),
      staff: await open({ token: tokens.admin }),
      link: await open({ case_token: caseToken }),
    };
    const events = Object.fromEntries(
      Object.entries(followers).map(([audience, socket]) => [audience, collect(socket, 'case.event')]),
    ) as Record<CaseAudience, ReturnType<typeof collect<'case.event'>>>;
    for (const socket of Object.values(followers))
      expect(await followCase(socket, caseToken)).toMatchObject({ ok: true });
    return { pages, events };
  }

  /** Lists are watched by sockets that do not follow the case (followers get the case.event instead). */
  async function listWatchers() {
    return {
      submitter: collect(await open({ token: tokens.submitter }), 'cases.changed'),
      receiver: collect(await open({ token: tokens.receiver }), 'cases.changed'),
      queue: collect(await open({ token: tokens.admin }), 'queue.changed'),
    };
  }

  async function expectListRowsMatch(lists: Awaited<ReturnType<typeof listWatchers>>, caseToken: string, seq: number) {
    for (const [company, token] of [
      ['submitter', tokens.submitter],
      ['receiver', tokens.receiver],
    ] as const) {
      const message = CasesChangedMessage.parse(
        await lists[company].next((m) => m.case_token === caseToken && m.seq === seq),
      );
      const rows = (await get('caller/get-cases/company?limit=100', token)).data as { token: string }[];
      expect(message.row).toEqual(companyPart(rows.find((row) => row.token === caseToken)));
      expect(message.removed).toBe(false);
    }
    const queued = QueueChangedMessage.parse(
      await lists.queue.next((m) => m.queue === 'escalation' && 'token' in m.row && m.row.token === caseToken),
    );
    const queue = (await get('super_admin/escalation/queue/all-10?limit=100', tokens.admin)).data as {
      token: string;
    }[];
    expect(queued.row).toEqual(companyPart(queue.find((row) => row.token === caseToken)));
  }

  /** A REST row without the viewer's own read count: live rows are everyone's, and a client keeps the one it has. */
  function companyPart(row: { token: string; read_count?: unknown } | undefined) {
    if (!row) return row;
    const { read_count: _viewerOnly, ...shared } = row;
    return shared;
  }

  /** A case submitted by the submitting company's caller to the receiver's process; its token. */
  async function submitCase(number: string): Promise<string> {
    const submitted = await post(`caller/collaborate/${documentId}`, submitBody(number), tokens.submitter).expect(200);
    return submitted.body.case.token as string;
  }

  const acceptAsGina = (caseToken: string) =>
    post(`caller/case/${caseToken}/respond`, {
      status: 'accepted',
      engineer_name: 'Gina',
      engineer_email: 'gina@globex.test',
    }).expect(200);

  /** Each audience's message, applied to what it held, equals its next REST answer. */
  async function expectEveryAudienceCatchesUp(
    watched: Awaited<ReturnType<typeof watch>>,
    caseToken: string,
    type: CaseEventType,
  ): Promise<Record<CaseAudience, CaseEventMessage>> {
    const messages = {} as Record<CaseAudience, CaseEventMessage>;
    for (const audience of ['submitter', 'receiver', 'staff', 'link'] as const) {
      messages[audience] = CaseEventMessage.parse(await watched.events[audience].next((m) => m.type === type));
    }
    const next = await readPages(caseToken);
    for (const audience of ['submitter', 'receiver', 'staff'] as const) {
      expect(applyCaseEventToDetail(watched.pages[audience].case, messages[audience])).toEqual(next[audience].case);
    }
    expect(applyCaseEventToPublic(watched.pages.link, messages.link)).toEqual(next.link);
    watched.pages = next;
    return messages;
  }

  it('every entry of a case life, for all four audiences, and the rows of both lists and the queue', async () => {
    const lists = await listWatchers();
    const caseToken = await submitCase('LIVE-1');
    await expectListRowsMatch(lists, caseToken, 1);

    const watched = await watch(caseToken);
    const step = async (type: CaseEventType, act: () => Promise<unknown>) => {
      await act();
      const { submitter } = await expectEveryAudienceCatchesUp(watched, caseToken, type);
      await expectListRowsMatch(lists, caseToken, submitter.seq);
    };

    await step('information_requested', () =>
      post(`caller/case/${caseToken}/respond`, { status: 'information', next_steps: 'Send the array logs.' }).expect(
        200,
      ),
    );
    await step('information_supplied', () =>
      post(`caller/case/${caseToken}/respond`, {
        status: 'information-reply',
        additional_information: 'Logs are on the share.',
      }).expect(200),
    );
    await step('accepted', () =>
      post(`caller/case/${caseToken}/respond`, {
        status: 'accepted',
        case_number: 'GX-LIVE-1',
        engineer_name: 'Gina Globex',
        engineer_email: 'gina@globex.test',
      }).expect(200),
    );
    // The receiving company stops allowing notes: its members must not get the note (nor super admins, nor the link).
    await em().nativeUpdate(Company, receiver.id, { allowNotes: false });
    // Written past the api: its cached pages see the change once it has applied the notification.
    await settle(api);
    watched.pages = await readPages(caseToken);
    await step('note_added', () =>
      post(
        `caller/case/${caseToken}/note`,
        { summary: 'Live note', description: '<p>Seen by the submitter only.</p>' },
        tokens.submitter,
      ).expect(200),
    );
    await step('engineer_updated', () =>
      post(
        `caller/case/${caseToken}/update-response`,
        {
          case_number: 'GX-LIVE-2',
          engineer_name: 'Gus Globex',
          engineer_email: 'gus@globex.test',
        },
        tokens.receiver,
      ).expect(200),
    );
    await step('submission_updated', () =>
      post(
        `caller/case/${caseToken}/update-submission`,
        {
          case_number: 'LIVE-1B',
          engineer_name: 'Carl Jensen',
          engineer_email: caller.email,
        },
        tokens.submitter,
      ).expect(200),
    );
    await step('attachment_added', () =>
      api
        .http()
        .post(`/api/caller/case/${caseToken}/attachments`)
        .set(bearer(tokens.submitter))
        .field('description', 'Array logs')
        .attach('files', Buffer.from('%PDF-1.4 logs'), 'logs.pdf')
        .expect(200),
    );
    // Written as the worker writes them: the same libs/db writer, announced by the same rule after the commit.
    const kase = await em().findOneOrFail(Case, { token: caseToken });
    const attachment = await em().findOneOrFail(CaseAttachment, { case: kase.id });
    const asWorker = (type: CaseEventType, change: (tx: EntityManager) => Promise<unknown>, payload = {}) =>
      em().transactional(async (tx) => {
        await change(tx);
        await appendCaseEvent(tx, { caseId: kase.id, type, actorLabel: 'System', payload });
      });
    const file = { attachment_id: attachment.id, file: attachment.originalFilename };
    await step('attachment_failed', () =>
      asWorker(
        'attachment_failed',
        (tx) => tx.nativeUpdate(CaseAttachment, attachment.id, { uploadState: 'failed' }),
        file,
      ),
    );
    await step('attachment_uploaded', () =>
      asWorker(
        'attachment_uploaded',
        (tx) => tx.nativeUpdate(CaseAttachment, attachment.id, { uploadState: 'done' }),
        file,
      ),
    );
    await step('sla_late', () =>
      asWorker('sla_late', (tx) => tx.nativeUpdate(Case, kase.id, { lateAt: new Date() }), {
        late_at: new Date().toISOString(),
      }),
    );
    await step('closed', () =>
      post(`caller/case/${caseToken}/close`, { token: caseToken }, tokens.submitter).expect(200),
    );
  });

  it('a manager escalation linked to the case and its answer: members and super admins get it, the link not', async () => {
    const manager = await aUser(api, { company: receiver, role: 'business_manager' });
    const escalation = await aProcess(api, { company: receiver, type: 'manager', managers: { main: manager } });
    const caseToken = await submitCase('LIVE-4');
    const lists = await listWatchers();
    const watched = await watch(caseToken);
    const step = async (type: CaseEventType, act: () => Promise<unknown>) => {
      await act();
      const messages = await expectEveryAudienceCatchesUp(watched, caseToken, type);
      await expectListRowsMatch(lists, caseToken, messages.submitter.seq);
      expect(messages.link.escalation).toBeUndefined();
      return messages;
    };
    let requestToken = '';
    const sent = await step('manager_request_submitted', async () => {
      const created = await post(
        'manager/request/create',
        {
          first_name: caller.firstName,
          last_name: caller.lastName,
          email: caller.email,
          internal_reference: 'ACME-LIVE-4',
          vendor_reference: 'live-4',
          business_impact: 'Replication is stalled.',
          receive_company_id: receiver.id,
          contact_document_id: escalation.id,
        },
        tokens.submitter,
      ).expect(200);
      requestToken = created.body.request.token as string;
    });
    expect(sent.receiver.escalation).toMatchObject({ process: escalation.name, answer: null });
    const answered = await step('manager_request_answered', () =>
      post(`manager/request/response/${requestToken}`, {
        first_name: 'Mia',
        last_name: 'Manager',
        email: manager.email,
        notes: 'Engineer assigned.',
      }).expect(200),
    );
    expect(answered.submitter.escalation?.answer).toMatchObject({ answered_by: 'Mia Manager' });
  });

  it('a rejection, for all four audiences', async () => {
    await em().nativeUpdate(Company, receiver.id, { allowNotes: true });
    const caseToken = await submitCase('LIVE-2');
    await post(`caller/case/${caseToken}/respond`, { status: 'information', next_steps: 'Which array?' }).expect(200);
    const watched = await watch(caseToken);
    await post(`caller/case/${caseToken}/respond`, { status: 'rejected', next_steps: 'Not our product.' }).expect(200);
    await expectEveryAudienceCatchesUp(watched, caseToken, 'rejected');
  });

  it("an internal note from each side: its own company gets it; the partner, super admins and the token page don't", async () => {
    await em().nativeUpdate(Company, receiver.id, { allowNotes: true });
    await settle(api);
    const caseToken = await submitCase('LIVE-5');
    await acceptAsGina(caseToken);
    const lists = await listWatchers();
    const watched = await watch(caseToken);
    const internalSeqs: number[] = [];

    for (const [author, partner] of [
      ['submitter', 'receiver'],
      ['receiver', 'submitter'],
    ] as const) {
      const note = { summary: `Internal to the ${author}`, visibility: 'internal' };
      await post(`caller/case/${caseToken}/note`, note, tokens[author]).expect(200);
      // The author's company gets the entry with its note, and applying it gives its next page exactly.
      const own = CaseEventMessage.parse(await watched.events[author].next((m) => m.type === 'note_added'));
      expect(own.note).toMatchObject(note);
      const next = await readPages(caseToken);
      expect(applyCaseEventToDetail(watched.pages[author].case, own)).toEqual(next[author].case);
      expect(next[partner].case.notes.map((note) => note.summary)).not.toContain(`Internal to the ${author}`);
      internalSeqs.push(own.seq);

      // Then an entry every audience sees, applied by the others to the page they held before the internal note
      // (their seq jumps over it). The internal entry's messages were published before it, in order through the
      // same adapter, so an audience that has this one would already hold the internal one.
      watched.pages[author] = next[author];
      await post(`caller/case/${caseToken}/note`, { summary: `For both, from the ${author}` }, tokens[author]).expect(
        200,
      );
      const shared = await expectEveryAudienceCatchesUp(watched, caseToken, 'note_added');
      expect(shared[partner].note).toMatchObject({ summary: `For both, from the ${author}`, visibility: 'partner' });
      await expectListRowsMatch(lists, caseToken, shared.submitter.seq);
      for (const audience of [partner, 'staff', 'link'] as const) {
        expect(watched.events[audience].kept.map((message) => message.seq)).not.toContain(own.seq);
      }
      // No list row for the partner company, nor a queue row: nothing it sees changed.
      expect(lists[partner].kept.map((message) => message.seq)).not.toContain(own.seq);
      const queueSeqs = lists.queue.kept.map((message) => ('seq' in message ? message.seq : null));
      expect(queueSeqs).not.toContain(own.seq);
    }

    // A follower who was away replays its side's entries only: the seq has gaps where the other's internal notes are.
    const [bySubmitter, byReceiver] = internalSeqs;
    for (const [auth, own] of [
      [{ token: tokens.submitter }, [bySubmitter]],
      [{ token: tokens.receiver }, [byReceiver]],
      [{ token: tokens.admin }, []],
      [{ case_token: caseToken }, []],
    ] as const) {
      const replay = await followCase(await open(auth), caseToken, 0);
      if (!replay.ok) throw new Error(replay.error);
      const seqs = replay.missed.map((message) => message.seq);
      expect(internalSeqs.filter((seq) => seqs.includes(seq))).toEqual(own);
    }
  });

  it('a follower who was away replays the missed entries as its audience sees them', async () => {
    const caseToken = await submitCase('LIVE-3');
    await acceptAsGina(caseToken);
    await post(`caller/case/${caseToken}/note`, { summary: 'While you were away' }, tokens.receiver).expect(200);
    const link = await open({ case_token: caseToken });
    const replay = await followCase(link, caseToken, 0);
    if (!replay.ok) throw new Error(replay.error);
    expect(replay.complete).toBe(true);
    expect(replay.missed.map((message) => message.type)).toEqual(['submitted', 'accepted', 'note_added']);
    // The token page gets no notes, and no member controls.
    for (const message of replay.missed) {
      expect(CaseEventMessage.parse(message).note).toBeUndefined();
      expect(message.controls).toBeUndefined();
    }
    const member = await open({ token: tokens.submitter });
    const memberReplay = await followCase(member, caseToken, 0);
    if (!memberReplay.ok) throw new Error(memberReplay.error);
    expect(memberReplay.missed.at(-1)?.note).toMatchObject({ summary: 'While you were away' });
  });
});
