import { Module } from '@nestjs/common';
import { AdminProcessesModule } from '../company-admin/admin-processes.module';
import { DocumentAdminService } from './document-admin.service';
import { DocumentEditorService } from './document-editor.service';
import { SuperAdminDocumentsController } from './super-admin-documents.controller';

/** Back office process documents (spec 3 §2.10, §2.13, §7 contact_documents and documents/{id}/sample). */
@Module({
  imports: [AdminProcessesModule],
  controllers: [SuperAdminDocumentsController],
  providers: [DocumentEditorService, DocumentAdminService],
  exports: [DocumentEditorService],
})
export class SuperAdminDocumentsModule {}
