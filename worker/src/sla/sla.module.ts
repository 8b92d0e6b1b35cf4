import { Module } from '@nestjs/common';
import { SlaLateService } from './sla-late.service';
import { SlaProcessor } from './sla.processor';

/** SLA clocks: marks overdue cases late every minute, mails their escalation contacts and tells the browsers. */
@Module({
  providers: [SlaLateService, SlaProcessor],
})
export class SlaModule {}
