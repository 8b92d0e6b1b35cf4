import { Module } from '@nestjs/common';
import { CasesModule } from '../../cases/cases.module';
import { AdminProcessesModule } from '../company-admin/admin-processes.module';
import { DocumentAdminService } from './document-admin.service';
import { DocumentEditorService } from './document-editor.service';
import { SuperAdminDocumentsController } from './super-admin-documents.controller';

/** Back office process documents: the editors, contact_documents calls and the documents/{id}/sample test page. */
@Module({
  // CasesModule: the test page's files are staged with the case attachments' upload options.
  imports: [AdminProcessesModule, CasesModule],
  controllers: [SuperAdminDocumentsController],
  providers: [DocumentEditorService, DocumentAdminService],
  exports: [DocumentEditorService],
})
export class SuperAdminDocumentsModule {}
