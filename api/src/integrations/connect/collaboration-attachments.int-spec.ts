import { IDEMPOTENCY, OAUTH_MESSAGES, type CollaborationAttachment } from '@casebridge/contracts';
import { Case, CaseAttachment, type ContactDocument, type User } from '@casebridge/db';
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm, unlink } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Response, Test } from 'supertest';
import { bearer, startApi, type ApiHarness } from '../../../../test/kit/api-harness';
import { aCase, aCompany, aProcess, aSuperAdmin, aUser, emOf, settle, signedIn } from '../../../../test/kit/factories';
import { filesUnder } from '../../../../test/kit/files-under';

const LIMIT = 4096;
const PATH = '/api/v1/collaboration-requests';
const PDF = Buffer.from('%PDF-1.4\n1 0 obj\n<<>>\nendobj\ntrailer\n<<>>\n%%EOF\n');

/** Reads a download's bytes as they came, whatever their type. */
function bytes(request: Test): Test {
  return request.buffer(true).parse((response, done) => {
    const chunks: Buffer[] = [];
    response.on('data', (chunk: Buffer) => chunks.push(chunk));
    response.on('end', () => done(null, Buffer.concat(chunks)));
  });
}

/**
 * /api/v1/collaboration-requests/{token}/attachments: a case's files through the integration API, by the case page's
 * service and rules (real PostgreSQL and Redis, files on disk under a storage folder of the test's own).
 */
