import { Module } from '@nestjs/common';
import { ChangeFeedService } from './change-feed.service';
import { ConnectIdentityService } from './connect-identity.service';
import { ConnectController } from './connect.controller';

/** Casebridge Connect v1 (/api/v1): the change feed, and the case resources as connectors see them. */
@Module({
  controllers: [ConnectController],
  providers: [ChangeFeedService, ConnectIdentityService],
})
export class ConnectModule {}
