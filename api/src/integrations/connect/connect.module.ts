import { Module } from '@nestjs/common';
import { DirectoryModule } from '../../directory/directory.module';
import { CasesModule } from '../../cases/cases.module';
import { SubmissionsModule } from '../../cases/submissions/submissions.module';
import { ChangeFeedService } from './change-feed.service';
import { CollaborationAttachmentsController } from './collaboration-attachments.controller';
import { CollaborationAttachmentsService } from './collaboration-attachments.service';
import { CollaborationActionsService } from './collaboration-actions.service';
import { CollaborationIntakeController } from './collaboration-intake.controller';
import { CollaborationRequestsController } from './collaboration-requests.controller';
import { CollaborationRequestsService } from './collaboration-requests.service';
import { CollaborationSubmissionService } from './collaboration-submission.service';
import { ConnectIdentityService } from './connect-identity.service';
import { ConnectController } from './connect.controller';

/** Casebridge Connect v1 (/api/v1): the change feed, and the case resources as connectors see them. */
@Module({
  imports: [CasesModule, DirectoryModule, SubmissionsModule],
  controllers: [
    ConnectController,
    CollaborationRequestsController,
    CollaborationAttachmentsController,
    CollaborationIntakeController,
  ],
  providers: [
    ChangeFeedService,
    ConnectIdentityService,
    CollaborationRequestsService,
    CollaborationActionsService,
    CollaborationAttachmentsService,
    CollaborationSubmissionService,
  ],
})
export class ConnectModule {}
