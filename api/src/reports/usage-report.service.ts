import { ForbiddenException, Injectable } from '@nestjs/common';
import { reportInterval, type UsageReport, type UsageReportQuery } from '@casebridge/contracts';
import { EntityManager } from '@mikro-orm/postgresql';
import type { z } from 'zod';
import type { Actor } from '../access/actor';

type Query = z.output<typeof UsageReportQuery>;

interface UsageRecord {
  type: 'Inbound' | 'Outbound';
  case_number: string;
  partner: string;
  created_at: string;
  response_date: string | null;
  token: string;
}

/** A timestamptz as ISO-8601 UTC text (the driver hands raw timestamps over as Postgres text). */
const iso = (expression: string) => `to_char(${expression} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/**
 * The usage report (spec 2 "Reports"): cases the viewer's company submitted (Outbound) or received (Inbound)
 * in a date range, newest first. The worker's usage export source reads the same rows for the spreadsheet;
 * keep the two queries alike.
 */
@Injectable()
export class UsageReportService {
  constructor(private readonly em: EntityManager) {}

  async page(actor: Actor, query: Query): Promise<UsageReport> {
    if (actor.companyId === null) throw new ForbiddenException('Usage reports are for members of a company.');
    const { from, until } = reportInterval(query);
    const where = `from cases c
      join companies sc on sc.id = c.submitter_company_id
      join companies rc on rc.id = c.receiver_company_id
      where c.deleted_at is null and c.is_sample = false
        and (c.submitter_company_id = ? or c.receiver_company_id = ?)
        and c.created_at >= ? and c.created_at < ?`;
    const params = [actor.companyId, actor.companyId, from, until];
    const rows = await this.em.execute<UsageRecord[]>(
      `select case when c.receiver_company_id = ? then 'Inbound' else 'Outbound' end as type,
          c.internal_case_number as case_number,
          case when c.receiver_company_id = ? then sc.name else rc.name end as partner,
          ${iso('c.created_at')} as created_at,
          ${iso('(select min(r.created_at) from case_responses r where r.case_id = c.id)')} as response_date,
          c.token
        ${where}
        order by c.created_at desc, c.id desc
        limit ? offset ?`,
      [actor.companyId, actor.companyId, ...params, query.limit, (query.page - 1) * query.limit],
    );
    const [{ total }] = await this.em.execute<{ total: number }[]>(`select count(*)::int as total ${where}`, params);
    return {
      data: rows,
      total,
      current_page: query.page,
      per_page: query.limit,
      start: query.start,
      end: query.end,
    };
  }
}
