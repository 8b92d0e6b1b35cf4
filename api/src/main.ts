import 'reflect-metadata';
import { NestFactory } from '@nestjs/core';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { Logger } from 'nestjs-pino';
import { AppModule } from './app.module';
import { configureApp } from './bootstrap';
import { createHttpAdapter } from './platform/http/http-server';

async function main(): Promise<void> {
  // Body parsers are the api's own (http/http-server.ts).
  const app = await NestFactory.create<NestFastifyApplication>(AppModule, createHttpAdapter(), {
    bufferLogs: true,
    bodyParser: false,
  });
  app.useLogger(app.get(Logger));
  const config = await configureApp(app);
  await app.listen(config.PORT, '0.0.0.0');
  app.get(Logger).log(`${config.PRODUCT_NAME} api listening on ${config.PUBLIC_URL} (port ${config.PORT})`);
}

main().catch((error: unknown) => {
  // Configuration and connection problems end here with their own message.
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
