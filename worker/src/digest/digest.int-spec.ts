import { mailJobId, QUEUES, type CaseEventType, type MailJob } from '@casebridge/contracts';
import { appendCaseEvents, type Company, type ContactDocument, type DueDigest, type User } from '@casebridge/db';
import { MikroORM } from '@mikro-orm/core';
import { EntityManager } from '@mikro-orm/postgresql';
import { Queue } from 'bullmq';
import { Redis } from 'ioredis';
import { aCaseRow, aCompany, aProcess, aUser } from '../../../test/kit/factories';
import { IntegrationEnv, prepareIntegrationEnv } from '../../../test/integration/test-env';
import { findFreePort, MailCatcher } from '../../../test/kit/mail-catcher';
import { RunningWorker, startWorker } from '../../../test/kit/worker-app';
import { waitFor } from '../../../test/wait-for';
import { waitForJobState } from '../../test/support/queue-helpers';
import { REDIS } from '../config/tokens';
import { digestMailKey } from './digest-mail';
import { DIGEST_JOBS, DigestService } from './digest.service';

/** A winter day far from the wall clock: New York is UTC-5, so 07:00 there is 12:00 UTC. */
const DAY = '2031-01-15';
const utc = (time: string): Date => new Date(`${DAY}T${time}:00.000Z`);

/**
 * Mail preferences in the mail worker and the daily digest, on the real worker (the shared boot), PostgreSQL, Redis
 * and an SMTP catcher. Every scan is run with an injected time; the repeatable scan is removed first so the wall
 * clock never runs one.
 */
