import { Module } from '@nestjs/common';
import { UploadsModule } from '../../platform/common/multipart';
import type { ServerConfig } from '@casebridge/server-core';
import { memoryStorage } from 'multer';
import { AccountsModule } from '../../accounts/accounts.module';
import { AdminCompanyModule } from '../company-admin/admin-company.module';
import { SERVER_CONFIG } from '../../platform/config/config.module';
import { SamlController } from './saml.controller';
import { SamlFlowService } from './saml-flow.service';
import { SsoAccountsService } from './sso-accounts.service';
import { SsoSettingsController } from './sso-settings.controller';
import { SsoSettingsService } from './sso-settings.service';

/** Single sign-on by SAML: the admin settings and the /saml2/{slug} endpoints. */
@Module({
  imports: [
    AccountsModule,
    AdminCompanyModule,
    // Metadata files are small: kept in memory until checked, then written under STORAGE_DIR/sso (413 over the limit).
    UploadsModule.registerAsync({
      inject: [SERVER_CONFIG],
      useFactory: (config: ServerConfig) => ({
        storage: memoryStorage(),
        limits: { fileSize: config.UPLOAD_LIMIT_BYTES, files: 1, fields: 10, fieldSize: 256 * 1024 },
      }),
    }),
  ],
  controllers: [SsoSettingsController, SamlController],
  providers: [SsoSettingsService, SamlFlowService, SsoAccountsService],
})
export class SsoModule {}
