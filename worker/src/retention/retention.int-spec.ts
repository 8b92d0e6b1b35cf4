import { LIMITS, QUEUES } from '@casebridge/contracts';
import { Case, CaseCustomerData, CaseEvent, CaseNote, ContactDocument, IdempotencyKey, User } from '@casebridge/db';
import { loadServerConfig } from '@casebridge/server-core';
import { MikroORM } from '@mikro-orm/core';
import { EntityManager } from '@mikro-orm/postgresql';
import { INestApplicationContext } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { Queue } from 'bullmq';
import { Redis } from 'ioredis';
import pino from 'pino';
import { aCaseRow, aCompany, aProcess, aUser } from '../../../test/kit/factories';
import { IntegrationEnv, prepareIntegrationEnv } from '../../../test/integration/test-env';
import { waitForJobState } from '../../test/support/queue-helpers';
import { REDIS } from '../config/tokens';
import { WorkerModule } from '../worker.module';
import { RETENTION_JOBS, RetentionProcessor } from './retention.processor';
import { RetentionService } from './retention.service';

const DAY = 24 * 3_600_000;
/** The runs' pinned "now": 2 months after the wall clock, so every row made today is older than both limits. */
const NOW = new Date(Date.now() + 60 * DAY);
const daysBefore = (days: number, from: Date = NOW): Date => new Date(from.getTime() - days * DAY);
/** `NOW` minus `months` calendar months (UTC), as PostgreSQL counts them. */
function monthsBefore(months: number): Date {
  const date = new Date(NOW);
  const day = date.getUTCDate();
  date.setUTCDate(1);
  date.setUTCMonth(date.getUTCMonth() - months);
  const lastDay = new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + 1, 0)).getUTCDate();
  date.setUTCDate(Math.min(day, lastDay));
  return date;
}

