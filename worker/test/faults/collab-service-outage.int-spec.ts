import { attachmentJobId, QUEUES } from '@casebridge/contracts';
import { CaseAttachment } from '@casebridge/db';
import { Queue } from 'bullmq';
import IORedis from 'ioredis';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ApiHarness, bearer, startApi } from '../../../test/kit/api-harness';
import { aCase, aCompany, aProcess, aUser, signedIn } from '../../../test/kit/factories';
import { orm } from '../../../test/kit/member-fixtures';
import { HttpStandIn, ReceivedRequest, waitUntil } from '../support/http-stand-in';
import { findFreePort } from '../../../test/kit/mail-catcher';
import { waitForJobState } from '../support/queue-helpers';
import { RunningWorker, startWorker } from '../../../test/kit/worker-app';

const UPLOADS = 3;
const FILES_PER_UPLOAD = 2;
/** 8 tries from 200 ms doubling: about 25 s before a file fails for good, far more than the outage here. */
const BACKOFF_MS = '200';

/** The file name inside a multipart upload the collaboration service received. */
async function fileNameOf(request: ReceivedRequest): Promise<string> {
  const form = await new Response(new Uint8Array(request.body), {
    headers: { 'content-type': String(request.headers['content-type']) },
  }).formData();
  return (form.get('files') as File).name;
}

/**
 * The external collaboration service is away (first refusing connections, then answering 503) while callers upload
 * attachments through the api, then comes back: after the jobs' backoff every file arrives exactly once, every
 * attachment ends 'done', none 'failed'.
 */
describe('collaboration service down, then back', () => {
  let api: ApiHarness;
  let worker: RunningWorker | undefined;
  let storage: string;
  let servicePort: number;
  let service: HttpStandIn | undefined;
  let redis: IORedis;
  let attachments: Queue;
  /** What the stand-in answers: 503 while the service is "down", 201 once it is back. */
  let serviceStatus = 503;
  let caseToken: string;
  /** The uploading caller's bearer token. */
  let token: string;

  beforeAll(async () => {
    storage = await mkdtemp(join(tmpdir(), 'casebridge-collab-outage-'));
    servicePort = await findFreePort();
    api = await startApi({
      STORAGE_DIR: storage,
      COLLAB_SERVICE_URL: `http://127.0.0.1:${servicePort}`,
      ATTACHMENT_UPLOAD_BACKOFF_MS: BACKOFF_MS,
    });
    // startApi left the environment (database, Redis prefix, storage, retry policy) for the worker to read.
    worker = await startWorker('smtp://127.0.0.1:1');
    redis = new IORedis(worker.config.REDIS_URL, { maxRetriesPerRequest: null });
    attachments = new Queue(QUEUES.attachments, { connection: redis, prefix: worker.config.REDIS_PREFIX });
    // An accepted case between two companies of our own; its submitter's caller uploads.
    const caller = await aUser(api, { company: await aCompany(api), role: 'caller' });
    const receivingProcess = await aProcess(api, { company: await aCompany(api) });
    caseToken = (await aCase(api, { from: caller, to: receivingProcess, status: 'accepted' })).token;
    token = await signedIn(api, caller);
  }, 60_000);

  afterAll(async () => {
    await worker?.close();
    await attachments?.close();
    redis?.disconnect();
    await service?.stop();
    await api?.close();
    await rm(storage, { recursive: true, force: true });
  });

  const rowsOf = (ids: number[]) => orm(api).find(CaseAttachment, { id: { $in: ids } }, { orderBy: { id: 'asc' } });

  it('delivers every attachment exactly once after the outage, none failed', async () => {
    // Phase 1: nothing listens on the service's port; callers upload anyway and get their answer at once.
    const uploaded: { id: number; name: string }[] = [];
    for (let upload = 0; upload < UPLOADS; upload++) {
      let request = api.http().post(`/api/caller/case/${caseToken}/attachments`).set(bearer(token));
      request = request.field('description', `outage upload ${upload}`);
      for (let file = 0; file < FILES_PER_UPLOAD; file++) {
        request = request.attach('files', Buffer.from(`log ${upload}.${file}\n`), `outage-${upload}-${file}.log`);
      }
      const response = await request.expect(200);
      for (const item of response.body.attachments as {
        id: number;
        original_filename: string;
        upload_state: string;
      }[]) {
        expect(item.upload_state).toBe('pending');
        uploaded.push({ id: item.id, name: item.original_filename });
      }
    }
    const ids = uploaded.map((item) => item.id);
    expect(ids).toHaveLength(UPLOADS * FILES_PER_UPLOAD);
    const refused = await waitUntil(
      () => rowsOf(ids),
      (rows) => rows.every((row) => row.attempts >= 1),
      30_000,
    );
    expect(refused.map((row) => row.uploadState)).toEqual(ids.map(() => 'uploading'));
    expect(refused.every((row) => /ECONNREFUSED|fetch failed/.test(row.lastError ?? ''))).toBe(true);

    // Phase 2: the service listens again but answers 503 until every file was turned away at least once more.
    service = await new HttpStandIn(() => serviceStatus).start(servicePort);
    const turnedAway = new Map<string, number>();
    await waitUntil(
      async () => {
        for (const request of service?.requests.slice(sumOf(turnedAway)) ?? []) {
          const name = await fileNameOf(request);
          turnedAway.set(name, (turnedAway.get(name) ?? 0) + 1);
        }
        return turnedAway;
      },
      (counts) => uploaded.every((item) => (counts.get(item.name) ?? 0) >= 1),
      40_000,
    );

    // Phase 3: back. Every attachment is uploaded by its own job's next try.
    serviceStatus = 201;
    const acceptedFrom = service.requests.length;
    const done = await waitUntil(
      () => rowsOf(ids),
      (rows) => rows.every((row) => row.uploadState !== 'pending' && row.uploadState !== 'uploading'),
      60_000,
    );
    // A job completes just after its row's commit (and the live relay).
    const jobs = await Promise.all(
      ids.map((id) => waitForJobState(attachments, attachmentJobId(id), ['completed', 'failed'])),
    );
    const accepted = await Promise.all(service.requests.slice(acceptedFrom).map(fileNameOf));
    const arrivals = new Map<string, number>();
    for (const name of accepted) arrivals.set(name, (arrivals.get(name) ?? 0) + 1);
    const lost = uploaded.filter((item) => !arrivals.has(item.name));
    const duplicated = uploaded.filter((item) => (arrivals.get(item.name) ?? 0) > 1);
    const failed = done.filter((row) => row.uploadState === 'failed');

    console.log(
      `collaboration outage: ${uploaded.length} attachments, ${done.reduce((sum, row) => sum + row.attempts, 0)} ` +
        `attempts in all (${acceptedFrom} answered 503), ${arrivals.size} arrived, ${lost.length} lost, ` +
        `${duplicated.length} sent twice, ${failed.length} failed`,
    );
    expect(lost).toEqual([]);
    expect(duplicated).toEqual([]);
    expect(accepted).toHaveLength(uploaded.length);
    expect(done.map((row) => row.uploadState)).toEqual(ids.map(() => 'done'));
    expect(done.every((row) => row.attempts >= 3 && row.lastError === null)).toBe(true);
    expect(await Promise.all(jobs.map((job) => job.getState()))).toEqual(ids.map(() => 'completed'));
    expect(jobs.map((job) => job.returnvalue)).toEqual(ids.map(() => 'uploaded'));
  }, 90_000);
});

function sumOf(counts: Map<string, number>): number {
  let sum = 0;
  for (const count of counts.values()) sum += count;
  return sum;
}
