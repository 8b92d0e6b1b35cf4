import { Module } from '@nestjs/common';
import { UploadsModule } from '../../platform/common/multipart';
import type { ServerConfig } from '@casebridge/server-core';
import { SERVER_CONFIG } from '../../platform/config/config.module';
import { ExportsModule } from '../../platform/exports/exports.module';
import { GroupFormService } from './group-form.service';
import { superAdminGroupUploadOptions } from './group-form-files';
import { GroupMembersController } from './group-members.controller';
import { GroupMembersService } from './group-members.service';
import { GroupsService } from './groups.service';
import { SuperAdminGroupsController } from './super-admin-groups.controller';

/** Back office groups: list, form, partners and documents (the super_admin/groups calls). */
@Module({
  imports: [
    ExportsModule,
    UploadsModule.registerAsync({
      inject: [SERVER_CONFIG],
      useFactory: (config: ServerConfig) => superAdminGroupUploadOptions(config),
    }),
  ],
  controllers: [SuperAdminGroupsController, GroupMembersController],
  providers: [GroupsService, GroupFormService, GroupMembersService],
})
export class SuperAdminGroupsModule {}