describe('the attachments of a collaboration request', () => {
  let api: ApiHarness;
  let storage: string;
  let ourCaller: User;
  let apiUser: User;
  let partnerProcess: ContactDocument;
  let ourToken: string;
  let partnerToken: string;
  let strangerToken: string;
  /** OAuth clients of our company's api user. */
  let writer: string;
  let reader: string;
  let token: string;
  let caseId: number;

  beforeAll(async () => {
    storage = await mkdtemp(join(tmpdir(), 'casebridge-connect-attachments-'));
    api = await startApi({ STORAGE_DIR: storage, UPLOAD_LIMIT_BYTES: String(LIMIT) });
    const us = await aCompany(api);
    const partner = await aCompany(api);
    ourCaller = await aUser(api, { company: us, role: 'caller' });
    apiUser = await aUser(api, { company: us, role: 'api' });
    partnerProcess = await aProcess(api, { company: partner });
    ({ token, id: caseId } = await aCase(api, { from: ourCaller, to: partnerProcess, status: 'accepted' }));
    const admin = await aUser(api, { company: us, role: 'program_manager' });
    [ourToken, partnerToken, strangerToken] = await Promise.all([
      signedIn(api, ourCaller),
      signedIn(api, await aUser(api, { company: partner, role: 'caller' })),
      signedIn(api, await aUser(api, { company: await aCompany(api), role: 'business_manager' })),
    ]);
    const adminToken = await signedIn(api, admin);
    [writer, reader] = await Promise.all([
      clientToken(adminToken, ['cases:read', 'cases:write']),
      clientToken(adminToken, ['cases:read']),
    ]);
  });
  afterAll(async () => {
    await api.close();
    await rm(storage, { recursive: true, force: true });
  });

  /** An OAuth client of our api user with these scopes, and its access token. */
  async function clientToken(adminToken: string, scopes: string[]): Promise<string> {
    const created = await api
      .http()
      .post('/api/oauth-clients')
      .set(bearer(adminToken))
      .send({ name: `files ${scopes.join(' ')}`, user_id: apiUser.id, scopes })
      .expect(200);
    const { client, client_secret } = created.body as { client: { client_id: string }; client_secret: string };
    const issued = await api
      .http()
      .post('/api/v1/oauth/token')
      .send({ grant_type: 'client_credentials', client_id: client.client_id, client_secret })
      .expect(200);
    return (issued.body as { access_token: string }).access_token;
  }

  const upload = (as: string, caseToken = token) => api.http().post(`${PATH}/${caseToken}/attachments`).set(bearer(as));
  const list = (as: string, caseToken = token) => api.http().get(`${PATH}/${caseToken}/attachments`).set(bearer(as));
  const download = (as: string, id: number, caseToken = token) =>
    bytes(api.http().get(`${PATH}/${caseToken}/attachments/${id}/content`).set(bearer(as)));
  const rows = () => emOf(api).count(CaseAttachment, { case: caseId });
  const staged = () => filesUnder(join(storage, 'cases', 'incoming'));
  const dataOf = (response: Response) => (response.body as { data: CollaborationAttachment[] }).data;

  it('uploads files, lists them to both companies and downloads the same bytes, streamed with its own tag', async () => {
    const log = randomBytes(3000);
    const added = await upload(writer)
      .field('description', 'Controller logs')
      .attach('files', log, 'controller.log')
      .attach('files', PDF, 'Résumé report.pdf')
      .expect(201);
    const [logFile, pdfFile] = dataOf(added);
    expect(logFile).toEqual({
      id: expect.any(Number),
      file_name: 'controller.log',
      size_bytes: 3000,
      content_type: 'application/octet-stream',
      description: 'Controller logs',
      uploaded_by: { company_id: ourCaller.company!.id, company_name: ourCaller.company!.name, user_name: 'Fay api' },
      created_at: expect.any(String),
      download_path: `${PATH}/${token}/attachments/${logFile.id}/content`,
    });
    expect(pdfFile).toMatchObject({ file_name: 'Résumé report.pdf', content_type: 'application/pdf' });

    // The receiving company sees what the case page shows it: every file of the case.
    const listed = await list(partnerToken).expect(200);
    expect(dataOf(listed)).toEqual([logFile, pdfFile]);
    expect(listed.headers.etag).toMatch(/^"[\w-]+"$/);

    const got = await download(partnerToken, logFile.id).expect(200);
    expect(Buffer.compare(got.body as Buffer, log)).toBe(0);
    expect(got.headers['content-type']).toBe('application/octet-stream');
    expect(got.headers['content-length']).toBe('3000');
    expect(got.headers['content-disposition']).toBe(
      'attachment; filename="controller.log"; filename*=UTF-8\'\'controller.log',
    );
    expect(got.headers.etag).toBe(`"${logFile.id}.3000"`);
    const pdf = await bytes(api.http().get(pdfFile.download_path).set(bearer(reader))).expect(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(Buffer.compare(pdf.body as Buffer, PDF)).toBe(0);

    // The client's copy is current: 304 and no body, the stream never sent.
    const again = await download(partnerToken, logFile.id).set('If-None-Match', got.headers.etag).expect(304);
    expect((again.body as Buffer).length).toBe(0);
    expect(await staged()).toEqual([]);
  });

  it('answers a file over the upload limit with 413 problem details, keeping no row and no file', async () => {
    const before = await rows();
    const filesBefore = await filesUnder(storage);
    const response = await upload(writer)
      .attach('files', Buffer.from('small'), 'small.txt')
      .attach('files', Buffer.alloc(LIMIT + 1, 'a'), 'big.txt')
      .expect(413);
    expect(response.headers['content-type']).toContain('application/problem+json');
    expect(response.body).toMatchObject({
      status: 413,
      title: 'Payload Too Large',
      detail: expect.stringContaining('4KB'),
    });
    expect(await rows()).toBe(before);
    expect(await filesUnder(storage)).toEqual(filesBefore);
  });

  it("another company's case is 404 for every call; no company is 403; a missing scope is 403", async () => {
    const [first] = dataOf(await list(ourToken).expect(200));
    await list(strangerToken).expect(404);
    await download(strangerToken, first.id).expect(404);
    const refused = await upload(strangerToken).attach('files', Buffer.from('x'), 'x.txt').expect(404);
    expect(refused.body).toMatchObject({ status: 404, instance: `${PATH}/${token}/attachments` });
    // An attachment of another case is not reached through this case's token.
    const other = await aCase(api, { from: ourCaller, to: partnerProcess, status: 'accepted' });
    await download(ourToken, first.id, other.token).expect(404);

    const admin = await signedIn(api, await aSuperAdmin(api));
    await list(admin).expect(403);
    const readOnly = await upload(reader).attach('files', Buffer.from('x'), 'x.txt').expect(403);
    expect(readOnly.body.detail).toBe(OAUTH_MESSAGES.missingScope('cases:write'));
    expect(await staged()).toEqual([]);
  });

  it('keeps the case rules: files only while accepted or waiting for information, no programs, 1 to 5', async () => {
    const before = await rows();
    const open = await aCase(api, { from: ourCaller, to: partnerProcess, status: 'open' });
    await upload(writer, open.token).attach('files', Buffer.from('x'), 'x.txt').expect(409);
    const program = await upload(writer).attach('files', Buffer.from('MZ\x90\x00binary'), 'invoice.pdf').expect(422);
    expect(program.body.errors).toEqual([{ field: 'files', message: expect.stringContaining('Executable') }]);
    await upload(writer).field('description', 'nothing attached').expect(422);
    const many = upload(writer);
    for (let index = 0; index < 6; index += 1) many.attach('files', Buffer.from(`f${index}`), `f${index}.txt`);
    expect((await many.expect(422)).body.errors).toEqual([{ field: 'files', message: expect.any(String) }]);
    expect(await rows()).toBe(before);
    expect(await staged()).toEqual([]);
  });

  it('an Idempotency-Key replays the first upload; the same key with another file is a 422', async () => {
    const key = `upload-${randomBytes(6).toString('hex')}`;
    const send = (content: string) =>
      upload(writer)
        .set(IDEMPOTENCY.header, key)
        .field('description', 'Once')
        .attach('files', Buffer.from(content), 'once.txt');
    const first = await send('first bytes').expect(201);
    const before = await rows();
    const replayed = await send('first bytes').expect(201);
    expect(replayed.headers['idempotent-replayed']).toBe('true');
    expect(replayed.body).toEqual(first.body);
    // The same name, size and description, other bytes: another request.
    const other = await send('other bytes').expect(422);
    expect(other.body.errors).toEqual([{ field: 'idempotency_key', message: expect.stringContaining('different') }]);
    expect(await rows()).toBe(before);
    expect(await staged()).toEqual([]);
  });

  it('honours If-Match: a stale version is 412 with nothing kept, the current one uploads', async () => {
    const kase = await aCase(api, { from: ourCaller, to: partnerProcess, status: 'accepted' });
    const read = await api.http().get(`${PATH}/${kase.token}`).set(bearer(writer)).expect(200);
    const current = read.headers.etag as string;
    await api
      .http()
      .post(`${PATH}/${kase.token}/notes`)
      .set(bearer(ourToken))
      .send({ summary: 'Moves it on' })
      .expect(200);
    const stale = await upload(writer, kase.token).set('If-Match', current).attach('files', PDF, 'a.pdf').expect(412);
    expect(stale.body).toMatchObject({ status: 412, title: 'Precondition Failed' });
    expect(await emOf(api).count(CaseAttachment, { case: kase.id })).toBe(0);
    const fresh = (await api.http().get(`${PATH}/${kase.token}`).set(bearer(writer)).expect(200)).headers
      .etag as string;
    await upload(writer, kase.token).set('If-Match', fresh).attach('files', PDF, 'a.pdf').expect(201);
    expect(await staged()).toEqual([]);
  });

  it('a file gone from storage answers 404 as on the case page; a deleted case is gone whole', async () => {
    const kase = await aCase(api, { from: ourCaller, to: partnerProcess, status: 'accepted' });
    const [file] = dataOf(await upload(writer, kase.token).attach('files', PDF, 'gone.pdf').expect(201));
    const row = await emOf(api).findOneOrFail(CaseAttachment, file.id);
    await unlink(join(storage, row.storagePath));
    const gone = await download(ourToken, file.id, kase.token).expect(404);
    expect(gone.body.toString()).toContain('no longer available');
    await emOf(api).nativeUpdate(Case, { id: kase.id }, { deletedAt: new Date() });
    await settle(api);
    await list(ourToken, kase.token).expect(404);
  });

  it('documents the upload as multipart/form-data with binary file parts and the download as a binary answer', async () => {
    const document = (await api.http().get('/api/v1/openapi.json').expect(200)).body;
    const attachments = document.paths['/api/v1/collaboration-requests/{token}/attachments'];
    const form = attachments.post.requestBody.content['multipart/form-data'].schema;
    expect(form.properties.files).toMatchObject({
      type: 'array',
      items: { type: 'string', format: 'binary' },
      maxItems: 5,
    });
    expect(form.required).toContain('files');
    expect(form.properties.description).toBeDefined();
    expect(Object.keys(attachments.post.responses)).toEqual(expect.arrayContaining(['201', '413', '422']));
    const content = document.paths['/api/v1/collaboration-requests/{token}/attachments/{id}/content'].get;
    expect(content.responses['200'].content['application/octet-stream'].schema).toEqual({
      type: 'string',
      format: 'binary',
    });
    expect(Object.keys(content.responses['200'].headers)).toEqual([
      'Content-Type',
      'Content-Disposition',
      'Content-Length',
    ]);
  });
});
