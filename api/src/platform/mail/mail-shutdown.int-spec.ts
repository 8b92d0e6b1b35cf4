import { getQueueToken } from '@nestjs/bullmq';
import { Test } from '@nestjs/testing';
import { mailJobId, QUEUES, type MailJob } from '@casebridge/contracts';
import { Queue } from 'bullmq';
import { Redis } from 'ioredis';
import { prepareIntegrationEnv, type IntegrationEnv } from '../../../../test/integration/test-env';
import { ConfigModule } from '../config/config.module';
import { QueuesModule } from '../queues/queues.module';
import { MailModule } from './mail.module';
import { MailProducer } from './mail.producer';

/**
 * At shutdown the mail producer gives the mails still waiting for Redis one last try. It must run while the mail
 * queue is open: @nestjs/bullmq closes the queue in its own shutdown hook, which has to come after the producer's.
 */
describe('MailProducer at shutdown', () => {
  let env: IntegrationEnv;

  beforeAll(async () => {
    env = await prepareIntegrationEnv();
  });
  afterAll(async () => {
    await env?.cleanup();
  });

  it('queues a waiting mail in its last try, before the mail queue closes', async () => {
    const app = await Test.createTestingModule({ imports: [ConfigModule, QueuesModule, MailModule] }).compile();
    await app.init();
    const producer = app.get(MailProducer);
    const queue = app.get<Queue>(getQueueToken(QUEUES.mail));
    const mail: MailJob = {
      template: 'password-reset',
      to: ['last-try@acme.test'],
      variables: {},
      dedupeKey: 'last-try',
    };
    // As if Redis had been away when the mail was sent and had come back just before shutdown.
    (producer as unknown as { waiting: MailJob[] }).waiting.push(mail);

    const order: string[] = [];
    const lastTry = producer.onApplicationShutdown.bind(producer);
    jest.spyOn(producer, 'onApplicationShutdown').mockImplementation(async () => {
      await lastTry();
      order.push('producer done');
    });
    const close = queue.close.bind(queue);
    jest.spyOn(queue, 'close').mockImplementation(() => {
      order.push('mail queue closes');
      return close();
    });

    await app.close();

    expect(order).toEqual(['producer done', 'mail queue closes']);
    const connection = new Redis(process.env.REDIS_URL ?? 'redis://127.0.0.1:6379', { maxRetriesPerRequest: null });
    const reader = new Queue<MailJob>(QUEUES.mail, { connection, prefix: env.redisPrefix });
    try {
      expect((await reader.getJob(mailJobId(mail.dedupeKey)))?.data).toEqual(mail);
    } finally {
      await reader.close();
      await connection.quit();
    }
  });
});
