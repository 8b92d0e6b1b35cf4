import { Module } from '@nestjs/common';
import { SuperAdminDocumentsModule } from '../../processes/back-office/super-admin-documents.module';
import { DepartmentsService } from './departments.service';
import { GroupAccessService } from './group-access.service';
import { SuperAdminDepartmentsController } from './super-admin-departments.controller';

/**
 * Back office departments and group access. Imported after SuperAdminCompaniesModule, so its
 * GET companies/{id}/users/export is matched before users/{relation_id}.
 */
@Module({
  imports: [SuperAdminDocumentsModule],
  controllers: [SuperAdminDepartmentsController],
  providers: [DepartmentsService, GroupAccessService],
})
export class SuperAdminDepartmentsModule {}
