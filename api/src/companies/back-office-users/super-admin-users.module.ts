import { Module } from '@nestjs/common';
import { AccountsModule } from '../../accounts/accounts.module';
import { AdminCompanyModule } from '../company-admin/admin-company.module';
import { ExportsModule } from '../../platform/exports/exports.module';
import { BackOfficeDashboardController } from './back-office-dashboard.controller';
import { BackOfficeQueueService } from './back-office-queue.service';
import { BackOfficeSearchService } from './back-office-search.service';
import { InactiveUsersService } from './inactive-users.service';
import { SuperAdminUsersController } from './super-admin-users.controller';
import { SuperAdminUsersService } from './super-admin-users.service';

/** Back-office users (user form, Inactive Users) and the dashboard's search boxes and registration queue. */
@Module({
  imports: [AccountsModule, AdminCompanyModule, ExportsModule],
  controllers: [SuperAdminUsersController, BackOfficeDashboardController],
  providers: [SuperAdminUsersService, InactiveUsersService, BackOfficeSearchService, BackOfficeQueueService],
})
export class SuperAdminUsersModule {}