describe('retention purges', () => {
  let env: IntegrationEnv;
  let app: INestApplicationContext;
  let retention: RetentionService;
  let retentionQueue: Queue;
  const logLines: Record<string, unknown>[] = [];
  let orm: MikroORM;
  let caller: User;
  let receivingProcess: ContactDocument;
  let counter = 0;

  const em = (): EntityManager => orm.em.fork() as EntityManager;

  /** A case of our own submitted at `createdAt`, with `rows` rows of customer data. */
  async function makeCase(createdAt: Date, rows: number): Promise<Case> {
    const kase = await aCaseRow(orm, { from: caller, to: receivingProcess, createdAt });
    const fork = em();
    for (let index = 0; index < rows; index += 1) {
      fork.create(CaseCustomerData, {
        case: kase.id,
        section: 'problem_section',
        field: `Field ${index}`,
        value: 'secret',
      });
    }
    await fork.flush();
    return kase;
  }

  /**
   * The purges work on the whole database: run them once first, so the seed's old rows are gone and the counts a
   * test reads are those of the rows it made itself.
   */
  async function purgeTheSeedsBacklog(): Promise<void> {
    await retention.purgeCustomerData(NOW);
    await retention.purgeNotes(NOW);
    await retention.purgeIdempotencyKeys(NOW);
  }

  async function makeNote(kase: Case, createdAt: Date): Promise<CaseNote> {
    const fork = em();
    const note = fork.create(CaseNote, {
      case: kase.id,
      creatorName: 'Rita Tester',
      summary: 'Private summary',
      description: 'Private text',
      createdAt,
    });
    fork.create(CaseEvent, {
      case: kase.id,
      seq: 100 + counter++,
      type: 'note_added',
      actorLabel: 'Rita Tester',
      payload: { summary: 'Private summary' },
      createdAt,
    });
    await fork.flush();
    return note;
  }

  beforeAll(async () => {
    env = await prepareIntegrationEnv();
    const config = loadServerConfig({ ...process.env });
    const logger = pino({ level: 'info' }, { write: (line: string) => logLines.push(JSON.parse(line)) });
    app = await NestFactory.createApplicationContext(WorkerModule.register(config, logger), { logger: false });
    retention = app.get(RetentionService);
    retentionQueue = new Queue(QUEUES.retention, { connection: app.get<Redis>(REDIS), prefix: env.redisPrefix });
    orm = app.get(MikroORM);
    caller = await aUser(orm, { company: await aCompany(orm), role: 'caller' });
    receivingProcess = await aProcess(orm, { company: await aCompany(orm) });
  });

  afterAll(async () => {
    await retentionQueue?.close();
    await app?.close();
    await env?.cleanup();
  });

  it('deletes the customer data of cases submitted over a month ago and marks them, once', async () => {
    expect(LIMITS.customerDataRetentionMonths).toBe(1);
    await purgeTheSeedsBacklog();
    const cutoff = monthsBefore(LIMITS.customerDataRetentionMonths);
    const old = await makeCase(new Date(cutoff.getTime() - 1000), 3);
    const young = await makeCase(new Date(cutoff.getTime() + 60_000), 2);

    const first = await retention.purgeCustomerData(NOW);

    expect(first).toEqual({ cases: 1, rows: 3 });
    expect(await em().count(CaseCustomerData, { case: old.id })).toBe(0);
    expect(await em().count(CaseCustomerData, { case: young.id })).toBe(2);
    expect((await em().findOneOrFail(Case, old.id)).customerDataPurgedAt?.toISOString()).toBe(NOW.toISOString());
    expect((await em().findOneOrFail(Case, young.id)).customerDataPurgedAt).toBeNull();
    expect(await em().count(CaseCustomerData, { case: { createdAt: { $lt: cutoff } } })).toBe(0);

    expect(await retention.purgeCustomerData(NOW)).toEqual({ cases: 0, rows: 0 });
    expect(await em().count(CaseCustomerData, { case: young.id })).toBe(2);
  });

  it('removes feed notes older than 30 days and their summaries in the case log, once', async () => {
    expect(LIMITS.noteRetentionDays).toBe(30);
    await purgeTheSeedsBacklog();
    const kase = await makeCase(NOW, 0);
    const old = await makeNote(kase, new Date(daysBefore(30).getTime() - 1000));
    const young = await makeNote(kase, new Date(daysBefore(30).getTime() + 60_000));

    const first = await retention.purgeNotes(NOW);

    expect(first).toEqual({ notes: 1, events: 1 });
    expect(await em().findOne(CaseNote, old.id)).toBeNull();
    expect(await em().findOne(CaseNote, young.id)).not.toBeNull();
    const events = await em().find(CaseEvent, { case: kase.id, type: 'note_added' }, { orderBy: { createdAt: 'asc' } });
    expect(events.map((event) => event.payload)).toEqual([{}, { summary: 'Private summary' }]);

    expect(await retention.purgeNotes(NOW)).toEqual({ notes: 0, events: 0 });
    expect(await em().findOne(CaseNote, young.id)).not.toBeNull();
  });

  it('forgets Idempotency-Keys past their lifetime and keeps the live ones', async () => {
    await purgeTheSeedsBacklog();
    const fork = em();
    const user = fork.getReference(User, caller.id);
    const key = (name: string, expiresAt: Date) =>
      fork.create(IdempotencyKey, { user, key: name, fingerprint: 'f'.repeat(64), expiresAt });
    key('spent', daysBefore(1));
    key('live', daysBefore(-1));
    await fork.flush();
    expect(await retention.purgeIdempotencyKeys(NOW)).toEqual({ keys: 1 });
    expect((await em().find(IdempotencyKey, { user: caller.id })).map((row) => row.key)).toEqual(['live']);
    expect(await em().count(IdempotencyKey, { expiresAt: { $lt: NOW } })).toBe(0);
    expect(await retention.purgeIdempotencyKeys(NOW)).toEqual({ keys: 0 });
  });

  it('runs each purge through the retention queue and logs one line with its counts', async () => {
    await purgeTheSeedsBacklog();
    const kase = await makeCase(monthsBefore(3), 1);
    await makeNote(kase, daysBefore(45));

    const jobs = [
      await app.get(RetentionProcessor).runOnce(RETENTION_JOBS.purgeCustomerData, NOW),
      await app.get(RetentionProcessor).runOnce(RETENTION_JOBS.purgeNotes, NOW),
    ];
    const [data, notes] = await Promise.all(
      jobs.map((job) => waitForJobState(retentionQueue, job.id as string, ['completed'])),
    );

    expect(data.returnvalue).toEqual({ cases: 1, rows: 1 });
    expect(notes.returnvalue).toEqual({ notes: 1, events: 1 });
    for (const job of jobs) {
      const lines = logLines.filter((line) => line.queue === QUEUES.retention && line.id === job.id);
      expect(lines).toEqual([expect.objectContaining({ name: job.name, outcome: 'done' })]);
    }
  });

  it('keeps the schedules registered', async () => {
    const schedulers = await retentionQueue.getJobSchedulers();
    expect(schedulers.map((scheduler) => [scheduler.key, scheduler.pattern]).sort()).toEqual([
      [RETENTION_JOBS.purgeCustomerData, '15 3 * * *'],
      [RETENTION_JOBS.purgeIdempotencyKeys, '25 * * * *'],
      [RETENTION_JOBS.purgeNotes, '45 3 * * *'],
    ]);
  });
});
