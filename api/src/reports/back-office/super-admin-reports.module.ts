import { Module } from '@nestjs/common';
import { ExportsModule } from '../../platform/exports/exports.module';
import { SuperAdminReportsController } from './super-admin-reports.controller';
import { SuperAdminReportsService } from './super-admin-reports.service';

/** Back-office reports: the super_admin/reports/... spreadsheets. */
@Module({
  imports: [ExportsModule],
  controllers: [SuperAdminReportsController],
  providers: [SuperAdminReportsService],
})
export class SuperAdminReportsModule {}
