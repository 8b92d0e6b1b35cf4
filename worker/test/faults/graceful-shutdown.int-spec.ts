import { mailJobId } from '@casebridge/contracts';
import { DeliveryRegistry } from '../../src/mail/delivery-registry';
import { MailProcessor } from '../../src/mail/mail.processor';
import { IntegrationEnv, prepareIntegrationEnv } from '../../../test/integration/test-env';
import { findFreePort, MailCatcher } from '../../../test/kit/mail-catcher';
import { RunningWorker, startWorker } from '../../../test/kit/worker-app';
import { faultMail, MailProducer } from './support/fault-mail';
import { SmtpProxy } from './support/smtp-proxy';

/** MAIL_CONCURRENCY of the mail worker: how many mails one process has in flight. */
const IN_FLIGHT = 5;
const TOTAL = 7;

/**
 * The worker is closed (what SIGTERM does through enableShutdownHooks) while five mails are in the middle of their
 * SMTP conversation: they finish and are recorded before the ORM and Redis close, and no waiting job is taken.
 */
describe('worker shutdown with jobs running', () => {
  let env: IntegrationEnv;
  let catcher: MailCatcher;
  let proxy: SmtpProxy;
  let producer: MailProducer;
  let registry: DeliveryRegistry;
  let worker: RunningWorker | undefined;

  beforeAll(async () => {
    env = await prepareIntegrationEnv();
    catcher = await new MailCatcher(await findFreePort()).start();
    proxy = await new SmtpProxy(catcher.port).start();
    producer = new MailProducer(process.env.REDIS_URL || 'redis://127.0.0.1:6379', env.redisPrefix);
    registry = new DeliveryRegistry(producer.connection, env.redisPrefix);
  });

  afterAll(async () => {
    proxy?.release();
    await worker?.close();
    await producer?.close();
    await proxy?.stop();
    await catcher?.stop();
    await env?.cleanup();
  });

  it('lets the running mails finish, takes no new job, then closes', async () => {
    worker = await startWorker(proxy.smtpUrl);
    proxy.hold();
    const mails = Array.from({ length: TOTAL }, (_, i) => faultMail('shutdown', i));
    for (const mail of mails) await producer.enqueue(mail);
    await proxy.waitForHeld(IN_FLIGHT);
    const states = await Promise.all(mails.map((mail) => producer.state(mail)));
    const running = mails.filter((_, i) => states[i] === 'active');
    const waiting = mails.filter((_, i) => states[i] === 'waiting');
    expect(running).toHaveLength(IN_FLIGHT);
    expect(waiting).toHaveLength(TOTAL - IN_FLIGHT);

    const processor = worker.app.get(MailProcessor);
    const closing = new Promise<void>((resolve) => processor.worker.once('closing', () => resolve()));
    const closed = worker.close();
    worker = undefined;
    // Shutdown has begun and waits on the running jobs; only now may SMTP accept them.
    await closing;
    proxy.release();
    await closed;

    const finished = await Promise.all(running.map((mail) => producer.queue.getJob(mailJobId(mail.dedupeKey))));
    expect(await Promise.all(finished.map((job) => job?.getState()))).toEqual(running.map(() => 'completed'));
    expect(finished.map((job) => job?.returnvalue)).toEqual(running.map(() => 'sent'));
    const markers = await Promise.all(running.map((mail) => producer.connection.get(registry.keyFor(mail.dedupeKey))));
    expect(markers).toEqual(running.map(() => 'sent'));
    expect(await Promise.all(waiting.map((mail) => producer.state(mail)))).toEqual(waiting.map(() => 'waiting'));
    expect(await catcher.all()).toHaveLength(IN_FLIGHT);
  }, 45_000);
});
