import { Module } from '@nestjs/common';
import { ExportBuilderService } from './export-builder.service';
import { ExportCleanupService } from './export-cleanup.service';
import { ExportsProcessor } from './exports.processor';

/** Builds the spreadsheets of every export kind and deletes them when they expire. */
@Module({
  providers: [ExportBuilderService, ExportCleanupService, ExportsProcessor],
})
export class ExportsModule {}
