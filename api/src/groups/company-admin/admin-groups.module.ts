import { Module } from '@nestjs/common';
import { UploadsModule } from '../../platform/common/multipart';
import type { ServerConfig } from '@casebridge/server-core';
import { SERVER_CONFIG } from '../../platform/config/config.module';
import { ExportsModule } from '../../platform/exports/exports.module';
import { AdminGroupsController } from './admin-groups.controller';
import { GroupExportPolicies } from '../group-export-policies';
import { AdminGroupsService } from './admin-groups.service';
import { GroupAccessService } from './group-access.service';
import { GroupDocumentsController } from './group-documents.controller';
import { GroupDocumentsService } from './group-documents.service';
import { groupUploadOptions } from './group-uploads';
import { GroupUsersService } from './group-users.service';

/** Company administration: partner groups, their documents, user access and My Partners. */
@Module({
  imports: [
    ExportsModule,
    UploadsModule.registerAsync({
      inject: [SERVER_CONFIG],
      useFactory: (config: ServerConfig) => groupUploadOptions(config),
    }),
  ],
  controllers: [AdminGroupsController, GroupDocumentsController],
  providers: [GroupAccessService, AdminGroupsService, GroupDocumentsService, GroupUsersService, GroupExportPolicies],
})
export class AdminGroupsModule {}
