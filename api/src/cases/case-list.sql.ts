import {
  isCompanyAdminRole,
  LIMITS,
  type CASE_SORT_COLUMNS,
  type CaseDirection,
  type CaseListQuery,
} from '@casebridge/contracts';
import type { z } from 'zod';
import type { Actor } from '../platform/access/actor';
import { boundedCount, fragment, joinFragments, type Fragment } from '../platform/common/page-totals';
import { isoUtc, likePattern } from '../platform/common/sql-text';

type ListQuery = z.output<typeof CaseListQuery>;
export type SortColumn = (typeof CASE_SORT_COLUMNS)[number];

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

/** The partner of a row is the other company than the viewer's (the receiver for a super admin). */
const PARTNER_SQL = 'case when c.receiver_company_id = ? then sc.name else rc.name end';
const RESPOND_DATE_SQL = '(select min(r.created_at) from case_responses r where r.case_id = c.id)';

/** Whitelisted sort expressions; only respond_date can be null. */
const SORT_SQL: Record<SortColumn, string> = {
  internal_case_number: 'c.internal_case_number',
  partner: PARTNER_SQL,
  summary: 'c.summary',
  priority: "case c.priority when 'high' then 3 when 'medium' then 2 else 1 end",
  status: 'c.status',
  created_at: 'c.created_at',
  updated_at: 'c.updated_at',
  respond_date: RESPOND_DATE_SQL,
};

const COMPANIES = `join companies sc on sc.id = c.submitter_company_id
  join companies rc on rc.id = c.receiver_company_id`;

/** The cases a company's lists hold: neither deleted nor the demo's samples (the partial indexes' own predicate). */
export const LISTED_CASES = fragment('c.deleted_at is null and c.is_sample = false');

/**
 * A company's cases as two disjoint sides: those it submitted (outbound) and those it received from another company
 * (inbound; a case a company sends itself is outbound). Each side is an index-ordered scan of its own, so a page is
 * the merge of the first rows of each side instead of a sort of every case of the company (`submitter = ? or
 * receiver = ?` can follow no index order).
 */
export function companySides(companyId: number): Record<CaseDirection, Fragment> {
  return {
    outbound: fragment('c.submitter_company_id = ?', companyId),
    inbound: fragment('c.receiver_company_id = ? and c.submitter_company_id <> ?', companyId, companyId),
  };
}

function scopeSides(actor: Actor, scope: CaseListScope): Fragment[] {
  if (scope === 'mine') return [fragment('c.submitter_user_id = ?', actor.userId)];
  // Super admins reach every case.
  if (actor.companyId === null) return [fragment('true')];
  const company = actor.companyId;
  if (scope === 'company' || isCompanyAdminRole(actor.role)) {
    const sides = companySides(company);
    return [sides.outbound, sides.inbound];
  }
  return [
    fragment('c.submitter_user_id = ?', actor.userId),
    fragment('c.receiver_company_id = ? and c.submitter_user_id is distinct from ?', company, actor.userId),
  ];
}

function filtersOf(
  viewer: { company: number; userId: number },
  request: CaseListRequest,
  query: ListQuery,
): Fragment[] {
  const viewerCompany = viewer.company;
  const filters = [LISTED_CASES];
  if (request.recent) {
    filters.push(fragment(`c.created_at >= now() - make_interval(days => ${LIMITS.casesThirtyDays})`));
    if (query.not_closed === 'true') filters.push(fragment("c.status <> 'closed'"));
  }
  if (query.filter === 'inbound-action') {
    // The receiver's move: open, or information supplied since it was last asked for (cases.turn).
    filters.push(fragment(`c.receiver_company_id = ? and c.turn = 'receiver'`, viewerCompany));
  }
  if (query.filter === 'watching') {
    // A probe of the reader's row per case, which the planner keeps as one (an EXISTS it would turn into a join
    // from all of the user's watched rows, sorted afterwards: ~30 ms for 10,000 watched cases, bench/attention):
    // each side is still read in the sort's index order and stops once the page is full.
    filters.push(
      fragment(
        'coalesce((select r.watching from case_readers r where r.user_id = ? and r.case_id = c.id), false)',
        viewer.userId,
      ),
    );
  }
  if (query.q) {
    const pattern = likePattern(query.q);
    filters.push(
      fragment(
        `(c.internal_case_number ilike ? or c.summary ilike ? or ${PARTNER_SQL} ilike ?)`,
        pattern,
        pattern,
        viewerCompany,
        pattern,
      ),
    );
  }
  return filters;
}

