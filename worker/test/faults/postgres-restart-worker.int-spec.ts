import {
  attachmentJobId,
  INTEGRATION_JOB_NAMES,
  integrationJobOptions,
  QUEUES,
  type ForwardAttachmentJob,
} from '@casebridge/contracts';
import { Case, CaseAttachment } from '@casebridge/db';
import { testDatabaseUrl } from '@casebridge/db/testing';
import { MikroORM } from '@mikro-orm/core';
import { EntityManager } from '@mikro-orm/postgresql';
import { Job, Queue } from 'bullmq';
import IORedis from 'ioredis';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { TEST_TEMPLATE_DB_ENV } from '../../../test/integration/run-names';
import { IntegrationEnv, prepareIntegrationEnv } from '../../../test/integration/test-env';
import { HttpStandIn, waitUntil } from '../support/http-stand-in';
import { waitForJobState } from '../support/queue-helpers';
import { RunningWorker, startWorker } from '../../../test/kit/worker-app';
import { PrivatePostgres } from '../../../test/kit/faults/private-postgres';
import { settleWithin } from '../../../test/kit/faults/timing';

const ATTACHMENTS = 4;

/**
 * PostgreSQL crashes under the running worker while attachment jobs wait (a private server of this test, killed
 * with pg_ctl -m immediate) and comes back on the same address: the same worker process keeps running, the jobs
 * that met the outage retry with backoff, and every attachment reaches the collaboration service exactly once.
 */
describe('PostgreSQL restart under the worker', () => {
  let env: IntegrationEnv;
  let pg: PrivatePostgres;
  let storage: string;
  let service: HttpStandIn;
  let worker: RunningWorker | undefined;
  let redis: IORedis;
  let attachments: Queue<ForwardAttachmentJob>;
  let droppedConnections = 0;

  beforeAll(async () => {
    // knex prints each connection the crash cuts off with console.log: expected here, counted in the summary.
    const log = console.log.bind(console);
    jest.spyOn(console, 'log').mockImplementation((...args: unknown[]) => {
      if (/^Connection Error:/.test(String(args[0]))) droppedConnections += 1;
      else log(...args);
    });
    env = await prepareIntegrationEnv();
    pg = await PrivatePostgres.start();
    const template = testDatabaseUrl(process.env[TEST_TEMPLATE_DB_ENV] ?? '');
    storage = await mkdtemp(join(tmpdir(), 'casebridge-pg-worker-'));
    service = await new HttpStandIn(() => 201).start();
    // startWorker() reads the environment: the worker under test uses the private server only.
    Object.assign(process.env, {
      DATABASE_URL: await pg.copyDatabase(template, 'casebridge_worker_fault'),
      STORAGE_DIR: storage,
      COLLAB_SERVICE_URL: service.url,
    });
    worker = await startWorker('smtp://127.0.0.1:1');
    redis = new IORedis(worker.config.REDIS_URL, { maxRetriesPerRequest: null });
    attachments = new Queue(QUEUES.attachments, { connection: redis, prefix: env.redisPrefix });
  }, 90_000);

  afterAll(async () => {
    if (pg && !(await pg.accepting())) await settleWithin(pg.start(), 30_000);
    if (worker) await settleWithin(worker.close(), 10_000);
    await attachments?.close();
    redis?.disconnect();
    await service?.stop();
    await pg?.destroy();
    if (storage) await rm(storage, { recursive: true, force: true });
    // The clone prepareIntegrationEnv made lives on the shared server: drop it there.
    if (env) process.env.DATABASE_URL = env.databaseUrl;
    await env?.cleanup();
  });

  const em = () => worker!.app.get(MikroORM).em.fork() as EntityManager;

  it('keeps the worker running and delivers every attachment once after the database is back', async () => {
    const kase = await em().findOneOrFail(Case, { internalCaseNumber: 'ACME-10407' });
    const fork = em();
    const rows: CaseAttachment[] = [];
    await mkdir(join(storage, 'cases', String(kase.id)), { recursive: true });
    for (let index = 0; index < ATTACHMENTS; index++) {
      const name = `pg-outage-${index}.log`;
      await writeFile(join(storage, 'cases', String(kase.id), name), `line ${index}\n`);
      rows.push(
        fork.create(CaseAttachment, {
          case: kase.id,
          originalFilename: name,
          storagePath: `cases/${kase.id}/${name}`,
          sizeBytes: `line ${index}\n`.length,
          mimeType: 'text/plain',
          uploadState: 'pending',
        }),
      );
    }
    await fork.flush();
    const ids = rows.map((row) => row.id);

    await pg.kill();
    // Enqueued as the api's after-commit hook does; each try now fails on the database and is retried later.
    const policy = { attempts: 8, delayMs: 300 };
    for (const id of ids) {
      await attachments.add(
        INTEGRATION_JOB_NAMES.forwardAttachment,
        { attachmentId: id },
        integrationJobOptions(policy, attachmentJobId(id)),
      );
    }
    const metOutage = await waitUntil(
      async () => Promise.all(ids.map((id) => attachments.getJob(attachmentJobId(id)))),
      (jobs) => jobs.every((job) => (job?.attemptsMade ?? 0) >= 1),
      30_000,
    );
    expect(metOutage.map((job) => job?.failedReason)).toEqual(ids.map(() => expect.any(String)));
    expect(service.requests).toHaveLength(0);

    await pg.start();
    const jobs: Job[] = [];
    for (const id of ids) jobs.push(await waitForJobState(attachments, attachmentJobId(id), ['completed'], 60_000));
    const done = await waitUntil(
      () => em().find(CaseAttachment, { id: { $in: ids } }),
      (found) => found.every((row) => row.uploadState === 'done'),
    );
    const arrived = new Set(
      service.requests.map((request) => request.body.toString('latin1').match(/pg-outage-\d/)?.[0]),
    );
    const lost = rows.filter((row) => !arrived.has(row.originalFilename.replace('.log', '')));

    console.log(
      `postgres restart (worker): ${ids.length} attachment jobs met the outage ` +
        `(${metOutage.reduce((sum, job) => sum + (job?.attemptsMade ?? 0), 0)} failed tries), ` +
        `${jobs.length} completed after it, ${service.requests.length} uploads for ${ids.length} files, ` +
        `${lost.length} lost; ${droppedConnections} pooled connections dropped`,
    );
    expect(lost).toEqual([]);
    expect(service.requests).toHaveLength(ids.length);
    expect(jobs.map((job) => job.returnvalue)).toEqual(ids.map(() => 'uploaded'));
    expect(done.map((row) => row.uploadState)).toEqual(ids.map(() => 'done'));
  }, 90_000);
});
