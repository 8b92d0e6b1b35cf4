import { Module } from '@nestjs/common';
import { AdminProcessesModule } from '../company-admin/admin-processes.module';
import { DocumentAdminService } from './document-admin.service';
import { DocumentEditorService } from './document-editor.service';
import { SuperAdminDocumentsController } from './super-admin-documents.controller';

/** Back office process documents: the editors, contact_documents calls and the documents/{id}/sample test page. */
@Module({
  imports: [AdminProcessesModule],
  controllers: [SuperAdminDocumentsController],
  providers: [DocumentEditorService, DocumentAdminService],
  exports: [DocumentEditorService],
})
export class SuperAdminDocumentsModule {}
