import {
  CASE_AUDIENCES,
  mailJobId,
  QUEUES,
  rooms,
  type CasesChangedMessage,
  type MailJob,
  type RelayedEvent,
} from '@casebridge/contracts';
import { Case, CaseEvent, type Company, type ContactDocument, type User } from '@casebridge/db';
import { loadServerConfig } from '@casebridge/server-core';
import { MikroORM } from '@mikro-orm/core';
import { EntityManager } from '@mikro-orm/postgresql';
import { INestApplicationContext } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { Queue } from 'bullmq';
import { Redis } from 'ioredis';
import { Client } from 'pg';
import pino from 'pino';
import { aCaseRow, aCompany, aProcess, aUser, domainOf, uniqueName } from '../../../test/kit/factories';
import { IntegrationEnv, prepareIntegrationEnv } from '../../../test/integration/test-env';
import { findFreePort, MailCatcher } from '../../../test/kit/mail-catcher';
import { waitForJobState } from '../../test/support/queue-helpers';
import { REDIS } from '../config/tokens';
import { relayStreamKey } from '../realtime/relay';
import { WorkerModule } from '../worker.module';
import { lateMailKey } from './late-mail';
import { SlaLateService } from './sla-late.service';
import { SLA_JOBS, SlaProcessor } from './sla.processor';

const MINUTE = 60_000;
/**
 * The test's "now": ten days ahead of the wall clock, so the every-minute schedule (which runs at the real time)
 * never finds the test's cases due; every run below pins its own time.
 */
const BASE = new Date(Date.now() + 10 * 24 * 60 * MINUTE);
const at = (minutes: number): Date => new Date(BASE.getTime() + minutes * MINUTE);

