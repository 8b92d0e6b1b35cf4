import {
  INTEGRATION_JOB_NAMES,
  integrationJobOptions,
  loadRetryPolicies,
  QUEUES,
  webhookJobId,
  webhookRedeliveryJobId,
  WEBHOOK_HEADERS,
  type CaseEventType,
  type WebhookPayload,
} from '@casebridge/contracts';
import { appendCaseEvent, Case, CaseEvent, Company, WebhookDelivery, WebhookEndpoint } from '@casebridge/db';
import { MikroORM } from '@mikro-orm/core';
import { EntityManager } from '@mikro-orm/postgresql';
import { Queue } from 'bullmq';
import IORedis from 'ioredis';
import { IntegrationEnv, prepareIntegrationEnv } from '../../../test/integration/test-env';
import { RunningWorker, startWorker } from '../../../test/kit/worker-app';
import { HttpStandIn, ReceivedRequest } from '../../test/support/http-stand-in';
import { waitForJobState } from '../../test/support/queue-helpers';

const bodyOf = (request: ReceivedRequest) => JSON.parse(request.body.toString('utf8')) as WebhookPayload;
const deliveryIdOf = (request: ReceivedRequest) => Number(request.headers[WEBHOOK_HEADERS.delivery.toLowerCase()]);

/**
 * One receiver, and the seqs it got of each case in arrival order. `answer` decides each request's status; the SLA
 * run of the worker may deliver other cases' events too, which the tests leave aside.
 */
