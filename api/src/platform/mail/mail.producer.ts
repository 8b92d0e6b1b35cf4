import { Inject, Injectable, Logger, type OnApplicationShutdown } from '@nestjs/common';
import { InjectQueue } from '@nestjs/bullmq';
import {
  JOB_NAMES,
  MAIL_JOB_OPTIONS,
  mailJobId,
  QUEUES,
  type MailJob,
  type ProducedJobName,
} from '@casebridge/contracts';
import { Queue } from 'bullmq';
import { Redis } from 'ioredis';
import { setTimeout as sleep } from 'node:timers/promises';
import { QUEUE_CONNECTION } from '../queues/queues.module';

const RETRY_MIN_MS = 250;
const RETRY_MAX_MS = 5000;

/**
 * The api never sends mail itself: it enqueues a MailJob for the worker.
 * The job id is the mail's dedupe key, so the same mail is queued (and sent) once.
 *
 * Mails are mostly sent after their change has committed (a case closed, a response saved): if Redis is away at
 * that moment, failing the request would lose the mail, since the change stays. Such mails wait in this process
 * and are queued as soon as Redis is back (the dedupe job id keeps a retry from queuing one twice).
 */
@Injectable()
export class MailProducer implements OnApplicationShutdown {
  private readonly logger = new Logger('MailProducer');
  /** Mails not yet queued because Redis was down, oldest first. */
  private readonly waiting: MailJob[] = [];
  private retrying: Promise<void> | null = null;
  private closing = false;

  constructor(
    @InjectQueue(QUEUES.mail) private readonly queue: Queue<MailJob, unknown, ProducedJobName<'mail'>>,
    // The queue's connection: it fails fast (2 retries) instead of hanging a request while Redis is away.
    @Inject(QUEUE_CONNECTION) private readonly connection: Redis,
  ) {}

  async send(mail: MailJob): Promise<void> {
    if (this.waiting.length === 0) {
      try {
        await this.add(mail);
        return;
      } catch (error) {
        // Only a lost connection is worth waiting out; anything else is the caller's error.
        if (this.connection.status === 'ready') throw error;
      }
    }
    this.waiting.push(mail);
    this.logger.warn(`Redis unavailable: ${this.waiting.length} mail(s) waiting to be queued`);
    this.retrying ??= this.retryWaiting().finally(() => (this.retrying = null));
  }

  async onApplicationShutdown(): Promise<void> {
    this.closing = true;
    await this.retrying;
    // One last try each (Redis may just have come back); what stays is logged as lost.
    while (
      this.waiting.length > 0 &&
      (await this.add(this.waiting[0]).then(
        () => true,
        () => false,
      ))
    ) {
      this.waiting.shift();
    }
    if (this.waiting.length > 0) this.logger.error(`${this.waiting.length} mail(s) never queued: Redis stayed down`);
    // The queue closes after this (MailModule), its connection last (QueuesModule).
  }

  private add(mail: MailJob) {
    return this.queue.add(JOB_NAMES.sendMail, mail, { ...MAIL_JOB_OPTIONS, jobId: mailJobId(mail.dedupeKey) });
  }

  /** Queues the waiting mails in order, backing off while Redis is still away. */
  private async retryWaiting(): Promise<void> {
    let delay = RETRY_MIN_MS;
    while (this.waiting.length > 0 && !this.closing) {
      await sleep(delay);
      try {
        await this.add(this.waiting[0]);
        this.waiting.shift();
        delay = RETRY_MIN_MS;
      } catch {
        delay = Math.min(delay * 2, RETRY_MAX_MS);
      }
    }
    if (this.waiting.length === 0) this.logger.log('Redis back: every waiting mail is queued');
  }
}
