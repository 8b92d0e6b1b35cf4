import { Global, Inject, Module, type OnApplicationShutdown } from '@nestjs/common';
import type { ServerConfig } from '@casebridge/server-core';
import { Redis } from 'ioredis';
import { SERVER_CONFIG } from '../config/config.module';

/** The api's shared Redis connection (rate limits, caches). Keys carry REDIS_PREFIX. */
export const REDIS = Symbol('REDIS');

@Global()
@Module({
  providers: [
    {
      provide: REDIS,
      inject: [SERVER_CONFIG],
      useFactory: (config: ServerConfig) =>
        new Redis(config.REDIS_URL, {
          keyPrefix: `${config.REDIS_PREFIX}:`,
          maxRetriesPerRequest: 2,
          enableOfflineQueue: true,
        }),
    },
  ],
  exports: [REDIS],
})
export class RedisModule implements OnApplicationShutdown {
  constructor(@Inject(REDIS) private readonly redis: Redis) {}

  async onApplicationShutdown(): Promise<void> {
    await this.redis.quit().catch(() => undefined);
  }
}
