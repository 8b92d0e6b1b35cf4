import { QUEUES } from '@casebridge/contracts';
import { createOrmConfig } from '@casebridge/db';
import { createFileStorage, ServerConfig } from '@casebridge/server-core';
import { MikroOrmModule } from '@mikro-orm/nestjs';
import { DynamicModule, Global, Inject, Module, OnApplicationShutdown } from '@nestjs/common';
import { Redis } from 'ioredis';
import { Logger } from 'pino';
import { createRedisConnection } from './config/redis-connection';
import { FILE_STORAGE, LOGGER, REDIS, SERVER_CONFIG } from './config/tokens';
import { QueuesModule } from './jobs/queues.module';
import { WorkerMetricsModule } from './metrics/worker-metrics.module';
import { AttachmentsModule } from './attachments/attachments.module';
import { MailModule } from './mail/mail.module';
import { NotificationsModule } from './notifications/notifications.module';
import { ExportsModule } from './exports/exports.module';
import { RetentionModule } from './retention/retention.module';
import { SlaModule } from './sla/sla.module';
import { DigestModule } from './digest/digest.module';
import { CaseEventRelay } from './realtime/case-event-relay.service';

/**
 * Root of the worker process. Built from an already validated config so tests can point it at their own
 * database, Redis prefix and SMTP catcher.
 */
@Global()
@Module({})
export class WorkerModule implements OnApplicationShutdown {
  constructor(@Inject(REDIS) private readonly redis: Redis) {}

  static register(config: ServerConfig, logger: Logger): DynamicModule {
    return {
      module: WorkerModule,
      imports: [
        MikroOrmModule.forRoot({ ...createOrmConfig(config.DATABASE_URL), registerRequestContext: false }),
        QueuesModule.forRoot({ consumes: Object.values(QUEUES) }),
        WorkerMetricsModule,
        MailModule,
        AttachmentsModule,
        NotificationsModule,
        ExportsModule,
        SlaModule,
        RetentionModule,
        DigestModule,
      ],
      providers: [
        { provide: SERVER_CONFIG, useValue: config },
        { provide: LOGGER, useValue: logger },
        { provide: REDIS, useFactory: () => createRedisConnection(config.REDIS_URL) },
        { provide: FILE_STORAGE, useFactory: () => createFileStorage(config) },
        CaseEventRelay,
      ],
      exports: [SERVER_CONFIG, LOGGER, REDIS, FILE_STORAGE],
    };
  }

  /** Last step of shutdown: the processors' workers closed in onModuleDestroy, the queues before this. */
  async onApplicationShutdown(): Promise<void> {
    await this.redis.quit();
  }
}
