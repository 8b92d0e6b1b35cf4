import { z } from 'zod';
import { endpoint } from './endpoint';

export const HealthResponse = z.object({ status: z.literal('ok'), database: z.boolean(), redis: z.boolean() });

export const systemApi = {
  health: endpoint({
    method: 'GET',
    path: 'health',
    access: 'public',
    summary: 'Liveness of the api, its database and Redis',
    response: HealthResponse,
  }),
} as const;
