import { Inject, Injectable, type OnApplicationShutdown } from '@nestjs/common';
import { JOB_NAMES, MAIL_JOB_OPTIONS, mailJobId, QUEUES, type MailJob } from '@casebridge/contracts';
import type { ServerConfig } from '@casebridge/db';
import { Queue } from 'bullmq';
import { Redis } from 'ioredis';
import { SERVER_CONFIG } from '../config/config.module';

/**
 * The api never sends mail itself: it enqueues a MailJob for the worker.
 * The job id is the mail's dedupe key, so the same mail is queued (and sent) once.
 */
@Injectable()
export class MailProducer implements OnApplicationShutdown {
  private readonly connection: Redis;
  private readonly queue: Queue<MailJob>;

  constructor(@Inject(SERVER_CONFIG) config: ServerConfig) {
    // A producer fails fast (2 retries) instead of hanging a request while Redis is away.
    this.connection = new Redis(config.REDIS_URL, { maxRetriesPerRequest: 2 });
    this.queue = new Queue<MailJob>(QUEUES.mail, { connection: this.connection, prefix: config.REDIS_PREFIX });
  }

  async send(mail: MailJob): Promise<void> {
    await this.queue.add(JOB_NAMES.sendMail, mail, { ...MAIL_JOB_OPTIONS, jobId: mailJobId(mail.dedupeKey) });
  }

  async onApplicationShutdown(): Promise<void> {
    await this.queue.close();
    await this.connection.quit().catch(() => undefined);
  }
}
