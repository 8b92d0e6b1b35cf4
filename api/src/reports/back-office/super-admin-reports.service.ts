import { Injectable } from '@nestjs/common';
import type { ExportAnswer, ReportDatesRange, SuperAdminReportKind } from '@casebridge/contracts';
import type { Actor } from '../../platform/access/actor';
import { ExportsService } from '../../platform/exports/exports.service';

/** Starts a back-office report as an export of its kind; the worker builds the file (EXPORT_SOURCES). */
@Injectable()
export class SuperAdminReportsService {
  constructor(private readonly exports: ExportsService) {}

  start(
    actor: Actor,
    kind: SuperAdminReportKind,
    range: ReportDatesRange | Record<string, never>,
  ): Promise<ExportAnswer> {
    return this.exports.create(actor, kind, range);
  }
}
