import { createBullBoard } from '@bull-board/api';
import { BullMQAdapter } from '@bull-board/api/bullMQAdapter';
import { FastifyAdapter as BullBoardAdapter } from '@bull-board/fastify';
import { QUEUE_DASHBOARD, routePath } from '@casebridge/contracts';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import type { Queue } from 'bullmq';
import type { FastifyInstance, FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { PinoLogger } from 'nestjs-pino';
import { UNAVAILABLE } from '../common/all-exceptions.filter';
import { pathOf } from '../http/request-parts';
import { QUEUE_DASHBOARD_POLICY } from '../security/security-headers';
import { clearedTicketCookie } from './queue-dashboard-cookie';
import { QueueDashboardAccess, type DashboardRefusal } from './queue-dashboard-access';
import { DASHBOARD_QUEUES } from './queue-dashboard.module';

/** The dashboard's own JSON calls (bull-board's UI fetches `<base>/api/...`): refused in the api's error shape. */
const DASHBOARD_API_PREFIX = `${QUEUE_DASHBOARD.basePath}/api/`;

/**
 * Mounts the queue dashboard at QUEUE_DASHBOARD.basePath: bull-board on every queue of the worker, in a Fastify
 * plugin of its own, so its access hook and its relaxed Content-Security-Policy apply to its requests only and cost
 * the rest of the api nothing (bull-board's own @fastify/static and views stay inside it too).
 */
export async function mountQueueDashboard(app: NestFastifyApplication, fastify: FastifyInstance): Promise<void> {
  const plugin = queueDashboardPlugin(app.get(QueueDashboardAccess), app.get<Queue[]>(DASHBOARD_QUEUES));
  await fastify.register(plugin, { prefix: QUEUE_DASHBOARD.basePath });
}

export function queueDashboardPlugin(access: QueueDashboardAccess, queues: Queue[]): FastifyPluginAsync {
  return async (dashboard) => {
    dashboard.addHook('onRequest', async (request, reply) => {
      reply.header('Content-Security-Policy', QUEUE_DASHBOARD_POLICY);
      let refusal: DashboardRefusal | null;
      try {
        refusal = await access.refusalOf(request);
      } catch (error) {
        // Redis or the database is away: the same answer the api gives for it elsewhere, never a 500.
        PinoLogger.root.warn({ err: error }, 'queue dashboard access check failed');
        return reply
          .code(UNAVAILABLE.status)
          .headers(UNAVAILABLE.headers ?? {})
          .send(UNAVAILABLE.body);
      }
      if (refusal) return refuse(request, reply, refusal);
    });

    const board = new BullBoardAdapter();
    board.setBasePath(QUEUE_DASHBOARD.basePath);
    createBullBoard({
      queues: queues.map((queue) => new BullMQAdapter(queue)),
      serverAdapter: board,
      options: { uiConfig: { boardTitle: 'Casebridge queues' } },
    });
    await dashboard.register(board.registerPlugin());
  };
}

function refuse(request: FastifyRequest, reply: FastifyReply, refusal: DashboardRefusal): FastifyReply {
  if (refusal.clearCookie) reply.header('Set-Cookie', clearedTicketCookie(request.protocol === 'https'));
  reply.code(refusal.status).header('Cache-Control', 'no-store');
  if (pathOf(request).startsWith(DASHBOARD_API_PREFIX)) return reply.send({ error: refusal.message });
  return reply.type('text/html; charset=utf-8').send(refusalPage(refusal.message));
}

/** A browser opening the dashboard without access sees why and the way back (the messages are our own text). */
function refusalPage(message: string): string {
  return `<!DOCTYPE html>
<html lang="en">
<head><meta charset="utf-8"><title>Queue dashboard</title></head>
<body>
<h1>Queue dashboard</h1>
<p>${message}</p>
<p><a href="${routePath('super_admin.dashboard')}">Back office</a></p>
</body>
</html>
`;
}
