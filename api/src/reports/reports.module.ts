import { Module } from '@nestjs/common';
import { ExportsModule } from '../platform/exports/exports.module';
import { ReportExportPolicies } from './report-export-policies';
import { ReportsController } from './reports.controller';
import { UsageReportService } from './usage-report.service';

/** Company usage reports (the admin Reports page and its export). */
@Module({
  imports: [ExportsModule],
  controllers: [ReportsController],
  providers: [UsageReportService, ReportExportPolicies],
})
export class ReportsModule {}