describe('SLA late marking', () => {
  let env: IntegrationEnv;
  let catcher: MailCatcher;
  let app: INestApplicationContext;
  let late: SlaLateService;
  let mailQueue: Queue<MailJob>;
  let slaQueue: Queue;
  let redis: Redis;
  const logLines: Record<string, unknown>[] = [];
  let orm: MikroORM;
  let submitter: User;
  let receiver: Company;
  let receivingProcess: ContactDocument;
  /** Who hears of a late case: the process's escalation user, its alternate and its alias, in that order. */
  let escalationContacts: string[];

  const em = (): EntityManager => orm.em.fork() as EntityManager;

  /** A case from our submitter through the receiver's process (escalation user, alternate and alias set). */
  function makeCase(fields: Partial<Case>): Promise<Case> {
    // The row as the test states it: no clock fields but those given, event numbers up to 3 already used.
    return aCaseRow(orm, {
      from: submitter,
      to: receivingProcess,
      overrides: { eventSeq: 3, slaPausedAt: null, slaStoppedAt: null, ...fields },
    });
  }

  const reload = (kase: Case): Promise<Case> => em().findOneOrFail(Case, kase.id);
  const lateEvents = (kase: Case): Promise<CaseEvent[]> => em().find(CaseEvent, { case: kase.id, type: 'sla_late' });

  async function relayed(): Promise<RelayedEvent[]> {
    const entries = await redis.xrange(relayStreamKey(env.redisPrefix), '-', '+');
    return entries.map(([, fields]) => JSON.parse(fields[fields.indexOf('event') + 1]) as RelayedEvent);
  }

  async function caseLateMailJobs(): Promise<string[]> {
    const jobs = await mailQueue.getJobs(['waiting', 'active', 'completed', 'failed', 'delayed']);
    return jobs.filter((job) => job.data.template === 'case-late').map((job) => job.id as string);
  }

  beforeAll(async () => {
    env = await prepareIntegrationEnv();
    // A run's counts are of the whole database: the seed's cases are set aside before the schedule can see them,
    // so every count below is of the cases this test makes.
    const client = new Client({ connectionString: env.databaseUrl });
    await client.connect();
    await client.query('update cases set deleted_at = now()');
    await client.end();
    catcher = await new MailCatcher(await findFreePort()).start();
    const config = loadServerConfig({ ...process.env, SMTP_URL: catcher.smtpUrl });
    const logger = pino({ level: 'info' }, { write: (line: string) => logLines.push(JSON.parse(line)) });
    app = await NestFactory.createApplicationContext(WorkerModule.register(config, logger), { logger: false });
    late = app.get(SlaLateService);
    redis = app.get<Redis>(REDIS);
    mailQueue = new Queue<MailJob>(QUEUES.mail, { connection: redis, prefix: env.redisPrefix });
    slaQueue = new Queue(QUEUES.sla, { connection: redis, prefix: env.redisPrefix });
    orm = app.get(MikroORM);
    submitter = await aUser(orm, { company: await aCompany(orm), role: 'caller' });
    receiver = await aCompany(orm);
    const escalationUser = await aUser(orm, { company: receiver, role: 'business_manager' });
    const alternate = await aUser(orm, { company: receiver, role: 'caller' });
    const alias = `${uniqueName('duty')}@${domainOf(receiver)}`;
    receivingProcess = await aProcess(orm, {
      company: receiver,
      version: { escalationUser: escalationUser.id, altEscalationUser: alternate.id, escalationAlias: alias },
    });
    escalationContacts = [escalationUser.email, alternate.email, alias];
  });

  afterAll(async () => {
    await mailQueue?.close();
    await slaQueue?.close();
    await app?.close();
    await catcher?.stop();
    await env?.cleanup();
  });

  it('marks exactly the running overdue cases (never a sample), numbers one sla_late event each and queues one mail each', async () => {
    const overdue = await makeCase({ responseDueAt: at(-1) });
    const resumed = await makeCase({ status: 'information', responseDueAt: at(-5), slaPausedSeconds: 600 });
    const atDue = await makeCase({ responseDueAt: at(0) });
    const notYet = await makeCase({ responseDueAt: at(60) });
    const paused = await makeCase({ status: 'information', responseDueAt: at(-60), slaPausedAt: at(-90) });
    const stopped = await makeCase({ status: 'accepted', responseDueAt: at(-60), slaStoppedAt: at(-70) });
    const rejected = await makeCase({ status: 'rejected', responseDueAt: at(-60), slaStoppedAt: at(-30) });
    const sample = await makeCase({ responseDueAt: at(-60), isSample: true });

    expect(await late.run(BASE)).toEqual({ marked: 2, mailed: 2, unmailed: 0 });

    for (const kase of [overdue, resumed]) {
      const fresh = await reload(kase);
      expect(fresh.lateAt?.toISOString()).toBe(BASE.toISOString());
      expect(fresh.lateNotifiedAt?.toISOString()).toBe(BASE.toISOString());
      expect(fresh.eventSeq).toBe(4);
      const events = await lateEvents(kase);
      expect(events.map((event) => [event.seq, event.actorLabel, event.createdAt.toISOString()])).toEqual([
        [4, 'System', BASE.toISOString()],
      ]);
    }
    for (const kase of [atDue, notYet, paused, stopped, rejected, sample]) {
      const fresh = await reload(kase);
      expect(fresh.lateAt).toBeNull();
      expect(fresh.eventSeq).toBe(3);
      expect(await lateEvents(kase)).toHaveLength(0);
    }

    const job = await mailQueue.getJob(mailJobId(lateMailKey(overdue.id)));
    expect(job?.data).toMatchObject({
      template: 'case-late',
      to: escalationContacts,
      variables: {
        case_number: overdue.internalCaseNumber,
        summary: overdue.summary,
        company: submitter.company!.name,
        link: expect.stringMatching(new RegExp(`/case/${overdue.token}/respond$`)),
      },
    });
    expect((await caseLateMailJobs()).sort()).toEqual(
      [mailJobId(lateMailKey(overdue.id)), mailJobId(lateMailKey(resumed.id))].sort(),
    );

    // The mail worker delivers it, rendered from the stored template with every placeholder filled.
    await waitForJobState(mailQueue, mailJobId(lateMailKey(overdue.id)), ['completed']);
    const delivered = (await catcher.allTo(escalationContacts[2])).find((mail) =>
      mail.subject.includes(overdue.internalCaseNumber),
    );
    expect(delivered?.subject).toBe(`[Casebridge] Case ${overdue.internalCaseNumber} is waiting for a response`);
    expect(delivered?.to).toEqual(escalationContacts);
    expect(delivered?.links.some((link) => link.endsWith(`/case/${overdue.token}/respond`))).toBe(true);
  });

  // Later cases fall due before BASE so that the cases left running above (due at BASE and after) stay unmarked.
  it('a second run marks nothing new and queues no second mail', async () => {
    const jobsBefore = (await caseLateMailJobs()).sort();
    const ours = { receiverCompany: receiver.id };
    const eventsBefore = await em().count(CaseEvent, { type: 'sla_late', case: ours });

    expect(await late.run(BASE)).toEqual({ marked: 0, mailed: 0, unmailed: 0 });

    expect(await em().count(CaseEvent, { type: 'sla_late', case: ours })).toBe(eventsBefore);
    expect((await caseLateMailJobs()).sort()).toEqual(jobsBefore);
    const marked = await em().find(Case, { ...ours, lateAt: { $ne: null } });
    expect(marked.map((kase) => kase.lateAt?.toISOString())).toEqual([BASE.toISOString(), BASE.toISOString()]);
  });

  it('relays the case event to the case room, a list refresh to both companies and a queue refresh', async () => {
    const kase = await makeCase({ responseDueAt: at(-300) });
    const before = (await relayed()).length;

    expect((await late.run(at(-299))).marked).toBe(1);

    const messages = (await relayed()).slice(before);
    // Each audience of the case its version of the entry (the case's fields after it), both companies the list row,
    // super admins the queue row: built by the one rule the api uses (libs/db caseEventBroadcasts).
    expect(messages.map((item) => [item.room, item.event, item.except])).toEqual([
      ...CASE_AUDIENCES.map((audience) => [rooms.caseAudience(kase.id, audience), 'case.event', undefined]),
      [rooms.company(submitter.company!.id), 'cases.changed', rooms.case(kase.id)],
      [rooms.company(receiver.id), 'cases.changed', rooms.case(kase.id)],
      [rooms.superAdmins, 'queue.changed', undefined],
    ]);
    for (const item of messages.filter((message) => message.event === 'case.event')) {
      expect(item.message).toMatchObject({
        case_token: kase.token,
        seq: 4,
        type: 'sla_late',
        status: 'open',
        actor: 'System',
        at: at(-299).toISOString(),
        case: { event_seq: 4, status: 'open', internal_case_number: kase.internalCaseNumber },
      });
    }
    const [submitterRow, receiverRow] = messages
      .filter((message) => message.event === 'cases.changed')
      .map((message) => message.message as CasesChangedMessage);
    // (The rows' own `late` is the SLA clock read at the real time, as the lists answer it; this run is pinned ahead.)
    expect(submitterRow).toMatchObject({ seq: 4, removed: false, row: { token: kase.token, direction: 'outbound' } });
    expect(receiverRow).toMatchObject({ seq: 4, removed: false, row: { token: kase.token, direction: 'inbound' } });
    expect(messages.at(-1)?.message).toMatchObject({
      queue: 'escalation',
      removed: false,
      row: { token: kase.token, late: true },
    });
  });

  it('never marks a case whose clock stops while an answer holds its row', async () => {
    const kase = await makeCase({ responseDueAt: at(-400) });
    await em().transactional(async (tx) => {
      // The respond flow locks the case row, then stops the clock in the same transaction.
      await tx.execute('select id from cases where id = ? for update', [kase.id]);
      expect((await late.run(at(-399))).marked).toBe(0);
      await tx.execute(`update cases set status = 'accepted', sla_stopped_at = ? where id = ?`, [at(-399), kase.id]);
    });
    expect((await late.run(at(-398))).marked).toBe(0);
    expect((await reload(kase)).lateAt).toBeNull();
    expect(await lateEvents(kase)).toHaveLength(0);
  });

  it('runs through the sla queue at a pinned time and logs one line with the counts', async () => {
    const kase = await makeCase({ responseDueAt: at(-500) });
    const job = await app.get(SlaProcessor).runOnce(SLA_JOBS.markLate, at(-499));
    const done = await waitForJobState(slaQueue, job.id as string, ['completed']);

    expect(done.returnvalue).toEqual({ marked: 1, mailed: 1, unmailed: 0 });
    expect((await reload(kase)).lateAt?.toISOString()).toBe(at(-499).toISOString());
    const lines = logLines.filter((line) => line.queue === QUEUES.sla && line.id === job.id);
    expect(lines).toEqual([
      expect.objectContaining({ name: SLA_JOBS.markLate, outcome: 'done', marked: 1, mailed: 1, unmailed: 0 }),
    ]);
  });

  it('keeps the every-minute schedule registered', async () => {
    const schedulers = await slaQueue.getJobSchedulers();
    expect(schedulers).toEqual([expect.objectContaining({ key: SLA_JOBS.markLate, every: 60_000 })]);
  });
});
