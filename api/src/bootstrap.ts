import { type INestApplication } from '@nestjs/common';
import type { NestExpressApplication } from '@nestjs/platform-express';
import type { ServerConfig } from '@casebridge/db';
import { SwaggerModule, type OpenAPIObject } from '@nestjs/swagger';
import express from 'express';
import { AllExceptionsFilter } from './common/all-exceptions.filter';
import { SERVER_CONFIG } from './config/config.module';
import { buildOpenApiDocument } from './docs/openapi';
import { RedisStreamsIoAdapter } from './realtime/redis-streams-io.adapter';
import { securityHeaders } from './security/security-headers';
import { serveWebApp } from './web/spa';

/** Everything main.ts and the integration tests both need, so tests run the app exactly as production does. */
export function configureApp(app: INestApplication): ServerConfig {
  const config = app.get<ServerConfig>(SERVER_CONFIG);
  const expressApp = app as NestExpressApplication;
  expressApp.set('trust proxy', 'loopback');
  expressApp.disable('x-powered-by');
  expressApp.use(securityHeaders(config.STRIPE_JS_URL));
  // JSON bodies are small; files go through multipart uploads with their own limit.
  expressApp.use(express.json({ limit: '1mb' }));
  expressApp.use(express.urlencoded({ extended: false, limit: '1mb' }));
  app.useGlobalFilters(new AllExceptionsFilter(config.UPLOAD_LIMIT_BYTES));
  app.useWebSocketAdapter(new RedisStreamsIoAdapter(app, config));
  app.enableShutdownHooks();
  SwaggerModule.setup('api/docs', app, buildOpenApiDocument(config.PRODUCT_NAME) as unknown as OpenAPIObject, {
    customSiteTitle: `${config.PRODUCT_NAME} API`,
  });
  serveWebApp(app, config.WEB_DIST);
  return config;
}
