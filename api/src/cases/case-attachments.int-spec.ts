import { uploadTooLargeMessage } from '@casebridge/contracts';
import { CaseAttachment, type Company, type ContactDocument, type User } from '@casebridge/db';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { bearer, startApi, type ApiHarness } from '../../../test/kit/api-harness';
import { aCase, aCompany, aProcess, aSuperAdmin, aUser, signedIn } from '../../../test/kit/factories';
import { orm } from '../../../test/kit/member-fixtures';
import { filesUnder } from '../../../test/kit/files-under';

const LIMIT = 4096;

describe('case attachments: kept by Casebridge, either company, nothing half-written', () => {
  let api: ApiHarness;
  let storage: string;
  let submitter: Company;
  let submitterCaller: User;
  let process: ContactDocument;
  let submitterToken: string;
  let receiverToken: string;
  let token: string;
  let caseId: number;

  beforeAll(async () => {
    storage = await mkdtemp(join(tmpdir(), 'casebridge-attachments-'));
    api = await startApi({ STORAGE_DIR: storage, UPLOAD_LIMIT_BYTES: String(LIMIT) });
    // An accepted case (the controls are visible) from the submitter's caller to the receiver's process.
    submitter = await aCompany(api);
    const receiver = await aCompany(api);
    submitterCaller = await aUser(api, { company: submitter, role: 'caller' });
    process = await aProcess(api, { company: receiver });
    ({ token, id: caseId } = await aCase(api, { from: submitterCaller, to: process, status: 'accepted' }));
    const receiverCaller = await aUser(api, { company: receiver, role: 'caller' });
    [submitterToken, receiverToken] = await Promise.all([
      signedIn(api, submitterCaller),
      signedIn(api, receiverCaller),
    ]);
  });
  afterAll(async () => {
    await api.close();
    await rm(storage, { recursive: true, force: true });
  });

  const upload = (as: string, caseToken = token) =>
    api.http().post(`/api/caller/case/${caseToken}/attachments`).set(bearer(as));
  const rows = () => orm(api).count(CaseAttachment, { case: caseId });

  it('stores files under the case, records the event, and lets both companies download them', async () => {
    const response = await upload(submitterToken)
      .field('description', 'Controller logs')
      .attach('files', Buffer.from('log line 1\n'), 'controller.log')
      .attach('files', Buffer.from('%PDF-1.4 report'), 'Résumé report.pdf')
      .expect(200);
    expect(response.body.attachments).toHaveLength(2);
    expect(response.body.attachments[0]).toMatchObject({
      original_filename: 'controller.log',
      description: 'Controller logs',
      upload_state: 'not_required',
      size_bytes: 11,
      company: { name: submitter.name },
    });
    expect(response.body.attachments[1].original_filename).toBe('Résumé report.pdf');
    const files = await filesUnder(join(storage, 'cases', String(caseId)));
    expect(files).toHaveLength(2);

    const id = response.body.attachments[0].id;
    const download = await api
      .http()
      .get(`/api/caller/case/${token}/attachments/${id}`)
      .set(bearer(receiverToken))
      .expect(200);
    expect(download.headers['content-disposition']).toContain('controller.log');
    expect(download.text ?? download.body.toString()).toBe('log line 1\n');

    const detail = await api.http().get(`/api/caller/case-details/${token}`).set(bearer(receiverToken)).expect(200);
    expect(detail.body.case.attachments).toHaveLength(2);

    const stranger = await signedIn(api, await aUser(api, { company: await aCompany(api), role: 'business_manager' }));
    await api.http().get(`/api/caller/case/${token}/attachments/${id}`).set(bearer(stranger)).expect(404);
    // An attachment id of another case is not reachable through this case's token.
    const other = await aCase(api, { from: submitterCaller, to: process, status: 'accepted' });
    await api.http().get(`/api/caller/case/${other.token}/attachments/${id}`).set(bearer(submitterToken)).expect(404);
  });

  it('answers a file over the limit with 413 and the max-file-size message, leaving no row and no file', async () => {
    const before = await rows();
    const filesBefore = await filesUnder(storage);
    const response = await upload(submitterToken)
      .attach('files', Buffer.from('small'), 'small.txt')
      .attach('files', Buffer.alloc(LIMIT + 1, 'a'), 'big.txt')
      .expect(413);
    expect(response.body).toEqual({ error: uploadTooLargeMessage('4KB') });
    expect(await rows()).toBe(before);
    expect(await filesUnder(storage)).toEqual(filesBefore);
  });

  it('refuses executables, too many files, a long description and an empty upload with 422, keeping nothing', async () => {
    const before = await rows();
    const filesBefore = await filesUnder(storage);
    const exe = await upload(submitterToken)
      .attach('files', Buffer.from('MZ\x90\x00binary'), 'invoice.pdf')
      .expect(422);
    expect(exe.body.errors.files[0]).toContain('Executable');
    await upload(submitterToken).attach('files', Buffer.from('echo hi'), 'run.sh').expect(422);
    const many = upload(submitterToken);
    for (let index = 0; index < 6; index += 1) many.attach('files', Buffer.from(`f${index}`), `f${index}.txt`);
    const tooMany = await many.expect(422);
    expect(tooMany.body.errors.files).toHaveLength(1);
    const long = await upload(submitterToken)
      .field('description', 'x'.repeat(256))
      .attach('files', Buffer.from('ok'), 'ok.txt')
      .expect(422);
    expect(long.body.errors.description).toHaveLength(1);
    await upload(submitterToken).field('description', 'nothing').expect(422);
    expect(await rows()).toBe(before);
    expect(await filesUnder(storage)).toEqual(filesBefore);
  });

  it('refuses uploads while the controls are hidden (open case) and from a super admin', async () => {
    const open = await aCase(api, { from: submitterCaller, to: process, status: 'open' });
    await upload(submitterToken, open.token).attach('files', Buffer.from('x'), 'x.txt').expect(409);
    const admin = await signedIn(api, await aSuperAdmin(api));
    await upload(admin).attach('files', Buffer.from('x'), 'x.txt').expect(403);
    expect(await filesUnder(join(storage, 'cases', 'incoming'))).toEqual([]);
  });
});
