import { Module } from '@nestjs/common';
import { ExportsController } from './exports.controller';
import { ExportsProducer } from './exports.producer';
import { ExportsService } from './exports.service';

/** The one export mechanism of the product (see EXPORT_PARAMS in the contracts). */
@Module({
  controllers: [ExportsController],
  providers: [ExportsService, ExportsProducer],
  exports: [ExportsService],
})
export class ExportsModule {}
