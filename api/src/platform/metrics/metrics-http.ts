import { metricsAccessAllowed } from '@casebridge/server-core';
import type { FastifyInstance } from 'fastify';
import { ApiMetrics, UNMATCHED_ROUTE } from './api-metrics';

/** Where Prometheus scrapes the api: at the site root, where scrape configs look by default, outside /api. */
export const METRICS_PATH = '/metrics';

/**
 * The /metrics route and the request-duration hook, on Fastify itself (not Nest): an interceptor per request
 * halved the hot reads' throughput before, and the scrape is for operators, not part of the product's contract.
 * With METRICS_TOKEN set the scrape needs `Authorization: Bearer <token>`; otherwise it is open and belongs on an
 * internal network.
 */
export function registerMetricsHttp(fastify: FastifyInstance, metrics: ApiMetrics, token: string): void {
  // The route pattern (`/api/caller/case/:token`), never the raw url: one series per route, not per case.
  fastify.addHook('onResponse', (request, reply, done) => {
    metrics.observeRequest(
      request.routeOptions.url ?? UNMATCHED_ROUTE,
      request.method,
      reply.statusCode,
      reply.elapsedTime / 1000,
    );
    done();
  });
  fastify.get(METRICS_PATH, async (request, reply) => {
    if (!metricsAccessAllowed(token, request.headers.authorization)) {
      return reply.code(401).header('WWW-Authenticate', 'Bearer').send({ error: 'A valid metrics token is required.' });
    }
    const text = await metrics.registry.metrics();
    return reply.type(metrics.registry.contentType).send(text);
  });
}
