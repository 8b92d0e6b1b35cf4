import type { FastifyReply, FastifyRequest } from 'fastify';
import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import { headerOf, pathOf } from '../http/request-parts';

/** The integration API's routes: its answers carry entity tags and its errors are problem details. */
export function isConnectPath(path: string): boolean {
  return path.startsWith('/api/v1/');
}

/** A strong tag of an answer's bytes: equal answers, equal tags, whichever instance answers. */
export function entityTagOf(payload: string | Buffer): string {
  return `"${createHash('sha256').update(payload).digest('base64url').slice(0, 27)}"`;
}

/** If-None-Match: "*", or a list of tags (weak ones compare by their opaque part, as RFC 9110 asks for GET). */
export function matchesEntityTag(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  if (header.trim() === '*') return true;
  return header.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag);
}

/**
 * Fastify onSend hook: every successful GET of the integration API carries an ETag, and a client that names it in
 * If-None-Match gets 304 without a body (its copy is current; nothing is sent again). A streamed answer (a file) is
 * never read to be tagged: it carries the tag its handler set (an attachment's own) or none.
 */
export function connectEntityTags(
  request: FastifyRequest,
  reply: FastifyReply,
  payload: unknown,
  done: (error: Error | null, payload?: unknown) => void,
): void {
  if (request.method !== 'GET' || reply.statusCode !== 200 || !isConnectPath(pathOf(request))) {
    return done(null, payload);
  }
  // A resource with a version of its own (a case: its log position) sets its tag; anything else is tagged by digest,
  // encoded once so that the digest and the socket take the same bytes (a feed page is hundreds of kilobytes).
  const own = reply.getHeader('etag');
  const body = typeof own !== 'string' && typeof payload === 'string' ? Buffer.from(payload) : payload;
  const etag = typeof own === 'string' ? own : Buffer.isBuffer(body) ? entityTagOf(body) : null;
  if (etag === null) return done(null, payload);
  void reply.header('ETag', etag);
  if (!matchesEntityTag(headerOf(request, 'if-none-match'), etag)) return done(null, body);
  // Not sent: a file stream opened for the answer is closed now.
  if (payload instanceof Readable) payload.destroy();
  void reply.code(304);
  reply.removeHeader('content-length');
  return done(null, '');
}
