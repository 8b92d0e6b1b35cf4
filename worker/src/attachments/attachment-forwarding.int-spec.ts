import {
  attachmentJobId,
  caseEventJobId,
  INTEGRATION_JOB_NAMES,
  integrationJobOptions,
  loadRetryPolicies,
  QUEUES,
  type ForwardAttachmentJob,
  type RelayedEvent,
  type RetryPolicy,
} from '@casebridge/contracts';
import { Case, CaseAttachment, CaseEvent } from '@casebridge/db';
import { MikroORM } from '@mikro-orm/core';
import { EntityManager } from '@mikro-orm/postgresql';
import { Queue } from 'bullmq';
import IORedis from 'ioredis';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { IntegrationEnv, prepareIntegrationEnv } from '../../../test/integration/test-env';
import { HttpStandIn, waitUntil } from '../../test/support/http-stand-in';
import { findFreePort } from '../../../test/kit/mail-catcher';
import { waitForJobState } from '../../test/support/queue-helpers';
import { RunningWorker, startWorker } from '../../../test/kit/worker-app';
import { relayStreamKey } from '../realtime/relay';

describe('attachment forwarding to the collaboration service', () => {
  let env: IntegrationEnv;
  let storage: string;
  let servicePort: number;
  let service: HttpStandIn | undefined;
  let worker: RunningWorker;
  let redis: IORedis;
  let attachments: Queue<ForwardAttachmentJob>;
  let kase: Case;

  beforeAll(async () => {
    env = await prepareIntegrationEnv();
    storage = await mkdtemp(join(tmpdir(), 'casebridge-forwarding-'));
    servicePort = await findFreePort();
    Object.assign(process.env, {
      STORAGE_DIR: storage,
      COLLAB_SERVICE_URL: `http://127.0.0.1:${servicePort}/`,
      ATTACHMENT_UPLOAD_BACKOFF_MS: '100',
    });
    worker = await startWorker('smtp://127.0.0.1:1');
    redis = new IORedis(worker.config.REDIS_URL, { maxRetriesPerRequest: null });
    attachments = new Queue(QUEUES.attachments, { connection: redis, prefix: env.redisPrefix });
    kase = await em().findOneOrFail(Case, { internalCaseNumber: 'ACME-10407' });
  });

  afterAll(async () => {
    await worker?.close();
    await attachments?.close();
    redis?.disconnect();
    await service?.stop();
    await rm(storage, { recursive: true, force: true });
    await env?.cleanup();
  });

  const em = () => worker.app.get(MikroORM).em.fork() as EntityManager;

  /** A stored, pending attachment as the api leaves it (older rows hold the type the browser declared). */
  async function pendingAttachment(
    name: string,
    content: string | Buffer,
    declaredType = 'text/plain',
  ): Promise<CaseAttachment> {
    const storagePath = `cases/${kase.id}/${name}`;
    await mkdir(join(storage, 'cases', String(kase.id)), { recursive: true });
    await writeFile(join(storage, storagePath), content);
    const fork = em();
    const attachment = fork.create(CaseAttachment, {
      case: kase.id,
      originalFilename: name,
      storagePath,
      sizeBytes: Buffer.byteLength(content),
      mimeType: declaredType,
      description: `About ${name}`,
      uploadState: 'pending',
    });
    await fork.flush();
    return attachment;
  }

  /** Enqueued exactly as the api's after-commit hook does. */
  async function enqueue(attachmentId: number, policy: RetryPolicy): Promise<void> {
    await attachments.add(
      INTEGRATION_JOB_NAMES.forwardAttachment,
      { attachmentId },
      integrationJobOptions(policy, attachmentJobId(attachmentId)),
    );
  }

  async function relayed(): Promise<RelayedEvent[]> {
    const entries = await redis.xrange(relayStreamKey(env.redisPrefix), '-', '+');
    return entries.map(([, fields]) => JSON.parse(fields[1]) as RelayedEvent);
  }

  it('retries while the service is unreachable and uploads once when it is back', async () => {
    const attachment = await pendingAttachment('shelf.log', 'shelf 3 log line\n');
    await enqueue(attachment.id, loadRetryPolicies(process.env).attachments);

    // Nothing listens yet: attempts are counted and the attachment waits in 'uploading'.
    const waiting = await waitUntil(
      () => em().findOneOrFail(CaseAttachment, attachment.id),
      (row) => row.attempts >= 2,
    );
    expect(waiting.uploadState).toBe('uploading');
    expect(waiting.lastError).toMatch(/ECONNREFUSED/);

    service = await new HttpStandIn(() => 201).start(servicePort);
    const done = await waitUntil(
      () => em().findOneOrFail(CaseAttachment, attachment.id),
      (row) => row.uploadState === 'done',
    );
    // The job ends after the commit and the live relay.
    const job = await waitForJobState(attachments, attachmentJobId(attachment.id), ['completed']);
    expect(job.returnvalue).toBe('uploaded');
    expect(done.uploadedAt).toBeInstanceOf(Date);
    expect(done.lastError).toBeNull();
    expect(done.attempts).toBeGreaterThanOrEqual(3);

    expect(service.requests).toHaveLength(1);
    const [request] = service.requests;
    expect(request.method).toBe('POST');
    expect(request.path).toBe(`/collaboration-requests/${kase.token}/attachments`);
    const form = await new Response(new Uint8Array(request.body), {
      headers: { 'content-type': String(request.headers['content-type']) },
    }).formData();
    expect(form.get('description')).toBe('About shelf.log');
    const file = form.get('files') as File;
    expect(file.name).toBe('shelf.log');
    expect(await file.text()).toBe('shelf 3 log line\n');

    const event = await em().findOneOrFail(CaseEvent, { case: kase.id, type: 'attachment_uploaded' });
    expect(event.payload).toMatchObject({ attachment_id: attachment.id, file: 'shelf.log' });
    // The members' messages carry the attachment row with its new state (the token page's carries none).
    const live = (await relayed()).filter((item) => item.event === 'case.event');
    expect(live).toContainEqual({
      room: `case:${kase.id}:submitter`,
      event: 'case.event',
      message: expect.objectContaining({
        type: 'attachment_uploaded',
        seq: event.seq,
        case_token: kase.token,
        attachments: [expect.objectContaining({ id: attachment.id, upload_state: 'done' })],
      }),
    });
    const linkMessage = live.find((item) => item.room === `case:${kase.id}:link` && item.message.seq === event.seq);
    expect(linkMessage?.message).not.toHaveProperty('attachments');
    // The worker's own events reach webhooks and Teams too.
    const notifications = new Queue(QUEUES.notifications, { connection: redis, prefix: env.redisPrefix });
    expect(await notifications.getJob(caseEventJobId(event.id))).toBeDefined();
    await notifications.close();

    // Idempotent: the job run again finds the attachment done and sends nothing.
    await job.retry('completed');
    const rerun = await waitForJobState(attachments, attachmentJobId(attachment.id), ['completed']);
    expect(rerun.returnvalue).toBe('already-uploaded');
    expect(service.requests).toHaveLength(1);
  });

  it('marks the attachment failed when the service answers 500 up to the last attempt', async () => {
    await service?.stop();
    service = await new HttpStandIn(() => 500).start(servicePort);
    const attachment = await pendingAttachment('dump.txt', 'core dump\n');
    await enqueue(attachment.id, { attempts: 3, delayMs: 50 });

    await waitForJobState(attachments, attachmentJobId(attachment.id), ['failed']);
    // Read again: the helper's job object may predate the last attempt.
    const job = await attachments.getJob(attachmentJobId(attachment.id));
    expect(job?.attemptsMade).toBe(3);
    expect(service.requests).toHaveLength(3);

    const row = await em().findOneOrFail(CaseAttachment, attachment.id);
    expect(row).toMatchObject({ uploadState: 'failed', attempts: 3, uploadedAt: null });
    expect(row.lastError).toMatch(/HTTP 500/);
    const event = await em().findOneOrFail(CaseEvent, { case: kase.id, type: 'attachment_failed' });
    expect(event.payload).toMatchObject({ attachment_id: attachment.id, file: 'dump.txt' });
    const live = (await relayed()).filter((item) => item.event === 'case.event');
    expect(live.map((item) => item.message)).toContainEqual(
      expect.objectContaining({ type: 'attachment_failed', seq: event.seq }),
    );
  });

  it('tells the service the type the content proves, never the declared one', async () => {
    await service?.stop();
    service = await new HttpStandIn(() => 201).start(servicePort);
    const forwarded = async (name: string, content: Buffer): Promise<File> => {
      const attachment = await pendingAttachment(name, content, 'text/html');
      const before = service!.requests.length;
      await enqueue(attachment.id, { attempts: 1, delayMs: 50 });
      const [request] = await waitUntil(
        async () => service!.requests.slice(before),
        (received) => received.length > 0,
      );
      const form = await new Response(new Uint8Array(request.body), {
        headers: { 'content-type': String(request.headers['content-type']) },
      }).formData();
      return form.get('files') as File;
    };
    const pdf = await forwarded('report.pdf', Buffer.from('%PDF-1.4\n%%EOF\n'));
    expect([pdf.name, pdf.type]).toEqual(['report.pdf', 'application/pdf']);
    const page = await forwarded('page.html', Buffer.from('<html><script>alert(1)</script></html>'));
    expect([page.name, page.type]).toEqual(['page.html', 'application/octet-stream']);
  });
});
