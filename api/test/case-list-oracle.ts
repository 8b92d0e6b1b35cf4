import { isCompanyAdminRole, LIMITS, type CaseListQuery } from '@casebridge/contracts';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { z } from 'zod';
import type { Actor } from '../src/platform/access/actor';
import type { CaseListRequest } from '../src/cases/case-list.sql';

type ListQuery = z.output<typeof CaseListQuery>;

/** A row as the comparison reads it: identity, order and the viewer-relative and derived columns. */
export type ComparedRow = [id: number, direction: string, partner: string, respondDate: string | null, updated: string];

const SORT_SQL: Record<string, string> = {
  internal_case_number: 'c.internal_case_number',
  partner: 'partner_name',
  summary: 'c.summary',
  priority: "case c.priority when 'high' then 3 when 'medium' then 2 else 1 end",
  status: 'c.status',
  created_at: 'c.created_at',
  updated_at: 'c.updated_at',
  respond_date: 'respond_date',
};

const iso = (expression: string) => `to_char(${expression} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/**
 * The case lists as the api read them before page-first: every case of the scope (`submitter = ? or receiver = ?`)
 * sorted, then cut to the page, and counted in full. Kept as the reference the page-first statement is compared
 * with (case-list-pages.int-spec.ts).
 */
export async function oracleCaseList(
  em: EntityManager,
  actor: Actor,
  request: CaseListRequest,
  query: ListQuery,
): Promise<{ rows: ComparedRow[]; total: number }> {
  const viewerCompany = actor.companyId ?? -1;
  const partnerSql = 'case when c.receiver_company_id = ? then sc.name else rc.name end';
  const where = ['c.deleted_at is null', 'c.is_sample = false'];
  const params: unknown[] = [];
  if (request.scope === 'mine') {
    where.push('c.submitter_user_id = ?');
    params.push(actor.userId);
  } else if (actor.companyId !== null) {
    const admin = request.scope === 'company' || isCompanyAdminRole(actor.role);
    where.push(
      admin
        ? '(c.submitter_company_id = ? or c.receiver_company_id = ?)'
        : '(c.submitter_user_id = ? or c.receiver_company_id = ?)',
    );
    params.push(admin ? actor.companyId : actor.userId, actor.companyId);
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
    const pattern = `%${query.q.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
    where.push(`(c.internal_case_number ilike ? or c.summary ilike ? or ${partnerSql} ilike ?)`);
    params.push(pattern, pattern, viewerCompany, pattern);
  }
  const from = `from cases c join companies sc on sc.id = c.submitter_company_id
    join companies rc on rc.id = c.receiver_company_id where ${where.join(' and ')}`;
  const sort = query.sort ?? request.defaultSort;
  const dir = query.dir === 'asc' ? 'asc' : 'desc';
  const records = await em.execute<
    { id: number; direction: string; partner_name: string; respond_date: string | null; updated_at: string }[]
  >(
    `select c.id, case when c.receiver_company_id = ? then 'inbound' else 'outbound' end as direction,
        ${partnerSql} as partner_name, ${iso('c.updated_at')} as updated_at,
        ${iso('(select min(r.created_at) from case_responses r where r.case_id = c.id)')} as respond_date
      ${from} order by ${SORT_SQL[sort]} ${dir} nulls last, c.id ${dir} limit ? offset ?`,
    [viewerCompany, viewerCompany, ...params, query.limit, (query.page - 1) * query.limit],
  );
  const [{ total }] = await em.execute<{ total: number }[]>(`select count(*)::int as total ${from}`, params);
  return {
    rows: records.map((record) => [
      record.id,
      record.direction,
      record.partner_name,
      record.respond_date,
      record.updated_at,
    ]),
    total,
  };
}
