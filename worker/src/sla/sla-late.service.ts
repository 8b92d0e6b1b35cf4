import {
  BULK_MAIL_PRIORITY,
  JOB_NAMES,
  MAIL_JOB_OPTIONS,
  mailJobId,
  QUEUES,
  rooms,
  SERVER_EVENTS,
  type MailJob,
  type RelayedEvent,
} from '@casebridge/contracts';
import { Case, CaseEvent, ServerConfig } from '@casebridge/db';
import { CreateRequestContext, MikroORM } from '@mikro-orm/core';
import { EntityManager } from '@mikro-orm/postgresql';
import { BeforeApplicationShutdown, Inject, Injectable } from '@nestjs/common';
import { Queue } from 'bullmq';
import { Redis } from 'ioredis';
import { Logger } from 'pino';
import { LOGGER, REDIS, SERVER_CONFIG } from '../config/tokens';
import { caseEventRelays, relayToBrowsers, type NumberedCase } from '../realtime/relay';
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
 * answer is being written to, and that answer's pause or stop then keeps it from ever being marked.
 */
const SELECT_DUE = `
  select id from cases
  where status in ('open', 'information') and deleted_at is null and is_sample = false and late_at is null
    and sla_paused_at is null and sla_stopped_at is null and response_due_at < ?
  order by response_due_at, id
  limit ?
  for update skip locked`;

/** Late cases not mailed yet (also those marked by a run that stopped before mailing). */
const SELECT_UNNOTIFIED = `
  select id from cases
  where status in ('open', 'information') and deleted_at is null and is_sample = false and late_at is not null
    and late_notified_at is null and sla_stopped_at is null
  order by late_at, id
  limit ?
  for update skip locked`;

@Injectable()
export class SlaLateService implements BeforeApplicationShutdown {
  private readonly mailQueue: Queue<MailJob>;

  constructor(
    // `orm` is read by @CreateRequestContext: each run works in a fresh, forked EntityManager.
    private readonly orm: MikroORM,
    @Inject(SERVER_CONFIG) private readonly config: ServerConfig,
    @Inject(REDIS) private readonly redis: Redis,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {
    this.mailQueue = new Queue<MailJob>(QUEUES.mail, { connection: redis, prefix: config.REDIS_PREFIX });
  }

  /** One run at `now`: marks every case due by then, mails each late case's escalation contacts once, relays. */
  @CreateRequestContext()
  async run(now: Date): Promise<LateRunCounts> {
    const counts: LateRunCounts = { marked: 0, mailed: 0, unmailed: 0 };
    for (;;) {
      const batch = await this.markBatch(now);
      counts.marked += batch.length;
      await this.relayMarked(batch, now);
      // Each committed batch merges its entities into the run's context: dropped, or a backlog of tens of
      // thousands of late cases (a worker that was down) is held in memory to the end of the run.
      this.em.clear();
      if (batch.length < LATE_BATCH_SIZE) break;
    }
    for (;;) {
      const { selected, mailed } = await this.notifyBatch(now);
      this.em.clear();
      counts.mailed += mailed;
      counts.unmailed += selected - mailed;
      if (selected < LATE_BATCH_SIZE) break;
    }
    if (counts.marked > 0) {
      await this.relay({
        room: rooms.superAdmins,
        event: SERVER_EVENTS.queueChanged,
        message: { queue: 'escalation' },
      });
    }
    return counts;
  }

  private markBatch(now: Date): Promise<NumberedCase[]> {
    return this.em.transactional(async (em) => {
      // One statement locks, marks and numbers: event_seq + 1 is the atomic increment every event writer uses.
      const rows = await em.execute<NumberedCase[]>(
        `with due as (${SELECT_DUE})
        update cases c set late_at = ?, event_seq = c.event_seq + 1
        from due where c.id = due.id
        returning c.id, c.token, c.status, c.event_seq, c.submitter_company_id, c.receiver_company_id`,
        [now, LATE_BATCH_SIZE, now],
      );
      for (const row of rows) {
        em.create(CaseEvent, {
          case: em.getReference(Case, row.id),
          seq: row.event_seq,
          type: 'sla_late',
          actorLabel: LATE_ACTOR,
          payload: { late_at: now.toISOString() },
          createdAt: now,
        });
      }
      return rows;
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

  /** After the commit: the case room gets the event, both companies' rooms a list refresh (as the api does). */
  private async relayMarked(rows: NumberedCase[], now: Date): Promise<void> {
    for (const row of rows) {
      for (const event of caseEventRelays(row, 'sla_late', LATE_ACTOR, now)) await this.relay(event);
    }
  }

  /** A lost live message is not worth failing the run: followers catch up from the case log on (re)follow. */
  private async relay(event: RelayedEvent): Promise<void> {
    try {
      await relayToBrowsers(this.redis, this.config.REDIS_PREFIX, event);
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      this.logger.warn({ queue: QUEUES.sla, room: event.room, event: event.event, error: message }, 'relay failed');
    }
  }

  private get em(): EntityManager {
    return this.orm.em as EntityManager;
  }

  /** After the queue workers stopped (onModuleDestroy), so no running job loses its mail queue. */
  async beforeApplicationShutdown(): Promise<void> {
    await this.mailQueue.close();
  }
}
