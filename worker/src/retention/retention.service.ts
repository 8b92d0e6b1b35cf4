import { LIMITS } from '@casebridge/contracts';
import { CreateRequestContext, MikroORM } from '@mikro-orm/core';
import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';

/** Rows handled per transaction: keeps locks short however large the backlog. */
export const RETENTION_BATCH_SIZE = 500;

export interface CustomerDataPurgeCounts {
  [count: string]: number;
  cases: number;
  rows: number;
}

export interface NotePurgeCounts {
  [count: string]: number;
  notes: number;
  events: number;
}

/** `now` minus whole months, the way PostgreSQL counts them (March 31 minus one month is February 28/29). */
const MONTHS_BEFORE = `(?::timestamptz - make_interval(months => ?))`;
const DAYS_BEFORE = `(?::timestamptz - make_interval(days => ?))`;

function placeholders(count: number): string {
  return Array.from({ length: count }, () => '?').join(', ');
}

/**
 * The retention rules: a case's customer data goes one month after submission, feed notes after
 * 30 days. Each purge works in batches, one transaction per batch, and is idempotent: what is gone is not looked
 * at again, so a second run changes nothing. `now` is a parameter so a run's outcome never depends on the clock.
 */
@Injectable()
export class RetentionService {
  // `orm` is read by @CreateRequestContext: each purge works in a fresh, forked EntityManager.
  constructor(private readonly orm: MikroORM) {}

  /**
   * Deletes the customer data rows of cases submitted more than LIMITS.customerDataRetentionMonths ago and marks
   * the case purged (customerDataPurgedAt), so the case pages say the data was removed rather than show nothing.
   */
  @CreateRequestContext()
  async purgeCustomerData(now: Date): Promise<CustomerDataPurgeCounts> {
    const counts: CustomerDataPurgeCounts = { cases: 0, rows: 0 };
    for (;;) {
      const batch = await this.em.transactional(async (em) => {
        const cases = await em.execute<{ id: number }[]>(
          `select id from cases
          where customer_data_purged_at is null and created_at < ${MONTHS_BEFORE}
          order by id limit ? for update skip locked`,
          [now, LIMITS.customerDataRetentionMonths, RETENTION_BATCH_SIZE],
        );
        if (cases.length === 0) return { cases: 0, rows: 0 };
        const ids = cases.map((row) => row.id);
        const deleted = await em.execute<{ id: number }[]>(
          `delete from case_customer_data where case_id in (${placeholders(ids.length)}) returning id`,
          ids,
        );
        await em.execute(`update cases set customer_data_purged_at = ? where id in (${placeholders(ids.length)})`, [
          now,
          ...ids,
        ]);
        return { cases: ids.length, rows: deleted.length };
      });
      counts.cases += batch.cases;
      counts.rows += batch.rows;
      if (batch.cases < RETENTION_BATCH_SIZE) return counts;
    }
  }

  /**
   * Removes feed notes older than LIMITS.noteRetentionDays (deleted for good: the point is that their text is
   * gone), and strips the note summary the case log's 'note_added' entries of that age carry.
   */
  @CreateRequestContext()
  async purgeNotes(now: Date): Promise<NotePurgeCounts> {
    const counts: NotePurgeCounts = { notes: 0, events: 0 };
    for (;;) {
      const notes = await this.em.transactional((em) =>
        em.execute<{ id: number }[]>(
          `delete from case_notes where id in (
            select id from case_notes where created_at < ${DAYS_BEFORE}
            order by id limit ? for update skip locked)
          returning id`,
          [now, LIMITS.noteRetentionDays, RETENTION_BATCH_SIZE],
        ),
      );
      counts.notes += notes.length;
      if (notes.length < RETENTION_BATCH_SIZE) break;
    }
    for (;;) {
      const events = await this.em.transactional((em) =>
        em.execute<{ id: number }[]>(
          `update case_events set payload = payload - 'summary' where id in (
            select id from case_events
            where type = 'note_added' and created_at < ${DAYS_BEFORE} and jsonb_exists(payload, 'summary')
            order by id limit ? for update skip locked)
          returning id`,
          [now, LIMITS.noteRetentionDays, RETENTION_BATCH_SIZE],
        ),
      );
      counts.events += events.length;
      if (events.length < RETENTION_BATCH_SIZE) break;
    }
    return counts;
  }

  /** Forgets Idempotency-Keys past their lifetime (a day; a minute for repeated submissions without a key). */
  @CreateRequestContext()
  async purgeIdempotencyKeys(now: Date): Promise<{ [count: string]: number; keys: number }> {
    let keys = 0;
    for (;;) {
      const deleted = await this.em.transactional((em) =>
        em.execute<{ id: number }[]>(
          `delete from idempotency_keys where id in (
            select id from idempotency_keys where expires_at < ? order by id limit ? for update skip locked)
          returning id`,
          [now, RETENTION_BATCH_SIZE],
        ),
      );
      keys += deleted.length;
      if (deleted.length < RETENTION_BATCH_SIZE) return { keys };
    }
  }

  private get em(): EntityManager {
    return this.orm.em as EntityManager;
  }
}
