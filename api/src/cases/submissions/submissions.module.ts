import { Module } from '@nestjs/common';
import { DirectoryModule } from '../../directory/directory.module';
import { CaseSubmissionService } from './case-submission.service';
import { DocumentsService } from './documents.service';
import { ManagerRequestService } from './manager-request.service';
import { ProcessCatalogService } from './process-catalog.service';
import { SubmissionsController } from './submissions.controller';

/** Submitting requests: partner process documents, cases, manager requests, notes, options and files. */
@Module({
  imports: [DirectoryModule],
  controllers: [SubmissionsController],
  providers: [ProcessCatalogService, DocumentsService, CaseSubmissionService, ManagerRequestService],
})
export class SubmissionsModule {}
