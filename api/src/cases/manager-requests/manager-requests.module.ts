import { Module } from '@nestjs/common';
import { ManagerRequestsController } from './manager-requests.controller';
import { ManagerRequestsService } from './manager-requests.service';

/** Answers to manager escalation requests (the requests themselves are created with submissions). */
@Module({
  controllers: [ManagerRequestsController],
  providers: [ManagerRequestsService],
})
export class ManagerRequestsModule {}
