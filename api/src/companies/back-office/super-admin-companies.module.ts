import { Module } from '@nestjs/common';
import { UploadsModule } from '../../platform/common/multipart';
import type { ServerConfig } from '@casebridge/server-core';
import { AdminCompanyModule } from '../company-admin/admin-company.module';
import { SERVER_CONFIG } from '../../platform/config/config.module';
import { ExportsModule } from '../../platform/exports/exports.module';
import { CompanyDetailsController } from './company-details.controller';
import { CompanyDetailsService } from './company-details.service';
import { companyUploadOptions } from './company-files';
import { CompanyFormService } from './company-form.service';
import { CompanyLookupService } from './company-lookup.service';
import { CompaniesService } from './companies.service';
import { SuperAdminCompaniesController } from './super-admin-companies.controller';

/** Back office companies: list, form, detail and the super_admin/companies calls. */
@Module({
  imports: [
    AdminCompanyModule,
    ExportsModule,
    UploadsModule.registerAsync({
      inject: [SERVER_CONFIG],
      useFactory: (config: ServerConfig) => companyUploadOptions(config),
    }),
  ],
  controllers: [SuperAdminCompaniesController, CompanyDetailsController],
  providers: [CompanyLookupService, CompaniesService, CompanyFormService, CompanyDetailsService],
})
export class SuperAdminCompaniesModule {}
