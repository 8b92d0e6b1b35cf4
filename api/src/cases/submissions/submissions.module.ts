import { Module } from '@nestjs/common';
import { DirectoryModule } from '../../directory/directory.module';
import { ManagerRequestsModule } from '../manager-requests/manager-requests.module';
import { CasesModule } from '../cases.module';
import { CaseSubmissionService } from './case-submission.service';
import { DocumentsService } from './documents.service';
import { ProcessCatalogService } from './process-catalog.service';
import { SubmissionsController } from './submissions.controller';

/** Submitting requests: partner process documents, cases, manager requests, notes, options and files. */
@Module({
  // CasesModule: attachments on the submission go the case page's way (CaseFiles, the upload options).
  imports: [DirectoryModule, ManagerRequestsModule, CasesModule],
  controllers: [SubmissionsController],
  providers: [ProcessCatalogService, DocumentsService, CaseSubmissionService],
  // The integration API reads forms and submits cases through the same services.
  exports: [DocumentsService, CaseSubmissionService],
})
export class SubmissionsModule {}
