import { Injectable, NotFoundException } from '@nestjs/common';
import {
  ESCALATION_CASE_DELETED,
  EscalationReportParams,
  type EscalationCaseDetails,
  type EscalationFilter,
  type EscalationPage,
  type EscalationQueueQuery,
} from '@casebridge/contracts';
import {
  Case,
  caseStateBroadcasts,
  inboundActionTotals,
  type SqlRunner,
  escalationQueueMatchingQuery,
  escalationQueueRowsQuery,
  loadCaseSnapshots,
  toEscalationRow,
  type EscalationQueueRecord,
} from '@casebridge/db';
import { EntityManager } from '@mikro-orm/postgresql';
import type { z } from 'zod';
import type { Actor } from '../../platform/access/actor';
import { CASE_NOT_FOUND } from '@casebridge/contracts';
import { CaseDetailsService } from '../case-details.service';
import { parseOrThrow, ValidationException } from '../../platform/common/errors';
import { boundedCount, pageTotal } from '../../platform/common/page-totals';
import { readRows } from '../../platform/common/prepared-reads';
import { withReadCounts } from '../attention/read-counts';
import { ExportsService } from '../../platform/exports/exports.service';
import { RealtimePublisher } from '../../platform/realtime/realtime.publisher';
import { CachedReads } from '../../platform/read-cache/cached-reads.service';
import { readTags } from '../../platform/read-cache/read-cache';

type QueueQuery = z.output<typeof EscalationQueueQuery>;

/**
 * The back office's escalation queue: every company's cases by filter, searched, sorted by a
 * whitelisted column and paged on the server (one query shared with the worker's spreadsheet); delete; and a
 * case's details, read through the member case page's service, for the super admin to answer as the receiver.
 */
@Injectable()
export class EscalationQueueService {
  constructor(
    private readonly em: EntityManager,
    private readonly caseDetails: CaseDetailsService,
    private readonly publisher: RealtimePublisher,
    private readonly exports: ExportsService,
    private readonly reads: CachedReads,
  ) {}

  async queue(actor: Actor, filter: EscalationFilter, query: QueueQuery): Promise<EscalationPage> {
    if (query.filter && query.filter !== filter) {
      throw ValidationException.forField('filter', 'The filter does not match the path.');
    }
    const options = { filter, q: query.q ?? null };
    const matching = escalationQueueMatchingQuery(options);
    const rows = escalationQueueRowsQuery({
      ...options,
      sort: query.sort,
      dir: query.dir,
      limit: query.limit,
      offset: (query.page - 1) * query.limit,
    });
    const read = async () => {
      // The count stops at its bound; past it the total is the planner's estimate (page-totals.ts).
      const [{ total: counted }] = await this.execute<{ total: number }>(boundedCount(matching));
      const totals = await pageTotal(this.em, counted, matching);
      return { ...totals, records: await this.execute<EscalationQueueRecord>(rows) };
    };
    // Any case may enter or leave any page of the queue: every case change drops it.
    const { total, total_estimated, records } = await this.reads.answer(this.em, [matching, rows], read, () => [
      readTags.escalationQueue,
    ]);
    return {
      data: await withReadCounts(this.em, actor.userId, records.map(toEscalationRow)),
      per_page: query.limit,
      current_page: query.page,
      total,
      last_page: Math.max(1, Math.ceil(total / query.limit)),
      ...(total_estimated ? { total_estimated } : {}),
    };
  }

  /** The spreadsheet of a filter and optional days (start 0 = none), through the one export mechanism. */
  report(actor: Actor, path: { filter: string; start?: string; end?: string }) {
    return this.exports.create(actor, 'escalation', parseOrThrow(EscalationReportParams, path));
  }

  /** Soft delete: the case leaves every list, page and token link; its rows stay for the record. */
  async delete(id: number): Promise<{ success: true; message: string }> {
    const kase = await this.em.findOne(Case, { id, deletedAt: null });
    if (!kase) throw new NotFoundException(CASE_NOT_FOUND);
    kase.deletedAt = new Date();
    await this.em.flush();
    // The lists and the queue drop the row (removed), built by the same rule as every case event's.
    const run: SqlRunner = (sql, params) => this.em.execute(sql, [...params]);
    const snapshots = await loadCaseSnapshots(run, [kase.id]);
    for (const snapshot of snapshots.values()) {
      // A deleted case leaves its receiver's count of inbound cases waiting for it.
      const totals = await inboundActionTotals(run, [snapshot.receiver_company_id]);
      this.publisher.publish(caseStateBroadcasts(snapshot, new Date(), undefined, totals));
    }
    return { success: true, message: ESCALATION_CASE_DELETED };
  }

  /** The case page's data as a super admin sees it, plus the answers its receiving side may give now. */
  details(id: number): Promise<EscalationCaseDetails> {
    return this.caseDetails.forSuperAdmin(id);
  }

  private execute<T>(query: { sql: string; params: unknown[] }): Promise<T[]> {
    return readRows<T>(this.em, query);
  }
}
