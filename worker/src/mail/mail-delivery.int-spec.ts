import { BULK_MAIL_PRIORITY, mailJobId } from '@casebridge/contracts';
import { EmailTemplate } from '@casebridge/db';
import { MikroORM } from '@mikro-orm/core';
import { Redis } from 'ioredis';
import { IntegrationEnv, prepareIntegrationEnv } from '../../../test/integration/test-env';
import { waitFor } from '../../../test/wait-for';
import { CaughtMail, findFreePort, MailCatcher } from '../../../test/kit/mail-catcher';
import { waitForJobState } from '../../test/support/queue-helpers';
import { RunningWorker, startWorker } from '../../../test/kit/worker-app';
import { REDIS } from '../config/tokens';
import { DeliveryRegistry } from './delivery-registry';
import { MAIL_CONCURRENCY } from './smtp-transport';

/** The mails to `recipient` once one of them passes `last` (the catcher stores a mail a little after accepting it). */
function mailsTo(catcher: MailCatcher, recipient: string, last: (mail: CaughtMail) => boolean): Promise<CaughtMail[]> {
  return waitFor(
    () => catcher.allTo(recipient),
    (mails) => mails.some(last),
    { what: `the closing mail to ${recipient}`, timeoutMs: 15_000 },
  );
}

// Mails go to plain addresses of a private mail catcher: the mail worker reads no user or company, only the
// stored templates (reference data), so this file needs no rows of its own.
describe('mail queue delivery', () => {
  let env: IntegrationEnv;
  let catcher: MailCatcher;
  let worker: RunningWorker;

  beforeAll(async () => {
    env = await prepareIntegrationEnv();
    catcher = await new MailCatcher(await findFreePort()).start();
    worker = await startWorker(catcher.smtpUrl);
  });

  afterAll(async () => {
    await worker?.close();
    await catcher?.stop();
    await env?.cleanup();
  });

  it('renders the stored template and delivers it with its link', async () => {
    const link = 'http://127.0.0.1:3000/reset-password?token=abc&email=ann%40mail-recipient.test';
    await worker.enqueue({
      template: 'password-reset',
      to: ['ann@mail-recipient.test'],
      variables: { first_name: 'Ann <Admin>', link },
      dedupeKey: 'password-reset:ann:1',
    });

    const mail = await catcher.waitForMailTo('ann@mail-recipient.test');
    expect(mail.subject).toBe('Reset your Casebridge password');
    expect(mail.html).toContain('Hello Ann &lt;Admin&gt;,');
    expect(mail.html).not.toContain('<Admin>');
    expect(mail.links).toContain(link);
    expect(mail.text).toContain(`Reset Password (${link})`);
    expect(mail.text).toContain('Hello Ann <Admin>,');
    const job = await waitForJobState(worker.queue, mailJobId('password-reset:ann:1'), ['completed']);
    expect(job.returnvalue).toBe('sent');
  });

  it('delivers a mail once when the same dedupe key is enqueued twice', async () => {
    const job = {
      template: 'login-link' as const,
      to: ['bob@mail-recipient.test'],
      variables: { first_name: 'Bob', company: 'Partner Company', link: 'http://127.0.0.1:3000/login/xyz' },
      dedupeKey: 'login-link:bob:1',
    };
    await worker.enqueue(job);
    await worker.enqueue(job);
    await waitForJobState(worker.queue, mailJobId(job.dedupeKey), ['completed']);
    await catcher.waitForMailTo('bob@mail-recipient.test');

    // Even once the completed job is gone, the delivery marker stops a re-enqueued copy from sending again.
    await (await worker.queue.getJob(mailJobId(job.dedupeKey)))?.remove();
    await worker.enqueue(job);
    const again = await waitForJobState(worker.queue, mailJobId(job.dedupeKey), ['completed']);
    expect(again.returnvalue).toBe('already-sent');

    // A copy sent anyway would reach the catcher before a later mail by the same path: send one more and wait for it.
    const closing = {
      ...job,
      variables: { ...job.variables, link: 'http://127.0.0.1:3000/login/closing' },
      dedupeKey: 'login-link:bob:closing',
    };
    await worker.enqueue(closing);
    await waitForJobState(worker.queue, mailJobId(closing.dedupeKey), ['completed']);
    const mails = await mailsTo(catcher, 'bob@mail-recipient.test', (mail) =>
      mail.links.includes(closing.variables.link),
    );
    expect(mails.map((mail) => mail.links.find((link) => link.includes('/login/')))).toEqual([
      job.variables.link,
      closing.variables.link,
    ]);
    expect(mails[0].subject).toBe('Your Casebridge login link');
  });

  it('does not resend a mail whose earlier attempt stopped while sending', async () => {
    // Simulate a crash between handing the mail to SMTP and recording it as sent.
    const dedupeKey = 'account-verification:carl:1';
    const registry = new DeliveryRegistry(worker.app.get<Redis>(REDIS), env.redisPrefix);
    await worker.app.get<Redis>(REDIS).set(registry.keyFor(dedupeKey), 'sending');
    await worker.enqueue({
      template: 'account-verification',
      to: ['carl@mail-recipient.test'],
      variables: { first_name: 'Carl', company: 'Partner Company', link: 'http://127.0.0.1:3000/verify/1' },
      dedupeKey,
    });
    const job = await waitForJobState(worker.queue, mailJobId(dedupeKey), ['failed']);
    expect(job.failedReason).toContain('uncertain');
    expect(await catcher.allTo('carl@mail-recipient.test')).toHaveLength(0);
  });

  it('sends a password reset before a batch of bulk mails queued ahead of it', async () => {
    // Paused, so the whole batch is waiting when the reset arrives, as behind an SLA run's backlog.
    await worker.queue.pause();
    const bulk = Array.from({ length: 30 }, (_, index) => `late${index}@mail-recipient.test`);
    for (const [index, to] of bulk.entries()) {
      await worker.enqueue(
        {
          template: 'login-link',
          to: [to],
          variables: { first_name: 'Late', company: 'Partner Company', link: `http://127.0.0.1:3000/login/${index}` },
          dedupeKey: `bulk-test:${index}`,
        },
        { priority: BULK_MAIL_PRIORITY },
      );
    }
    await worker.enqueue({
      template: 'password-reset',
      to: ['erin@mail-recipient.test'],
      variables: { first_name: 'Erin', link: 'http://127.0.0.1:3000/reset-password?token=urgent' },
      dedupeKey: 'password-reset:erin:1',
    });
    await worker.queue.resume();

    // Sent in parallel, the last queued mail may arrive before others: wait for all 31, not for the last one.
    const order = await waitFor(
      async () =>
        (await catcher.all())
          .map((mail) => mail.to[0])
          .filter((to) => to === 'erin@mail-recipient.test' || bulk.includes(to)),
      (received) => received.length >= 31,
      { what: 'the reset and the 30 bulk mails', timeoutMs: 30_000 },
    );
    expect(order).toHaveLength(31);
    // Picked before the backlog: at most the mails already being sent in parallel (the queue's concurrency) started
    // before it. Their arrival order says less: a mail sent in parallel may reach the catcher after later ones.
    const startedAt = async (key: string) => (await worker.queue.getJob(mailJobId(key)))!.processedOn!;
    const resetStarted = await startedAt('password-reset:erin:1');
    const bulkStarted = await Promise.all(bulk.map((_, index) => startedAt(`bulk-test:${index}`)));
    expect(bulkStarted.filter((started) => started < resetStarted).length).toBeLessThanOrEqual(MAIL_CONCURRENCY);
  });

  it('fails a job whose template is missing and keeps it for inspection', async () => {
    const em = worker.app.get(MikroORM).em.fork();
    await em.nativeDelete(EmailTemplate, { slug: 'case-late' });

    await worker.enqueue({
      template: 'case-late',
      to: ['dana@mail-recipient.test'],
      variables: { case_number: '42' },
      dedupeKey: 'case-late:42',
    });
    const job = await waitForJobState(worker.queue, mailJobId('case-late:42'), ['failed']);
    expect(job.failedReason).toBe('Email template "case-late" not found');
    // Unrecoverable: no retries spent on it, and removeOnFail=false keeps it.
    expect(job.attemptsMade).toBe(1);
    expect(await worker.queue.getJob(mailJobId('case-late:42'))).toBeDefined();
    expect(await catcher.allTo('dana@mail-recipient.test')).toHaveLength(0);
  });
});
