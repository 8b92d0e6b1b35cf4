import {
  CASE_STATUS_LABELS,
  ESCALATION_CASE_DELETED,
  LIMITS,
  MESSAGES,
  PRIORITY_QUEUE_LABELS,
  SERVER_EVENTS,
  SOCKET_PATH,
  type EscalationPage,
  type EscalationRow,
  type ExportShape,
  type QueueChangedMessage,
} from '@casebridge/contracts';
import { Case } from '@casebridge/db';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { io } from 'socket.io-client';
import { bearer, startApi, type ApiHarness } from '../../../../test/kit/api-harness';
import { exportSheetRows, finishedExport } from '../../../test/export-files';
import { startExportWorker, type ExportWorker } from '../../../../test/kit/export-worker';
import { aCase, aCaseRow, aCompany, aProcess, aSuperAdmin, aUser, signedIn } from '../../../../test/kit/factories';
import { orm } from '../../../../test/kit/member-fixtures';

const DAY_MS = 24 * 3600 * 1000;
const UNANSWERED = ['open', 'information'];

describe('back office: escalation queue, case details, delete and spreadsheet', () => {
  let api: ApiHarness;
  let worker: ExportWorker;
  let storage: string;
  let admin: string;
  let manager: string;
  let caller: string;
  // Cases between a factory submitter company and a receiver, beside whatever else the database holds (the queue is
  // compared with every live case): open (driven through the api, for the super admin to answer), waiting for
  // information, open and late, accepted and late, accepted 20 days ago, and one for the delete.
  const ours = { open: 0, late: 0, toDelete: 0 };

  const get = (path: string, token = admin) => api.http().get(`/api/${path}`).set(bearer(token));
  const page = async (path: string): Promise<EscalationPage> => (await get(path).expect(200)).body;

  /** Every live, real case as the database has it, for comparing with the queue's answers. */
  async function liveCases(): Promise<Case[]> {
    return orm(api).find(
      Case,
      { deletedAt: null, isSample: false },
      { populate: ['submitterCompany', 'receiverCompany', 'document'], orderBy: { createdAt: 'desc', id: 'desc' } },
    );
  }

  beforeAll(async () => {
    storage = await mkdtemp(join(tmpdir(), 'casebridge-sa-escalation-'));
    api = await startApi({ STORAGE_DIR: storage });
    worker = await startExportWorker();
    const submitter = await aCompany(api);
    const receiver = await aCompany(api);
    const submitterCaller = await aUser(api, { company: submitter, role: 'caller' });
    const process = await aProcess(api, { company: receiver });
    const lateAt = new Date(Date.now() - DAY_MS);
    ours.open = (await aCase(api, { from: submitterCaller, to: process, priority: 'high' })).id;
    await aCaseRow(api, { from: submitterCaller, to: process, status: 'information', priority: 'medium' });
    ours.late = (await aCaseRow(api, { from: submitterCaller, to: process, overrides: { lateAt } })).id;
    // Answered yet late (late must still mean waiting), and one case older than ten days.
    await aCaseRow(api, { from: submitterCaller, to: process, status: 'accepted', overrides: { lateAt } });
    await aCaseRow(api, { from: submitterCaller, to: process, createdAt: new Date(Date.now() - 20 * DAY_MS) });
    ours.toDelete = (await aCaseRow(api, { from: submitterCaller, to: process, status: 'information' })).id;
    admin = await signedIn(api, await aSuperAdmin(api));
    manager = await signedIn(api, await aUser(api, { company: submitter, role: 'business_manager' }));
    caller = await signedIn(api, submitterCaller);
  }, 60_000);
  afterAll(async () => {
    await worker?.close();
    await api?.close();
    await rm(storage, { recursive: true, force: true });
  });

  it('answers the open filter newest first with the queue columns and the paging fields', async () => {
    const expected = (await liveCases()).filter((kase) => UNANSWERED.includes(kase.status));
    expect(expected.length).toBeGreaterThan(1);
    const answer = await page('super_admin/escalation/queue/open');
    expect(answer).toMatchObject({ per_page: LIMITS.pageSize, current_page: 1, total: expected.length, last_page: 1 });
    expect(answer.data.map((row) => row.id)).toEqual(expected.map((kase) => kase.id));
    const first = expected[0];
    expect(answer.data[0]).toEqual({
      id: first.id,
      token: first.token,
      internal_case_number: first.internalCaseNumber,
      company: { id: first.submitterCompany.id, name: first.submitterCompany.name },
      receiver: { id: first.receiverCompany.id, name: first.receiverCompany.name },
      priority: first.priority,
      created_at: first.createdAt.toISOString(),
      document: {
        id: first.document.id,
        name: first.document.name,
        company_id: first.receiverCompany.id,
        document_type: expect.any(String),
      },
      status: first.status,
      late: first.lateAt !== null,
      turn: first.turn,
      // The row's one "submitted" entry; the super admin never opened nor watched it: no unread mark.
      entry_count: first.entriesStaff,
      read_count: null,
    });
  });

  it('filters late cases (late and still waiting) and the cases of the last 10 days', async () => {
    const cases = await liveCases();
    const late = (await page('super_admin/escalation/queue/late')).data;
    const expectedLate = cases.filter((kase) => kase.lateAt !== null && UNANSWERED.includes(kase.status));
    expect(expectedLate.map((kase) => kase.id)).toContain(ours.late);
    expect(cases.some((kase) => kase.lateAt !== null && !UNANSWERED.includes(kase.status))).toBe(true);
    expect(late.map((row) => row.id)).toEqual(expectedLate.map((kase) => kase.id));
    expect(late.every((row) => row.late && UNANSWERED.includes(row.status))).toBe(true);

    const recent = (await page('super_admin/escalation/queue/all-10?limit=100')).data;
    const since = Date.now() - LIMITS.escalationRecentDays * DAY_MS;
    const expectedRecent = cases.filter((kase) => kase.createdAt.getTime() >= since);
    expect(recent.map((row) => row.id)).toEqual(expectedRecent.map((kase) => kase.id));
    expect(expectedRecent.length).toBeLessThan(cases.length);
    expect(new Set(recent.map((row) => row.status)).size).toBeGreaterThan(1);
  });

  it('pages, sorts by whitelisted columns, searches, and refuses what it does not know', async () => {
    const all = (await page('super_admin/escalation/queue/all-10?limit=100')).data;
    const second = await page('super_admin/escalation/queue/all-10?limit=2&page=2');
    expect(second).toMatchObject({ per_page: 2, current_page: 2, total: all.length });
    expect(second.last_page).toBe(Math.ceil(all.length / 2));
    expect(second.data.map((row) => row.id)).toEqual(all.slice(2, 4).map((row) => row.id));
    expect((await page('super_admin/escalation/queue/all-10?limit=1000')).per_page).toBe(LIMITS.maxPageSize);

    const byNumber = (await page('super_admin/escalation/queue/all-10?sort=internal_case_number&dir=asc&limit=100'))
      .data;
    const numbers = byNumber.map((row) => row.internal_case_number);
    expect(numbers).toEqual([...numbers].sort((a, b) => a.localeCompare(b, 'en', { sensitivity: 'base' })));
    const byPriority = (await page('super_admin/escalation/queue/all-10?sort=priority&dir=asc&limit=100')).data;
    const rank = { high: 1, medium: 2, low: 3 };
    const ranks = byPriority.map((row) => rank[row.priority]);
    expect(ranks).toEqual([...ranks].sort());

    const one = all[0];
    const found = (await page(`super_admin/escalation/queue/all-10?q=${encodeURIComponent(one.internal_case_number)}`))
      .data;
    expect(found.map((row) => row.id)).toEqual([one.id]);
    expect((await page('super_admin/escalation/queue/all-10?q=%25%25')).total).toBe(0);

    const badSort = await get('super_admin/escalation/queue/open?sort=summary').expect(422);
    expect(Object.keys(badSort.body.errors)).toEqual(['sort']);
    await get('super_admin/escalation/queue/open?dir=up').expect(422);
    await get('super_admin/escalation/queue/open?page=0').expect(422);
    const badFilter = await get('super_admin/escalation/queue/closed').expect(422);
    expect(Object.keys(badFilter.body.errors)).toEqual(['filter']);
    await get('super_admin/escalation/queue/open?filter=late').expect(422);
    await get('super_admin/escalation/queue/open', manager).expect(403);
    await get('super_admin/escalation/queue/open', caller).expect(403);
  });

  it('shows a case for the super admin to answer as the receiving side, through the case token', async () => {
    const open = (await page('super_admin/escalation/queue/open?limit=100')).data.find((row) => row.id === ours.open)!;
    expect(open.status).toBe('open');
    const details = await get(`super_admin/escalation/${open.id}/details`).expect(200);
    expect(details.body.case).toMatchObject({
      id: open.id,
      token: open.token,
      internal_case_number: open.internal_case_number,
      status: 'open',
      company: { name: open.company.name },
      receiver: { name: open.receiver.name },
      document: { name: open.document.name },
    });
    expect(Array.isArray(details.body.case.customer_data)).toBe(true);
    expect(details.body.allowed).toEqual({
      accept: true,
      request_information: true,
      reject: false,
      provide_information: false,
    });

    const socket = io(api.url, {
      path: SOCKET_PATH,
      auth: { token: admin },
      transports: ['websocket'],
      forceNew: true,
    });
    await new Promise<void>((resolve, reject) => {
      socket.once('connect', () => resolve());
      socket.once('connect_error', reject);
    });
    const pushed = new Promise<QueueChangedMessage>((resolve) => socket.once(SERVER_EVENTS.queueChanged, resolve));
    const answered = await api
      .http()
      .post(`/api/caller/case/${open.token}/respond`)
      .set(bearer(admin))
      .send({ status: 'information', next_steps: 'Please send the array serial number.' })
      .expect(200);
    expect(answered.body).toEqual({ message: MESSAGES.responseSent, status: 'information' });
    // The queue row itself, as the queue lists it, now waiting for information.
    await expect(pushed).resolves.toEqual({
      queue: 'escalation',
      seq: expect.any(Number),
      removed: false,
      row: expect.objectContaining({ token: open.token, status: 'information' }),
    });
    socket.close();

    const after = (await get(`super_admin/escalation/${open.id}/details`).expect(200)).body;
    expect(after.case.status).toBe('information');
    expect(after.case.responses.at(-1)).toMatchObject({
      type: 'information-request',
      next_steps: 'Please send the array serial number.',
    });
    expect(after.allowed).toMatchObject({ accept: true, request_information: false, reject: true });

    await get('super_admin/escalation/999999/details').expect(404);
    await get('super_admin/escalation/x/details').expect(422);
    await get(`super_admin/escalation/${open.id}/details`, manager).expect(403);
  });

  it('deletes a case with a message: it leaves the queue, the case page and the token link', async () => {
    const row = (await page('super_admin/escalation/queue/all-10?limit=100')).data.find(
      (item) => item.id === ours.toDelete,
    )!;
    await get(`super_admin/escalation/${row.id}/delete`, manager).expect(403);
    const deleted = await get(`super_admin/escalation/${row.id}/delete`).expect(200);
    expect(deleted.body).toEqual({ success: true, message: ESCALATION_CASE_DELETED });

    const stored = await orm(api).findOneOrFail(Case, row.id);
    expect(stored.deletedAt).not.toBeNull();
    const queue = (await page('super_admin/escalation/queue/all-10?limit=100')).data;
    expect(queue.map((item: EscalationRow) => item.id)).not.toContain(row.id);
    await get(`super_admin/escalation/${row.id}/details`).expect(404);
    await get(`caller/case-details/${row.token}`, manager).expect(404);
    await api.http().get(`/api/caller/case/${row.token}`).expect(404);
    await get(`super_admin/escalation/${row.id}/delete`).expect(404);
    await get('super_admin/escalation/999999/delete').expect(404);
  });

  it('exports a filter as escalation.YYMMDD.xlsx, with optional days (a lone end date has start 0)', async () => {
    const late = (await page('super_admin/escalation/queue/late')).data;
    const started = await get('super_admin/escalation/report/late').expect(200);
    const done = await finishedExport(api, admin, started.body.export as ExportShape);
    expect(done.status).toBe('ready');
    expect(done.kind).toBe('escalation');
    expect(done.file_name).toMatch(/^escalation\.\d{6}\.xlsx$/);
    const rows = await exportSheetRows(api, admin, done.id);
    expect(rows[0]).toEqual([
      'Case#',
      'Company',
      'Receiver',
      'Priority',
      'Created (UTC)',
      'Document',
      'Status',
      'Late Since (UTC)',
    ]);
    expect(rows.slice(1).map((cells) => cells[0])).toEqual(late.map((row) => row.internal_case_number));
    expect(rows[1].slice(1, 4)).toEqual([
      late[0].company.name,
      late[0].receiver.name,
      PRIORITY_QUEUE_LABELS[late[0].priority],
    ]);
    expect(rows[1][6]).toBe(CASE_STATUS_LABELS[late[0].status]);

    // Days: only cases created on them count. Tomorrow and later holds none; a lone end date of today holds all.
    const today = new Date().toISOString().slice(0, 10);
    const tomorrow = new Date(Date.now() + DAY_MS).toISOString().slice(0, 10);
    const future = await get(`super_admin/escalation/report/open/${tomorrow}`).expect(200);
    expect((await finishedExport(api, admin, future.body.export)).rows).toBe(0);
    const open = (await page('super_admin/escalation/queue/open?limit=100')).total;
    const untilToday = await get(`super_admin/escalation/report/open/0/${today}`).expect(200);
    expect((await finishedExport(api, admin, untilToday.body.export)).rows).toBe(open);

    const badDay = await get('super_admin/escalation/report/open/2026-02-31').expect(422);
    expect(Object.keys(badDay.body.errors)).toEqual(['start']);
    await get(`super_admin/escalation/report/open/${tomorrow}/${today}`).expect(422);
    await get('super_admin/escalation/report/closed').expect(422);
    await get('super_admin/escalation/report/late', manager).expect(403);
  });

  it('takes YY-MM-DD days as the other reports do, as well as YYYY-MM-DD', async () => {
    const today = new Date().toISOString().slice(0, 10);
    const open = (await page('super_admin/escalation/queue/open?limit=100')).total;
    const short = await get(`super_admin/escalation/report/open/${today.slice(2)}/${today.slice(2)}`).expect(200);
    const startedToday = (await finishedExport(api, admin, short.body.export)).rows;
    const long = await get(`super_admin/escalation/report/open/${today}/${today}`).expect(200);
    expect((await finishedExport(api, admin, long.body.export)).rows).toBe(startedToday);
    const untilToday = await get(`super_admin/escalation/report/open/0/${today.slice(2)}`).expect(200);
    expect((await finishedExport(api, admin, untilToday.body.export)).rows).toBe(open);
    const badDay = await get('super_admin/escalation/report/open/26-02-31').expect(422);
    expect(badDay.body.errors.start).toEqual(['The start date must be a valid date (YY-MM-DD or YYYY-MM-DD) or 0.']);
  });
});
