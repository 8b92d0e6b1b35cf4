import { Module } from '@nestjs/common';
import { SlaLateService } from './sla-late.service';
import { SlaQueueWorker } from './sla-queue.worker';

/** SLA clocks: marks overdue cases late every minute, mails their escalation contacts and tells the browsers. */
@Module({
  providers: [SlaLateService, SlaQueueWorker],
})
export class SlaModule {}