describe('mail preferences and the daily digest', () => {
  let env: IntegrationEnv;
  let catcher: MailCatcher;
  let worker: RunningWorker;
  let orm: MikroORM;
  let digests: DigestService;
  let digestQueue: Queue;
  let partnerCompany: Company;
  let partner: User;
  let process: ContactDocument;

  const sql = (text: string, params: unknown[] = []) => (orm.em.fork() as EntityManager).execute(text, params);
  const prefer = (user: User, kind: string, delivery: string) =>
    sql(`insert into mail_preferences (user_id, kind, delivery) values (?, ?, ?)`, [user.id, kind, delivery]);
  const mailJob = (key: string) => worker.queue.getJob(mailJobId(key));

  async function aMember(label: string, timeZone: string | null): Promise<User> {
    const user = await aUser(orm, { company: await aCompany(orm), role: 'caller', label });
    await sql(`update users set time_zone = ? where id = ?`, [timeZone, user.id]);
    return user;
  }

  /** Appends entries to a case one by one, as their actors wrote them. */
  async function write(caseId: number, entries: { type: CaseEventType; by: User }[]): Promise<void> {
    for (const entry of entries) {
      await (orm.em.fork() as EntityManager).transactional((em) =>
        appendCaseEvents(em, [
          {
            caseId,
            type: entry.type,
            actorUserId: entry.by.id,
            actorLabel: `${entry.by.firstName} ${entry.by.lastName}`,
          },
        ]),
      );
    }
  }

  /** The user watches the case as its submitter and has read it up to `readSeq`. */
  const watches = (user: User, caseId: number, readSeq: number) =>
    sql(
      `insert into case_readers (user_id, case_id, side, watching, read_seq) values (?, ?, 'submitter', true, ?)
       on conflict (user_id, case_id) do update set watching = true, read_seq = excluded.read_seq`,
      [user.id, caseId, readSeq],
    );

  beforeAll(async () => {
    env = await prepareIntegrationEnv();
    catcher = await new MailCatcher(await findFreePort()).start();
    worker = await startWorker(catcher.smtpUrl);
    orm = worker.app.get(MikroORM);
    digests = worker.app.get(DigestService);
    digestQueue = new Queue(QUEUES.digest, { connection: worker.app.get<Redis>(REDIS), prefix: env.redisPrefix });
    await digestQueue.removeJobScheduler(DIGEST_JOBS.scan);
    partnerCompany = await aCompany(orm);
    partner = await aUser(orm, { company: partnerCompany, role: 'caller', label: 'partner' });
    process = await aProcess(orm, { company: partnerCompany });
  });

  afterAll(async () => {
    await digestQueue?.close();
    await worker?.close();
    await catcher?.stop();
    await env?.cleanup();
  });

  it('holds back the immediate mail of a kind set to digest or off, while a locked kind still goes', async () => {
    const inDigest = await aMember('digester', null);
    const turnedOff = await aMember('silent', null);
    await prefer(inDigest, 'partner_answers', 'digest');
    await prefer(turnedOff, 'partner_answers', 'off');
    const outsider = 'someone@outside-preferences.test';
    const accepted = (key: string, to: string[]): MailJob => ({
      template: 'case-accepted',
      to,
      variables: {
        first_name: 'X',
        case_number: 'C-1',
        summary: 's',
        company: 'A',
        receiver: 'B',
        note: '',
        link: 'l',
      },
      dedupeKey: key,
    });

    await worker.enqueue(accepted('pref-accepted-all', [inDigest.email, turnedOff.email, outsider]));
    await worker.enqueue(accepted('pref-accepted-held', [turnedOff.email]));
    await worker.enqueue({
      template: 'password-reset',
      to: [turnedOff.email],
      variables: { first_name: 'X', link: 'http://casebridge.test/reset' },
      dedupeKey: 'pref-reset',
    });

    const mixed = await waitForJobState(worker.queue, mailJobId('pref-accepted-all'), ['completed']);
    expect(mixed.returnvalue).toBe('sent');
    const held = await waitForJobState(worker.queue, mailJobId('pref-accepted-held'), ['completed']);
    expect(held.returnvalue).toBe('held');
    expect((await catcher.waitForMailTo(outsider)).to).toEqual([outsider]);
    const reset = await catcher.waitForMailTo(turnedOff.email);
    expect(reset.links).toContain('http://casebridge.test/reset');
    expect(await catcher.allTo(inDigest.email)).toEqual([]);
    expect((await catcher.allTo(turnedOff.email)).map((mail) => mail.subject)).toEqual([reset.subject]);
  });

  it('lists only unread entries of the digest kinds, not the user’s own, once their local morning has come', async () => {
    const reader = await aMember('reader', 'America/New_York');
    for (const kind of ['notes', 'information_requests', 'partner_answers']) await prefer(reader, kind, 'digest');
    const kase = await aCaseRow(orm, { from: reader, to: process });
    await write(kase.id, [
      { type: 'accepted', by: partner }, // seq 2: read
      { type: 'note_added', by: reader }, // seq 3: their own
      { type: 'note_added', by: partner }, // seq 4: unread
      { type: 'attachment_added', by: partner }, // seq 5: a kind not in their digest
      { type: 'information_requested', by: partner }, // seq 6: unread
    ]);
    await watches(reader, kase.id, 2);

    // 06:59 in New York: not yet (users elsewhere may be due: each check is of this reader's jobs).
    const jobsOfReader = async () =>
      (await digestQueue.getJobs(['waiting', 'active', 'completed', 'delayed'])).filter(
        (job) => job.name === DIGEST_JOBS.send && job.data.digests.some((due: DueDigest) => due.userId === reader.id),
      );
    await digests.scan(utc('11:59'));
    expect(await jobsOfReader()).toEqual([]);

    // 07:00: due. The scheduler running twice (or on two workers) sends one digest: the same batch is queued once,
    // and a batch cut otherwise finds the day claimed.
    await digests.scan(utc('12:00'));
    await digests.scan(utc('12:01'));
    const jobs = await jobsOfReader();
    expect(jobs.length).toBeGreaterThan(0);
    for (const job of jobs) await waitForJobState(digestQueue, job.id!, ['completed']);
    const mail = await catcher.waitForMailTo(reader.email);
    expect(mail.subject).toContain('2 unread');
    expect(mail.text).toContain(kase.internalCaseNumber);
    expect(mail.text).toContain(`/my-cases/${kase.token}`);
    expect(mail.text).toContain(`Note added by ${partner.firstName} ${partner.lastName}`);
    expect(mail.text).toContain(`More information requested by ${partner.firstName} ${partner.lastName}`);
    expect(mail.text).not.toContain('Accepted');
    expect(mail.text).not.toContain(`by ${reader.firstName} ${reader.lastName}`);
    expect(mail.text).not.toContain('Attachment');

    await waitForJobState(worker.queue, mailJobId(digestMailKey(reader.id, DAY)), ['completed']);
    expect(await catcher.allTo(reader.email)).toHaveLength(1);

    // Later the same local day (a restarted worker, its jobs long removed): nothing is due for them any more.
    for (const job of await jobsOfReader()) await job.remove();
    await digests.scan(utc('18:00'));
    expect(await jobsOfReader()).toEqual([]);
    const [row] = await sql(`select entries from digest_sends where user_id = ? and local_date = ?`, [reader.id, DAY]);
    expect(row).toEqual({ entries: 2 });
  });

  it('queues one mail when two workers build the same digest at once', async () => {
    const raced = await aMember('raced', 'Asia/Tokyo');
    await prefer(raced, 'notes', 'digest');
    const kase = await aCaseRow(orm, { from: raced, to: process });
    await write(kase.id, [{ type: 'note_added', by: partner }]);
    await watches(raced, kase.id, 1);
    const batch = { digests: [{ userId: raced.id, localDate: DAY }] };

    const outcomes = await Promise.all([digests.send(batch), digests.send(batch)]);
    expect(outcomes.map((outcome) => outcome.queued).sort()).toEqual([0, 1]);
    expect(outcomes.map((outcome) => outcome.already_handled).sort()).toEqual([0, 1]);
    expect(await digests.send(batch)).toEqual({ queued: 0, empty: 0, already_handled: 1 });
    const job = await waitForJobState(worker.queue, mailJobId(digestMailKey(raced.id, DAY)), ['completed']);
    expect(job.returnvalue).toBe('sent');
    const mails = await waitFor(
      () => catcher.allTo(raced.email),
      (found) => found.length > 0,
      { what: 'the raced digest' },
    );
    expect(mails).toHaveLength(1);
  });

  it('builds a batch of users in one run, each with their own entries, grouped by case', async () => {
    const [ann, bob, gone] = await Promise.all([
      aMember('ann', 'Europe/Berlin'),
      aMember('bob', 'Asia/Kolkata'),
      aMember('gone', null),
    ]);
    for (const user of [ann, bob, gone]) await prefer(user, 'notes', 'digest');
    await sql(`update users set status = 'inactive' where id = ?`, [gone.id]);
    const [older, newer, bobs] = await Promise.all([
      aCaseRow(orm, { from: ann, to: process }),
      aCaseRow(orm, { from: ann, to: process }),
      aCaseRow(orm, { from: bob, to: process }),
    ]);
    await write(older.id, [{ type: 'note_added', by: partner }]);
    await write(newer.id, [{ type: 'note_added', by: partner }]);
    await write(older.id, [{ type: 'note_added', by: partner }]);
    await write(bobs.id, [{ type: 'note_added', by: partner }]);
    for (const [user, kase] of [
      [ann, older],
      [ann, newer],
      [bob, bobs],
      [gone, bobs],
    ] as const) {
      await watches(user, kase.id, 1);
    }

    const outcome = await digests.send({
      digests: [ann, bob, gone].map((user) => ({ userId: user.id, localDate: DAY })),
    });
    expect(outcome).toEqual({ queued: 2, empty: 1, already_handled: 0 });
    const annMail = await catcher.waitForMailTo(ann.email);
    expect(annMail.subject).toContain('3 unread');
    // The case with the newest entry comes first: `older` got the last note.
    expect(annMail.text.indexOf(older.internalCaseNumber)).toBeLessThan(annMail.text.indexOf(newer.internalCaseNumber));
    expect(annMail.text).not.toContain(bobs.internalCaseNumber);
    const bobMail = await catcher.waitForMailTo(bob.email);
    expect(bobMail.subject).toContain('1 unread');
    expect(bobMail.text).toContain(bobs.internalCaseNumber);
    const days = await sql(`select user_id, entries from digest_sends where user_id in (?)`, [
      [ann.id, bob.id, gone.id],
    ]);
    expect(
      Object.fromEntries((days as { user_id: number; entries: number }[]).map((day) => [day.user_id, day.entries])),
    ).toEqual({
      [ann.id]: 3,
      [bob.id]: 1,
      [gone.id]: 0,
    });
  });

  it('sends nothing when nothing is unread, and records the day', async () => {
    const idle = await aMember('idle', null);
    await prefer(idle, 'notes', 'digest');
    const kase = await aCaseRow(orm, { from: idle, to: process });
    await write(kase.id, [{ type: 'note_added', by: partner }]);
    await watches(idle, kase.id, 2);

    expect(await digests.send({ digests: [{ userId: idle.id, localDate: DAY }] })).toEqual({
      queued: 0,
      empty: 1,
      already_handled: 0,
    });
    expect(await mailJob(digestMailKey(idle.id, DAY))).toBeUndefined();
    const [row] = await sql(`select entries from digest_sends where user_id = ? and local_date = ?`, [idle.id, DAY]);
    expect(row).toEqual({ entries: 0 });
  });
});
