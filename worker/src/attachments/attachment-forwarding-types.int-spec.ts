import {
  attachmentJobId,
  INTEGRATION_JOB_NAMES,
  integrationJobOptions,
  loadRetryPolicies,
  QUEUES,
  type ForwardAttachmentJob,
} from '@casebridge/contracts';
import { Case, CaseAttachment } from '@casebridge/db';
import { MikroORM } from '@mikro-orm/core';
import { EntityManager } from '@mikro-orm/postgresql';
import { Queue } from 'bullmq';
import IORedis from 'ioredis';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { IntegrationEnv, prepareIntegrationEnv } from '../../../test/integration/test-env';
import { HttpStandIn, waitUntil } from '../../test/support/http-stand-in';
import { findFreePort } from '../../test/support/mail-catcher';
import { RunningWorker, startWorker } from '../../test/support/worker-app';

/**
 * The collaboration service is told the type an attachment's content proves, as the api serves it, never the
 * type the uploader declared (which older rows still hold): a PDF declared text/html goes as application/pdf, a
 * page as application/octet-stream.
 */
describe('attachment forwarding sends the verified type', () => {
  let env: IntegrationEnv;
  let storage: string;
  let service: HttpStandIn;
  let worker: RunningWorker;
  let redis: IORedis;
  let attachments: Queue<ForwardAttachmentJob>;
  let kase: Case;

  beforeAll(async () => {
    env = await prepareIntegrationEnv();
    storage = await mkdtemp(join(tmpdir(), 'casebridge-forwarding-types-'));
    const servicePort = await findFreePort();
    service = await new HttpStandIn(() => 201).start(servicePort);
    Object.assign(process.env, { STORAGE_DIR: storage, COLLAB_SERVICE_URL: `http://127.0.0.1:${servicePort}/` });
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

  /** A stored attachment whose row holds the type a browser declared, forwarded as the api's hook queues it. */
  async function forward(name: string, content: Buffer): Promise<File> {
    const storagePath = `cases/${kase.id}/${name}`;
    await mkdir(join(storage, 'cases', String(kase.id)), { recursive: true });
    await writeFile(join(storage, storagePath), content);
    const fork = em();
    const attachment = fork.create(CaseAttachment, {
      case: kase.id,
      originalFilename: name,
      storagePath,
      sizeBytes: content.length,
      mimeType: 'text/html',
      uploadState: 'pending',
    });
    await fork.flush();
    const before = service.requests.length;
    await attachments.add(
      INTEGRATION_JOB_NAMES.forwardAttachment,
      { attachmentId: attachment.id },
      integrationJobOptions(loadRetryPolicies(process.env).attachments, attachmentJobId(attachment.id)),
    );
    const [request] = await waitUntil(
      async () => service.requests.slice(before),
      (received) => received.length > 0,
    );
    const form = await new Response(new Uint8Array(request.body), {
      headers: { 'content-type': String(request.headers['content-type']) },
    }).formData();
    return form.get('files') as File;
  }

  it('a PDF declared text/html goes as application/pdf, a page as application/octet-stream', async () => {
    const pdf = await forward('report.pdf', Buffer.from('%PDF-1.4\n%%EOF\n'));
    expect([pdf.name, pdf.type]).toEqual(['report.pdf', 'application/pdf']);
    const page = await forward('page.html', Buffer.from('<html><script>alert(1)</script></html>'));
    expect([page.name, page.type]).toEqual(['page.html', 'application/octet-stream']);
  });
});
