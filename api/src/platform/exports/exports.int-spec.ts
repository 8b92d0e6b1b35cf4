import {
  SERVER_EVENTS,
  SOCKET_PATH,
  type ExportShape,
  type ExportStatusMessage,
  type ServerToClientEvents,
} from '@casebridge/contracts';
import { Case, ExportJob, User } from '@casebridge/db';
import { loadServerConfig } from '@casebridge/server-core';
import ExcelJS from 'exceljs';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { io, type Socket } from 'socket.io-client';
import { bearer, startApi, type ApiHarness } from '../../../../test/kit/api-harness';
import { startExportWorker, type ExportWorker } from '../../../../test/kit/export-worker';
import { aCase, aCaseRow, aCompany, aProcess, aSignedInUser, aUser, uniqueName } from '../../../../test/kit/factories';
import { orm } from '../../../../test/kit/member-fixtures';
import { safeCell } from '../../../../test/kit/worker-parts';
import { exportFileLink } from './export-links';

type ClientSocket = Socket<ServerToClientEvents>;

const USAGE_HEADER = ['Type', 'Case#', 'Partner', 'Request Date (UTC)', 'Response Date (UTC)', 'Case Token'];
const AUDIT_HEADER = ['Seq', 'When (UTC)', 'Entry', 'Type', 'Who', 'Details'];

function connect(api: ApiHarness, token: string): Promise<ClientSocket> {
  const socket: ClientSocket = io(api.url, {
    path: SOCKET_PATH,
    auth: { token },
    transports: ['websocket'],
    reconnection: false,
    forceNew: true,
  });
  return new Promise((resolve, reject) => {
    socket.once('connect', () => resolve(socket));
    socket.once('connect_error', reject);
  });
}

/** Collects every export.status message of a socket, and waits for one. */
function statusLog(socket: ClientSocket) {
  const messages: ExportStatusMessage[] = [];
  const waiters: { match: (m: ExportStatusMessage) => boolean; resolve: (m: ExportStatusMessage) => void }[] = [];
  socket.on(SERVER_EVENTS.exportStatus, (message) => {
    messages.push(message);
    for (const waiter of [...waiters]) {
      if (waiter.match(message)) {
        waiters.splice(waiters.indexOf(waiter), 1);
        waiter.resolve(message);
      }
    }
  });
  return {
    messages,
    waitFor(exportId: number, status: ExportStatusMessage['status'], timeoutMs = 20_000) {
      const match = (m: ExportStatusMessage) => m.export_id === exportId && m.status === status;
      const seen = messages.find(match);
      if (seen) return Promise.resolve(seen);
      return new Promise<ExportStatusMessage>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`no ${status} for export ${exportId}`)), timeoutMs);
        waiters.push({
          match,
          resolve: (m) => {
            clearTimeout(timer);
            resolve(m);
          },
        });
      });
    },
  };
}

/** The first sheet of an .xlsx body as rows of cell values (header included). */
async function readSheet(body: Buffer): Promise<unknown[][]> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(body as unknown as ArrayBuffer);
  const sheet = workbook.worksheets[0];
  const rows: unknown[][] = [];
  sheet.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
  return rows;
}

/** supertest parser that keeps the body as a Buffer (the file), whatever its content type. */
function binary(
  response: { on: (event: string, listener: (chunk?: Buffer) => void) => void },
  done: (error: Error | null, body: Buffer) => void,
) {
  const chunks: Buffer[] = [];
  response.on('data', (chunk?: Buffer) => chunks.push(chunk as Buffer));
  response.on('end', () => done(null, Buffer.concat(chunks)));
}

