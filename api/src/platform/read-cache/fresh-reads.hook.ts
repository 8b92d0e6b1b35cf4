import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { CachedReads } from './cached-reads.service';

/** Methods that change nothing: their answers need not wait for the cache. */
const READ_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

const settledWrites = new WeakSet<object>();

/**
 * A write that changed nothing now: a replayed Idempotency-Key whose first request finished long enough ago
 * (SETTLED_AFTER_MS) that its change has reached every instance's cache. Its answer need not wait.
 */
export function markSettledWrite(request: object): void {
  settledWrites.add(request);
}

/**
 * A write's answer leaves only once this instance's cached reads have seen the write's change (CachedReads.sync),
 * so whoever wrote reads their own change next, from any screen. Failed writes wait too: a handler may have
 * committed part of its work before it threw. A Fastify hook rather than a Nest interceptor: an interceptor on
 * every route halved the throughput of the lightest reads (bench/README.md).
 */
export function registerFreshReadsAfterWrites(app: NestFastifyApplication): void {
  const reads = app.get(CachedReads);
  app
    .getHttpAdapter()
    .getInstance()
    .addHook('onSend', (request, _reply, payload, done) => {
      if (READ_METHODS.has(request.method) || settledWrites.has(request)) return done(null, payload);
      reads.sync().then(
        () => done(null, payload),
        (error: Error) => done(error),
      );
    });
}
