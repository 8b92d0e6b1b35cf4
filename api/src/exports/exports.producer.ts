import { Inject, Injectable, type OnApplicationShutdown } from '@nestjs/common';
import { EXPORT_JOB_NAMES, EXPORT_JOB_OPTIONS, exportJobId, QUEUES, type BuildExportJob } from '@casebridge/contracts';
import type { ServerConfig } from '@casebridge/db';
import { Queue } from 'bullmq';
import { Redis } from 'ioredis';
import { SERVER_CONFIG } from '../config/config.module';

/** Enqueues the build of an export for the worker; the api never builds files itself. */
@Injectable()
export class ExportsProducer implements OnApplicationShutdown {
  private readonly connection: Redis;
  private readonly queue: Queue<BuildExportJob>;

  constructor(@Inject(SERVER_CONFIG) config: ServerConfig) {
    // Fails fast (2 retries) instead of hanging a request while Redis is away.
    this.connection = new Redis(config.REDIS_URL, { maxRetriesPerRequest: 2 });
    this.queue = new Queue<BuildExportJob>(QUEUES.exports, {
      connection: this.connection,
      prefix: config.REDIS_PREFIX,
    });
  }

  async enqueue(exportId: number): Promise<void> {
    await this.queue.add(
      EXPORT_JOB_NAMES.build,
      { export_id: exportId },
      { ...EXPORT_JOB_OPTIONS, jobId: exportJobId(exportId) },
    );
  }

  async onApplicationShutdown(): Promise<void> {
    await this.queue.close();
    await this.connection.quit().catch(() => undefined);
  }
}
