import { Injectable } from '@nestjs/common';
import {
  isCompanyAdminRole,
  LIMITS,
  type CaseList,
  type CaseListQuery,
  type CaseListRow,
  type CASE_SORT_COLUMNS,
  type CaseStatus,
  type Priority,
} from '@casebridge/contracts';
import { EntityManager } from '@mikro-orm/postgresql';
import type { z } from 'zod';
import type { Actor } from '../access/actor';
import { slaState } from '@casebridge/contracts';

type ListQuery = z.output<typeof CaseListQuery>;
type SortColumn = (typeof CASE_SORT_COLUMNS)[number];

/** Whose cases a list shows. */
export type CaseListScope =
  | 'mine' // cases the user submitted
  | 'company' // cases the user's company submitted or received
  | 'my-cases'; // the My Cases table: admins see the company's cases, others theirs and the company's inbound

export interface CaseListRequest {
  scope: CaseListScope;
  /** Only cases created in the last 30 days (and honour not_closed). */
  recent: boolean;
  defaultSort: SortColumn;
}

/** Whitelisted ORDER BY expressions; the aliases are columns of the row query. */
const SORT_SQL: Record<SortColumn, string> = {
  internal_case_number: 'c.internal_case_number',
  partner: 'partner_name',
  summary: 'c.summary',
  priority: "case c.priority when 'high' then 3 when 'medium' then 2 else 1 end",
  status: 'c.status',
  created_at: 'c.created_at',
  updated_at: 'c.updated_at',
  respond_date: 'respond_date',
};

interface RowRecord {
  id: number;
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
}

/**
 * A timestamptz as an ISO-8601 UTC string with milliseconds. The ORM's driver hands raw timestamps over as
 * Postgres text; this format parses everywhere and sorts as text in time order.
 */
function iso(expression: string): string {
  return `to_char(${expression} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
}

const dateOrNull = (value: string | null): Date | null => (value ? new Date(value) : null);

/** LIKE wildcards and the escape character itself are matched literally. */
export function likePattern(term: string): string {
  return `%${term.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
}

/**
 * The case tables (dashboard active cases, My Cases): one query for the page of rows and one for the total.
 * Rows are relative to the viewer: direction, partner = the other company, partner_case_number = the receiver's.
 */
@Injectable()
export class CaseListService {
  constructor(private readonly em: EntityManager) {}

  async list(actor: Actor, request: CaseListRequest, query: ListQuery): Promise<CaseList> {
    // A super admin belongs to no company: every case is "outbound" for them, the partner is the receiver.
    const viewerCompany = actor.companyId ?? -1;
    const partnerSql = 'case when c.receiver_company_id = ? then sc.name else rc.name end';
    const where: string[] = ['c.deleted_at is null', 'c.is_sample = false'];
    const params: unknown[] = [];

    const scope = this.scopeClause(actor, request.scope);
    if (scope) {
      where.push(scope.sql);
      params.push(...scope.params);
    }
    if (request.recent) {
      where.push(`c.created_at >= now() - make_interval(days => ${LIMITS.casesThirtyDays})`);
      if (query.not_closed === 'true') where.push("c.status <> 'closed'");
    }
    if (query.filter === 'inbound-action') {
      where.push(`c.receiver_company_id = ? and (c.status = 'open' or (c.status = 'information' and exists (
        select 1 from case_responses answer where answer.case_id = c.id and answer.type = 'information-response'
          and answer.created_at > coalesce((select max(ask.created_at) from case_responses ask
            where ask.case_id = c.id and ask.type = 'information-request'), '-infinity'))))`);
      params.push(viewerCompany);
    }
    if (query.q) {
      const pattern = likePattern(query.q);
      where.push(`(c.internal_case_number ilike ? or c.summary ilike ? or ${partnerSql} ilike ?)`);
      params.push(pattern, pattern, viewerCompany, pattern);
    }

    // Every case has both companies (non-null foreign keys), so the count needs them only to search partner names.
    const companies = `join companies sc on sc.id = c.submitter_company_id
      join companies rc on rc.id = c.receiver_company_id`;
    const from = `from cases c ${companies} where ${where.join(' and ')}`;
    const countFrom = `from cases c ${query.q ? companies : ''} where ${where.join(' and ')}`;
    const sort = query.sort ?? request.defaultSort;
    const dir = query.dir === 'asc' ? 'asc' : 'desc';
    const offset = (query.page - 1) * query.limit;

    const rows = await this.em.execute<RowRecord[]>(
      `select c.id, c.internal_case_number, c.token, c.receiver_case_number, c.summary, c.priority, c.status,
          ${iso('c.created_at')} as created_at, ${iso('c.updated_at')} as updated_at,
          ${iso('c.response_due_at')} as response_due_at, ${iso('c.sla_paused_at')} as sla_paused_at,
          ${iso('c.sla_stopped_at')} as sla_stopped_at,
          case when c.receiver_company_id = ? then 'inbound' else 'outbound' end as direction,
          ${partnerSql} as partner_name,
          ${iso('(select min(r.created_at) from case_responses r where r.case_id = c.id)')} as respond_date
        ${from}
        order by ${SORT_SQL[sort]} ${dir} nulls last, c.id ${dir}
        limit ? offset ?`,
      [viewerCompany, viewerCompany, ...params, query.limit, offset],
    );
    const [{ total }] = await this.em.execute<{ total: number }[]>(
      `select count(*)::int as total ${countFrom}`,
      params,
    );

    return { data: rows.map(toRow), total, current_page: query.page, per_page: query.limit };
  }

  private scopeClause(actor: Actor, scope: CaseListScope): { sql: string; params: unknown[] } | null {
    if (scope === 'mine') return { sql: 'c.submitter_user_id = ?', params: [actor.userId] };
    // Super admins reach every case.
    if (actor.companyId === null) return null;
    if (scope === 'company' || isCompanyAdminRole(actor.role)) {
      return {
        sql: '(c.submitter_company_id = ? or c.receiver_company_id = ?)',
        params: [actor.companyId, actor.companyId],
      };
    }
    return {
      sql: '(c.submitter_user_id = ? or c.receiver_company_id = ?)',
      params: [actor.userId, actor.companyId],
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
    id: row.id,
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
  };
}
