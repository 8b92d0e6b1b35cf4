import { Module } from '@nestjs/common';
import { BullModule } from '@nestjs/bullmq';
import { DiscoveryModule } from '@nestjs/core';
import { QUEUES } from '@casebridge/contracts';
import { ExportPolicyRegistry } from './export-policy.registry';
import { ExportsController } from './exports.controller';
import { ExportsProducer } from './exports.producer';
import { ExportsService } from './exports.service';

/**
 * The one export mechanism of the product (see EXPORT_PARAMS in the contracts). Each domain registers who may
 * export its rows (`@ExportPolicies()`); the registry checks at boot that every kind has its policy.
 */
@Module({
  imports: [DiscoveryModule, BullModule.registerQueue({ name: QUEUES.exports })],
  controllers: [ExportsController],
  providers: [ExportsService, ExportsProducer, ExportPolicyRegistry],
  exports: [ExportsService],
})
export class ExportsModule {}
