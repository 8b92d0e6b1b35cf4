import { DeliveryRegistry } from '../../src/mail/delivery-registry';
import { IntegrationEnv, prepareIntegrationEnv } from '../../../test/integration/test-env';
import { waitFor } from '../../../test/wait-for';
import { findFreePort, MailCatcher } from '../../../test/kit/mail-catcher';
import { RunningWorker, startWorker } from '../../../test/kit/worker-app';
import { faultMail, MailProducer } from './support/fault-mail';
import { hideRedisOutageNoise } from '../../../test/kit/faults/outage-noise';
import { PrivateRedis } from '../../../test/kit/faults/private-redis';
import { SmtpProxy } from './support/smtp-proxy';
import { settleWithin } from '../../../test/kit/faults/timing';

/** MAIL_CONCURRENCY of the mail worker. */
const IN_FLIGHT = 5;

/**
 * Redis dies under a running worker (a private redis-server with an append-only file, as production persists) and
 * comes back on the same address: the same worker process, never restarted, finishes every mail exactly once.
 */
describe('Redis restart under the worker', () => {
  let env: IntegrationEnv;
  let redis: PrivateRedis;
  let catcher: MailCatcher;
  let proxy: SmtpProxy;
  let worker: RunningWorker | undefined;
  let producer: MailProducer;
  let registry: DeliveryRegistry;

  beforeAll(async () => {
    hideRedisOutageNoise();
    env = await prepareIntegrationEnv();
    redis = await PrivateRedis.start({ persistent: true });
    // startWorker() reads the environment: the worker under test uses the private server only.
    process.env.REDIS_URL = redis.url;
    catcher = await new MailCatcher(await findFreePort()).start();
    proxy = await new SmtpProxy(catcher.port).start();
    producer = new MailProducer(redis.url, env.redisPrefix);
    registry = new DeliveryRegistry(producer.connection, env.redisPrefix);
  });

  afterAll(async () => {
    if (redis && !redis.running) await settleWithin(redis.start(), 10_000);
    if (worker) await settleWithin(worker.close(), 10_000);
    if (producer) await settleWithin(producer.close(), 5_000);
    await redis?.destroy();
    await proxy?.stop();
    await catcher?.stop();
    await env?.cleanup();
  });

  it('delivers every mail exactly once across a Redis crash and keeps processing', async () => {
    worker = await startWorker(proxy.smtpUrl);

    // Some mails are delivered before the crash...
    const early = Array.from({ length: 3 }, (_, i) => faultMail('restart', i));
    for (const mail of early) await producer.enqueue(mail);
    await producer.waitForAll(early, ['completed'], 15_000);

    // ...five are in the middle of SMTP (stored by maildev, acceptance held back) and four wait in the queue.
    proxy.hold();
    const late = Array.from({ length: 9 }, (_, i) => faultMail('restart', 3 + i));
    for (const mail of late) await producer.enqueue(mail);
    await proxy.waitForHeld(IN_FLIGHT);
    const states = await Promise.all(late.map((mail) => producer.state(mail)));
    expect(states.filter((state) => state === 'active')).toHaveLength(IN_FLIGHT);
    expect(states.filter((state) => state === 'waiting')).toHaveLength(late.length - IN_FLIGHT);

    await redis.kill('SIGKILL');
    expect(redis.running).toBe(false);
    // SMTP accepts the five mails while Redis is away: recording "sent" and completing the jobs must wait. Redis
    // comes back once the worker heard each acceptance (it goes on to record "sent"), not after a guessed pause.
    const recording = jest.spyOn(DeliveryRegistry.prototype, 'markSent');
    try {
      proxy.release();
      await waitFor(
        () => recording.mock.calls.length,
        (calls) => calls >= IN_FLIGHT,
        { what: 'the worker recording the released mails as sent', timeoutMs: 15_000 },
      );
    } finally {
      recording.mockRestore();
    }

    await redis.start();
    const all = [...early, ...late];
    const finished = await producer.waitForAll(all, ['completed'], 30_000);
    expect(finished.map((job) => job.returnvalue)).toEqual(all.map(() => 'sent'));
    const markers = await Promise.all(all.map((mail) => producer.connection.get(registry.keyFor(mail.dedupeKey))));
    expect(markers).toEqual(all.map(() => 'sent'));
    for (const mail of all) expect(await catcher.allTo(mail.to[0])).toHaveLength(1);
    expect(await catcher.all()).toHaveLength(all.length);

    // The same worker keeps taking new jobs after the restart.
    const next = faultMail('restart-after', 0);
    await producer.enqueue(next);
    const [done] = await producer.waitForAll([next], ['completed'], 15_000);
    expect(done.returnvalue).toBe('sent');
    expect(await catcher.allTo(next.to[0])).toHaveLength(1);
  }, 60_000);
});
