import {
  BULK_MAIL_PRIORITY,
  JOB_NAMES,
  MAIL_JOB_OPTIONS,
  mailJobId,
  QUEUES,
  type MailJob,
  type ProducedJobName,
} from '@casebridge/contracts';
import {
  claimDigests,
  digestEntriesOf,
  digestReaders,
  dueDigests,
  type DueDigest,
  type SqlRunner,
} from '@casebridge/db';
import { ServerConfig } from '@casebridge/server-core';
import { CreateRequestContext, MikroORM } from '@mikro-orm/core';
import { EntityManager } from '@mikro-orm/postgresql';
import { InjectQueue } from '@nestjs/bullmq';
import { Inject, Injectable } from '@nestjs/common';
import { Queue } from 'bullmq';
import { SERVER_CONFIG } from '../config/tokens';
import { digestMail } from './digest-mail';

/** Job names of QUEUES.digest (only the worker queues them, so they live here). */
export const DIGEST_JOBS = {
  scan: 'digest-scan',
  /** A batch of due users (DigestBatch); `send-digest`, one user per job, is still taken from older producers. */
  send: 'send-digests',
  sendOne: 'send-digest',
} as const;

/** Users read per statement while scanning. */
export const DIGEST_SCAN_BATCH = 1000;
/** Users built per send job: their reads, claims and mails cost a handful of statements and one queue round trip. */
export const DIGEST_SEND_BATCH = 100;

export interface DigestBatch {
  digests: DueDigest[];
}

/**
 * The BullMQ id of a batch (`digest.<first user>-<last user>.<first local date>`: BullMQ refuses ':' in custom
 * ids): a second scan, or a second worker's, that finds the same users due adds nothing while the job is kept. A
 * batch cut differently is harmless: digest_sends lets each user's day be claimed once.
 */
export function digestJobId(batch: DigestBatch): string {
  const first = batch.digests[0];
  const last = batch.digests[batch.digests.length - 1];
  return `digest.${first.userId}-${last.userId}.${first.localDate}`;
}

const SEND_OPTIONS = {
  attempts: 5,
  backoff: { type: 'exponential', delay: 5_000 },
  removeOnComplete: { age: 36 * 3600 },
  removeOnFail: { age: 7 * 24 * 3600 },
} as const;

/** Users of a batch by what became of their day: a mail queued, nothing unread, or claimed by another run. */
export interface DigestBatchOutcome extends Record<string, number> {
  queued: number;
  empty: number;
  already_handled: number;
}

@Injectable()
export class DigestService {
  constructor(
    // `orm` is read by @CreateRequestContext: each job works in a fresh, forked EntityManager.
    private readonly orm: MikroORM,
    @Inject(SERVER_CONFIG) private readonly config: ServerConfig,
    @InjectQueue(QUEUES.mail) private readonly mailQueue: Queue<MailJob, unknown, ProducedJobName<'mail'>>,
    @InjectQueue(QUEUES.digest) private readonly digestQueue: Queue,
  ) {}

  /** Queues one send job per DIGEST_SEND_BATCH users whose digest is due at `now` (local morning, none sent today). */
  @CreateRequestContext()
  async scan(now: Date): Promise<{ due: number }> {
    const em = this.orm.em as EntityManager;
    const run: SqlRunner = (sql, params) => em.execute(sql, [...params]);
    let due = 0;
    for (let after = 0; ;) {
      const found = await dueDigests(run, now, after, DIGEST_SCAN_BATCH);
      if (found.length === 0) break;
      const batches: DigestBatch[] = [];
      for (let at = 0; at < found.length; at += DIGEST_SEND_BATCH) {
        batches.push({ digests: found.slice(at, at + DIGEST_SEND_BATCH) });
      }
      await this.digestQueue.addBulk(
        batches.map((batch) => ({
          name: DIGEST_JOBS.send,
          data: batch,
          opts: { ...SEND_OPTIONS, jobId: digestJobId(batch) },
        })),
      );
      due += found.length;
      after = found[found.length - 1].userId;
      if (found.length < DIGEST_SCAN_BATCH) break;
    }
    return { due };
  }

  /**
   * The digests of a batch of users, each of their own local date. Every user's day is claimed, with the number of
   * entries, in the transaction that queues the mails: a racing worker waits on the rows and then finds them taken;
   * a failure before the commit leaves neither the rows nor (thanks to each mail's dedupe id, if the queueing had
   * happened) a second mail.
   */
  @CreateRequestContext()
  async send(batch: DigestBatch): Promise<DigestBatchOutcome> {
    const em = this.orm.em as EntityManager;
    const ids = batch.digests.map((digest) => digest.userId);
    return em.transactional(async (tx) => {
      const run: SqlRunner = (sql, params) => tx.execute(sql, [...params]);
      const readers = await digestReaders(run, ids);
      const reads = await digestEntriesOf(run, [...readers.keys()]);
      const totalOf = (userId: number) => reads.get(userId)?.total ?? 0;
      const claimed = await claimDigests(
        run,
        batch.digests.map((digest) => ({
          ...digest,
          entries: readers.has(digest.userId) ? totalOf(digest.userId) : 0,
        })),
      );
      const mails = batch.digests.flatMap((digest) => {
        const reader = readers.get(digest.userId);
        const read = reads.get(digest.userId);
        if (!claimed.has(digest.userId) || !reader || !read) return [];
        return [digestMail(reader, digest.localDate, read, this.config.PUBLIC_URL)];
      });
      await this.mailQueue.addBulk(
        mails.map((mail) => ({
          name: JOB_NAMES.sendMail,
          data: mail,
          opts: { ...MAIL_JOB_OPTIONS, priority: BULK_MAIL_PRIORITY, jobId: mailJobId(mail.dedupeKey) },
        })),
      );
      return { queued: mails.length, empty: claimed.size - mails.length, already_handled: ids.length - claimed.size };
    });
  }
}
