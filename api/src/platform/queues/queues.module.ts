import { Global, Inject, Module, type OnApplicationShutdown } from '@nestjs/common';
import { BullModule } from '@nestjs/bullmq';
import type { ServerConfig } from '@casebridge/server-core';
import { Redis } from 'ioredis';
import { SERVER_CONFIG } from '../config/config.module';

/** The Redis connection of the api's queues (not REDIS: BullMQ refuses a connection with a key prefix). */
export const QUEUE_CONNECTION = Symbol('QUEUE_CONNECTION');

/**
 * BullMQ for the api's producers: feature modules register the queues they send to (BullModule.registerQueue)
 * and inject them (@InjectQueue). One connection for all of them that fails fast (2 retries) instead of holding a
 * request while Redis is away; REDIS_PREFIX keeps deployments (and test files) apart.
 */
@Global()
@Module({
  imports: [
    BullModule.forRootAsync({
      inject: [SERVER_CONFIG, QUEUE_CONNECTION],
      useFactory: (config: ServerConfig, connection: Redis) => ({ connection, prefix: config.REDIS_PREFIX }),
    }),
  ],
  providers: [
    {
      provide: QUEUE_CONNECTION,
      inject: [SERVER_CONFIG],
      useFactory: (config: ServerConfig) => {
        const connection = new Redis(config.REDIS_URL, { maxRetriesPerRequest: 2 });
        // The queues listen to its errors (and keep them quiet); this covers the moment before they exist.
        connection.on('error', () => undefined);
        return connection;
      },
    },
  ],
  exports: [QUEUE_CONNECTION],
})
export class QueuesModule implements OnApplicationShutdown {
  constructor(@Inject(QUEUE_CONNECTION) private readonly connection: Redis) {}

  /** A global module's hook runs after the feature modules' queues closed (their BullModule.registerQueue). */
  async onApplicationShutdown(): Promise<void> {
    await this.connection.quit().catch(() => undefined);
  }
}
