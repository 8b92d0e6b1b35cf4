import { EXPORT_JOB_NAMES, EXPORT_JOB_OPTIONS, exportJobId, QUEUES, type RelayedEvent } from '@casebridge/contracts';
import { Case, ExportJob } from '@casebridge/db';
import { MikroORM } from '@mikro-orm/core';
import { EntityManager } from '@mikro-orm/postgresql';
import { Job, Queue } from 'bullmq';
import { existsSync, mkdtempSync, rmSync } from 'fs';
import IORedis, { Redis } from 'ioredis';
import os from 'os';
import path from 'path';
import { Client } from 'pg';
import { aCaseRow, aCompany, aProcess, aUser, domainOf, uniqueName } from '../../../test/kit/factories';
import { relayStreamKey } from '../../src/realtime/relay';
import { MARK_LATE_EVERY_MS, SLA_JOBS } from '../../src/sla/sla.processor';
import { IntegrationEnv, prepareIntegrationEnv } from '../../../test/integration/test-env';
import { waitFor } from '../../../test/wait-for';
import { REDIS } from '../../src/config/tokens';
import { waitUntil } from '../support/http-stand-in';
import { findFreePort, MailCatcher } from '../../../test/kit/mail-catcher';
import { RunningWorker, startWorker } from '../../../test/kit/worker-app';
import { hideRedisOutageNoise } from '../../../test/kit/faults/outage-noise';
import { PrivateRedis } from '../../../test/kit/faults/private-redis';
import { settleWithin } from '../../../test/kit/faults/timing';

/**
 * The worker's other background work across a Redis crash (private redis-server with an append-only file): an
 * export queued before the crash is built, and the every-minute late-marking schedule survives and keeps running.
 */
