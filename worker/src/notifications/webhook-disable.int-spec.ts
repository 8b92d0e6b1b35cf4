import {
  mailJobId,
  QUEUES,
  routePath,
  webhookDisabledReason,
  webhookJobId,
  type CaseEventType,
  type MailJob,
} from '@casebridge/contracts';
import { appendCaseEvent, Case, CaseEvent, Company, User, WebhookDelivery, WebhookEndpoint } from '@casebridge/db';
import { MikroORM } from '@mikro-orm/core';
import { EntityManager } from '@mikro-orm/postgresql';
import { Queue } from 'bullmq';
import IORedis from 'ioredis';
import { IntegrationEnv, prepareIntegrationEnv } from '../../../test/integration/test-env';
import { findFreePort, MailCatcher } from '../../../test/kit/mail-catcher';
import { RunningWorker, startWorker } from '../../../test/kit/worker-app';
import { HttpStandIn } from '../../test/support/http-stand-in';
import { waitForJobState } from '../../test/support/queue-helpers';
import { waitFor } from '../../../test/wait-for';
import { mailTimeUtc, webhookDisabledMailKey } from './webhook-disabled-mail';
import { WebhookEndpointHealth } from './webhook-endpoint-health';

const HOUR = 3600_000;
const ADMINS = ['bm@acme.test', 'pm@acme.test'];

