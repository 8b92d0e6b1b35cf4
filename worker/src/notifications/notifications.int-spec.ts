import {
  caseEventJobId,
  QUEUES,
  webhookJobId,
  WEBHOOK_HEADERS,
  type CaseEventType,
  type WebhookPayload,
} from '@casebridge/contracts';
import {
  appendCaseEvent,
  Case,
  decodeFeedCursor,
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
import { createHmac } from 'node:crypto';
import { IntegrationEnv, prepareIntegrationEnv } from '../../../test/integration/test-env';
import { HttpStandIn, ReceivedRequest } from '../../test/support/http-stand-in';
import { waitForJobState } from '../../test/support/queue-helpers';
import { RunningWorker, startWorker } from '../../../test/kit/worker-app';
import { CaseEventFanoutService } from './case-event-fanout.service';

/** The receiver's own check, written out independently of the worker's signing code. */
function signatureOf(secret: string, request: ReceivedRequest): string {
  return `sha256=${createHmac('sha256', secret).update(request.body).digest('hex')}`;
}

/** The timestamped header as a receiver reads it: the time, and the v1 signature of each valid secret. */
function timestampedSignatures(request: ReceivedRequest): { t: number; v1: string[] } {
  const parts = String(header(request, WEBHOOK_HEADERS.timestampedSignature)).split(',');
  const t = Number(parts.find((part) => part.startsWith('t='))!.slice(2));
  return { t, v1: parts.filter((part) => part.startsWith('v1=')).map((part) => part.slice(3)) };
}
const v1Of = (secret: string, request: ReceivedRequest, t: number) =>
  createHmac('sha256', secret)
    .update(`${t}.${request.body.toString('utf8')}`)
    .digest('hex');
const header = (request: ReceivedRequest, name: string) => request.headers[name.toLowerCase()];
const bodyOf = (request: ReceivedRequest) => JSON.parse(request.body.toString('utf8')) as WebhookPayload;
/**
 * Requests about one case event. The worker's SLA run may mark seeded cases late meanwhile, and those events are
 * delivered too; the tests look only at their own.
 */
const about = (kase: Case, seq: number) => (request: ReceivedRequest) => {
  const body = bodyOf(request);
  return body.case_token === kase.token && body.seq === seq;
};

describe('case events to signed webhooks and Teams', () => {
  let env: IntegrationEnv;
  let worker: RunningWorker;
  let redis: IORedis;
  let notifications: Queue;
  const acmeHook = new HttpStandIn(() => 200);
  // Answers 503 twice to each delivery, then accepts it.
  const globexTries = new Map<string, number>();
  const globexHook = new HttpStandIn((request) => {
    const delivery = String(header(request, WEBHOOK_HEADERS.delivery));
    const tries = (globexTries.get(delivery) ?? 0) + 1;
    globexTries.set(delivery, tries);
    return tries <= 2 ? 503 : 204;
  });
  const initechHook = new HttpStandIn(() => 200);
  const teams = new HttpStandIn(() => 200);
  let kase: Case;
  let acmeEndpoint: WebhookEndpoint;
  let globexEndpoint: WebhookEndpoint;

  beforeAll(async () => {
    env = await prepareIntegrationEnv();
    await Promise.all([acmeHook.start(), globexHook.start(), initechHook.start(), teams.start()]);
    // The receivers are local http stand-ins; the address policy itself is proven in webhook-targets.
    Object.assign(process.env, { WEBHOOK_BACKOFF_MS: '50', OUTBOUND_ALLOW_PRIVATE_TARGETS: 'true' });
    worker = await startWorker('smtp://127.0.0.1:1');
    redis = new IORedis(worker.config.REDIS_URL, { maxRetriesPerRequest: null });
    notifications = new Queue(QUEUES.notifications, { connection: redis, prefix: env.redisPrefix });

    const fork = em();
    kase = await fork.findOneOrFail(Case, { internalCaseNumber: 'ACME-10407' });
    const company = (slug: string) => fork.findOneOrFail(Company, { slug });
    acmeEndpoint = fork.create(WebhookEndpoint, {
      company: await company('acme'),
      url: acmeHook.url,
      secret: 'acme-1',
    });
    globexEndpoint = fork.create(WebhookEndpoint, {
      company: await company('globex'),
      url: `${globexHook.url}/casebridge`,
      secret: 'globex-1',
    });
    fork.create(WebhookEndpoint, { company: await company('initech'), url: initechHook.url, secret: 'initech-1' });
    await fork.flush();
  });

  afterAll(async () => {
    await worker?.close();
    await notifications?.close();
    redis?.disconnect();
    await Promise.all([acmeHook.stop(), globexHook.stop(), initechHook.stop(), teams.stop()]);
    await env?.cleanup();
  });

  const em = () => worker.app.get(MikroORM).em.fork() as EntityManager;

  /** Writes a case event in the worker as its jobs do; the worker's after-commit hook announces it. */
  async function writeEvent(caseId: number, type: CaseEventType): Promise<CaseEvent> {
    const fork = em();
    await fork.transactional((tx) => appendCaseEvent(tx, { caseId, type, actorLabel: 'System' }));
    return fork.findOneOrFail(CaseEvent, { case: caseId }, { orderBy: { seq: 'desc' } });
  }

  it("signs each delivery, retries a failing endpoint until delivered once, and skips other companies'", async () => {
    const event = await writeEvent(kase.id, 'note_added');
    const ours = about(kase, event.seq);

    const [acmeRequest] = await acmeHook.waitForRequests(1, ours);
    expect(header(acmeRequest, WEBHOOK_HEADERS.signature)).toBe(signatureOf('acme-1', acmeRequest));
    expect(header(acmeRequest, WEBHOOK_HEADERS.event)).toBe('note_added');
    const signed = timestampedSignatures(acmeRequest);
    expect(Math.abs(signed.t - Date.now() / 1000)).toBeLessThan(60);
    expect(signed.v1).toEqual([v1Of('acme-1', acmeRequest, signed.t)]);
    // The entry as Acme's change feed has it: its id and cursor, the type (and `event` as the first version had).
    const acmeBody = bodyOf(acmeRequest);
    expect(acmeBody).toMatchObject({
      event: 'note_added',
      type: 'note_added',
      id: `evt_${event.id}`,
      case_token: kase.token,
      seq: event.seq,
      status: kase.status,
      at: event.createdAt.toISOString(),
      actor: 'System',
      direction: 'outbound',
    });
    expect(acmeBody.case.event_seq).toBeGreaterThanOrEqual(event.seq);
    expect(decodeFeedCursor(acmeBody.cursor)?.eventId).toBe(event.id);
    const acmeDelivery = await em().findOneOrFail(
      WebhookDelivery,
      Number(header(acmeRequest, WEBHOOK_HEADERS.delivery)),
    );
    expect(acmeDelivery.endpoint.id).toBe(acmeEndpoint.id);

    const globexRequests = await globexHook.waitForRequests(3, ours);
    for (const request of globexRequests) {
      expect(request.path).toBe('/casebridge');
      expect(header(request, WEBHOOK_HEADERS.signature)).toBe(signatureOf('globex-1', request));
      expect(bodyOf(request).direction).toBe('inbound');
    }
    const globexJob = webhookJobId(globexEndpoint.id, event.id);
    await waitForJobState(notifications, globexJob, ['completed']);
    const deliveriesOfEvent = async () =>
      (await em().find(WebhookDelivery, {}, { orderBy: { id: 'asc' } })).filter(
        (row) => row.payload.case_token === kase.token && row.payload.seq === event.seq,
      );
    const deliveries = await deliveriesOfEvent();
    expect(deliveries.map((row) => [row.endpoint.id, row.status, row.attempts, row.responseCode])).toEqual([
      [acmeEndpoint.id, 'delivered', 1, 200],
      [globexEndpoint.id, 'delivered', 3, 204],
    ]);
    expect(deliveries.every((row) => row.deliveredAt instanceof Date)).toBe(true);
    // The log keeps the last attempt: when, how long, and no error once delivered.
    expect(deliveries.every((row) => row.lastAttemptAt instanceof Date && row.durationMs !== null)).toBe(true);
    expect(deliveries.map((row) => row.error)).toEqual([null, null]);
    expect(globexHook.requests.filter(ours)).toHaveLength(3);
    // Initech is neither company of the case.
    expect(initechHook.requests.filter((request) => bodyOf(request).case_token === kase.token)).toHaveLength(0);

    // A repeated fan-out of the same event finds its rows and job ids: nothing is sent again.
    await worker.app.get(CaseEventFanoutService).fanOut(event.id);
    expect(await deliveriesOfEvent()).toHaveLength(2);
    expect(await (await notifications.getJob(globexJob))?.getState()).toBe('completed');
    expect(acmeHook.requests.filter(ours)).toHaveLength(1);
  });

  it('signs with the new secret once the endpoint is rotated (and the previous one during its grace), and honours event filters', async () => {
    const fork = em();
    const endpoint = await fork.findOneOrFail(WebhookEndpoint, acmeEndpoint.id);
    // A rotation as the api makes it: the previous secret signs too until its grace ends.
    endpoint.previousSecret = endpoint.secret;
    endpoint.previousSecretExpiresAt = new Date(Date.now() + 3600_000);
    endpoint.secret = 'acme-2';
    const globex = await fork.findOneOrFail(WebhookEndpoint, globexEndpoint.id);
    globex.events = ['closed'];
    await fork.flush();

    const event = await writeEvent(kase.id, 'accepted');
    const [request] = await acmeHook.waitForRequests(1, about(kase, event.seq));
    expect(header(request, WEBHOOK_HEADERS.signature)).toBe(signatureOf('acme-2', request));
    expect(header(request, WEBHOOK_HEADERS.signature)).not.toBe(signatureOf('acme-1', request));
    const signed = timestampedSignatures(request);
    expect(signed.v1).toEqual([v1Of('acme-2', request, signed.t), v1Of('acme-1', request, signed.t)]);

    const fanout = await waitForJobState(notifications, caseEventJobId(event.id), ['completed']);
    expect(fanout.returnvalue).toBe('webhooks=1 teams=0');
    expect(globexHook.requests.filter(about(kase, event.seq))).toHaveLength(0);
  });

  it("posts one card to a Teams-enabled group's channel for a new case offered through it", async () => {
    const fork = em();
    const group = await fork.findOneOrFail(Community, { name: 'Storage Alliance' });
    group.msteamsWebhookUrl = `${teams.url}/webhookb2/alliance`;
    await fork.flush();
    // A case to Globex through the process Globex offers in the Storage Alliance.
    const offered = await fork.findOneOrFail(ContactDocument, { id: group.document?.id ?? 0 });
    const teamsCase = await fork.findOneOrFail(
      Case,
      { document: offered, receiverCompany: group.sponsorCompany },
      { populate: ['submitterCompany', 'receiverCompany'] },
    );

    const event = await writeEvent(teamsCase.id, 'submitted');
    const newCase = (request: ReceivedRequest) =>
      request.body.includes(teamsCase.token) && request.body.includes('New case');
    const [card] = await teams.waitForRequests(1, newCase);
    expect(card.path).toBe('/webhookb2/alliance');
    const posted = JSON.parse(card.body.toString('utf8'));
    expect(posted).toMatchObject({
      '@type': 'MessageCard',
      title: `New case from ${teamsCase.submitterCompany.name} to ${teamsCase.receiverCompany.name}`,
    });
    expect(JSON.stringify(posted)).toContain(`/my-cases/${teamsCase.token}`);
    const fanout = await waitForJobState(notifications, caseEventJobId(event.id), ['completed']);
    expect(fanout.returnvalue).toMatch(/teams=1$/);

    // A note is not worth a card.
    const note = await writeEvent(teamsCase.id, 'note_added');
    const noteFanout = await waitForJobState(notifications, caseEventJobId(note.id), ['completed']);
    expect(noteFanout.returnvalue).toMatch(/teams=0$/);
    expect(teams.requests.filter(newCase)).toHaveLength(1);
  });
  it("delivers an internal note's entry to its own company's endpoints only: the partner gets no delivery at all", async () => {
    const fork = em();
    // Globex (the receiver) hears of every type again; its internal note must still never reach Acme.
    const globex = await fork.findOneOrFail(WebhookEndpoint, globexEndpoint.id);
    globex.events = null;
    await fork.flush();
    await fork.transactional((tx) =>
      appendCaseEvent(tx, {
        caseId: kase.id,
        type: 'note_added',
        actorLabel: 'Gina Globex',
        payload: { summary: 'Internal only', visibility: 'internal' },
        visibleTo: 'receiver',
      }),
    );
    const event = await fork.findOneOrFail(CaseEvent, { case: kase.id }, { orderBy: { seq: 'desc' } });

    const fanout = await waitForJobState(notifications, caseEventJobId(event.id), ['completed']);
    expect(fanout.returnvalue).toBe('webhooks=1 teams=0');
    const rows = (await em().find(WebhookDelivery, {}, { orderBy: { id: 'asc' } })).filter(
      (row) => row.payload.case_token === kase.token && row.payload.seq === event.seq,
    );
    expect(rows.map((row) => row.endpoint.id)).toEqual([globexEndpoint.id]);
    const [delivered] = await globexHook.waitForRequests(1, about(kase, event.seq));
    expect(bodyOf(delivered).direction).toBe('inbound');
    expect(acmeHook.requests.filter(about(kase, event.seq))).toHaveLength(0);
  });

  it('tells no integration about a sample submission', async () => {
    const fork = em();
    const sample = await fork.findOneOrFail(Case, kase.id);
    sample.isSample = true;
    await fork.flush();
    try {
      const event = await writeEvent(kase.id, 'submitted');
      const fanout = await waitForJobState(notifications, caseEventJobId(event.id), ['completed']);
      expect(fanout.returnvalue).toBe('sample');
      expect(await em().count(WebhookDelivery, { payload: { seq: event.seq } })).toBe(0);
    } finally {
      sample.isSample = false;
      await fork.flush();
    }
  });
});
