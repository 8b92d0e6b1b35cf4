import { Injectable } from '@nestjs/common';
import {
  rooms,
  SERVER_EVENTS,
  type CaseAttention,
  type NotificationPage,
  type ReaderSide,
} from '@casebridge/contracts';
import {
  entriesOfSide,
  entryVisibleSql,
  notificationPage,
  type NotificationRead,
  type SqlRunner,
} from '@casebridge/db';
import { EntityManager } from '@mikro-orm/postgresql';
import type { Actor } from '../../platform/access/actor';
import { ValidationException } from '../../platform/common/errors';
import { RealtimePublisher } from '../../platform/realtime/realtime.publisher';
import { CaseAccessService } from '../case-access.service';

interface ReaderRow {
  watching: boolean;
  read_seq: number;
  read_count: number;
  entry_count: number;
}

/**
 * A user's attention on cases: watch or unwatch, move the read position, the notification centre's pages.
 * Every change is pushed to the user's other pages (`case.attention`, `notifications.cleared`) with how much it
 * took off their unread total, so a bell in another tab follows without asking.
 */
@Injectable()
export class AttentionService {
  constructor(
    private readonly em: EntityManager,
    private readonly access: CaseAccessService,
    private readonly publisher: RealtimePublisher,
  ) {}

  /** Moves the read position forward to `seq` (never back); 422 when the case's log has no such entry yet. */
  async readCase(actor: Actor, token: string, seq: number): Promise<CaseAttention> {
    const { kase, side: caseSide } = await this.access.forMember(actor, token);
    if (seq > kase.eventSeq) {
      throw ValidationException.forField('seq', 'The read position is beyond the case’s last entry.');
    }
    const side: ReaderSide = caseSide === 'none' ? 'staff' : caseSide;
    return this.change(actor.userId, kase.id, token, async (run) => {
      // The side's count up to seq: the case's own counter when seq is its last entry, else counted in its log.
      await run(
        `insert into case_readers as r (user_id, case_id, side, read_seq, read_count)
         select ?, c.id, ?, ?, case when ? >= c.event_seq then ${entriesOfSide('c', '?')}
           else (select count(*) from case_events e where e.case_id = c.id and e.seq <= ?
                   and ${entryVisibleSql('e', '?::text')}) end
           from cases c where c.id = ?
         on conflict (user_id, case_id) do update
           set read_seq = excluded.read_seq, read_count = excluded.read_count, side = excluded.side, updated_at = now()
         where excluded.read_seq > r.read_seq`,
        [actor.userId, side, seq, seq, side, seq, side, side, kase.id],
      );
    });
  }

  /** Watches or unwatches a case; a case watched anew from its page counts as read up to now. */
  async watchCase(actor: Actor, token: string, watching: boolean): Promise<CaseAttention> {
    const { kase, side: caseSide } = await this.access.forMember(actor, token);
    const side: ReaderSide = caseSide === 'none' ? 'staff' : caseSide;
    return this.change(actor.userId, kase.id, token, async (run) => {
      await run(
        `insert into case_readers as r (user_id, case_id, side, watching, read_seq, read_count, unwatched_at)
         select ?, c.id, ?, ?, c.event_seq, ${entriesOfSide('c', '?')}, case when ? then null else now() end
           from cases c where c.id = ?
         on conflict (user_id, case_id) do update
           set watching = excluded.watching, unwatched_at = excluded.unwatched_at, side = excluded.side,
               updated_at = now()`,
        [actor.userId, side, watching, side, watching, kase.id],
      );
    });
  }

  async notifications(actor: Actor, query: { before?: number; limit: number }): Promise<NotificationPage> {
    const read = await notificationPage(this.runner(), actor.userId, query);
    const last = read.items.at(-1);
    return {
      items: read.items.map(({ id: _id, ...item }: NotificationRead['items'][number]) => item),
      unread_total: read.unreadTotal,
      cursor: read.cursor,
      next_before: read.items.length === query.limit && last ? last.id : null,
    };
  }

  /** Every watched case read up to its last entry. */
  async readAll(actor: Actor): Promise<{ unread_total: number }> {
    await this.em.execute(
      `update case_readers r set read_seq = c.event_seq, read_count = ${entriesOfSide('c', 'r.side')},
          updated_at = now()
         from cases c
        where c.id = r.case_id and r.user_id = ? and r.watching and r.read_seq < c.event_seq`,
      [actor.userId],
    );
    this.publisher.emit(rooms.user(actor.userId), SERVER_EVENTS.notificationsCleared, { unread_total: 0 });
    return { unread_total: 0 };
  }

  /**
   * Runs a change of the user's reader row under its lock, with the state before and after, and tells the user's
   * pages what changed. The bell counts only watched cases, so `cleared` is the drop in watched unread.
   */
  private async change(
    userId: number,
    caseId: number,
    token: string,
    write: (run: SqlRunner) => Promise<void>,
  ): Promise<CaseAttention> {
    const { before, after } = await this.em.transactional(async (em) => {
      const run: SqlRunner = (sql, params) => em.execute(sql, [...params]);
      const state = () =>
        run<ReaderRow>(
          `select r.watching, r.read_seq, r.read_count, ${entriesOfSide('c', 'r.side')} as entry_count
             from case_readers r join cases c on c.id = r.case_id
            where r.user_id = ? and r.case_id = ? for update of r`,
          [userId, caseId],
        );
      const [previous] = await state();
      await write(run);
      const [current] = await state();
      return { before: previous, after: current };
    });
    const attention = attentionOf(token, after);
    const watchedUnread = (row: ReaderRow | undefined) =>
      row?.watching ? Math.max(row.entry_count - row.read_count, 0) : 0;
    this.publisher.emit(rooms.user(userId), SERVER_EVENTS.caseAttention, {
      ...attention,
      cleared: watchedUnread(before) - watchedUnread(after),
    });
    return attention;
  }

  private runner(): SqlRunner {
    return (sql, params) => this.em.execute(sql, [...params]);
  }
}

function attentionOf(token: string, row: ReaderRow): CaseAttention {
  return {
    case_token: token,
    watching: row.watching,
    read_seq: row.read_seq,
    read_count: row.read_count,
    entry_count: row.entry_count,
    unread: Math.max(row.entry_count - row.read_count, 0),
  };
}
