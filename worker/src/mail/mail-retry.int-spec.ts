import { mailJobId } from '@casebridge/contracts';
import { IntegrationEnv, prepareIntegrationEnv } from '../../../test/integration/test-env';
import { waitFor } from '../../../test/wait-for';
import { findFreePort, MailCatcher } from '../../../test/kit/mail-catcher';
import { waitForJobState } from '../../test/support/queue-helpers';
import { RunningWorker, startWorker } from '../../../test/kit/worker-app';

describe('mail queue retries', () => {
  let env: IntegrationEnv;
  let catcher: MailCatcher | undefined;
  let worker: RunningWorker;
  let smtpPort: number;

  beforeAll(async () => {
    env = await prepareIntegrationEnv();
    smtpPort = await findFreePort();
    // Nothing listens on the SMTP port yet: the first attempts fail with a connection error.
    worker = await startWorker(`smtp://127.0.0.1:${smtpPort}`);
  });

  afterAll(async () => {
    await worker?.close();
    await catcher?.stop();
    await env?.cleanup();
  });

  it('retries while SMTP is unreachable and delivers once it is back', async () => {
    const dedupeKey = 'registration-approved:erin:1';
    await worker.enqueue(
      {
        template: 'registration-approved',
        to: ['erin@initech.test'],
        variables: { first_name: 'Erin', company: 'Initech Networks', link: 'http://127.0.0.1:3000/initech' },
        dedupeKey,
      },
      // Same retry policy shape as production, with a short delay to keep the test quick.
      { backoff: { type: 'fixed', delay: 300 } },
    );

    const job = await waitFor(
      () => worker.queue.getJob(mailJobId(dedupeKey)),
      (found) => (found?.attemptsMade ?? 0) >= 1,
      { what: 'a first failed attempt', timeoutMs: 15_000 },
    );
    expect(job?.attemptsMade).toBeGreaterThanOrEqual(1);
    expect(job?.failedReason).toMatch(/ECONNREFUSED/);

    catcher = await new MailCatcher(smtpPort).start();
    const mail = await catcher.waitForMailTo('erin@initech.test');
    expect(mail.subject).toBe('Your Casebridge account is approved');
    expect(mail.links).toContain('http://127.0.0.1:3000/initech');

    const completed = await waitForJobState(worker.queue, mailJobId(dedupeKey), ['completed']);
    expect(completed.returnvalue).toBe('sent');
    expect(completed.attemptsMade).toBeGreaterThanOrEqual(2);
    expect(await catcher.allTo('erin@initech.test')).toHaveLength(1);
  });
});