describe('webhook deliveries keep each case in seq order, per endpoint', () => {
  let env: IntegrationEnv;
  let worker: RunningWorker;
  let redis: IORedis;
  let notifications: Queue;
  let answer: (request: ReceivedRequest, body: WebhookPayload) => number = () => 200;
  const receiver = new HttpStandIn((request) => answer(request, bodyOf(request)));
  let kase: Case;
  let otherCase: Case;
  let endpoint: WebhookEndpoint;

  beforeAll(async () => {
    env = await prepareIntegrationEnv();
    await receiver.start();
    Object.assign(process.env, {
      OUTBOUND_ALLOW_PRIVATE_TARGETS: 'true',
      WEBHOOK_DELIVERY_ATTEMPTS: '5',
      WEBHOOK_BACKOFF_MS: '250',
      // Ten minutes: a delivery parked behind an earlier one can only be on time if that one's end promotes it.
      WEBHOOK_ORDER_RECHECK_MS: '600000',
    });
    worker = await startWorker('smtp://127.0.0.1:1');
    redis = new IORedis(worker.config.REDIS_URL, { maxRetriesPerRequest: null });
    notifications = new Queue(QUEUES.notifications, { connection: redis, prefix: env.redisPrefix });

    const fork = em();
    const acme = await fork.findOneOrFail(Company, { slug: 'acme' });
    kase = await fork.findOneOrFail(Case, { internalCaseNumber: 'ACME-10407' });
    otherCase = await fork.findOneOrFail(
      Case,
      { submitterCompany: acme, id: { $ne: kase.id }, isSample: false, deletedAt: null },
      { orderBy: { id: 'asc' } },
    );
    endpoint = fork.create(WebhookEndpoint, { company: acme, url: `${receiver.url}/ordered`, secret: 'acme-order' });
    await fork.flush();
  });

  afterAll(async () => {
    await worker?.close();
    await notifications?.close();
    redis?.disconnect();
    await receiver.stop();
    await env?.cleanup();
  });

  const em = () => worker.app.get(MikroORM).em.fork() as EntityManager;

  /** Writes a case event as the worker's jobs do; its after-commit hook announces it. */
  async function writeEvent(caseId: number, type: CaseEventType = 'note_added'): Promise<CaseEvent> {
    return em().transactional((tx) => appendCaseEvent(tx, { caseId, type, actorLabel: 'System' }));
  }

  const currentSeq = async (of: Case) => (await em().findOneOrFail(Case, of.id)).eventSeq;
  const about = (of: Case, seq: number) => (request: ReceivedRequest) =>
    bodyOf(request).case_token === of.token && bodyOf(request).seq === seq;
  /** What the receiver got of one case: each request's seq, in arrival order. */
  const seqsOf = (of: Case) =>
    receiver.requests.map(bodyOf).flatMap((body) => (body.case_token === of.token ? [body.seq] : []));
  const deliveryOf = async (seq: number, of: Case = kase) =>
    em().findOneOrFail(WebhookDelivery, { endpoint, payload: { case_token: of.token, seq } });

  it('holds a case’s later events while an earlier one is retried, without holding another case back', async () => {
    // Seq N fails its first try, and every try until the other case's event has arrived: that one must get
    // through while N is still failing.
    const n = (await currentSeq(kase)) + 1;
    let otherSeq = Number.NaN;
    let tries = 0;
    answer = (_request, body) => {
      if (body.case_token !== kase.token || body.seq !== n) return 200;
      tries += 1;
      return tries === 1 || !seqsOf(otherCase).includes(otherSeq) ? 503 : 200;
    };
    const events = [await writeEvent(kase.id), await writeEvent(kase.id), await writeEvent(kase.id)];
    expect(events.map((event) => event.seq)).toEqual([n, n + 1, n + 2]);
    otherSeq = (await writeEvent(otherCase.id)).seq;

    await receiver.waitForRequests(1, about(kase, n + 2));
    const seqs = seqsOf(kase).filter((seq) => seq >= n);
    // N until it was delivered (at least twice), then N+1 and N+2, each once: ascending, nothing lost.
    expect(seqs.length).toBeGreaterThanOrEqual(4);
    expect(seqs).toEqual([...seqs.slice(0, -2).map(() => n), n + 1, n + 2]);
    expect(tries).toBe(seqs.length - 2);
    // The other case's event arrived before N was delivered: it was not held back.
    const arrivals = receiver.requests.map(bodyOf);
    const otherAt = arrivals.findIndex((body) => body.case_token === otherCase.token && body.seq === otherSeq);
    const nAts = arrivals.flatMap((body, index) => (body.case_token === kase.token && body.seq === n ? [index] : []));
    expect(otherAt).toBeGreaterThanOrEqual(0);
    expect(otherAt).toBeLessThan(nAts[nAts.length - 1]);

    // The last one's row is written once its answer is in.
    await waitForJobState(notifications, webhookJobId(endpoint.id, events[2].id), ['completed']);
    const rows = await Promise.all(events.map((event) => deliveryOf(event.seq)));
    expect(rows.map((row) => [row.status, row.attempts])).toEqual([
      ['delivered', tries],
      ['delivered', 1],
      ['delivered', 1],
    ]);
    // N+1 was parked while N was retried, without spending an attempt, and woken when N was delivered.
    const parked = await waitForJobState(notifications, webhookJobId(endpoint.id, events[1].id), ['completed']);
    expect(parked.attemptsStarted).toBeGreaterThan(parked.attemptsMade);
  });

  it('lets the next delivery go once an earlier one failed for good', async () => {
    const stuckSeq = (await currentSeq(kase)) + 1;
    answer = (_request, body) => (body.case_token === kase.token && body.seq === stuckSeq ? 500 : 200);
    const stuck = await writeEvent(kase.id);
    const next = await writeEvent(kase.id);
    expect([stuck.seq, next.seq]).toEqual([stuckSeq, stuckSeq + 1]);

    await receiver.waitForRequests(1, about(kase, next.seq));
    const { attempts } = loadRetryPolicies(process.env).webhooks;
    // Every try of the stuck one, then the next: never the next before the stuck one's last try.
    expect(seqsOf(kase).filter((seq) => seq >= stuckSeq)).toEqual([
      ...Array.from({ length: attempts }, () => stuckSeq),
      next.seq,
    ]);
    const failed = await waitForJobState(notifications, webhookJobId(endpoint.id, stuck.id), ['failed']);
    expect(failed.attemptsMade).toBe(attempts);
    expect((await deliveryOf(stuck.seq)).status).toBe('failed');
    await waitForJobState(notifications, webhookJobId(endpoint.id, next.id), ['completed']);
    expect((await deliveryOf(next.seq)).status).toBe('delivered');
  });

  it('sends a delivery again on request at once, and such a send holds none of its case back', async () => {
    // The delivery that failed for good above is sent again and keeps failing; meanwhile the delivery after it is
    // sent again, and a new event of the case is delivered, both while the first is still being retried.
    const failed = await em().findOneOrFail(
      WebhookDelivery,
      { endpoint, status: 'failed', payload: { case_token: kase.token } },
      { orderBy: { id: 'desc' } },
    );
    const later = await deliveryOf(Number(failed.payload.seq) + 1);
    const newSeq = (await currentSeq(kase)) + 1;
    const triesOfFailed = () => receiver.requests.filter((request) => deliveryIdOf(request) === failed.id).length;
    const before = triesOfFailed();
    let failedTriesWhenNewArrived = Number.NaN;
    answer = (_request, body) => {
      if (body.case_token !== kase.token) return 200;
      if (body.seq === newSeq) failedTriesWhenNewArrived = triesOfFailed() - before;
      return body.seq === failed.payload.seq ? 503 : 200;
    };

    await redeliver(failed);
    await receiver.waitForRequests(before + 1, (request) => deliveryIdOf(request) === failed.id);
    await redeliver(later);
    await waitForJobState(notifications, webhookRedeliveryJobId(later.id, later.attempts), ['completed']);
    expect((await em().findOneOrFail(WebhookDelivery, later.id)).status).toBe('delivered');

    const event = await writeEvent(kase.id);
    expect(event.seq).toBe(newSeq);
    await waitForJobState(notifications, webhookJobId(endpoint.id, event.id), ['completed']);
    expect((await deliveryOf(event.seq)).status).toBe('delivered');
    // The resent one had tries left when the new event went: it was still pending, and held nothing back.
    expect(failedTriesWhenNewArrived).toBeLessThan(loadRetryPolicies(process.env).webhooks.attempts);
  });

  /** What the api's redelivery does (WebhookRedeliveryService): the row back to pending, marked, and its own job. */
  async function redeliver(delivery: WebhookDelivery): Promise<void> {
    await em().nativeUpdate(
      WebhookDelivery,
      { id: delivery.id },
      { status: 'pending', deliveredAt: null, redeliveredAt: new Date() },
    );
    await notifications.add(
      INTEGRATION_JOB_NAMES.deliverWebhook,
      { deliveryId: delivery.id },
      integrationJobOptions(
        loadRetryPolicies(process.env).webhooks,
        webhookRedeliveryJobId(delivery.id, delivery.attempts),
      ),
    );
  }
});
