import { Module } from '@nestjs/common';
import { DirectoryModule } from '../../directory/directory.module';
import { CasesModule } from '../../cases/cases.module';
import { ChangeFeedService } from './change-feed.service';
import { CollaborationActionsService } from './collaboration-actions.service';
import { CollaborationRequestsController } from './collaboration-requests.controller';
import { CollaborationRequestsService } from './collaboration-requests.service';
import { ConnectIdentityService } from './connect-identity.service';
import { ConnectController } from './connect.controller';

/** Casebridge Connect v1 (/api/v1): the change feed, and the case resources as connectors see them. */
@Module({
  imports: [CasesModule, DirectoryModule],
  controllers: [ConnectController, CollaborationRequestsController],
  providers: [ChangeFeedService, ConnectIdentityService, CollaborationRequestsService, CollaborationActionsService],
})
export class ConnectModule {}