/** Endpoints whose deliveries all fail, with their failing period set back (the column, not the clock). */
describe('an endpoint failing for 3 days is switched off and its company admins are mailed once', () => {
  let env: IntegrationEnv;
  let catcher: MailCatcher;
  let worker: RunningWorker;
  let redis: IORedis;
  let notifications: Queue;
  let mail: Queue<MailJob>;
  const receiver = new HttpStandIn(() => 500);
  let acme: Company;
  let kase: Case;

  beforeAll(async () => {
    env = await prepareIntegrationEnv();
    await receiver.start();
    catcher = await new MailCatcher(await findFreePort()).start();
    Object.assign(process.env, {
      OUTBOUND_ALLOW_PRIVATE_TARGETS: 'true',
      WEBHOOK_DELIVERY_ATTEMPTS: '3',
      WEBHOOK_BACKOFF_MS: '100',
    });
    worker = await startWorker(catcher.smtpUrl);
    redis = new IORedis(worker.config.REDIS_URL, { maxRetriesPerRequest: null });
    notifications = new Queue(QUEUES.notifications, { connection: redis, prefix: env.redisPrefix });
    mail = new Queue<MailJob>(QUEUES.mail, { connection: redis, prefix: env.redisPrefix });

    const fork = em();
    acme = await fork.findOneOrFail(Company, { slug: 'acme' });
    kase = await fork.findOneOrFail(Case, { internalCaseNumber: 'ACME-10407' });
    // Admins who get nothing: one switched off, one still awaiting approval.
    fork.create(User, {
      company: acme,
      role: 'business_manager',
      status: 'inactive',
      email: 'former-admin@acme.test',
      firstName: 'Fay',
      lastName: 'Former',
    });
    fork.create(User, {
      company: acme,
      role: 'program_manager',
      approvalStatus: 'pending',
      email: 'new-admin@acme.test',
      firstName: 'Nia',
      lastName: 'New',
    });
    await fork.flush();
  });

  afterAll(async () => {
    await worker?.close();
    await notifications?.close();
    await mail?.close();
    redis?.disconnect();
    await catcher?.stop();
    await receiver.stop();
    await env?.cleanup();
  });

  const em = () => worker.app.get(MikroORM).em.fork() as EntityManager;

  async function anEndpoint(path: string, failingFor: number): Promise<WebhookEndpoint> {
    const fork = em();
    const endpoint = fork.create(WebhookEndpoint, {
      company: acme.id,
      url: `${receiver.url}/${path}`,
      secret: `acme-${path}`,
      failingSince: new Date(Date.now() - failingFor),
    });
    await fork.flush();
    return endpoint;
  }

  async function writeEvent(caseId: number, type: CaseEventType = 'note_added'): Promise<CaseEvent> {
    return em().transactional((tx) => appendCaseEvent(tx, { caseId, type, actorLabel: 'System' }));
  }

  /** The mail jobs about one endpoint, by recipient. */
  async function mailJobsAbout(endpoint: WebhookEndpoint): Promise<Record<string, string>> {
    const jobs = await mail.getJobs(['waiting', 'active', 'delayed', 'completed', 'failed', 'prioritized']);
    const about = jobs.filter(
      (job) => job.data.template === 'webhook-disabled' && job.data.variables.endpoint_url === endpoint.url,
    );
    return Object.fromEntries(about.map((job) => [job.data.to.join(','), String(job.id)]));
  }

  /**
   * How many mails each admin got about `url`: once its queued mails are sent, and a later mail to each admin (the
   * sentinel) has arrived too, so that none is still on its way.
   */
  async function mailsAbout(endpoint: WebhookEndpoint): Promise<Record<string, number>> {
    for (const jobId of Object.values(await mailJobsAbout(endpoint))) {
      await waitForJobState(mail, jobId, ['completed']);
    }
    const sentinel = `sentinel-${endpoint.id}`;
    for (const to of ADMINS) {
      await worker.enqueue({
        template: 'case-late',
        to: [to],
        variables: { case_number: sentinel },
        dedupeKey: `${sentinel}-${to}`,
      });
    }
    await waitFor(
      async () => (await catcher.all()).filter((caught) => caught.subject.includes(sentinel)).length,
      (count) => count === ADMINS.length,
      { what: `the sentinel mails ${sentinel}` },
    );
    const counts: Record<string, number> = {};
    for (const caught of await catcher.all()) {
      if (!caught.subject.includes(endpoint.url)) continue;
      for (const to of caught.to) counts[to] = (counts[to] ?? 0) + 1;
    }
    return counts;
  }

  it('switches the endpoint off at the first failure past 3 days, stops its pending deliveries and mails each active admin', async () => {
    const dying = await anEndpoint('dying', 73 * HOUR);
    const young = await anEndpoint('young', 71 * HOUR);
    const fork = em();
    // A delivery of an earlier event still waiting for its retry: it is not sent once the endpoint is off.
    const waiting = fork.create(WebhookDelivery, {
      endpoint: dying.id,
      eventType: 'note_added',
      payload: { case_token: kase.token, seq: 1 },
    });
    await fork.flush();

    const event = await writeEvent(kase.id);
    const failed = await waitForJobState(notifications, webhookJobId(dying.id, event.id), ['failed']);
    // Not retried: nothing more goes to a switched-off endpoint.
    expect(failed.attemptsMade).toBe(1);
    expect(failed.failedReason).toContain('endpoint switched off: Disabled after failing for 3 days');

    const after = em();
    const off = await after.findOneOrFail(WebhookEndpoint, dying.id);
    expect(off.active).toBe(false);
    expect(off.disabledReason).toBe(webhookDisabledReason(72));
    expect(off.disabledReason).toBe('Disabled after failing for 3 days');
    expect(Date.now() - off.disabledAt!.getTime()).toBeLessThan(60_000);
    expect(off.failingSince?.getTime()).toBe(dying.failingSince?.getTime());
    const sent = await after.findOneOrFail(WebhookDelivery, { endpoint: dying.id, payload: { seq: event.seq } });
    expect([sent.status, sent.attempts, sent.error]).toEqual(['failed', 1, 'HTTP 500 Internal Server Error']);
    const stopped = await after.findOneOrFail(WebhookDelivery, waiting.id);
    expect([stopped.status, stopped.attempts, stopped.error]).toEqual([
      'failed',
      0,
      'Not sent: disabled after failing for 3 days.',
    ]);

    // 71 hours of failing is not enough: retried to its last attempt, still on, its failing period unchanged.
    await waitForJobState(notifications, webhookJobId(young.id, event.id), ['failed']);
    const stillOn = await em().findOneOrFail(WebhookEndpoint, young.id);
    expect([stillOn.active, stillOn.disabledAt, stillOn.failingSince?.getTime()]).toEqual([
      true,
      null,
      young.failingSince?.getTime(),
    ]);

    // One mail per active admin of Acme, each job named by the endpoint, its failing period and the admin.
    const admins = await em().find(User, { email: { $in: ADMINS } }, { orderBy: { email: 'asc' } });
    const disablement = { id: dying.id, url: dying.url, companyName: acme.name, failingSince: off.failingSince! };
    expect(await mailJobsAbout(dying)).toEqual(
      Object.fromEntries(
        admins.map((admin) => [
          admin.email,
          mailJobId(webhookDisabledMailKey({ ...disablement, lastError: '' }, admin.id)),
        ]),
      ),
    );
    expect(await mailsAbout(dying)).toEqual({ 'bm@acme.test': 1, 'pm@acme.test': 1 });
    const [letter] = (await catcher.allTo('bm@acme.test')).filter((caught) => caught.subject.includes(dying.url));
    expect(letter.subject).toBe(`[Casebridge] Webhook endpoint disabled: ${dying.url}`);
    expect(letter.text).toContain(`has failed since ${mailTimeUtc(off.failingSince!)}`);
    expect(letter.text).toContain('Last error: HTTP 500 Internal Server Error');
    expect(letter.links).toContain(worker.config.PUBLIC_URL + routePath('admin.integrations'));
    expect(await mailsAbout(young)).toEqual({});
  });

  it('of two workers failing the endpoint at once, one switches it off and each admin is mailed once', async () => {
    const raced = await anEndpoint('raced', 80 * HOUR);
    const health = worker.app.get(WebhookEndpointHealth);
    // Two transactions at once, as two workers whose deliveries to the endpoint fail together.
    const fail = () =>
      em().transactional(async (tx) =>
        health.failed(tx, await tx.findOneOrFail(WebhookEndpoint, raced.id), 0, 'HTTP 502 Bad Gateway', new Date()),
      );
    const outcomes = await Promise.all([fail(), fail()]);
    expect([...outcomes].sort()).toEqual(['Disabled after failing for 3 days', null]);
    // Later failures (deliveries still under way when it was switched off) change nothing.
    expect(await fail()).toBeNull();

    expect(Object.keys(await mailJobsAbout(raced)).sort()).toEqual(ADMINS);
    expect(await mailsAbout(raced)).toEqual({ 'bm@acme.test': 1, 'pm@acme.test': 1 });
    const off = await em().findOneOrFail(WebhookEndpoint, raced.id);
    expect([off.active, off.failingSince?.getTime()]).toEqual([false, raced.failingSince?.getTime()]);
  });
});
