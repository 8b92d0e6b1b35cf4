import type { ServerConfig } from '@casebridge/server-core';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { SwaggerModule, type OpenAPIObject } from '@nestjs/swagger';
import { AllExceptionsFilter } from './platform/common/all-exceptions.filter';
import { SERVER_CONFIG } from './platform/config/config.module';
import { buildConnectOpenApiDocument } from './platform/docs/connect-openapi';
import { buildOpenApiDocument } from './platform/docs/openapi';
import { configureHttpServer } from './platform/http/http-server';
import { registerRequestHooks } from './platform/http/request-hooks';
import { ApiMetrics } from './platform/metrics/api-metrics';
import { registerMetricsHttp } from './platform/metrics/metrics-http';
import { RedisStreamsIoAdapter } from './platform/realtime/redis-streams-io.adapter';
import { registerFreshReadsAfterWrites } from './platform/read-cache/fresh-reads.hook';
import { mountQueueDashboard } from './platform/queue-dashboard/queue-dashboard.plugin';
import { serveWebApp } from './platform/web/spa';

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
  // The integration API's page reads the document its own route serves (GET /api/v1/openapi.json).
  SwaggerModule.setup(
    'api/v1/docs',
    app,
    buildConnectOpenApiDocument(config.PRODUCT_NAME) as unknown as OpenAPIObject,
    {
      customSiteTitle: `${config.PRODUCT_NAME} Connect API`,
      jsonDocumentUrl: 'api/v1/docs-json',
    },
  );
  await mountQueueDashboard(app, fastify);
  await serveWebApp(fastify, config.WEB_DIST);
  return config;
}
