import { MESSAGES, QUEUE_DASHBOARD, QUEUE_DASHBOARD_MESSAGES, QUEUES } from '@casebridge/contracts';
import { User } from '@casebridge/db';
import { Queue, Worker } from 'bullmq';
import { Redis } from 'ioredis';
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import type { Response } from 'supertest';
import { bearer, startApi, type ApiHarness } from '../../../../test/kit/api-harness';
import { aCompany, aSignedInUser, aSuperAdmin, signedIn } from '../../../../test/kit/factories';
import { orm } from '../../../../test/kit/member-fixtures';
import { QUEUE_DASHBOARD_POLICY } from '../security/security-headers';

const BASE = QUEUE_DASHBOARD.basePath;
const SESSION_PATH = '/api/super_admin/queue_dashboard/session';
/** What a browser sends with a change made by the dashboard's own page (the harness's PUBLIC_URL). */
const OWN_PAGE = { Origin: 'http://casebridge.test', 'Sec-Fetch-Site': 'same-origin' };

interface DashboardQueue {
  name: string;
  counts: Record<string, number>;
  jobs: { id: string }[];
}

const setCookiesOf = (response: Response): string[] => [response.headers['set-cookie'] ?? []].flat();

describe('queue dashboard (bull-board) for super admins', () => {
  let api: ApiHarness;
  let connection: Redis;
  /** The retention queue: the api never sends to it, so only this file's jobs are there. */
  let retention: Queue;
  /** Takes jobs by hand (no processor) to fail them, as a worker whose handler threw would. */
  let failer: Worker;
  /** This file's super admin (demoted and deactivated for a while below) and its bearer token. */
  let adminUser: User;
  let admin: string;

  beforeAll(async () => {
    api = await startApi();
    adminUser = await aSuperAdmin(api);
    admin = await signedIn(api, adminUser);
    const prefix = api.deployment.redisPrefix;
    connection = new Redis(process.env.REDIS_URL ?? 'redis://127.0.0.1:6379', { maxRetriesPerRequest: null });
    retention = new Queue(QUEUES.retention, { connection, prefix });
    failer = new Worker(QUEUES.retention, null, { connection, prefix, autorun: false });
  });
  afterAll(async () => {
    await failer?.close();
    await retention?.close();
    await connection?.quit();
    await api?.close();
  });
  afterEach(() => retention.obliterate({ force: true }));

  /** The `name=value` of the ticket cookie the session endpoint sets for this bearer. */
  async function ticketCookie(token: string): Promise<string> {
    const response = await api.http().post(SESSION_PATH).set(bearer(token)).expect(200);
    const [cookie] = setCookiesOf(response);
    return cookie.split(';')[0];
  }

  const page = (path: string, cookie?: string) => {
    const call = api.http().get(`${BASE}${path}`);
    return cookie ? call.set('Cookie', cookie) : call;
  };
  const change = (path: string, cookie: string, headers: Record<string, string> = OWN_PAGE) =>
    api.http().put(`${BASE}/api/queues/${QUEUES.retention}${path}`).set('Cookie', cookie).set(headers).send({});

  async function retentionOnDashboard(cookie: string): Promise<DashboardQueue> {
    const response = await page(`/api/queues?activeQueue=${QUEUES.retention}&status=failed`, cookie).expect(200);
    return (response.body as { queues: DashboardQueue[] }).queues.find((queue) => queue.name === QUEUES.retention)!;
  }

  /** A retention job that a worker took and failed; `failedAt` sets the clock of the failure. */
  async function failedJob(failedAt?: number): Promise<string> {
    const added = await retention.add('purge-notes', { reason: 'test' }, { attempts: 1 });
    const token = randomUUID();
    const job = await failer.getNextJob(token);
    expect(job?.id).toBe(added.id);
    const clock = failedAt === undefined ? null : jest.spyOn(Date, 'now').mockReturnValue(failedAt);
    try {
      await job!.moveToFailed(new Error('the purge failed'), token, false);
    } finally {
      clock?.mockRestore();
    }
    expect(await retention.getJobState(added.id!)).toBe('failed');
    return added.id!;
  }

  it('refuses the page, its files and its api without a ticket (401)', async () => {
    const html = await page('').expect(401);
    expect(html.headers['content-type']).toMatch(/^text\/html/);
    expect(html.text).toContain(QUEUE_DASHBOARD_MESSAGES.noTicket);
    await page('/static/favicon-32x32.png').expect(401);
    const json = await page('/api/queues').expect(401);
    expect(json.body).toEqual({ error: QUEUE_DASHBOARD_MESSAGES.noTicket });
  });

  it('gives company users no ticket (403) and refuses a bearer token on the dashboard itself', async () => {
    for (const role of ['caller', 'business_manager'] as const) {
      const { token } = await aSignedInUser(api, { company: await aCompany(api), role });
      const response = await api.http().post(SESSION_PATH).set(bearer(token)).expect(403);
      expect(setCookiesOf(response)).toEqual([]);
    }
    await api.http().post(SESSION_PATH).expect(401);
    await page('/api/queues').set(bearer(admin)).expect(401);
  });

  it("sets a super admin's ticket as an HttpOnly, SameSite=Strict cookie of the dashboard's path for 30 minutes", async () => {
    const response = await api.http().post(SESSION_PATH).set(bearer(admin)).expect(200);
    expect(response.body).toEqual({ url: BASE, expires_in: 1800 });
    const [cookie] = setCookiesOf(response);
    const attributes = cookie.split('; ');
    expect(attributes[0]).toMatch(new RegExp(`^${QUEUE_DASHBOARD.cookieName}=[A-Za-z0-9_-]{43}$`));
    expect(attributes.slice(1).sort()).toEqual(['HttpOnly', 'Max-Age=1800', `Path=${BASE}`, 'SameSite=Strict']);
  });

  it('with the ticket: the page and its files under their own policy, and every queue of the worker', async () => {
    const cookie = await ticketCookie(admin);
    const html = await page('', cookie).expect(200);
    expect(html.headers['content-type']).toMatch(/^text\/html/);
    expect(html.headers['content-security-policy']).toBe(QUEUE_DASHBOARD_POLICY);
    expect(html.text).toContain(`<base href="${BASE}/"`);
    const script = /src="(static\/js\/main\.[^"]+\.js)"/.exec(html.text)?.[1];
    expect(script).toBeDefined();
    const asset = await page(`/${script}`, cookie).expect(200);
    expect(asset.headers['content-type']).toMatch(/javascript/);
    await page(`/${script}`).expect(401);

    const queues = (await page('/api/queues', cookie).expect(200)).body as { queues: DashboardQueue[] };
    expect(queues.queues.map((queue) => queue.name).sort()).toEqual(Object.values(QUEUES).sort());
    // The relaxed policy is the dashboard's alone: the rest of the api keeps its own.
    const health = await api.http().get('/api/health');
    expect(health.headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");
  });

  it('lists a failed job, retries it back to waiting, and removes a failed job', async () => {
    const cookie = await ticketCookie(admin);
    const retried = await failedJob();
    const listed = await retentionOnDashboard(cookie);
    expect(listed.counts.failed).toBe(1);
    expect(listed.jobs.map((job) => job.id)).toEqual([retried]);
    await change(`/${retried}/retry`, cookie).expect(204);
    expect(await retention.getJobState(retried)).toBe('waiting');
    await retention.drain();

    const removed = await failedJob();
    await change(`/${removed}/clean`, cookie).expect(204);
    expect(await retention.getJob(removed)).toBeUndefined();
    expect((await retentionOnDashboard(cookie)).counts.failed).toBe(0);
  });

  it('retries every failed job at once, and "Clean all" removes failed jobs older than its 5 s grace', async () => {
    const cookie = await ticketCookie(admin);
    const failed = [await failedJob(), await failedJob()];
    expect((await change('/retry/failed', cookie).expect(200)).body).toEqual({ retried: 2, skipped: 0 });
    for (const id of failed) expect(await retention.getJobState(id)).toBe('waiting');
    await retention.drain();

    const minuteAgo = Date.now() - 60_000;
    const old = [await failedJob(minuteAgo), await failedJob(minuteAgo)];
    await change('/clean/failed', cookie).expect(200);
    for (const id of old) expect(await retention.getJob(id)).toBeUndefined();
    expect((await retentionOnDashboard(cookie)).counts.failed).toBe(0);
  });

  it('refuses a change sent from another site (403) and leaves the job as it was', async () => {
    const cookie = await ticketCookie(admin);
    const id = await failedJob();
    const foreign: Record<string, string>[] = [
      { Origin: 'https://attacker.example' },
      { Origin: 'https://attacker.example', 'Sec-Fetch-Site': 'cross-site' },
      { 'Sec-Fetch-Site': 'same-site' },
      { Origin: 'null' },
    ];
    for (const headers of foreign) {
      const response = await change(`/${id}/retry`, cookie, headers).expect(403);
      expect(response.body).toEqual({ error: QUEUE_DASHBOARD_MESSAGES.crossSite });
    }
    expect(await retention.getJobState(id)).toBe('failed');
    // The page's own origin, or the address it was reached at, passes.
    await change(`/${id}/retry`, cookie, { Origin: api.url }).expect(204);
  });

  it('answers a forged or expired ticket with 401 and removes the cookie', async () => {
    const forged = `${QUEUE_DASHBOARD.cookieName}=${randomBytes(32).toString('base64url')}`;
    const refused = await page('/api/queues', forged).expect(401);
    expect(refused.body).toEqual({ error: QUEUE_DASHBOARD_MESSAGES.ticketExpired });
    expect(setCookiesOf(refused)[0]).toContain('Max-Age=0');
    await page('/api/queues', `${QUEUE_DASHBOARD.cookieName}=not-a-ticket`).expect(401);

    const cookie = await ticketCookie(admin);
    await page('/api/queues', cookie).expect(200);
    // What the ticket's time to live does when it runs out: its key leaves Redis.
    const ticket = cookie.split('=')[1];
    const digest = createHash('sha256').update(ticket).digest('hex');
    expect(await connection.del(`${api.deployment.redisPrefix}:queue-dashboard:${digest}`)).toBe(1);
    await page('/api/queues', cookie).expect(401);
  });

  it('ends at once for a super admin who is demoted, deactivated or signs out (403)', async () => {
    const em = orm(api);
    const company = await aCompany(api);
    const demoted = await ticketCookie(admin);
    await page('/api/queues', demoted).expect(200);
    try {
      await em.nativeUpdate(User, { id: adminUser.id }, { role: 'business_manager', company: company.id });
      const refused = await page('', demoted).expect(403);
      expect(refused.text).toContain(MESSAGES.noAccess);
    } finally {
      await em.nativeUpdate(User, { id: adminUser.id }, { role: 'super_admin', company: null });
    }
    // A refused ticket is gone for good, even once the role is back.
    await page('/api/queues', demoted).expect(401);

    const deactivated = await ticketCookie(admin);
    try {
      await em.nativeUpdate(User, { id: adminUser.id }, { status: 'inactive' });
      expect((await page('/api/queues', deactivated).expect(403)).body).toEqual({ error: MESSAGES.noAccess });
    } finally {
      await em.nativeUpdate(User, { id: adminUser.id }, { status: 'active' });
    }

    const token = await signedIn(api, adminUser);
    const signedOut = await ticketCookie(token);
    await page('/api/queues', signedOut).expect(200);
    await api.http().post('/api/auth/logout').set(bearer(token)).send({}).expect(200);
    await page('/api/queues', signedOut).expect(403);
  });
});
