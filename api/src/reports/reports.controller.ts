import { Controller } from '@nestjs/common';
import { API, type ReportRange } from '@casebridge/contracts';
import type { z } from 'zod';
import type { Actor } from '../platform/access/actor';
import { CurrentActor } from '../platform/access/current-actor.decorator';
import { Route, ValidQuery } from '../platform/common/contract-route';
import { ExportsService } from '../platform/exports/exports.service';
import { UsageReportService } from './usage-report.service';

type UsageQuery = z.output<NonNullable<typeof API.reports.usage.query>>;

/** Company reports (route admin.reports); the spreadsheet goes through the export mechanism. */
@Controller()
export class ReportsController {
  constructor(
    private readonly usage: UsageReportService,
    private readonly exports: ExportsService,
  ) {}

  @Route(API.reports.usage)
  usageReport(@CurrentActor() actor: Actor, @ValidQuery() query: UsageQuery) {
    return this.usage.page(actor, query);
  }

  @Route(API.reports.usageExport)
  usageExport(@CurrentActor() actor: Actor, @ValidQuery() range: ReportRange) {
    return this.exports.create(actor, 'usage', range);
  }
}
