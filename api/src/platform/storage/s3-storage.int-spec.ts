import { CaseAttachment } from '@casebridge/db';
import type { FileStorage } from '@casebridge/server-core';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { bearer, startApi, type ApiHarness } from '../../../../test/kit/api-harness';
import { startExportWorker, type ExportWorker } from '../../../../test/kit/export-worker';
import { aCase, aCompany, aProcess, aUser, signedIn } from '../../../../test/kit/factories';
import { filesUnder } from '../../../../test/kit/files-under';
import { orm } from '../../../../test/kit/member-fixtures';
import { startS3StandIn, type S3StandIn } from '../../../../test/kit/s3-stand-in';
import { binary, finishedExport } from '../../../test/export-files';
import { FILE_STORAGE } from './storage.module';

/**
 * The api and the worker on object storage (STORAGE_URL=s3://…, a local S3-compatible server at the network edge),
 * as a cluster runs them: what users upload or the worker builds lands in the bucket, where any instance finds it,
 * and nothing of it stays on the machine that took it in.
 */
describe('files in S3-compatible storage, through the api and the worker', () => {
  let s3: S3StandIn;
  let localFolder: string;
  let api: ApiHarness;
  let worker: ExportWorker;
  let token: string;
  let caseToken: string;
  let caseId: number;

  beforeAll(async () => {
    s3 = await startS3StandIn();
    localFolder = await mkdtemp(join(tmpdir(), 'casebridge-s3-local-'));
    api = await startApi({ ...s3.env, STORAGE_DIR: localFolder });
    worker = await startExportWorker();
    const caller = await aUser(api, { company: await aCompany(api), role: 'business_manager' });
    const partner = await aProcess(api, { company: await aCompany(api) });
    ({ token: caseToken, id: caseId } = await aCase(api, { from: caller, to: partner, status: 'accepted' }));
    token = await signedIn(api, caller);
  }, 90_000);

  afterAll(async () => {
    await worker?.close();
    await api?.close();
    await s3?.close();
    await rm(localFolder, { recursive: true, force: true });
  });

  const storage = () => api.app.get<FileStorage>(FILE_STORAGE);

  it('keeps a case attachment in the bucket, none on local disk, and streams it back whole', async () => {
    const content = Buffer.from('controller log\n'.repeat(50_000));
    const uploaded = await api
      .http()
      .post(`/api/caller/case/${caseToken}/attachments`)
      .set(bearer(token))
      .attach('files', content, 'controller.log')
      .expect(200);
    const id = uploaded.body.attachments[0].id as number;
    const row = await orm(api).findOneOrFail(CaseAttachment, { id, case: caseId });

    expect(storage().kind).toBe('s3');
    expect((await storage().read(row.storagePath))?.equals(content)).toBe(true);
    expect(await filesUnder(localFolder)).toEqual([]);

    const download = await api
      .http()
      .get(`/api/caller/case/${caseToken}/attachments/${id}`)
      .set(bearer(token))
      .buffer(true)
      .parse(binary)
      .expect(200);
    expect(download.headers['content-length']).toBe(String(content.length));
    expect((download.body as Buffer).equals(content)).toBe(true);
  });

  it("builds an export into the bucket and hands out the bucket's own short-lived link to it", async () => {
    const created = await api
      .http()
      .post('/api/exports')
      .set(bearer(token))
      .send({ kind: 'case_audit', params: { token: caseToken } })
      .expect(200);
    const id = created.body.export.id as number;
    const ready = await finishedExport(api, token, created.body.export);
    expect(ready.status).toBe('ready');
    expect(await filesUnder(localFolder)).toEqual([]);

    const { url } = (await api.http().post(`/api/exports/${id}/link`).set(bearer(token)).expect(200)).body as {
      url: string;
    };
    expect(url.startsWith(`${s3.endpoint}/${s3.bucket}/exports/${id}-`)).toBe(true);
    const file = await fetch(url);
    expect(file.status).toBe(200);
    expect(file.headers.get('content-disposition')).toContain(ready.file_name!);
    // An xlsx is a zip: it starts with PK.
    expect(
      Buffer.from(await file.arrayBuffer())
        .subarray(0, 2)
        .toString(),
    ).toBe('PK');
  });
});
