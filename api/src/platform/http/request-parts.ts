import type { FastifyRequest } from 'fastify';

/** What handlers read of a request, the same on every adapter: the path without its query, one header's value. */
type RequestParts = Pick<FastifyRequest, 'url' | 'headers'>;

export function pathOf(request: RequestParts): string {
  const query = request.url.indexOf('?');
  return query === -1 ? request.url : request.url.slice(0, query);
}

/** A header's first value (Node joins most repeated headers already), or undefined. */
export function headerOf(request: RequestParts, name: string): string | undefined {
  const value = request.headers[name.toLowerCase()];
  return Array.isArray(value) ? value[0] : value;
}
