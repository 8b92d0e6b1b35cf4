import { z } from 'zod';
import { endpoint } from '../endpoint';

/**
 * The queue dashboard (bull-board) for super admins. A browser page sends no bearer header, so the back office first
 * asks for a short-lived ticket, which the api sets as an HttpOnly cookie scoped to the dashboard's path, and then
 * opens `basePath`.
 */
export const QUEUE_DASHBOARD = {
  /** Where the dashboard's page, assets and its own api calls are served. */
  basePath: '/api/super_admin/queues',
  cookieName: 'cb_queue_dashboard',
  ticketTtlSeconds: 30 * 60,
} as const;

/** What the dashboard answers when it refuses a request (401, 403). */
export const QUEUE_DASHBOARD_MESSAGES = {
  noTicket: 'Open the queue dashboard from the back office (Queues).',
  ticketExpired: 'Your queue dashboard access has expired. Open it again from the back office (Queues).',
  crossSite: 'The queue dashboard accepts changes from its own pages only.',
} as const;

export const QueueDashboardSessionResponse = z.object({
  /** The dashboard's address (same origin). */
  url: z.string(),
  /** Seconds until the ticket ends; asking again starts a new one. */
  expires_in: z.number(),
});
export type QueueDashboardSessionResponse = z.infer<typeof QueueDashboardSessionResponse>;

export const superAdminQueueDashboardApi = {
  session: endpoint({
    method: 'POST',
    path: 'super_admin/queue_dashboard/session',
    access: 'super_admin',
    summary: 'Sets the cookie that opens the queue dashboard for 30 minutes and answers its address',
    response: QueueDashboardSessionResponse,
  }),
} as const;
