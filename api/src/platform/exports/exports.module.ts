import { Module } from '@nestjs/common';
import { BullModule } from '@nestjs/bullmq';
import { QUEUES } from '@casebridge/contracts';
import { ExportsController } from './exports.controller';
import { ExportsProducer } from './exports.producer';
import { ExportsService } from './exports.service';

/** The one export mechanism of the product (see EXPORT_PARAMS in the contracts). */
@Module({
  imports: [BullModule.registerQueue({ name: QUEUES.exports })],
  controllers: [ExportsController],
  providers: [ExportsService, ExportsProducer],
  exports: [ExportsService],
})
export class ExportsModule {}
