import { MESSAGES } from '@casebridge/contracts';
import { ApiHarness, startApi } from '../../../test/kit/api-harness';
import { aCompany, aUser } from '../../../test/kit/factories';
import { findFreePort, MailCatcher } from '../../../test/kit/mail-catcher';
import { RunningWorker, startWorker } from '../../../test/kit/worker-app';
import { MailProducer } from './support/fault-mail';

/** The api only enqueues: with no worker running it keeps answering, and the mail waits for the next worker. */
describe('api while the worker is down', () => {
  let api: ApiHarness;
  let catcher: MailCatcher;
  let producer: MailProducer;
  let worker: RunningWorker | undefined;

  beforeAll(async () => {
    api = await startApi();
    catcher = await new MailCatcher(await findFreePort()).start();
    producer = new MailProducer(process.env.REDIS_URL || 'redis://127.0.0.1:6379', process.env.REDIS_PREFIX ?? '');
  });

  afterAll(async () => {
    await worker?.close();
    await producer?.close();
    await catcher?.stop();
    await api?.close();
  });

  it('answers forgot-password with 200, keeps the mail queued, and a later worker delivers it', async () => {
    const { email } = await aUser(api, { company: await aCompany(api), role: 'caller' });
    expect(await producer.queue.getWorkersCount()).toBe(0);
    // Answered with no consumer anywhere: the request never waits for one.
    await api
      .http()
      .post('/api/auth/forgot_password')
      .send({ email })
      .expect(200, { message: MESSAGES.forgotPasswordSent });

    // Nothing can take the job while no worker runs: it waits in the queue, and nothing was sent.
    const queued = await api.lastMailTo(email, 'password-reset');
    expect(await producer.queue.getWorkersCount()).toBe(0);
    expect(await producer.state(queued)).toBe('waiting');
    expect(await catcher.all()).toHaveLength(0);

    worker = await startWorker(catcher.smtpUrl);
    const mail = await catcher.waitForMailTo(email);
    expect(mail.links).toContain(queued.variables.link);
    const [job] = await producer.waitForAll([queued], ['completed'], 15_000);
    expect(job.returnvalue).toBe('sent');
    expect(await catcher.allTo(email)).toHaveLength(1);
  }, 45_000);
});
