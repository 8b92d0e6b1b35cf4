import { mailJobId, QUEUES } from '@casebridge/contracts';
import { DeliveryRegistry } from '../../src/mail/delivery-registry';
import { IntegrationEnv, prepareIntegrationEnv } from '../../../test/integration/test-env';
import { readUntil } from '../../../test/wait-for';
import { findFreePort, MailCatcher } from '../../../test/kit/mail-catcher';
import { faultMail, MailProducer } from './support/fault-mail';
import { SmtpProxy } from './support/smtp-proxy';
import { fastForwardStalledCheck } from './support/stalled-jobs';
import { WorkerProcess } from './support/worker-process';

/** MAIL_CONCURRENCY of the mail worker: how many mails one process has in flight. */
const IN_FLIGHT = 5;
const TOTAL = 8;

/**
 * A worker process is SIGKILLed while five mails are in the middle of their SMTP conversation: maildev has stored
 * them, the worker has not heard the acceptance yet. A new worker takes over the queue.
 */
describe('worker crash mid-job', () => {
  let env: IntegrationEnv;
  let catcher: MailCatcher;
  let proxy: SmtpProxy;
  let producer: MailProducer;
  let registry: DeliveryRegistry;
  const workers: WorkerProcess[] = [];

  beforeAll(async () => {
    env = await prepareIntegrationEnv();
    catcher = await new MailCatcher(await findFreePort()).start();
    proxy = await new SmtpProxy(catcher.port).start();
    producer = new MailProducer(process.env.REDIS_URL || 'redis://127.0.0.1:6379', env.redisPrefix);
    registry = new DeliveryRegistry(producer.connection, env.redisPrefix);
  });

  afterAll(async () => {
    for (const worker of workers) await worker.kill();
    await producer?.close();
    await proxy?.stop();
    await catcher?.stop();
    await env?.cleanup();
  });

  it('loses no job and delivers no mail twice when the worker dies mid-send', async () => {
    const first = await WorkerProcess.start({ SMTP_URL: proxy.smtpUrl });
    workers.push(first);
    proxy.hold();
    const mails = Array.from({ length: TOTAL }, (_, i) => faultMail('crash', i));
    for (const mail of mails) await producer.enqueue(mail);

    // Five conversations reached "message stored, acceptance not yet heard"; three jobs still wait.
    await proxy.waitForHeld(IN_FLIGHT);
    // maildev stores a mail a little after it received it.
    await readUntil(
      () => catcher.all(),
      (stored) => stored.length >= IN_FLIGHT,
      { timeoutMs: 10_000 },
    );
    const markersBefore = await Promise.all(
      mails.map((mail) => producer.connection.get(registry.keyFor(mail.dedupeKey))),
    );
    const inFlight = mails.filter((_, i) => markersBefore[i] === 'sending');
    const waiting = mails.filter((_, i) => markersBefore[i] === null);
    expect(inFlight).toHaveLength(IN_FLIGHT);
    expect(waiting).toHaveLength(TOTAL - IN_FLIGHT);
    expect(await Promise.all(inFlight.map((mail) => producer.state(mail)))).toEqual(Array(IN_FLIGHT).fill('active'));
    expect(await catcher.all()).toHaveLength(IN_FLIGHT);

    await first.kill('SIGKILL');
    expect(first.running).toBe(false);
    proxy.release();
    // The killed worker's jobs come back through BullMQ's stalled-job check once their locks expired (about a
    // minute of real time); skip the wait, not the mechanism: the replacement's own check moves them.
    const inFlightIds = inFlight.map((mail) => mailJobId(mail.dedupeKey));
    await fastForwardStalledCheck(producer.connection, env.redisPrefix, QUEUES.mail, inFlightIds);

    const second = await WorkerProcess.start({ SMTP_URL: proxy.smtpUrl });
    workers.push(second);
    const finished = await producer.waitForAll(mails, ['completed', 'failed'], 30_000);

    const byKey = new Map(finished.map((job) => [job.data.dedupeKey, job]));
    for (const mail of waiting) {
      const job = byKey.get(mail.dedupeKey);
      expect(await job?.getState()).toBe('completed');
      expect(job?.returnvalue).toBe('sent');
      expect(await producer.connection.get(registry.keyFor(mail.dedupeKey))).toBe('sent');
    }
    // Documented outcome (docs/decisions.md, "Mail is sent at most once"): the marker says "sending", delivery is
    // uncertain, so the job fails, is kept, and names the marker to delete for a forced resend.
    for (const mail of inFlight) {
      const job = byKey.get(mail.dedupeKey);
      expect(await job?.getState()).toBe('failed');
      expect(job?.failedReason).toContain('uncertain');
      expect(job?.failedReason).toContain(`Delete ${registry.keyFor(mail.dedupeKey)} and retry`);
      expect(await producer.connection.get(registry.keyFor(mail.dedupeKey))).toBe('sending');
    }
    expect(
      second
        .logLines()
        .filter((line) => line.queue === 'mail' && line.outcome === 'failed' && /uncertain/.test(line.error ?? '')),
    ).toHaveLength(IN_FLIGHT);

    // Every mail reached maildev exactly once: the in-flight ones before the crash, the waiting ones after.
    for (const mail of mails) expect(await catcher.allTo(mail.to[0])).toHaveLength(1);
    expect(await catcher.all()).toHaveLength(TOTAL);

    // The replacement keeps working.
    const after = faultMail('crash-after', 0);
    await producer.enqueue(after);
    const [done] = await producer.waitForAll([after], ['completed'], 15_000);
    expect(done.returnvalue).toBe('sent');
    expect(await catcher.allTo(after.to[0])).toHaveLength(1);
  }, 60_000);
});
