import 'reflect-metadata';
import { NestFactory } from '@nestjs/core';
import { Logger } from 'nestjs-pino';
import { AppModule } from './app.module';
import { configureApp } from './bootstrap';

async function main(): Promise<void> {
  const app = await NestFactory.create(AppModule, { bufferLogs: true, bodyParser: false });
  app.useLogger(app.get(Logger));
  const config = configureApp(app);
  await app.listen(config.PORT, '0.0.0.0');
  app.get(Logger).log(`${config.PRODUCT_NAME} api listening on ${config.PUBLIC_URL} (port ${config.PORT})`);
}

main().catch((error: unknown) => {
  // Configuration and connection problems end here with their own message.
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
