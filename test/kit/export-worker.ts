import type { INestApplicationContext } from '@nestjs/common';
import { Global, Module } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { QUEUES } from '@casebridge/contracts';
import { createOrmConfig } from '@casebridge/db';
import { createFileStorage, loadServerConfig } from '@casebridge/server-core';
import { MikroOrmModule } from '@mikro-orm/nestjs';
import { Redis } from 'ioredis';
import { createRedisConnection } from '../../worker/src/config/redis-connection';
import { FILE_STORAGE, LOGGER, REDIS, SERVER_CONFIG } from '../../worker/src/config/tokens';
import { ExportsModule } from '../../worker/src/exports/exports.module';
import { QueuesModule } from '../../worker/src/jobs/queues.module';
import { createLogger } from '../../worker/src/logging/logger';
import { WorkerMetrics } from '../../worker/src/metrics/worker-metrics';

export interface ExportWorker {
  app: INestApplicationContext;
  close(): Promise<void>;
}

/**
 * The worker's real exports module beside an api started by startApi(): same database, Redis prefix and
 * storage (read from the environment startApi prepared), so a test covers api → queue → worker → file.
 * Only the exports queue is consumed, so the file's mail jobs stay queued for its own assertions.
 */
export async function startExportWorker(): Promise<ExportWorker> {
  const config = loadServerConfig({ ...process.env, LOG_LEVEL: 'silent' });
  const redis = createRedisConnection(config.REDIS_URL);

  @Global()
  @Module({
    imports: [
      MikroOrmModule.forRoot({ ...createOrmConfig(config.DATABASE_URL), registerRequestContext: false }),
      QueuesModule.forRoot({ consumes: [QUEUES.exports] }),
      ExportsModule,
    ],
    providers: [
      { provide: SERVER_CONFIG, useValue: config },
      { provide: LOGGER, useValue: createLogger(process.env.TEST_LOG_LEVEL ?? 'silent') },
      { provide: REDIS, useValue: redis },
      { provide: FILE_STORAGE, useFactory: () => createFileStorage(config) },
      // The processors and the export builder count through the metrics; their HTTP server is not needed here.
      WorkerMetrics,
    ],
    exports: [SERVER_CONFIG, LOGGER, REDIS, FILE_STORAGE, WorkerMetrics],
  })
  class ExportWorkerModule {}

  const app = await NestFactory.createApplicationContext(ExportWorkerModule, { logger: false });
  return {
    app,
    async close() {
      await app.close();
      (redis as Redis).disconnect();
    },
  };
}
