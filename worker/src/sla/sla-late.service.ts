import {
  BULK_MAIL_PRIORITY,
  JOB_NAMES,
  MAIL_JOB_OPTIONS,
  mailJobId,
  QUEUES,
  type MailJob,
  type ProducedJobName,
} from '@casebridge/contracts';
import { appendCaseEvents, Case } from '@casebridge/db';
import { ServerConfig } from '@casebridge/server-core';
import { CreateRequestContext, MikroORM } from '@mikro-orm/core';
import { EntityManager } from '@mikro-orm/postgresql';
import { InjectQueue } from '@nestjs/bullmq';
import { Inject, Injectable } from '@nestjs/common';
import { Queue } from 'bullmq';
import { Logger } from 'pino';
import { LOGGER, SERVER_CONFIG } from '../config/tokens';
import { lateMail } from './late-mail';

/** Cases handled per transaction: keeps row locks short while a backlog is worked off. */
export const LATE_BATCH_SIZE = 500;
/** Who the case log says marked the case. */
export const LATE_ACTOR = 'System';

export interface LateRunCounts {
  [count: string]: number;
  marked: number;
  mailed: number;
  /** Late cases whose process names nobody to tell (no escalation contact, no collaborate address). */
  unmailed: number;
}

/**
 * Marks overdue cases late. The selection is the SQL form of isSlaLate() (contracts/sla.ts): a running clock (not
 * paused, not stopped) past its due time, on a case still awaiting the receiver. Each batch sets lateAt, takes the
 * case's next event number and writes the 'sla_late' event in one transaction; SKIP LOCKED leaves alone a case an
 * answer is being written to, and that answer's pause or stop then keeps it from ever being marked. Test cases (sent
 * to the sandbox partner) have no SLA: never marked, never mailed.
 */
const SELECT_DUE = `
  select id from cases
  where status in ('open', 'information') and deleted_at is null and is_sample = false and is_test = false
    and late_at is null
    and sla_paused_at is null and sla_stopped_at is null and response_due_at < ?
  order by response_due_at, id
  limit ?
  for update skip locked`;

/** Late cases not mailed yet (also those marked by a run that stopped before mailing). */
const SELECT_UNNOTIFIED = `
  select id from cases
  where status in ('open', 'information') and deleted_at is null and is_sample = false and is_test = false
    and late_at is not null
    and late_notified_at is null and sla_stopped_at is null
  order by late_at, id
  limit ?
  for update skip locked`;

@Injectable()
export class SlaLateService {
  constructor(
    // `orm` is read by @CreateRequestContext: each run works in a fresh, forked EntityManager.
    private readonly orm: MikroORM,
    @Inject(SERVER_CONFIG) private readonly config: ServerConfig,
    @InjectQueue(QUEUES.mail) private readonly mailQueue: Queue<MailJob, unknown, ProducedJobName<'mail'>>,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  /** One run at `now`: marks every case due by then and mails each late case's escalation contacts once. */
  @CreateRequestContext()
  async run(now: Date): Promise<LateRunCounts> {
    const counts: LateRunCounts = { marked: 0, mailed: 0, unmailed: 0 };
    for (;;) {
      const marked = await this.markBatch(now);
      counts.marked += marked;
      // Each committed batch merges its entities into the run's context: dropped, or a backlog of tens of
      // thousands of late cases (a worker that was down) is held in memory to the end of the run.
      this.em.clear();
      if (marked < LATE_BATCH_SIZE) break;
    }
    for (;;) {
      const { selected, mailed } = await this.notifyBatch(now);
      this.em.clear();
      counts.mailed += mailed;
      counts.unmailed += selected - mailed;
      if (selected < LATE_BATCH_SIZE) break;
    }
    return counts;
  }

  private markBatch(now: Date): Promise<number> {
    return this.em.transactional(async (em) => {
      const rows = await em.execute<{ id: number }[]>(
        `with due as (${SELECT_DUE})
        update cases c set late_at = ? from due where c.id = due.id returning c.id`,
        [now, LATE_BATCH_SIZE, now],
      );
      // Numbered by the one case-log writer; the live messages go out after the commit (CaseEventRelay).
      await appendCaseEvents(
        em,
        rows.map((row) => ({
          caseId: row.id,
          type: 'sla_late' as const,
          actorLabel: LATE_ACTOR,
          payload: { late_at: now.toISOString() },
          at: now,
        })),
      );
      return rows.length;
    });
  }

  /**
   * Queues the late mail of up to one batch of late, unmailed cases and records it (lateNotifiedAt) in the same
   * transaction. The job id is the case's dedupe key, so a run that queued but failed to commit queues nothing new
   * when the next run retries, and the mail worker never sends one key twice.
   */
  private notifyBatch(now: Date): Promise<{ selected: number; mailed: number }> {
    return this.em.transactional(async (em) => {
      const rows = await em.execute<{ id: number }[]>(SELECT_UNNOTIFIED, [LATE_BATCH_SIZE]);
      if (rows.length === 0) return { selected: 0, mailed: 0 };
      const ids = rows.map((row) => row.id);
      const cases = await em.find(
        Case,
        { id: { $in: ids } },
        {
          populate: [
            'submitterCompany',
            'receiverCompany',
            'documentVersion.escalationUser',
            'documentVersion.altEscalationUser',
          ],
        },
      );
      let mailed = 0;
      for (const kase of cases) {
        const mail = lateMail(kase, this.config.PUBLIC_URL);
        if (!mail) {
          this.logger.warn({ queue: QUEUES.sla, caseId: kase.id }, 'late case has no one to mail');
          continue;
        }
        await this.mailQueue.add(JOB_NAMES.sendMail, mail, {
          ...MAIL_JOB_OPTIONS,
          priority: BULK_MAIL_PRIORITY,
          jobId: mailJobId(mail.dedupeKey),
        });
        mailed += 1;
      }
      // Recorded for recipient-less cases too: nobody will appear for them, and they are not picked again.
      await em.execute(`update cases set late_notified_at = ? where id in (${ids.map(() => '?').join(', ')})`, [
        now,
        ...ids,
      ]);
      return { selected: rows.length, mailed };
    });
  }

  private get em(): EntityManager {
    return this.orm.em as EntityManager;
  }
}
