import { Module } from '@nestjs/common';
import { ExportBuilderService } from './export-builder.service';
import { ExportCleanupService } from './export-cleanup.service';
import { ExportsQueueWorker } from './exports-queue.worker';

/** Builds the spreadsheets of every export kind and deletes them when they expire. */
@Module({
  providers: [ExportBuilderService, ExportCleanupService, ExportsQueueWorker],
})
export class ExportsModule {}
