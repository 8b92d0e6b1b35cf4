import { Module } from '@nestjs/common';
import { RetentionProcessor } from './retention.processor';
import { RetentionService } from './retention.service';

/** Retention purges: customer data after a month, feed notes after 30 days, run daily. */
@Module({
  providers: [RetentionService, RetentionProcessor],
})
export class RetentionModule {}
