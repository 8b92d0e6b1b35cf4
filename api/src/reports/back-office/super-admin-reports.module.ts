import { Module } from '@nestjs/common';
import { ExportsModule } from '../../platform/exports/exports.module';
import { SuperAdminReportsController } from './super-admin-reports.controller';
import { SuperAdminReportsService } from './super-admin-reports.service';

/** Back-office reports (spec 3 §2.12, §7 super_admin/reports/...). */
@Module({
  imports: [ExportsModule],
  controllers: [SuperAdminReportsController],
  providers: [SuperAdminReportsService],
})
export class SuperAdminReportsModule {}
