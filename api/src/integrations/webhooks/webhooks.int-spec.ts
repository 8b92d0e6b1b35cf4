import {
  attachmentJobId,
  caseEventJobId,
  INTEGRATION_JOB_NAMES,
  QUEUES,
  webhookDisabledReason,
  webhookRedeliveryJobId,
  type WebhookListResponse,
  type WebhookSecretResponse,
} from '@casebridge/contracts';
import {
  Case,
  CaseAttachment,
  CaseEvent,
  WebhookDelivery,
  WebhookEndpoint,
  type ContactDocument,
  type User,
} from '@casebridge/db';
import { Queue } from 'bullmq';
import { Redis } from 'ioredis';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { bearer, startApi, type ApiHarness } from '../../../../test/kit/api-harness';
import { aCase, aCompany, aProcess, aUser, signedIn } from '../../../../test/kit/factories';
import { orm } from '../../../../test/kit/member-fixtures';

describe('webhooks API and the after-commit queueing of outbound work', () => {
  let api: ApiHarness;
  let storage: string;
  let connection: Redis;
  let notifications: Queue;
  let attachments: Queue;
  // Our company (admin and caller) and a partner (admin and the process our cases go to).
  let ourCaller: User;
  let partnerAdmin: User;
  let partnerProcess: ContactDocument;
  let ourAdmin: string;

  beforeAll(async () => {
    storage = await mkdtemp(join(tmpdir(), 'casebridge-webhooks-'));
    api = await startApi({
      // Its endpoints include a local http receiver; the address policy itself is proven in webhook-targets.
      OUTBOUND_ALLOW_PRIVATE_TARGETS: 'true',
      STORAGE_DIR: storage,
      COLLAB_SERVICE_URL: 'http://127.0.0.1:9',
      ATTACHMENT_UPLOAD_ATTEMPTS: '3',
    });
    connection = new Redis(process.env.REDIS_URL ?? 'redis://127.0.0.1:6379', { maxRetriesPerRequest: null });
    const prefix = process.env.REDIS_PREFIX as string;
    notifications = new Queue(QUEUES.notifications, { connection, prefix });
    attachments = new Queue(QUEUES.attachments, { connection, prefix });
    const ours = await aCompany(api);
    const partner = await aCompany(api);
    ourCaller = await aUser(api, { company: ours, role: 'caller' });
    partnerAdmin = await aUser(api, { company: partner, role: 'business_manager' });
    partnerProcess = await aProcess(api, { company: partner });
    ourAdmin = await signedIn(api, await aUser(api, { company: ours, role: 'business_manager' }));
  });
  afterAll(async () => {
    await notifications.close();
    await attachments.close();
    await connection.quit();
    await api.close();
    await rm(storage, { recursive: true, force: true });
  });

  const create = (token: string, body: object) => api.http().post('/api/webhooks').set(bearer(token)).send(body);

  it('creates an endpoint showing its secret once, lists it without the secret, rotates and deletes it', async () => {
    const created = await create(ourAdmin, { url: 'http://127.0.0.1:8088/hooks', events: ['accepted', 'closed'] });
    expect(created.status).toBe(200);
    const { endpoint, secret } = created.body as WebhookSecretResponse;
    expect(secret).toMatch(/^whsec_[A-Za-z0-9_-]{40,}$/);
    expect(endpoint).toMatchObject({
      url: 'http://127.0.0.1:8088/hooks',
      events: ['accepted', 'closed'],
      active: true,
    });
    expect(endpoint.deliveries).toEqual([]);

    const all = await create(ourAdmin, { url: 'https://hooks.acme.test/casebridge' }).expect(200);
    expect(all.body.endpoint.events).toBeNull();

    const listed = await api.http().get('/api/webhooks').set(bearer(ourAdmin)).expect(200);
    expect(listed.body.endpoints.map((row: { id: number }) => row.id)).toEqual([endpoint.id, all.body.endpoint.id]);
    expect(JSON.stringify(listed.body)).not.toContain(secret);

    const rotated = await api.http().post(`/api/webhooks/${endpoint.id}/rotate`).set(bearer(ourAdmin)).expect(200);
    expect(rotated.body.secret).not.toBe(secret);
    expect(rotated.body.endpoint.id).toBe(endpoint.id);
    const stored = await orm(api).findOneOrFail(WebhookEndpoint, endpoint.id);
    expect(stored.secret).toBe(rotated.body.secret);
    // The previous secret keeps signing for the grace period, so the receiver switches without a gap.
    expect(stored.previousSecret).toBe(secret);
    expect(stored.previousSecretExpiresAt!.getTime() - Date.now()).toBeGreaterThan(23 * 3600_000);

    await api.http().post(`/api/webhooks/${all.body.endpoint.id}/delete`).set(bearer(ourAdmin)).expect(200);
    const after = await api.http().get('/api/webhooks').set(bearer(ourAdmin)).expect(200);
    expect(after.body.endpoints.map((row: { id: number }) => row.id)).toEqual([endpoint.id]);
  });

  it("refuses a caller (403) and another company's endpoint (404)", async () => {
    const caller = await signedIn(api, ourCaller);
    await api.http().get('/api/webhooks').set(bearer(caller)).expect(403);
    await create(caller, { url: 'https://hooks.acme.test/x' }).expect(403);

    const { body } = await create(ourAdmin, { url: 'https://hooks.acme.test/private' }).expect(200);
    const partnerAdminToken = await signedIn(api, partnerAdmin);
    const partnerList = await api.http().get('/api/webhooks').set(bearer(partnerAdminToken)).expect(200);
    expect(partnerList.body.endpoints).toEqual([]);
    await api.http().post(`/api/webhooks/${body.endpoint.id}/rotate`).set(bearer(partnerAdminToken)).expect(404);
    await api.http().post(`/api/webhooks/${body.endpoint.id}/delete`).set(bearer(partnerAdminToken)).expect(404);
    const untouched = await orm(api).findOneOrFail(WebhookEndpoint, body.endpoint.id);
    expect(untouched.secret).toBe(body.secret);
  });

  it('shows an endpoint the worker switched off, and turning it on again clears its failing state', async () => {
    const { body } = await create(ourAdmin, { url: 'https://hooks.acme.test/switched-off' }).expect(200);
    const id = body.endpoint.id as number;
    expect(body.endpoint).toMatchObject({
      active: true,
      failing_since: null,
      disabled_at: null,
      disabled_reason: null,
    });
    // As the worker leaves it after 3 days in which every delivery failed.
    const failingSince = new Date(Date.now() - 73 * 3600_000);
    const disabledAt = new Date(Date.now() - 60_000);
    await orm(api).nativeUpdate(
      WebhookEndpoint,
      { id },
      { active: false, failingSince, disabledAt, disabledReason: webhookDisabledReason(72) },
    );
    const listed = async () =>
      (
        (await api.http().get('/api/webhooks').set(bearer(ourAdmin)).expect(200)).body as WebhookListResponse
      ).endpoints.find((row) => row.id === id);
    expect(await listed()).toMatchObject({
      active: false,
      failing_since: failingSince.toISOString(),
      disabled_at: disabledAt.toISOString(),
      disabled_reason: 'Disabled after failing for 3 days',
    });

    // Another company's admin finds no such endpoint; it stays off.
    const partner = await signedIn(api, partnerAdmin);
    await api.http().post(`/api/webhooks/${id}/enable`).set(bearer(partner)).expect(404);
    expect((await orm(api).findOneOrFail(WebhookEndpoint, id)).active).toBe(false);

    const enabled = await api.http().post(`/api/webhooks/${id}/enable`).set(bearer(ourAdmin)).expect(200);
    const cleared = { id, active: true, failing_since: null, disabled_at: null, disabled_reason: null };
    expect(enabled.body.endpoint).toMatchObject(cleared);
    expect(await listed()).toMatchObject(cleared);
    const stored = await orm(api).findOneOrFail(WebhookEndpoint, id);
    expect([stored.active, stored.failingSince, stored.disabledAt, stored.disabledReason]).toEqual([
      true,
      null,
      null,
      null,
    ]);

    // An endpoint that is on is left as it is: enabling it does not restart a failing period.
    const failingAgain = new Date(Date.now() - 5 * 3600_000);
    await orm(api).nativeUpdate(WebhookEndpoint, { id }, { failingSince: failingAgain });
    const again = await api.http().post(`/api/webhooks/${id}/enable`).set(bearer(ourAdmin)).expect(200);
    expect(again.body.endpoint).toMatchObject({ active: true, failing_since: failingAgain.toISOString() });
  });

  it('answers a bad url or event type with 422 on the field', async () => {
    for (const url of ['ftp://hooks.acme.test/x', 'http://hooks.acme.test/plain-http', 'not a url', '']) {
      const response = await create(ourAdmin, { url }).expect(422);
      expect(response.body.errors.url[0]).toEqual(expect.any(String));
    }
    const badEvent = await create(ourAdmin, { url: 'https://hooks.acme.test/x', events: ['exploded'] }).expect(422);
    expect(Object.keys(badEvent.body.errors)).toEqual(['events.0']);
  });

  it('queues one fan-out job per committed case event, and none for a rolled-back one', async () => {
    const kase = await aCase(api, { from: ourCaller, to: partnerProcess, status: 'accepted' });
    const caller = await signedIn(api, ourCaller);
    await api
      .http()
      .post(`/api/caller/case/${kase.token}/note`)
      .set(bearer(caller))
      .send({ summary: 'Shelf swapped', description: 'Replaced shelf 3.' })
      .expect(200);
    const noted = await orm(api).findOneOrFail(
      CaseEvent,
      { case: kase.id, type: 'note_added' },
      { orderBy: { seq: 'desc' } },
    );
    const job = await notifications.getJob(caseEventJobId(noted.id));
    expect(job?.name).toBe(INTEGRATION_JOB_NAMES.caseEvent);
    expect(job?.data).toEqual({ caseEventId: noted.id });

    // Written through the api's ORM, as any service would: nothing is queued before the commit or after a rollback.
    const em = orm(api);
    let seenBeforeCommit: unknown = 'unchecked';
    const committed = await em.transactional(async (tx) => {
      const event = tx.create(CaseEvent, {
        case: await tx.findOneOrFail(Case, kase.id),
        seq: 9001,
        type: 'closed',
        actorLabel: 'Test',
      });
      await tx.flush();
      seenBeforeCommit = await notifications.getJob(caseEventJobId(event.id));
      return event;
    });
    expect(seenBeforeCommit).toBeUndefined();
    expect(await notifications.getJob(caseEventJobId(committed.id))).toBeDefined();

    let rolledBackId = 0;
    await expect(
      orm(api).transactional(async (tx) => {
        const event = tx.create(CaseEvent, {
          case: await tx.findOneOrFail(Case, kase.id),
          seq: 9002,
          type: 'closed',
          actorLabel: 'Test',
        });
        await tx.flush();
        rolledBackId = event.id;
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    expect(rolledBackId).toBeGreaterThan(0);
    expect(await notifications.getJob(caseEventJobId(rolledBackId))).toBeUndefined();
  });

  it('sends one delivery again, or every failed one since a time; the log shows the last attempt', async () => {
    const { endpoint } = (await create(ourAdmin, { url: 'https://hooks.example.com/redeliver' }).expect(200))
      .body as WebhookSecretResponse;
    const em = orm(api);
    const stored = await em.findOneOrFail(WebhookEndpoint, endpoint.id);
    const row = (status: 'failed' | 'delivered', createdAt: Date) =>
      em.create(WebhookDelivery, {
        endpoint: stored,
        eventType: 'note_added',
        payload: { case_token: 'x', seq: 1 },
        status,
        attempts: 15,
        responseCode: status === 'failed' ? 503 : 200,
        error: status === 'failed' ? 'HTTP 503 Service Unavailable' : null,
        durationMs: 12,
        lastAttemptAt: createdAt,
        createdAt,
      });
    const old = row('failed', new Date('2026-01-01T00:00:00Z'));
    const recent = row('failed', new Date());
    const delivered = row('delivered', new Date());
    await em.flush();

    const listed = (await api.http().get('/api/webhooks').set(bearer(ourAdmin)).expect(200)).body;
    const log = listed.endpoints.find((item: { id: number }) => item.id === endpoint.id).deliveries;
    expect(log.find((item: { id: number }) => item.id === recent.id)).toMatchObject({
      status: 'failed',
      response_code: 503,
      duration_ms: 12,
      error: 'HTTP 503 Service Unavailable',
    });

    const since = new Date(Date.now() - 3600_000).toISOString();
    const failed = await api
      .http()
      .post(`/api/webhooks/${endpoint.id}/redeliver-failed`)
      .set(bearer(ourAdmin))
      .send({ since })
      .expect(200);
    expect(failed.body).toEqual({ redelivered: 1 });
    const one = await api
      .http()
      .post(`/api/webhooks/${endpoint.id}/deliveries/${delivered.id}/redeliver`)
      .set(bearer(ourAdmin))
      .expect(200);
    expect(one.body).toEqual({ redelivered: 1 });

    const statuses = async () =>
      (await orm(api).find(WebhookDelivery, { endpoint: endpoint.id }, { orderBy: { id: 'asc' } })).map(
        (delivery) => delivery.status,
      );
    expect(await statuses()).toEqual(['failed', 'pending', 'pending']);
    // Marked as sent on request: the worker sends them at once, outside their cases' order.
    const marked = await orm(api).find(WebhookDelivery, { endpoint: endpoint.id }, { orderBy: { id: 'asc' } });
    expect(marked.map((delivery) => delivery.redeliveredAt instanceof Date)).toEqual([false, true, true]);
    for (const delivery of [recent, delivered]) {
      const job = await notifications.getJob(webhookRedeliveryJobId(delivery.id, 15));
      expect(job?.data).toEqual({ deliveryId: delivery.id });
    }
    expect(await notifications.getJob(webhookRedeliveryJobId(old.id, 15))).toBeUndefined();

    // Another company's admin finds neither; a bad time is named.
    const partner = await signedIn(api, partnerAdmin);
    await api
      .http()
      .post(`/api/webhooks/${endpoint.id}/deliveries/${delivered.id}/redeliver`)
      .set(bearer(partner))
      .expect(404);
    const bad = await api
      .http()
      .post(`/api/webhooks/${endpoint.id}/redeliver-failed`)
      .set(bearer(ourAdmin))
      .send({ since: 'yesterday' })
      .expect(422);
    expect(Object.keys(bad.body.errors)).toEqual(['since']);
  });

  it('queues a forwarding job for an attachment waiting for the collaboration service', async () => {
    const kase = await aCase(api, { from: ourCaller, to: partnerProcess, status: 'accepted' });
    const caller = await signedIn(api, ourCaller);
    const response = await api
      .http()
      .post(`/api/caller/case/${kase.token}/attachments`)
      .set(bearer(caller))
      .field('description', 'Shelf logs')
      .attach('files', Buffer.from('shelf 3 log\n'), 'shelf.log')
      .expect(200);
    const [attachment] = response.body.attachments as { id: number; upload_state: string }[];
    expect(attachment.upload_state).toBe('pending');
    const job = await attachments.getJob(attachmentJobId(attachment.id));
    expect(job?.name).toBe(INTEGRATION_JOB_NAMES.forwardAttachment);
    expect(job?.data).toEqual({ attachmentId: attachment.id });
    expect(job?.opts.attempts).toBe(3);
    const row = await orm(api).findOneOrFail(CaseAttachment, attachment.id);
    expect(row.uploadState).toBe('pending');
  });
});