describe('exports: one mechanism, api → queue → worker → file → socket → download', () => {
  let api: ApiHarness;
  let worker: ExportWorker;
  let storage: string;
  // Business managers of three companies of this file: ours, our partner (who receives our case) and a third.
  let ours: { user: User; token: string };
  let partnerAdmin: string;
  let thirdAdmin: string;
  let thirdCompanyId: number;
  let caseToken: string;
  /** Every case our company is part of: the usage report lists exactly these. */
  const ourCaseTokens: string[] = [];
  /** A case between the two others, copied into the third company's bulk cases. */
  let template: Case;
  const sockets: ClientSocket[] = [];
  /** The usage report built by one test, whose link the next one asks for. */
  let usageExport: { id: number; fileName: string } | undefined;

  const download = (token: string, id: number) =>
    api.http().get(`/api/exports/${id}/download`).set(bearer(token)).buffer(true).parse(binary);

  beforeAll(async () => {
    storage = mkdtempSync(join(tmpdir(), 'casebridge-exports-'));
    api = await startApi({ STORAGE_DIR: storage });
    worker = await startExportWorker();
    const [ourCompany, partnerCompany, thirdCompany] = [await aCompany(api), await aCompany(api), await aCompany(api)];
    ours = await aSignedInUser(api, { company: ourCompany, role: 'business_manager' });
    partnerAdmin = (await aSignedInUser(api, { company: partnerCompany, role: 'business_manager' })).token;
    thirdAdmin = (await aSignedInUser(api, { company: thirdCompany, role: 'business_manager' })).token;
    thirdCompanyId = thirdCompany.id;
    const [ourProcess, partnerProcess] = [
      await aProcess(api, { company: ourCompany }),
      await aProcess(api, { company: partnerCompany }),
    ];
    const ourCaller = await aUser(api, { company: ourCompany, role: 'caller' });
    const partnerCaller = await aUser(api, { company: partnerCompany, role: 'caller' });
    // A closed case has a timeline of several events and responses (submitted, accepted, closed).
    const kase = await aCase(api, { from: ourCaller, to: partnerProcess, status: 'closed' });
    caseToken = kase.token;
    const outbound = await aCaseRow(api, { from: ourCaller, to: partnerProcess, status: 'accepted' });
    const inbound = await aCaseRow(api, { from: partnerCaller, to: ourProcess });
    ourCaseTokens.push(kase.token, outbound.token, inbound.token);
    const otherCaller = await aUser(api, { company: await aCompany(api), role: 'caller' });
    template = await aCaseRow(api, { from: otherCaller, to: partnerProcess });
  });

  afterAll(async () => {
    sockets.forEach((socket) => socket.close());
    await worker?.close();
    await api?.close();
    rmSync(storage, { recursive: true, force: true });
  });

  it('refuses bad params with 422 naming the field', async () => {
    const backwards = await api
      .http()
      .post('/api/exports')
      .set(bearer(ours.token))
      .send({ kind: 'usage', params: { start: '2026-03-10', end: '2026-03-01' } })
      .expect(422);
    expect(backwards.body.errors['params.start']).toEqual(['The start date must be before the end date.']);
    const unknown = await api.http().post('/api/exports').set(bearer(ours.token)).send({ kind: 'nope' }).expect(422);
    expect(unknown.body.errors.kind).toEqual(['The export kind is not known.']);
    const noToken = await api
      .http()
      .post('/api/exports')
      .set(bearer(ours.token))
      .send({ kind: 'case_audit', params: {} })
      .expect(422);
    expect(noToken.body.errors['params.token']).toEqual(['The case token is required.']);

    const tooLong = await api
      .http()
      .get('/api/admin/company/reports/usage/export')
      .query({ start: '2025-01-01', end: '2026-01-02' })
      .set(bearer(ours.token))
      .expect(422);
    expect(tooLong.body.errors.end).toEqual(['The date range may not be longer than 366 days.']);
    const notADate = await api
      .http()
      .get('/api/admin/company/reports/usage')
      .query({ start: '2026-02-31' })
      .set(bearer(ours.token))
      .expect(422);
    expect(notADate.body.errors.start).toEqual(['The start date must be a valid date (YYYY-MM-DD).']);
    expect(await orm(api).count(ExportJob, { user: ours.user.id })).toBe(0);
  });

  it("answers 404 for another company's case audit and for another user's export", async () => {
    const refused = await api
      .http()
      .post('/api/exports')
      .set(bearer(thirdAdmin))
      .send({ kind: 'case_audit', params: { token: caseToken } })
      .expect(404);
    expect(refused.body).toEqual({ error: 'Case not found.' });

    const mine = await api.http().get('/api/admin/company/reports/usage/export').set(bearer(ours.token)).expect(200);
    const id = (mine.body.export as ExportShape).id;
    await api.http().get(`/api/exports/${id}`).set(bearer(partnerAdmin)).expect(404, { error: 'Export not found.' });
    await api.http().get(`/api/exports/${id}/download`).set(bearer(partnerAdmin)).expect(404);
    // Not even an admin of the same company reaches it.
    await api
      .http()
      .get(`/api/exports/${id}`)
      .set((await aSignedInUser(api, { company: ours.user.company!, role: 'program_manager' })).auth)
      .expect(404);
  });

  it('answers 409 before the file is ready and 410 once it expired', async () => {
    const em = orm(api);
    const owner = em.getReference(User, ours.user.id);
    const building = em.create(ExportJob, { user: owner, kind: 'usage', status: 'building', params: {} });
    const expired = em.create(ExportJob, {
      user: owner,
      kind: 'usage',
      status: 'expired',
      fileName: 'usage.260101.xlsx',
      params: {},
    });
    await em.flush();
    const notReady = await download(ours.token, building.id).expect(409);
    expect(JSON.parse(notReady.body.toString())).toEqual({
      error: 'The export is not ready yet. Please wait for it to finish.',
    });
    const gone = await download(ours.token, expired.id).expect(410);
    expect(JSON.parse(gone.body.toString()).error).toMatch(/expired/);
  });

  it('builds the usage report, announces it on the socket and serves a valid spreadsheet', async () => {
    const socket = await connect(api, ours.token);
    sockets.push(socket);
    const log = statusLog(socket);

    const created = await api.http().get('/api/admin/company/reports/usage/export').set(bearer(ours.token)).expect(200);
    const queued = created.body.export as ExportShape;
    expect(queued).toMatchObject({ kind: 'usage', status: 'queued', file_name: null });

    const ready = await log.waitFor(queued.id, 'ready');
    usageExport = { id: queued.id, fileName: ready.file_name! };
    expect(ready.file_name).toMatch(/^usage\.\d{6}\.xlsx$/);
    expect(log.messages.filter((m) => m.export_id === queued.id).map((m) => m.status)).toEqual([
      'queued',
      'building',
      'ready',
    ]);

    const status = (await api.http().get(`/api/exports/${queued.id}`).set(bearer(ours.token)).expect(200)).body
      .export as ExportShape;
    expect(status.status).toBe('ready');
    expect(status.expires_at).not.toBeNull();

    const report = await api
      .http()
      .get('/api/admin/company/reports/usage')
      .query({ limit: 100 })
      .set(bearer(ours.token))
      .expect(200);
    // Our company's cases in the last 30 days, both ways: the three made above.
    expect(report.body.total).toBe(ourCaseTokens.length);
    expect(new Set(report.body.data.map((row: { token: string }) => row.token))).toEqual(new Set(ourCaseTokens));

    const file = await download(ours.token, queued.id).expect(200);
    expect(file.headers['content-disposition']).toContain(ready.file_name!);
    const rows = await readSheet(file.body);
    expect(rows[0]).toEqual(USAGE_HEADER);
    expect(rows).toHaveLength(report.body.total + 1);
    expect(status.rows).toBe(report.body.total);
    const tokens = rows.slice(1).map((row) => row[5]);
    // A token may start with '-': the sheet then holds it escaped as text, as every export cell is.
    expect(new Set(tokens)).toEqual(new Set(report.body.data.map((row: { token: string }) => safeCell(row.token))));
  });

  it('hands its owner a link of 60 s that downloads the file without the token; forged and stale links get 403', async () => {
    const { id, fileName } = usageExport!;
    await api.http().post(`/api/exports/${id}/link`).set(bearer(partnerAdmin)).expect(404);
    const answer = (await api.http().post(`/api/exports/${id}/link`).set(bearer(ours.token)).expect(200)).body as {
      url: string;
      expires_at: string;
    };
    const url = new URL(answer.url, api.url);
    expect(url.pathname).toBe(`/api/exports/${id}/file`);
    expect(new Date(answer.expires_at).getTime() - Date.now()).toBeGreaterThan(50_000);
    expect(new Date(answer.expires_at).getTime() - Date.now()).toBeLessThanOrEqual(60_000);

    const file = await api.http().get(`${url.pathname}${url.search}`).buffer(true).parse(binary).expect(200);
    expect(file.headers['content-disposition']).toContain(fileName);
    expect(await readSheet(file.body)).toEqual(await readSheet((await download(ours.token, id).expect(200)).body));

    const forged = new URLSearchParams(url.search);
    forged.set('signature', 'A'.repeat(43));
    await api.http().get(`${url.pathname}?${forged}`).expect(403);
    // The same signature for another export, and a link whose time is up (signed by the api itself, an hour ago).
    await api
      .http()
      .get(`/api/exports/${id + 1}/file${url.search}`)
      .expect(403);
    const stale = exportFileLink(loadServerConfig().JWT_SECRET, id, Date.now() - 3_600_000);
    await api.http().get(stale.url).expect(403);
  });

  it('builds the audit timeline of a case for the other company too', async () => {
    const socket = await connect(api, partnerAdmin);
    sockets.push(socket);
    const log = statusLog(socket);
    const created = await api
      .http()
      .post('/api/exports')
      .set(bearer(partnerAdmin))
      .send({ kind: 'case_audit', params: { token: caseToken } })
      .expect(200);
    const id = (created.body.export as ExportShape).id;
    const ready = await log.waitFor(id, 'ready');
    const em = orm(api);
    const kase = await em.findOneOrFail(Case, { token: caseToken }, { populate: ['events', 'responses'] });
    expect(ready.file_name).toMatch(new RegExp(`^case-${kase.internalCaseNumber}-audit\\.\\d{6}\\.xlsx$`));

    const rows = await readSheet((await download(partnerAdmin, id).expect(200)).body);
    expect(rows[0]).toEqual(AUDIT_HEADER);
    const events = rows.slice(1).filter((row) => row[2] === 'Event');
    expect(events.map((row) => row[0])).toEqual(kase.events.getItems().map((event) => event.seq));
    expect(rows.slice(1).filter((row) => row[2] === 'Response')).toHaveLength(kase.responses.length);
    // Time order across the kinds of entries.
    const times = rows.slice(1).map((row) => (row[1] as Date).getTime());
    expect([...times].sort((a, b) => a - b)).toEqual(times);
  });

  it('exports 10,000 usage rows as a valid spreadsheet', async () => {
    const em = orm(api);
    const prefix = uniqueName('bulk').toUpperCase();
    // 500 cases share each timestamp: the keyset must page through ties without losing or repeating one.
    await em.execute(
      `insert into cases (token, internal_case_number, submitter_company_id, receiver_company_id, document_id,
          document_version_id, summary, description, engineer_first_name, engineer_last_name, engineer_email,
          created_at, updated_at)
        select lower(?) || '-' || g, ? || '-' || g, ?, c.receiver_company_id, c.document_id, c.document_version_id,
          'Bulk case ' || g, 'Seeded for the export test', 'Ann', 'Bulk', 'ann@bulk.test',
          date_trunc('hour', now()) - (g % 20) * interval '1 day', now()
        from generate_series(1, 10000) g, cases c where c.id = ?`,
      [prefix, prefix, thirdCompanyId, template.id],
    );
    const socket = await connect(api, thirdAdmin);
    sockets.push(socket);
    const log = statusLog(socket);
    const created = await api.http().get('/api/admin/company/reports/usage/export').set(bearer(thirdAdmin)).expect(200);
    const id = (created.body.export as ExportShape).id;
    const ready = await log.waitFor(id, 'ready', 60_000);

    const total = (await api.http().get('/api/admin/company/reports/usage').set(bearer(thirdAdmin)).expect(200)).body
      .total as number;
    // The third company is part of these cases only.
    expect(total).toBe(10_000);
    expect(ready.rows).toBe(total);
    const rows = await readSheet((await download(thirdAdmin, id).expect(200)).body);
    expect(rows[0]).toEqual(USAGE_HEADER);
    const bulk = rows.slice(1).filter((row) => String(row[1]).startsWith(`${prefix}-`));
    expect(bulk).toHaveLength(10_000);
    expect(new Set(bulk.map((row) => row[1])).size).toBe(10_000);
    expect(rows).toHaveLength(total + 1);
  }, 120_000);
});
