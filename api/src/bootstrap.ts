import type { ServerConfig } from '@casebridge/db';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { SwaggerModule, type OpenAPIObject } from '@nestjs/swagger';
import { AllExceptionsFilter } from './common/all-exceptions.filter';
import { SERVER_CONFIG } from './config/config.module';
import { buildOpenApiDocument } from './docs/openapi';
import { configureHttpServer } from './http/http-server';
import { registerRequestHooks } from './http/request-hooks';
import { ApiMetrics } from './metrics/api-metrics';
import { registerMetricsHttp } from './metrics/metrics-http';
import { RedisStreamsIoAdapter } from './realtime/redis-streams-io.adapter';
import { registerFreshReadsAfterWrites } from './read-cache/fresh-reads.hook';
import { mountQueueDashboard } from './super-admin/queues/queue-dashboard.plugin';
import { serveWebApp } from './web/spa';

/** Everything main.ts and the integration tests both need, so tests run the app exactly as production does. */
export async function configureApp(app: NestFastifyApplication): Promise<ServerConfig> {
  const config = app.get<ServerConfig>(SERVER_CONFIG);
  const fastify = configureHttpServer(app, config.STRIPE_JS_URL);
  registerRequestHooks(app);
  registerMetricsHttp(fastify, app.get(ApiMetrics), config.METRICS_TOKEN);
  registerFreshReadsAfterWrites(app);
  app.useGlobalFilters(new AllExceptionsFilter(config.UPLOAD_LIMIT_BYTES));
  app.useWebSocketAdapter(new RedisStreamsIoAdapter(app, config));
  app.enableShutdownHooks();
  SwaggerModule.setup('api/docs', app, buildOpenApiDocument(config.PRODUCT_NAME) as unknown as OpenAPIObject, {
    customSiteTitle: `${config.PRODUCT_NAME} API`,
  });
  await mountQueueDashboard(app, fastify);
  await serveWebApp(fastify, config.WEB_DIST);
  return config;
}
