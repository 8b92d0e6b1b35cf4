import { Module } from '@nestjs/common';
import { UploadsModule } from '../platform/common/multipart';
import type { ServerConfig } from '@casebridge/server-core';
import { SERVER_CONFIG } from '../platform/config/config.module';
import { AttentionController } from './attention/attention.controller';
import { AttentionService } from './attention/attention.service';
import { CaseAccessService } from './case-access.service';
import { CaseAttachmentsController } from './case-attachments.controller';
import { CaseAttachmentsService } from './case-attachments.service';
import { CaseAssignmentService } from './case-assignment.service';
import { CaseFiles } from './case-files';
import { CaseCollaborationService } from './case-collaboration.service';
import { CaseDetailsService } from './case-details.service';
import { CaseEventsService } from './case-events.service';
import { CaseExportPolicies } from './case-export-policies';
import { CaseListService } from './case-list.service';
import { CaseResponsesService } from './case-responses.service';
import { CaseTokenController } from './case-token.controller';
import { caseUploadOptions } from './case-uploads';
import { CasesController } from './cases.controller';

// Other domains take attachment files as the case page does: these interceptors, with the upload options exported,
// and the same check of the files.
export { CaseAttachmentUploads } from './case-uploads';
export { assertAcceptableFiles } from './case-files';

/** Cases after submission: lists, the case page, token-link answers, notes, closing and attachments. */
@Module({
  imports: [
    UploadsModule.registerAsync({
      inject: [SERVER_CONFIG],
      useFactory: (config: ServerConfig) => caseUploadOptions(config),
    }),
  ],
  controllers: [CasesController, CaseTokenController, CaseAttachmentsController, AttentionController],
  providers: [
    CaseAccessService,
    CaseEventsService,
    CaseListService,
    CaseResponsesService,
    CaseCollaborationService,
    CaseAssignmentService,
    CaseDetailsService,
    CaseAttachmentsService,
    CaseFiles,
    CaseExportPolicies,
    AttentionService,
  ],
  exports: [
    CaseAccessService,
    CaseEventsService,
    CaseCollaborationService,
    CaseDetailsService,
    CaseResponsesService,
    CaseAttachmentsService,
    CaseFiles,
    UploadsModule,
  ],
})
export class CasesModule {}
