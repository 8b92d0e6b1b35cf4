import { exportJobId, QUEUES, type ExportShape } from '@casebridge/contracts';
import { ExportJob, User } from '@casebridge/db';
import { Queue } from 'bullmq';
import { Redis } from 'ioredis';
import { bearer, startApi, type ApiHarness } from '../../../../test/kit/api-harness';
import { aCompany, aSignedInUser, aSuperAdmin, signedIn } from '../../../../test/kit/factories';
import { orm } from '../../../../test/kit/member-fixtures';

/**
 * Asking for an export that the same user still has queued or building answers that export (no second build).
 * No worker runs in this file, so every export stays queued and each answer is decided by the api alone.
 */
describe('exports: a repeated ask answers the pending export', () => {
  let api: ApiHarness;
  let adminUser: User;
  let admin: string;
  let companyAdminUser: User;
  let companyAdmin: string;
  let connection: Redis;
  let queue: Queue;

  const ask = (token: string, body: object) =>
    api
      .http()
      .post('/api/exports')
      .set(bearer(token))
      .send(body)
      .then((response) => {
        expect(response.status).toBe(200);
        return response.body.export as ExportShape;
      });
  const rowsOf = (user: User, kind: string) => orm(api).count(ExportJob, { user: user.id, kind });

  beforeAll(async () => {
    api = await startApi();
    adminUser = await aSuperAdmin(api);
    admin = await signedIn(api, adminUser);
    ({ user: companyAdminUser, token: companyAdmin } = await aSignedInUser(api, {
      company: await aCompany(api),
      role: 'business_manager',
    }));
    connection = new Redis(process.env.REDIS_URL ?? 'redis://127.0.0.1:6379', { maxRetriesPerRequest: null });
    queue = new Queue(QUEUES.exports, { connection, prefix: process.env.REDIS_PREFIX });
  });

  afterAll(async () => {
    await queue?.close();
    await connection?.quit();
    await api?.close();
  });

  it('answers six asks at once with one export, one row and one queued job', async () => {
    const answers = await Promise.all(
      Array.from({ length: 6 }, () => ask(admin, { kind: 'inactive_users', params: {} })),
    );
    const ids = new Set(answers.map((answer) => answer.id));
    expect(ids.size).toBe(1);
    expect(answers.every((answer) => answer.status === 'queued')).toBe(true);
    expect(await rowsOf(adminUser, 'inactive_users')).toBe(1);
    const jobs = await queue.getJobs(['waiting', 'delayed', 'active', 'prioritized']);
    expect(jobs.filter((job) => job.data.export_id === answers[0].id)).toHaveLength(1);
  });

  it('builds a new export when the params differ, and once the pending one has ended', async () => {
    const march = await ask(companyAdmin, { kind: 'usage', params: { start: '2026-03-01', end: '2026-03-31' } });
    const april = await ask(companyAdmin, { kind: 'usage', params: { start: '2026-04-01', end: '2026-04-30' } });
    expect(april.id).not.toBe(march.id);
    expect(
      await ask(companyAdmin, { kind: 'usage', params: { start: '2026-03-01', end: '2026-03-31' } }),
    ).toMatchObject({
      id: march.id,
    });

    // Ended (ready, failed or expired): the next ask is a new export.
    const em = orm(api);
    await em.nativeUpdate(ExportJob, { id: march.id }, { status: 'failed', error: 'test' });
    const again = await ask(companyAdmin, { kind: 'usage', params: { start: '2026-03-01', end: '2026-03-31' } });
    expect(again.id).not.toBe(march.id);
    expect(await rowsOf(companyAdminUser, 'usage')).toBe(3);
  });

  it('queues the pending export again when Redis lost its job, instead of leaving the user stuck', async () => {
    const first = await ask(admin, { kind: 'groups', params: {} });
    await queue.remove(exportJobId(first.id));
    expect(await queue.getJob(exportJobId(first.id))).toBeUndefined();

    const repeat = await ask(admin, { kind: 'groups', params: {} });
    expect(repeat.id).toBe(first.id);
    const job = await queue.getJob(exportJobId(first.id));
    expect(job?.data).toEqual({ export_id: first.id });
  });

  it('keeps one pending row per user, kind and params in the database itself', async () => {
    const em = orm(api).fork();
    const owner = em.getReference(User, companyAdminUser.id);
    em.create(ExportJob, { user: owner, kind: 'partners', params: { a: 1, b: 2 } });
    em.create(ExportJob, { user: owner, kind: 'partners', params: { b: 2, a: 1 } });
    await expect(em.flush()).rejects.toThrow(/export_jobs_pending_unique/);
  });
});
