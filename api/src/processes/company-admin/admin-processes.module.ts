import { Module } from '@nestjs/common';
import { CasesModule } from '../../cases/cases.module';
import { AdminProcessesController } from './admin-processes.controller';
import { AdminProcessesService } from './admin-processes.service';
import { ProcessSamplesService } from './process-samples.service';

/** Company administration: the company's inbound process documents. */
@Module({
  // CasesModule: the test form's files are staged with the case attachments' upload options.
  imports: [CasesModule],
  controllers: [AdminProcessesController],
  providers: [AdminProcessesService, ProcessSamplesService],
  // The back office tests any company's process with the same checks (processes/back-office).
  exports: [AdminProcessesService, ProcessSamplesService],
})
export class AdminProcessesModule {}
