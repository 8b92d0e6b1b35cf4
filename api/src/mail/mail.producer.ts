import { Inject, Injectable, type OnApplicationShutdown } from '@nestjs/common';
import { JOB_NAMES, QUEUES, type MailJob } from '@casebridge/contracts';
import type { ServerConfig } from '@casebridge/db';
import { Queue } from 'bullmq';
import { Redis } from 'ioredis';
import { SERVER_CONFIG } from '../config/config.module';

/** Mail attempts: kept failed for inspection, retried with exponential backoff. */
const MAIL_ATTEMPTS = 5;
const MAIL_BACKOFF_MS = 2000;

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
    await this.queue.add(JOB_NAMES.sendMail, mail, {
      jobId: mail.dedupeKey,
      attempts: MAIL_ATTEMPTS,
      backoff: { type: 'exponential', delay: MAIL_BACKOFF_MS },
      removeOnComplete: { age: 24 * 3600 },
      removeOnFail: false,
    });
  }

  async onApplicationShutdown(): Promise<void> {
    await this.queue.close();
    await this.connection.quit().catch(() => undefined);
  }
}
