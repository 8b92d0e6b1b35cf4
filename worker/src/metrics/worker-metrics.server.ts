import { QUEUES } from '@casebridge/contracts';
import { checkReadiness, metricsAccessAllowed, ServerConfig, type CountableQueue } from '@casebridge/server-core';
import { MikroORM } from '@mikro-orm/core';
import { getQueueToken } from '@nestjs/bullmq';
import { Inject, Injectable, OnApplicationBootstrap, OnModuleDestroy } from '@nestjs/common';
import { ModuleRef } from '@nestjs/core';
import { Redis } from 'ioredis';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Logger } from 'pino';
import { LOGGER, REDIS, SERVER_CONFIG } from '../config/tokens';
import { WorkerMetrics } from './worker-metrics';

/**
 * The worker's own small HTTP server on WORKER_METRICS_HOST:WORKER_METRICS_PORT (the worker serves nothing else):
 * GET /metrics for Prometheus (behind METRICS_TOKEN when set), /health/live and /health/ready for orchestrators.
 * It closes when shutdown begins, so the worker stops looking ready while its running jobs finish.
 */
@Injectable()
export class WorkerMetricsServer implements OnApplicationBootstrap, OnModuleDestroy {
  private server: Server | null = null;

  constructor(
    private readonly metrics: WorkerMetrics,
    private readonly orm: MikroORM,
    private readonly moduleRef: ModuleRef,
    @Inject(SERVER_CONFIG) private readonly config: ServerConfig,
    @Inject(REDIS) private readonly redis: Redis,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  /** Where it listens (the port chosen when WORKER_METRICS_PORT is 0). */
  get address(): { host: string; port: number } {
    const address = this.server?.address() as AddressInfo | null | undefined;
    if (!address) throw new Error('the worker metrics server is not listening');
    return { host: this.config.WORKER_METRICS_HOST, port: address.port };
  }

  async onApplicationBootstrap(): Promise<void> {
    this.metrics.watchQueues(
      Object.values(QUEUES).map((name) => this.moduleRef.get<CountableQueue>(getQueueToken(name), { strict: false })),
    );
    const server = createServer((request, response) => {
      this.answer(request, response).catch((error: unknown) => {
        this.logger.error({ err: error, url: request.url }, 'worker metrics request failed');
        if (!response.headersSent) send(response, 503, { error: 'Metrics are unavailable right now.' });
      });
    });
    // A port already taken fails the start with its own message instead of a worker without metrics.
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(this.config.WORKER_METRICS_PORT, this.config.WORKER_METRICS_HOST, () => {
        server.off('error', reject);
        resolve();
      });
    });
    this.server = server;
    this.logger.info(this.address, 'worker metrics listening');
  }

  async onModuleDestroy(): Promise<void> {
    const server = this.server;
    if (!server) return;
    this.server = null;
    const closed = new Promise<void>((resolve) => server.close(() => resolve()));
    // Keep-alive connections of the scraper would otherwise hold close() open.
    server.closeAllConnections();
    await closed;
  }

  private async answer(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const path = (request.url ?? '/').split('?')[0];
    const routes: Record<string, () => Promise<void>> = {
      '/metrics': () => this.scrape(request, response),
      '/health/live': async () => send(response, 200, { status: 'ok' }),
      '/health/ready': () => this.ready(response),
    };
    const route = routes[path];
    if (!route) return send(response, 404, { error: 'Not found.' });
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      response.setHeader('Allow', 'GET, HEAD');
      return send(response, 405, { error: 'Only GET is allowed here.' });
    }
    await route();
  }

  private async scrape(request: IncomingMessage, response: ServerResponse): Promise<void> {
    if (!metricsAccessAllowed(this.config.METRICS_TOKEN, request.headers.authorization)) {
      response.setHeader('WWW-Authenticate', 'Bearer');
      return send(response, 401, { error: 'A valid metrics token is required.' });
    }
    const text = await this.metrics.registry.metrics();
    response.writeHead(200, { 'Content-Type': this.metrics.registry.contentType });
    response.end(text);
  }

  private async ready(response: ServerResponse): Promise<void> {
    const { ready, database, redis } = await checkReadiness({
      database: this.orm.em.getConnection(),
      redis: this.redis,
    });
    send(response, ready ? 200 : 503, { status: ready ? 'ready' : 'unavailable', database, redis });
  }
}

function send(response: ServerResponse, status: number, body: object): void {
  response.writeHead(status, { 'Content-Type': 'application/json; charset=utf-8' });
  response.end(JSON.stringify(body));
}
