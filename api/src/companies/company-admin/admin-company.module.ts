import { Module } from '@nestjs/common';
import { AccountsModule } from '../../accounts/accounts.module';
import { ExportsModule } from '../../platform/exports/exports.module';
import { CompanyExportPolicies } from '../company-export-policies';
import { AdminCompanyController } from './admin-company.controller';
import { AdminScopeService } from './admin-scope.service';
import { AdminUsersController } from './admin-users.controller';
import { ChangeRequestsService } from './change-requests.service';
import { CompanyInfoService } from './company-info.service';
import { CompanyUsersService } from './company-users.service';
import { RegistrationSettingsService } from './registration-settings.service';
import { UserAccountsService } from './user-accounts.service';

/** Company administration: company, change requests, registration, queue, users. */
@Module({
  imports: [AccountsModule, ExportsModule],
  controllers: [AdminCompanyController, AdminUsersController],
  providers: [
    AdminScopeService,
    ChangeRequestsService,
    CompanyInfoService,
    RegistrationSettingsService,
    CompanyUsersService,
    UserAccountsService,
    CompanyExportPolicies,
  ],
  exports: [
    AdminScopeService,
    ChangeRequestsService,
    CompanyInfoService,
    RegistrationSettingsService,
    UserAccountsService,
  ],
})
export class AdminCompanyModule {}