describe('scheduled work and exports across a Redis restart', () => {
  let env: IntegrationEnv;
  let redis: PrivateRedis;
  let catcher: MailCatcher;
  let worker: RunningWorker | undefined;
  let client: Redis;
  let slaQueue: Queue;
  let exportsQueue: Queue;
  let storage: string;

  const orm = (): MikroORM => worker!.app.get(MikroORM);
  const em = (): EntityManager => orm().em.fork() as EntityManager;

  async function crashRedis(): Promise<void> {
    await redis.kill('SIGKILL');
    expect(redis.running).toBe(false);
    // Back once the worker's own connection has lost the server, not after a guessed pause.
    const connection = worker!.app.get<Redis>(REDIS);
    await waitFor(
      () => connection.status,
      (status) => status !== 'ready',
      { what: "the worker's Redis connection to notice the crash", timeoutMs: 10_000, everyMs: 20 },
    );
    await redis.start();
  }

  beforeAll(async () => {
    hideRedisOutageNoise();
    env = await prepareIntegrationEnv();
    // The test owns every case of its database: seeded cases never reach the late schedule.
    const pg = new Client({ connectionString: env.databaseUrl });
    await pg.connect();
    await pg.query('update cases set deleted_at = now()');
    await pg.end();
    redis = await PrivateRedis.start({ persistent: true });
    storage = mkdtempSync(path.join(os.tmpdir(), 'casebridge-fault-exports-'));
    Object.assign(process.env, { REDIS_URL: redis.url, STORAGE_DIR: storage });
    catcher = await new MailCatcher(await findFreePort()).start();
    client = new IORedis(redis.url, { maxRetriesPerRequest: null });
    client.on('error', () => undefined);
    slaQueue = new Queue(QUEUES.sla, { connection: client, prefix: env.redisPrefix });
    exportsQueue = new Queue(QUEUES.exports, { connection: client, prefix: env.redisPrefix });
    worker = await startWorker(catcher.smtpUrl);
  });

  afterAll(async () => {
    if (redis && !redis.running) await settleWithin(redis.start(), 10_000);
    if (worker) await settleWithin(worker.close(), 10_000);
    await settleWithin(Promise.all([slaQueue?.close(), exportsQueue?.close()]), 5_000);
    client?.disconnect();
    await redis?.destroy();
    await catcher?.stop();
    await env?.cleanup();
    if (storage) rmSync(storage, { recursive: true, force: true });
  });

  it('builds an export queued just before Redis crashed', async () => {
    // A company of our own with a case to report, and its business manager asking for the usage export.
    const company = await aCompany(orm());
    const owner = await aUser(orm(), { company, role: 'business_manager' });
    await aCaseRow(orm(), { from: owner, to: await aProcess(orm(), { company: await aCompany(orm()) }) });
    const fork = em();
    const row = fork.create(ExportJob, {
      user: owner.id,
      kind: 'usage',
      params: { start: '2020-01-01', end: '2030-12-31', company_id: company.id },
    });
    await fork.flush();

    // Queued as the api does, then Redis dies at once: the job is waiting or its build is under way.
    await exportsQueue.add(
      EXPORT_JOB_NAMES.build,
      { export_id: row.id },
      { ...EXPORT_JOB_OPTIONS, jobId: exportJobId(row.id) },
    );
    await crashRedis();

    const done = await waitUntil(
      async () => (await exportsQueue.getJob(exportJobId(row.id))) as Job,
      (job) => job?.finishedOn !== undefined,
      30_000,
    );
    expect(await done.getState()).toBe('completed');
    expect(done.returnvalue).toBe('ready');
    const built = await em().findOneOrFail(ExportJob, row.id);
    expect(built.status).toBe('ready');
    expect(built.filePath).toBeTruthy();
    expect(existsSync(path.join(storage, built.filePath ?? ''))).toBe(true);
    expect(existsSync(path.join(storage, `${built.filePath}.partial`))).toBe(false);

    // The owner's browser hears "ready" through the relay stream, which lives in the restarted Redis.
    const relayed = (await client.xrange(relayStreamKey(env.redisPrefix), '-', '+')).map(
      ([, fields]) => JSON.parse(fields[fields.indexOf('event') + 1]) as RelayedEvent,
    );
    expect(relayed.map((event) => event.message)).toContainEqual(
      expect.objectContaining({ export_id: row.id, status: 'ready' }),
    );
  }, 45_000);

  it('keeps the every-minute late schedule after a Redis crash, and its next run marks and mails', async () => {
    const scheduled = await waitUntil(
      () => slaQueue.getJobScheduler(SLA_JOBS.markLate),
      (scheduler) => Boolean(scheduler?.next),
    );
    expect(scheduled?.every).toBe(MARK_LATE_EVERY_MS);

    // A case overdue by the wall clock: the next scheduled run (not a hand-queued one) must find it.
    const receiver = await aCompany(orm());
    const alias = `${uniqueName('duty')}@${domainOf(receiver)}`;
    const receivingProcess = await aProcess(orm(), { company: receiver, version: { escalationAlias: alias } });
    const submitter = await aUser(orm(), { company: await aCompany(orm()), role: 'caller' });
    const kase = await aCaseRow(orm(), {
      from: submitter,
      to: receivingProcess,
      overrides: { responseDueAt: new Date(Date.now() - 5 * 60_000) },
    });

    await crashRedis();

    // The schedule and its next run came back from the append-only file.
    const after = await slaQueue.getJobScheduler(SLA_JOBS.markLate);
    expect(after?.every).toBe(MARK_LATE_EVERY_MS);
    const nextRuns = (await slaQueue.getDelayed()).filter((job) => job.name === SLA_JOBS.markLate);
    expect(nextRuns).toHaveLength(1);
    // Rather than wait up to a minute, the scheduled run is due now; the running worker must take it.
    await nextRuns[0].promote();

    const marked = await waitUntil(
      () => em().findOneOrFail(Case, kase.id),
      // Marked late, then (next transaction of the same run) its mail queued and recorded.
      (fresh) => fresh.lateNotifiedAt !== null,
      20_000,
    );
    expect(marked.lateAt).not.toBeNull();
    const mail = await catcher.waitForMailTo(alias);
    expect(mail.subject).toContain(kase.internalCaseNumber);

    // Taking that run scheduled the one after it: the schedule keeps running.
    const following = await waitUntil(
      async () => (await slaQueue.getDelayed()).filter((job) => job.name === SLA_JOBS.markLate),
      (jobs) => jobs.length === 1 && jobs[0].id !== nextRuns[0].id,
    );
    expect(following[0].timestamp + (following[0].delay ?? 0)).toBeGreaterThan(Date.now());
  }, 45_000);
});
