import { Module } from '@nestjs/common';
import { RetentionQueueWorker } from './retention-queue.worker';
import { RetentionService } from './retention.service';

/** Retention purges (spec 1 §9): customer data after a month, feed notes after 30 days, run daily. */
@Module({
  providers: [RetentionService, RetentionQueueWorker],
})
export class RetentionModule {}
