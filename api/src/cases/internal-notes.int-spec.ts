import type { CaseDetail, CollaborationNoteList, FeedEvent, FeedPage } from '@casebridge/contracts';
import { CaseEvent, CaseNote, type Case } from '@casebridge/db';
import ExcelJS from 'exceljs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { bearer, startApi, type ApiHarness } from '../../../test/kit/api-harness';
import { startExportWorker, type ExportWorker } from '../../../test/kit/export-worker';
import {
  aCase,
  aCompany,
  aProcess,
  aSignedInUser,
  aSuperAdmin,
  emOf,
  feedCaughtUp,
  signedIn,
} from '../../../test/kit/factories';
import { collect, connectLive, type LiveClient } from '../../test/live-clients';

/**
 * Internal notes (issue 28): a note kept for its author's company is read by that company only. The other company
 * reads nothing of it through any door: the case page, the Connect API's notes and change feed, the audit timeline
 * export. (Live events: case-event-visibility.int-spec; webhooks: the worker's notifications.int-spec.)
 */
describe('internal notes stay with their company (real PostgreSQL and Redis)', () => {
  let api: ApiHarness;
  let worker: ExportWorker;
  let storage: string;
  let kase: Case;
  const sockets: LiveClient[] = [];
  const tokens = { ours: '', partner: '', admin: '' };
  /** The notes written in beforeAll, by summary. */
  const notes = {
    oursInternal: 'Ours: customer is unhappy',
    oursShared: 'Ours: logs attached',
    partnerInternal: 'Partner: escalate to tier 3',
  };

  const addNote = (token: string, body: object) =>
    api.http().post(`/api/caller/case/${kase.token}/note`).set(bearer(token)).send(body);
  const caseDetail = async (token: string) =>
    (await api.http().get(`/api/caller/case-details/${kase.token}`).set(bearer(token)).expect(200)).body
      .case as CaseDetail;

  beforeAll(async () => {
    storage = await mkdtemp(join(tmpdir(), 'casebridge-internal-notes-'));
    api = await startApi({ STORAGE_DIR: storage });
    worker = await startExportWorker();
    const [ourCompany, partnerCompany] = [await aCompany(api), await aCompany(api)];
    const ours = await aSignedInUser(api, { company: ourCompany, role: 'caller' });
    tokens.ours = ours.token;
    tokens.partner = (await aSignedInUser(api, { company: partnerCompany, role: 'business_manager' })).token;
    tokens.admin = await signedIn(api, await aSuperAdmin(api));
    kase = await aCase(api, {
      from: ours.user,
      to: await aProcess(api, { company: partnerCompany }),
      status: 'accepted',
    });

    await addNote(tokens.ours, { summary: notes.oursInternal, visibility: 'internal' }).expect(200);
    await addNote(tokens.ours, { summary: notes.oursShared }).expect(200);
    await addNote(tokens.partner, { summary: notes.partnerInternal, visibility: 'internal' }).expect(200);
  });
  afterAll(async () => {
    sockets.forEach((socket) => socket.close());
    await worker?.close();
    await api?.close();
    await rm(storage, { recursive: true, force: true });
  });

  it('refuses a visibility that is neither partner nor internal with a 422 on that field, and writes nothing', async () => {
    const before = await emOf(api).count(CaseNote, { case: kase.id });
    const refused = await addNote(tokens.ours, { summary: 'Who sees this?', visibility: 'secret' }).expect(422);
    expect(refused.body.errors).toEqual({ visibility: ['The visibility must be partner or internal.'] });
    expect(await emOf(api).count(CaseNote, { case: kase.id })).toBe(before);
  });

  it("shows each company its own internal notes and the partner notes, never the other's internal ones", async () => {
    const ours = await caseDetail(tokens.ours);
    expect(ours.notes.map((note) => [note.summary, note.visibility])).toEqual([
      [notes.oursShared, 'partner'],
      [notes.oursInternal, 'internal'],
    ]);
    const partner = await caseDetail(tokens.partner);
    expect(partner.notes.map((note) => [note.summary, note.visibility])).toEqual([
      [notes.partnerInternal, 'internal'],
      [notes.oursShared, 'partner'],
    ]);
    // Super admins see no notes at all, internal ones included.
    expect((await caseDetail(tokens.admin)).notes).toEqual([]);
  });

  it('answers the Connect API notes list alike, with the visibility of each note, and adds internal notes', async () => {
    const list = async (token: string) =>
      (await api.http().get(`/api/v1/collaboration-requests/${kase.token}/notes`).set(bearer(token)).expect(200))
        .body as CollaborationNoteList;
    expect((await list(tokens.partner)).data.map((note) => [note.summary, note.visibility])).toEqual([
      [notes.partnerInternal, 'internal'],
      [notes.oursShared, 'partner'],
    ]);
    expect((await list(tokens.ours)).data.map((note) => note.summary)).not.toContain(notes.partnerInternal);

    // Written through the Connect API, an internal note stays with its company just as well.
    const added = await api
      .http()
      .post(`/api/v1/collaboration-requests/${kase.token}/notes`)
      .set(bearer(tokens.partner))
      .send({ summary: 'Partner: via the CRM', visibility: 'internal' })
      .expect(200);
    expect(added.body).toMatchObject({ summary: 'Partner: via the CRM', visibility: 'internal' });
    expect((await list(tokens.ours)).data.map((note) => note.summary)).not.toContain('Partner: via the CRM');
  });

  it("leaves the other company's internal note out of a change feed entirely, its own in with the note", async () => {
    await feedCaughtUp(api);
    const internalSeqOf = async (summary: string) =>
      (await emOf(api).findOneOrFail(CaseEvent, { case: kase.id, type: 'note_added', payload: { summary } })).seq;
    const oursSeq = await internalSeqOf(notes.oursInternal);
    const partnerSeq = await internalSeqOf(notes.partnerInternal);
    const feedOf = async (token: string) => {
      const events: FeedEvent[] = [];
      let after: string | undefined;
      for (;;) {
        const page = (
          await api
            .http()
            .get('/api/v1/events')
            .query({ limit: 100, ...(after ? { after } : {}) })
            .set(bearer(token))
            .expect(200)
        ).body as FeedPage;
        events.push(...page.data.filter((event) => event.case_token === kase.token));
        after = page.next_cursor ?? after;
        if (!page.has_more) return events;
      }
    };
    const ours = await feedOf(tokens.ours);
    expect(ours.map((event) => event.seq)).not.toContain(partnerSeq);
    expect(ours.find((event) => event.seq === oursSeq)?.note).toMatchObject({
      summary: notes.oursInternal,
      visibility: 'internal',
    });
    const partner = await feedOf(tokens.partner);
    expect(partner.map((event) => event.seq)).not.toContain(oursSeq);
    expect(partner.find((event) => event.seq === partnerSeq)?.note).toMatchObject({ visibility: 'internal' });
    // Both still see the shared note's entry.
    for (const feed of [ours, partner]) {
      expect(feed.some((event) => event.note?.summary === notes.oursShared)).toBe(true);
    }
  });

  it("keeps the other company's internal note and its entry out of the audit timeline export", async () => {
    const socket = await connectLive(api, { token: tokens.partner });
    sockets.push(socket);
    const statuses = collect(socket, 'export.status');
    const created = await api
      .http()
      .post('/api/exports')
      .set(bearer(tokens.partner))
      .send({ kind: 'case_audit', params: { token: kase.token } })
      .expect(200);
    const id = created.body.export.id as number;
    await statuses.next((message) => message.export_id === id && message.status === 'ready', 20_000);
    const file = await api
      .http()
      .get(`/api/exports/${id}/download`)
      .set(bearer(tokens.partner))
      .buffer(true)
      .parse((response, done) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => done(null, Buffer.concat(chunks)));
      })
      .expect(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(file.body as ArrayBuffer);
    const rows: unknown[][] = [];
    workbook.worksheets[0].eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
    const text = JSON.stringify(rows);

    expect(text).toContain(notes.partnerInternal);
    expect(text).toContain(notes.oursShared);
    expect(text).not.toContain(notes.oursInternal);
    // Its note_added entry is gone too (the payload names the summary), leaving a gap in the seq column.
    const oursEntry = await emOf(api).findOneOrFail(CaseEvent, {
      case: kase.id,
      type: 'note_added',
      payload: { summary: notes.oursInternal },
    });
    const seqs = rows
      .slice(1)
      .filter((row) => row[2] === 'Event')
      .map((row) => row[0]);
    expect(seqs).not.toContain(oursEntry.seq);
    expect(seqs).toContain(oursEntry.seq + 1);
  });
});