export interface CaseListStatements {
  /** The page's rows, each with the bounded count of all matching rows (one row with a null id when empty). */
  page: Fragment;
  /** Every matching row of every side, for the planner's estimate when the count reached its bound. */
  matching: Fragment;
}

/**
 * One statement for a page and its bounded total. Each side is read in the sort's order up to offset + limit rows
 * (an index scan for the date sorts), the sides are merged and cut to the page, and only the page's rows are
 * joined to their companies and first answer. Rows are relative to the viewer: direction, partner.
 */
export function caseListStatements(actor: Actor, request: CaseListRequest, query: ListQuery): CaseListStatements {
  // A super admin belongs to no company: every case is "outbound" for them, the partner is the receiver.
  const viewerCompany = actor.companyId ?? -1;
  const sort = query.sort ?? request.defaultSort;
  const dir = query.dir === 'asc' ? 'asc' : 'desc';
  const nulls = sort === 'respond_date' ? ' nulls last' : '';
  const offset = (query.page - 1) * query.limit;
  const filters = filtersOf({ company: viewerCompany, userId: actor.userId }, request, query);
  const joinsCompanies = sort === 'partner' || !!query.q;
  const sortKey = fragment(SORT_SQL[sort], ...(sort === 'partner' ? [viewerCompany] : []));
  const sides = scopeSides(actor, request.scope);

  const where = (side: Fragment) => joinFragments([side, ...filters], ' and ');
  const sidePages = sides.map((side) => {
    const condition = where(side);
    return fragment(
      `(select c.id, ${sortKey.sql} as sort_key from cases c ${joinsCompanies ? COMPANIES : ''}
        where ${condition.sql} order by sort_key ${dir}${nulls}, c.id ${dir} limit ?)`,
      ...sortKey.params,
      ...condition.params,
      offset + query.limit,
    );
  });
  const sideRows = sides.map((side) => {
    const condition = where(side);
    return fragment(`(select 1 from cases c ${query.q ? COMPANIES : ''} where ${condition.sql})`, ...condition.params);
  });
  const matching = joinFragments(sideRows, ' union all ');
  const merged = joinFragments(sidePages, ' union all ');
  const counted = boundedCount(matching);

  const page = fragment(
    `with page as (
        select p.id, p.sort_key from (${merged.sql}) p
        order by p.sort_key ${dir}${nulls}, p.id ${dir} limit ? offset ?
      ), counted as (${counted.sql})
      select counted.total, c.id, c.internal_case_number, c.token, c.receiver_case_number, c.summary, c.priority,
          c.status, ${isoUtc('c.created_at')} as created_at, ${isoUtc('c.updated_at')} as updated_at,
          ${isoUtc('c.response_due_at')} as response_due_at, ${isoUtc('c.sla_paused_at')} as sla_paused_at,
          ${isoUtc('c.sla_stopped_at')} as sla_stopped_at, c.is_test, c.turn,
          case when c.submitter_company_id = ? then c.entries_submitter when c.receiver_company_id = ?
            then c.entries_receiver else c.entries_staff end as entry_count,
          case when c.receiver_company_id = ? then 'inbound' else 'outbound' end as direction,
          ${PARTNER_SQL} as partner_name, ${isoUtc(RESPOND_DATE_SQL)} as respond_date,
          owner.id as assignee_id, trim(owner.first_name || ' ' || owner.last_name) as assignee_name
        from counted
        left join page p on true
        left join cases c on c.id = p.id
        left join companies sc on sc.id = c.submitter_company_id
        left join companies rc on rc.id = c.receiver_company_id
        -- The owner on the viewer's side (a case a company sends itself is the submitter's for its members).
        left join users owner on owner.id = case when c.submitter_company_id = ? then c.submitter_assignee_id
          when c.receiver_company_id = ? then c.receiver_assignee_id end
        order by p.sort_key ${dir}${nulls}, p.id ${dir}`,
    ...merged.params,
    query.limit,
    offset,
    ...counted.params,
    viewerCompany,
    viewerCompany,
    viewerCompany,
    viewerCompany,
    viewerCompany,
    viewerCompany,
  );
  return { page, matching: fragment(`select 1 from (${matching.sql}) matching`, ...matching.params) };
}
