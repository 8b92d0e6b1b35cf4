import { createHash, timingSafeEqual } from 'node:crypto';

/**
 * Whether an Authorization header carries the metrics token (METRICS_TOKEN). An empty token leaves /metrics open.
 * Both sides are hashed first, so the comparison takes the same time whatever the length or content sent.
 */
export function metricsAccessAllowed(expectedToken: string, authorization: string | string[] | undefined): boolean {
  if (expectedToken === '') return true;
  const header = Array.isArray(authorization) ? authorization[0] : authorization;
  const match = /^Bearer (.+)$/i.exec(header ?? '');
  if (!match) return false;
  return timingSafeEqual(digest(match[1]), digest(expectedToken));
}

function digest(value: string): Buffer {
  return createHash('sha256').update(value).digest();
}
