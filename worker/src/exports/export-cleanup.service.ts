import { rooms, SERVER_EVENTS } from '@casebridge/contracts';
import { ExportJob } from '@casebridge/db';
import { type FileStorage, ServerConfig } from '@casebridge/server-core';
import { CreateRequestContext, MikroORM } from '@mikro-orm/core';
import { Inject, Injectable } from '@nestjs/common';
import { Redis } from 'ioredis';
import { Logger } from 'pino';
import { FILE_STORAGE, LOGGER, REDIS, SERVER_CONFIG } from '../config/tokens';
import { relayToBrowsers } from '../realtime/relay';

const BATCH = 500;

/**
 * Deletes the files of ready exports whose time is up and marks them expired. Idempotent: a second run (or two
 * workers at once) finds nothing left to do, and a file already gone is fine.
 */
@Injectable()
export class ExportCleanupService {
  constructor(
    private readonly orm: MikroORM,
    @Inject(SERVER_CONFIG) private readonly config: ServerConfig,
    @Inject(REDIS) private readonly redis: Redis,
    @Inject(LOGGER) private readonly logger: Logger,
    @Inject(FILE_STORAGE) private readonly storage: FileStorage,
  ) {}

  /** Returns how many exports expired in this run. */
  @CreateRequestContext()
  async expireDue(now: Date = new Date()): Promise<number> {
    const em = this.orm.em;
    let expired = 0;
    for (;;) {
      const due = await em.find(
        ExportJob,
        { status: 'ready', expiresAt: { $lte: now } },
        { limit: BATCH, orderBy: { id: 'asc' } },
      );
      for (const job of due) {
        if (job.filePath) await this.storage.remove(job.filePath);
        job.status = 'expired';
        job.filePath = null;
      }
      await em.flush();
      for (const job of due) await this.relay(job);
      expired += due.length;
      if (due.length < BATCH) return expired;
    }
  }

  private async relay(job: ExportJob): Promise<void> {
    try {
      await relayToBrowsers(this.redis, this.config.REDIS_PREFIX, {
        room: rooms.user(job.user.id),
        event: SERVER_EVENTS.exportStatus,
        message: { export_id: job.id, status: 'expired', file_name: job.fileName, rows: job.rowCount, error: null },
      });
    } catch (error) {
      this.logger.warn({ exportId: job.id, err: error }, 'export status not relayed');
    }
  }
}
