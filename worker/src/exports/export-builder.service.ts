import { rooms, SERVER_EVENTS, type ExportStatusMessage } from '@casebridge/contracts';
import { ExportJob, FILE_TYPES } from '@casebridge/db';
import { type FileStorage, ServerConfig } from '@casebridge/server-core';
import { CreateRequestContext, MikroORM } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import { Inject, Injectable } from '@nestjs/common';
import { UnrecoverableError } from 'bullmq';
import { Redis } from 'ioredis';
import { mkdir, rm } from 'node:fs/promises';
import { dirname, resolve } from 'node:path';
import { Logger } from 'pino';
import { FILE_STORAGE, LOGGER, REDIS, SERVER_CONFIG } from '../config/tokens';
import { WorkerMetrics } from '../metrics/worker-metrics';
import { relayToBrowsers } from '../realtime/relay';
import { exportFileName } from './export-file-name';
import { sourceOf } from './export-sources';
import { writeWorkbook } from './workbook-writer';

/** Where export files are kept in storage (their keys' folder). */
export const EXPORTS_FOLDER = 'exports';
/** Where this worker writes a workbook before it is complete, under the local STORAGE_DIR. */
export const BUILDING_FOLDER = 'exports-building';
const XLSX_TYPE = FILE_TYPES.xlsx.mime;

export type BuildOutcome = 'ready' | 'already-done';

export interface BuildAttempt {
  /** No retry follows this attempt: a failure is final. */
  last: boolean;
}

/**
 * Builds the file of one export: queued → building → ready (or failed), each change relayed to the owner's
 * user room as export.status. The file is written next to its final name and renamed when complete, so a crash
 * never leaves a half file behind a "ready" row. A retried attempt starts over.
 */
@Injectable()
export class ExportBuilderService {
  constructor(
    // Read by @CreateRequestContext: each build runs in a fresh, forked EntityManager.
    private readonly orm: MikroORM,
    @Inject(SERVER_CONFIG) private readonly config: ServerConfig,
    @Inject(REDIS) private readonly redis: Redis,
    @Inject(LOGGER) private readonly logger: Logger,
    @Inject(FILE_STORAGE) private readonly storage: FileStorage,
    private readonly metrics: WorkerMetrics,
  ) {}

  @CreateRequestContext()
  async build(exportId: number, attempt: BuildAttempt): Promise<BuildOutcome> {
    const em = this.orm.em as unknown as EntityManager;
    const job = await em.findOne(ExportJob, exportId);
    if (!job) throw new UnrecoverableError(`Export ${exportId} does not exist.`);
    // A repeated job (or one retried after it already finished) changes nothing; failed is final too.
    if (job.status === 'ready' || job.status === 'expired' || job.status === 'failed') return 'already-done';

    const source = sourceOf(job.kind);
    if (!source) return this.fail(em, job, new UnrecoverableError(`Unknown export kind "${job.kind}".`), true);

    job.status = 'building';
    job.error = null;
    await em.flush();
    await this.relay(job);

    let partial: string | null = null;
    try {
      const params = job.params ?? {};
      const fileName = exportFileName(await source.fileStem(em, params), job.createdAt);
      const filePath = `${EXPORTS_FOLDER}/${job.id}-${fileName}`;
      // Written whole on this machine's disk first, then moved into storage: no reader ever sees half a file.
      // One name per export: a retry after a crash on this machine writes over the half file the crash left.
      partial = resolve(this.config.STORAGE_DIR, BUILDING_FOLDER, `${job.id}.xlsx.partial`);
      await mkdir(dirname(partial), { recursive: true });
      const rowCount = await writeWorkbook(partial, source.sheetName, source.columns, source.pages(em, params));
      await this.storage.moveIn(partial, filePath, XLSX_TYPE);
      partial = null;

      job.status = 'ready';
      job.fileName = fileName;
      job.filePath = filePath;
      job.rowCount = rowCount;
      job.expiresAt = new Date(Date.now() + this.config.EXPORT_TTL_HOURS * 3600 * 1000);
      await em.flush();
      this.metrics.countExport(job.kind, 'ready');
      await this.relay(job);
      return 'ready';
    } catch (error) {
      if (partial) await rm(partial, { force: true });
      return this.fail(em, job, error, attempt.last || error instanceof UnrecoverableError);
    }
  }

  /** Keeps the error on the row: failed when no retry follows, queued again otherwise. Rethrows for BullMQ. */
  private async fail(em: EntityManager, job: ExportJob, error: unknown, final: boolean): Promise<never> {
    job.status = final ? 'failed' : 'queued';
    job.error = error instanceof Error ? error.message.slice(0, 2000) : String(error);
    await em.flush();
    if (final) this.metrics.countExport(job.kind, 'failed');
    await this.relay(job);
    throw error;
  }

  /** Best effort: the page also polls GET exports/:id, so a lost status message only delays the download. */
  private async relay(job: ExportJob): Promise<void> {
    const message: ExportStatusMessage = {
      export_id: job.id,
      status: job.status,
      file_name: job.fileName,
      rows: job.rowCount,
      error: job.error,
    };
    try {
      await relayToBrowsers(this.redis, this.config.REDIS_PREFIX, {
        room: rooms.user(job.user.id),
        event: SERVER_EVENTS.exportStatus,
        message,
      });
    } catch (error) {
      this.logger.warn({ exportId: job.id, err: error }, 'export status not relayed');
    }
  }
}
