import { Injectable } from '@nestjs/common';
import {
  slaState,
  type CaseList,
  type CaseListQuery,
  type CaseListRow,
  type CaseStatus,
  type CaseTurn,
  type Priority,
} from '@casebridge/contracts';
import { inboundActionTotals } from '@casebridge/db';
import { EntityManager } from '@mikro-orm/postgresql';
import type { z } from 'zod';
import type { Actor } from '../platform/access/actor';
import { pageTotal } from '../platform/common/page-totals';
import { readRows } from '../platform/common/prepared-reads';
import { CachedReads } from '../platform/read-cache/cached-reads.service';
import { readTags } from '../platform/read-cache/read-cache';
import { withReadCounts } from './attention/read-counts';
import { caseListStatements, type CaseListRequest } from './case-list.sql';

export type { CaseListRequest, CaseListScope } from './case-list.sql';

type ListQuery = z.output<typeof CaseListQuery>;

interface RowRecord {
  total: number;
  /** Null on the one row an empty page answers (it still carries the total). */
  id: number | null;
  internal_case_number: string;
  token: string;
  direction: 'inbound' | 'outbound';
  partner_name: string;
  receiver_case_number: string | null;
  summary: string;
  priority: Priority;
  status: CaseStatus;
  created_at: string;
  updated_at: string;
  respond_date: string | null;
  response_due_at: string | null;
  sla_paused_at: string | null;
  sla_stopped_at: string | null;
  is_test: boolean;
  turn: CaseTurn | null;
  entry_count: number;
  assignee_id: number | null;
  assignee_name: string | null;
}

const dateOrNull = (value: string | null): Date | null => (value ? new Date(value) : null);

/**
 * The case tables (dashboard active cases, My Cases): one statement answers the page and its total (see
 * case-list.sql.ts); a total past COUNT_EXACT_UP_TO is the planner's estimate, flagged as such.
 */
@Injectable()
export class CaseListService {
  constructor(
    private readonly em: EntityManager,
    private readonly reads: CachedReads,
  ) {}

  /** The dashboard's count: the company's inbound cases waiting for its move (0 without a company). */
  async inboundActionCount(actor: Actor): Promise<{ total: number }> {
    if (actor.companyId === null) return { total: 0 };
    const totals = await inboundActionTotals((sql, params) => this.em.execute(sql, [...params]), [actor.companyId]);
    return { total: totals.get(actor.companyId) ?? 0 };
  }

  async list(actor: Actor, request: CaseListRequest, query: ListQuery): Promise<CaseList> {
    const statements = caseListStatements(actor, request, query);
    const read = async () => {
      const records = await readRows<RowRecord>(this.em, statements.page);
      return { records, ...(await pageTotal(this.em, records[0]?.total ?? 0, statements.matching)) };
    };
    // A member's lists hold only their company's cases, so a change to a case drops the lists of its two companies.
    // The watching filter is the viewer's own and changes with every watch, unwatch and automatic watch (written
    // in many places, some in the worker), which no company tag follows: it is read fresh, never from the cache.
    const companyId = actor.companyId;
    const { records, total, total_estimated } =
      companyId === null || query.filter === 'watching'
        ? await read()
        : await this.reads.answer(this.em, [statements.page], read, () => [readTags.companyLists(companyId)]);
    const rows = records.filter((record) => record.id !== null).map(toRow);
    return {
      data: await withReadCounts(this.em, actor.userId, rows),
      total,
      current_page: query.page,
      per_page: query.limit,
      ...(total_estimated ? { total_estimated } : {}),
    };
  }
}

function toRow(row: RowRecord): CaseListRow {
  const sla = slaState({
    responseDueAt: dateOrNull(row.response_due_at),
    slaPausedAt: dateOrNull(row.sla_paused_at),
    slaStoppedAt: dateOrNull(row.sla_stopped_at),
  });
  return {
    id: row.id as number,
    internal_case_number: row.internal_case_number,
    token: row.token,
    direction: row.direction,
    partner: { name: row.partner_name },
    partner_case_number: row.receiver_case_number,
    summary: row.summary,
    priority: row.priority,
    status: row.status,
    created_at: row.created_at,
    updated_at: row.updated_at,
    respond_date: row.respond_date,
    response_due_at: row.response_due_at,
    sla_paused: sla.paused,
    late: sla.late,
    is_test: row.is_test,
    turn: row.turn,
    assignee: row.assignee_id === null ? null : { id: row.assignee_id, full_name: row.assignee_name ?? '' },
    entry_count: row.entry_count,
  };
}
