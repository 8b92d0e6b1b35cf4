// First: heap settings apply only to what is allocated after them.
import './heap-tuning';
import 'reflect-metadata';
import { ConfigError, loadServerConfig, ServerConfig } from '@casebridge/server-core';
import { NestFactory } from '@nestjs/core';
import { createLogger, PinoNestLogger } from './logging/logger';
import { WorkerModule } from './worker.module';

function readConfig(): ServerConfig {
  try {
    return loadServerConfig();
  } catch (error) {
    // Fail fast with the message that names the variable, not a stack trace.
    console.error(error instanceof ConfigError ? error.message : error);
    process.exit(1);
  }
}

async function bootstrap(): Promise<void> {
  const config = readConfig();
  const logger = createLogger(config.LOG_LEVEL);
  const app = await NestFactory.createApplicationContext(WorkerModule.register(config, logger), {
    logger: new PinoNestLogger(logger),
  });
  // SIGTERM / SIGINT: close the queue workers (running jobs finish), then the ORM and Redis.
  app.enableShutdownHooks(['SIGTERM', 'SIGINT']);
  logger.info({ redisPrefix: config.REDIS_PREFIX }, 'worker started');
}

bootstrap().catch((error: unknown) => {
  console.error('Worker failed to start:', error);
  process.exit(1);
});
