import { Module } from '@nestjs/common';
import { CasesModule } from '../cases.module';
import { ExportsModule } from '../../platform/exports/exports.module';
import { EscalationQueueService } from './escalation-queue.service';
import { SuperAdminEscalationController } from './super-admin-escalation.controller';

/** Back office: the escalation queue, its spreadsheet and case details. */
@Module({
  imports: [CasesModule, ExportsModule],
  controllers: [SuperAdminEscalationController],
  providers: [EscalationQueueService],
})
export class SuperAdminEscalationModule {}
