import { z } from 'zod';
import { endpoint } from './endpoint';

export const HealthResponse = z.object({ status: z.literal('ok'), database: z.boolean(), redis: z.boolean() });
export const LivenessResponse = z.object({ status: z.literal('ok') });
/**
 * 200 with status ready, or 503: unavailable with the check that failed set to false, or draining while the
 * instance shuts down (SIGTERM) and finishes the requests it has.
 */
export const ReadinessResponse = z.object({
  status: z.enum(['ready', 'unavailable', 'draining']),
  database: z.boolean(),
  redis: z.boolean(),
});

export const systemApi = {
  health: endpoint({
    method: 'GET',
    path: 'health',
    access: 'public',
    summary: 'Liveness of the api, its database and Redis',
    response: HealthResponse,
  }),
  live: endpoint({
    method: 'GET',
    path: 'health/live',
    access: 'public',
    summary: 'Liveness probe: 200 while the api process answers at all',
    response: LivenessResponse,
  }),
  ready: endpoint({
    method: 'GET',
    path: 'health/ready',
    access: 'public',
    summary:
      'Readiness probe: 200 when PostgreSQL and Redis answer within 2 s each, 503 naming the one that did not or while shutting down',
    response: ReadinessResponse,
  }),
} as const;
