import { QUEUES, teamsJobId, webhookJobId, type CaseEventType } from '@casebridge/contracts';
import {
  appendCaseEvent,
  Case,
  CaseEvent,
  Community,
  Company,
  ContactDocument,
  WebhookDelivery,
  WebhookEndpoint,
} from '@casebridge/db';
import { MikroORM } from '@mikro-orm/core';
import { EntityManager } from '@mikro-orm/postgresql';
import { Queue } from 'bullmq';
import IORedis from 'ioredis';
import { createServer, type Server } from 'node:net';
import { answerDnsNames } from '../../../test/integration/dns-answers';
import { IntegrationEnv, prepareIntegrationEnv } from '../../../test/integration/test-env';
import { waitForJobState } from '../../test/support/queue-helpers';
import { RunningWorker, startWorker } from '../../../test/kit/worker-app';

const REFUSED_INTERNAL = 'Refused: The url must not point to a private or internal address.';

describe('deliveries to user-supplied URLs are checked again, on what the name resolves to when sent (SSRF)', () => {
  let env: IntegrationEnv;
  let worker: RunningWorker;
  let redis: IORedis;
  let notifications: Queue;
  let dns: ReturnType<typeof answerDnsNames>;
  // Stands for an internal service: counts every TCP connection, whatever protocol the caller speaks.
  let internalService: Server;
  let connections = 0;
  let port = 0;
  let endpoints: WebhookEndpoint[];

  beforeAll(async () => {
    env = await prepareIntegrationEnv();
    internalService = createServer((socket) => {
      connections += 1;
      socket.destroy();
    });
    await new Promise<void>((resolve) => internalService.listen(0, '127.0.0.1', resolve));
    port = (internalService.address() as { port: number }).port;
    dns = answerDnsNames({
      'intranet.acme.example': ['127.0.0.1'],
      'mixed.acme.example': ['93.184.215.14', '127.0.0.1'],
      'teams.acme.example': ['127.0.0.1'],
    });
    // Retries allowed, so a refusal failing at once is the worker's choice; the operator setting is off.
    Object.assign(process.env, {
      WEBHOOK_DELIVERY_ATTEMPTS: '3',
      WEBHOOK_BACKOFF_MS: '50',
      OUTBOUND_ALLOW_PRIVATE_TARGETS: 'false',
    });
    worker = await startWorker('smtp://127.0.0.1:1');
    redis = new IORedis(worker.config.REDIS_URL, { maxRetriesPerRequest: null });
    notifications = new Queue(QUEUES.notifications, { connection: redis, prefix: env.redisPrefix });

    // Stored directly: registration never saw these answers, or ran while local receivers were allowed.
    const fork = em();
    const acme = await fork.findOneOrFail(Company, { slug: 'acme' });
    endpoints = [
      `https://intranet.acme.example:${port}/hook`,
      `https://mixed.acme.example:${port}/hook`,
      `http://127.0.0.1:${port}/hook`,
    ].map((url) => fork.create(WebhookEndpoint, { company: acme, url, secret: 'acme-secret' }));
    await fork.flush();
  });

  afterAll(async () => {
    dns?.mockRestore();
    await worker?.close();
    await notifications?.close();
    redis?.disconnect();
    await new Promise((resolve) => internalService?.close(resolve));
    await env?.cleanup();
  });

  const em = () => worker.app.get(MikroORM).em.fork() as EntityManager;

  async function writeEvent(caseId: number, type: CaseEventType): Promise<CaseEvent> {
    const fork = em();
    await fork.transactional((tx) => appendCaseEvent(tx, { caseId, type, actorLabel: 'System' }));
    return fork.findOneOrFail(CaseEvent, { case: caseId }, { orderBy: { seq: 'desc' } });
  }

  it('fails each webhook delivery at once, with no response code and no connection to the internal address', async () => {
    const kase = await em().findOneOrFail(Case, { internalCaseNumber: 'ACME-10407' });
    const event = await writeEvent(kase.id, 'note_added');

    const jobs = [];
    for (const endpoint of endpoints) {
      jobs.push(await waitForJobState(notifications, webhookJobId(endpoint.id, event.id), ['failed']));
    }
    expect(jobs.map((job) => [job.attemptsMade, job.failedReason])).toEqual([
      [1, expect.stringContaining(`${REFUSED_INTERNAL} (intranet.acme.example resolves to 127.0.0.1)`)],
      [1, expect.stringContaining(`${REFUSED_INTERNAL} (mixed.acme.example resolves to 127.0.0.1)`)],
      [1, expect.stringContaining('Refused: The url must be an https:// address.')],
    ]);

    const rows = await em().find(
      WebhookDelivery,
      { endpoint: { $in: endpoints.map((endpoint) => endpoint.id) }, payload: { seq: event.seq } },
      { orderBy: { endpoint: 'asc' } },
    );
    expect(rows.map((row) => [row.endpoint.id, row.status, row.attempts, row.responseCode])).toEqual(
      endpoints.map((endpoint) => [endpoint.id, 'failed', 1, null]),
    );
    expect(connections).toBe(0);
  });

  it("fails a Teams card at once when the group's channel address resolves inside", async () => {
    const fork = em();
    const group = await fork.findOneOrFail(Community, { name: 'Storage Alliance' });
    group.msteamsWebhookUrl = `https://teams.acme.example:${port}/webhookb2/alliance`;
    await fork.flush();
    const offered = await fork.findOneOrFail(ContactDocument, { id: group.document?.id ?? 0 });
    const teamsCase = await fork.findOneOrFail(Case, { document: offered, receiverCompany: group.sponsorCompany });

    const event = await writeEvent(teamsCase.id, 'submitted');
    const job = await waitForJobState(notifications, teamsJobId(group.id, event.id), ['failed']);
    expect([job.attemptsMade, job.failedReason]).toEqual([
      1,
      expect.stringContaining(`${REFUSED_INTERNAL} (teams.acme.example resolves to 127.0.0.1)`),
    ]);
    expect(connections).toBe(0);
  });
});
