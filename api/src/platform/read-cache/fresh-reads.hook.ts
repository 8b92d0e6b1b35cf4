import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import type { ServerConfig } from '@casebridge/server-core';
import { SERVER_CONFIG } from '../config/config.module';
import { CachedReads } from './cached-reads.service';

/** Methods that change nothing: their answers need not wait for the cache. */
const READ_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * The mark of a client that wrote moments ago, set on every write's answer: its reads for RECENT_WRITE_SECONDS make
 * the instance that answers them catch up with the database's announcements first (CachedReads.sync), so a read
 * that the balancer sends to another instance than the write never shows an answer older than the write.
 * A cookie, so browsers (and any client that keeps cookies) echo it with no code of their own; it names nothing.
 */
export const RECENT_WRITE_COOKIE = 'cb_recent_write';
/** Far above the milliseconds an announcement takes between instances; after it, reads use the cache as it is. */
export const RECENT_WRITE_SECONDS = 10;
const RECENT_WRITE_MARK = `${RECENT_WRITE_COOKIE}=1`;
/** The Set-Cookie of a write's answer; Secure when the app is served over https. */
export const recentWriteSetCookie = (publicUrl: string) =>
  `${RECENT_WRITE_MARK}; Max-Age=${RECENT_WRITE_SECONDS}; Path=/; HttpOnly; SameSite=Lax${publicUrl.startsWith('https:') ? '; Secure' : ''}`;

const settledWrites = new WeakSet<object>();

/**
 * A write that changed nothing now: a replayed Idempotency-Key whose first request finished long enough ago
 * (SETTLED_AFTER_MS) that its change has reached every instance's cache. Its answer need not wait.
 */
export function markSettledWrite(request: object): void {
  settledWrites.add(request);
}

/**
 * Read-your-own-write on every instance:
 * - A write's answer leaves only once this instance's cached reads have seen the write's change (CachedReads.sync),
 *   so whoever wrote reads their own change next from this instance. Failed writes wait too: a handler may have
 *   committed part of its work before it threw. A successful write's answer carries the recent-write cookie.
 * - A read that carries the cookie waits, before its handler runs, until the instance answering it has seen every
 *   change committed before the read arrived (one NOTIFY round trip), so the write is seen there too, even when
 *   that instance's announcements lag behind.
 * Fastify hooks rather than Nest interceptors: an interceptor on every route halved the throughput of the lightest
 * reads (bench/README.md).
 */
export function registerFreshReadsAfterWrites(app: NestFastifyApplication): void {
  const reads = app.get(CachedReads);
  const setCookie = recentWriteSetCookie(app.get<ServerConfig>(SERVER_CONFIG).PUBLIC_URL);
  const fastify = app.getHttpAdapter().getInstance();
  fastify.addHook('onRequest', (request, _reply, done) => {
    if (!READ_METHODS.has(request.method) || !request.headers.cookie?.includes(RECENT_WRITE_MARK)) return done();
    reads.sync().then(
      () => done(),
      (error: Error) => done(error),
    );
  });
  fastify.addHook('onSend', (request, reply, payload, done) => {
    if (READ_METHODS.has(request.method) || settledWrites.has(request)) return done(null, payload);
    if (reply.statusCode < 400) void reply.header('set-cookie', setCookie);
    reads.sync().then(
      () => done(null, payload),
      (error: Error) => done(error),
    );
  });
}
