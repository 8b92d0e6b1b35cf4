import { QUEUES, type QueueName } from '@casebridge/contracts';
import { ServerConfig } from '@casebridge/server-core';
import { BullModule, BullRegistrar } from '@nestjs/bullmq';
import { DynamicModule, Global, Inject, Injectable, Module, OnApplicationBootstrap } from '@nestjs/common';
import { DiscoveryModule, DiscoveryService } from '@nestjs/core';
import { Redis } from 'ioredis';
import { REDIS, SERVER_CONFIG } from '../config/tokens';
import { checkJobHandlers } from './job-handlers-check';
import { QueueProcessor } from './queue-processor';

const CONSUMED_QUEUES = Symbol('CONSUMED_QUEUES');

/** Starts the processors' BullMQ workers once every job name producers send has a handler here. */
@Injectable()
export class QueueStartup implements OnApplicationBootstrap {
  constructor(
    private readonly discovery: DiscoveryService,
    private readonly registrar: BullRegistrar,
    @Inject(CONSUMED_QUEUES) private readonly consumed: readonly QueueName[],
  ) {}

  onApplicationBootstrap(): void {
    const processors = this.discovery
      .getProviders()
      .map((wrapper) => wrapper.instance as unknown)
      .filter((instance): instance is QueueProcessor => instance instanceof QueueProcessor);
    checkJobHandlers(this.consumed, processors);
    this.registrar.register();
  }
}

export interface QueuesOptions {
  /** The queues this process consumes: the startup check wants a processor with every handler for each. */
  consumes: readonly QueueName[];
}

/**
 * BullMQ through @nestjs/bullmq: every queue of QUEUES registered once (inject one with @InjectQueue), on the
 * worker's shared Redis connection (maxRetriesPerRequest: null, which BullMQ workers need) under REDIS_PREFIX,
 * the prefix that also keeps test files apart. Registration of the processors is manual: their workers start
 * only after QueueStartup's check, so a worker missing a handler never takes a job.
 */
@Global()
@Module({})
export class QueuesModule {
  static forRoot(options: QueuesOptions): DynamicModule {
    const queues = BullModule.registerQueue(...Object.values(QUEUES).map((name) => ({ name })));
    return {
      module: QueuesModule,
      global: true,
      imports: [
        DiscoveryModule,
        BullModule.forRootAsync({
          inject: [SERVER_CONFIG, REDIS],
          useFactory: (config: ServerConfig, redis: Redis) => ({ connection: redis, prefix: config.REDIS_PREFIX }),
          extraOptions: { manualRegistration: true },
        }),
        queues,
      ],
      providers: [{ provide: CONSUMED_QUEUES, useValue: options.consumes }, QueueStartup],
      exports: [queues],
    };
  }
}
