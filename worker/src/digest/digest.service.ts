import {
  BULK_MAIL_PRIORITY,
  eventTypesOfKinds,
  JOB_NAMES,
  MAIL_JOB_OPTIONS,
  mailJobId,
  QUEUES,
  type MailJob,
  type MailKind,
  type ProducedJobName,
} from '@casebridge/contracts';
import {
  claimDigest,
  digestEntries,
  dueDigests,
  mailPreferencesOf,
  type DigestRead,
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
  send: 'send-digest',
} as const;

/** Users read per statement while scanning; their jobs are queued in one round trip. */
export const DIGEST_SCAN_BATCH = 1000;

/**
 * The BullMQ id of a user's digest of a local date (`digest.<user>.<date>`: BullMQ refuses ':' in custom ids). A
 * second scan, or a second worker's, adds nothing while the job is kept (a day and a half).
 */
export function digestJobId(digest: DueDigest): string {
  return `digest.${digest.userId}.${digest.localDate}`;
}

const SEND_OPTIONS = {
  attempts: 5,
  backoff: { type: 'exponential', delay: 5_000 },
  removeOnComplete: { age: 36 * 3600 },
  removeOnFail: { age: 7 * 24 * 3600 },
} as const;

export type DigestOutcome = 'queued' | 'empty' | 'already-handled';

@Injectable()
export class DigestService {
  constructor(
    // `orm` is read by @CreateRequestContext: each job works in a fresh, forked EntityManager.
    private readonly orm: MikroORM,
    @Inject(SERVER_CONFIG) private readonly config: ServerConfig,
    @InjectQueue(QUEUES.mail) private readonly mailQueue: Queue<MailJob, unknown, ProducedJobName<'mail'>>,
    @InjectQueue(QUEUES.digest) private readonly digestQueue: Queue,
  ) {}

  /** Queues one send job per user whose digest is due at `now` (their local morning has come, none sent today). */
  @CreateRequestContext()
  async scan(now: Date): Promise<{ due: number }> {
    const em = this.orm.em as EntityManager;
    const run: SqlRunner = (sql, params) => em.execute(sql, [...params]);
    let due = 0;
    for (let after = 0; ;) {
      const batch = await dueDigests(run, now, after, DIGEST_SCAN_BATCH);
      if (batch.length === 0) break;
      await this.digestQueue.addBulk(
        batch.map((digest) => ({
          name: DIGEST_JOBS.send,
          data: digest,
          opts: { ...SEND_OPTIONS, jobId: digestJobId(digest) },
        })),
      );
      due += batch.length;
      after = batch[batch.length - 1].userId;
      if (batch.length < DIGEST_SCAN_BATCH) break;
    }
    return { due };
  }

  /**
   * One user's digest of one local date. The digest_sends row is claimed, with the number of entries, in the
   * transaction that queues the mail: a racing worker waits on the row and then finds it taken; a failure before the
   * commit leaves neither the row nor (thanks to the mail's dedupe id, if the queueing had happened) a second mail.
   */
  @CreateRequestContext()
  async send(digest: DueDigest): Promise<DigestOutcome> {
    const em = this.orm.em as EntityManager;
    return em.transactional(async (tx) => {
      const run: SqlRunner = (sql, params) => tx.execute(sql, [...params]);
      const [user] = await run<{ id: number; email: string; first_name: string }>(
        `select id, email, first_name from users where id = ? and status = 'active'`,
        [digest.userId],
      );
      const read = user ? await unreadInDigest(run, user.id) : NOTHING_UNREAD;
      if (!(await claimDigest(run, digest, read.total))) return 'already-handled';
      if (!user || read.total === 0) return 'empty';
      const mail = digestMail(
        { id: user.id, email: user.email, firstName: user.first_name },
        digest.localDate,
        read,
        this.config.PUBLIC_URL,
      );
      await this.mailQueue.add(JOB_NAMES.sendMail, mail, {
        ...MAIL_JOB_OPTIONS,
        priority: BULK_MAIL_PRIORITY,
        jobId: mailJobId(mail.dedupeKey),
      });
      return 'queued';
    });
  }
}

const NOTHING_UNREAD: DigestRead = { entries: [], total: 0 };

/** The user's unread entries of the kinds they put in the digest. */
async function unreadInDigest(run: SqlRunner, userId: number): Promise<DigestRead> {
  const preferences = await mailPreferencesOf(run, userId);
  const kinds = (Object.keys(preferences) as MailKind[]).filter((kind) => preferences[kind] === 'digest');
  return digestEntries(run, userId, eventTypesOfKinds(kinds));
}
