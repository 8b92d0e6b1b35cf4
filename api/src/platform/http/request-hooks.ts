import { MikroORM, RequestContext, type EntityManager } from '@mikro-orm/core';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import type { AsyncLocalStorage } from 'node:async_hooks';
import { PinoLogger } from 'nestjs-pino';

// Probes and scrapes come every few seconds; a line each would drown the requests people make.
const UNLOGGED_URLS = new Set(['/api/health', '/api/health/live', '/api/health/ready', '/metrics']);

/**
 * What every request needs before and after Nest, as plain Fastify hooks: Express-style middlewares (Nest's
 * MikroORM and pino-http ones) would each run through middie's matching and an async context of their own, which
 * cost the hottest reads more than their own work.
 * - Each request gets its own ORM context, as MikroORM's middleware gave it, but its entity manager is forked
 *   only when the request first uses it: the session check and the cached reads never do.
 * - One log line per answered request: method, url, status and time (an error line for a 5xx); never headers
 *   (tokens, cookies).
 */
export function registerRequestHooks(app: NestFastifyApplication): void {
  const fastify = app.getHttpAdapter().getInstance();
  const orm = app.get(MikroORM);
  fastify.addHook('onRequest', (_request, _reply, done) =>
    requestContexts.run(new RequestContext(new LazyFork(orm.em)), done),
  );
  fastify.addHook('onResponse', (request, reply, done) => {
    if (!UNLOGGED_URLS.has(request.url)) {
      PinoLogger.root[reply.statusCode >= 500 ? 'error' : 'info'](
        { method: request.method, url: request.url, status: reply.statusCode, ms: Math.round(reply.elapsedTime) },
        'request completed',
      );
    }
    done();
  });
}

/**
 * MikroORM's store of request contexts (the one `RequestContext.create` runs in; private in its typings, and the
 * version is pinned). Running our own context in it is what lets the fork wait until it is needed.
 */
const requestContexts = (RequestContext as unknown as { storage: AsyncLocalStorage<RequestContext> }).storage;

/** The context's entity managers by name, forked from the global one on first use. */
class LazyFork extends Map<string, EntityManager> {
  private forking = false;

  constructor(private readonly root: EntityManager) {
    super();
  }

  override get(name: string): EntityManager | undefined {
    let em = super.get(name);
    // While forking, the new manager's own lookups see no context, as MikroORM's eager fork saw none.
    if (!em && name === this.root.name && !this.forking) {
      this.forking = true;
      try {
        em = this.root.fork({ useContext: true, disableContextResolution: true });
      } finally {
        this.forking = false;
      }
      this.set(name, em);
    }
    return em;
  }
}
