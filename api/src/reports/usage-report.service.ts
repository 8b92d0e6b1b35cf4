import { ForbiddenException, Injectable } from '@nestjs/common';
import { reportInterval, type UsageReport, type UsageReportQuery } from '@casebridge/contracts';
import { usageReportCountQuery, usageReportRowsQuery, type UsageReportRecord } from '@casebridge/db';
import { EntityManager } from '@mikro-orm/postgresql';
import type { z } from 'zod';
import type { Actor } from '../platform/access/actor';

type Query = z.output<typeof UsageReportQuery>;

/**
 * The usage report of the admin Reports page: cases the viewer's company submitted (Outbound) or received (Inbound)
 * in a date range, newest first. The worker's usage export reads the same rows through the same query.
 */
@Injectable()
export class UsageReportService {
  constructor(private readonly em: EntityManager) {}

  async page(actor: Actor, query: Query): Promise<UsageReport> {
    if (actor.companyId === null) throw new ForbiddenException('Usage reports are for members of a company.');
    const scope = { companyId: actor.companyId, ...reportInterval(query) };
    const rows = usageReportRowsQuery({ ...scope, limit: query.limit, offset: (query.page - 1) * query.limit });
    const count = usageReportCountQuery(scope);
    const records = await this.em.execute<UsageReportRecord[]>(rows.sql, rows.params);
    const [{ total }] = await this.em.execute<{ total: number }[]>(count.sql, count.params);
    return {
      data: records.map(({ id: _id, ...record }) => record),
      total,
      current_page: query.page,
      per_page: query.limit,
      start: query.start,
      end: query.end,
    };
  }
}
