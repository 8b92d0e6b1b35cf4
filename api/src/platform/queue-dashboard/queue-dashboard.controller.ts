import { Controller, Req, Res } from '@nestjs/common';
import { API, QUEUE_DASHBOARD, type QueueDashboardSessionResponse } from '@casebridge/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Actor } from '../access/actor';
import { CurrentActor } from '../access/current-actor.decorator';
import { Route } from '../common/contract-route';
import { ticketCookie } from './queue-dashboard-cookie';
import { QueueDashboardTickets } from './queue-dashboard-tickets';

/** Back office: the ticket that opens the queue dashboard in the browser (a page sends no bearer header). */
@Controller()
export class QueueDashboardController {
  constructor(private readonly tickets: QueueDashboardTickets) {}

  @Route(API.superAdminQueueDashboard.session)
  async session(
    @CurrentActor() actor: Actor,
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<QueueDashboardSessionResponse> {
    const ticket = await this.tickets.issue(actor.sessionId);
    reply.header('Set-Cookie', ticketCookie(ticket, request.protocol === 'https'));
    return { url: QUEUE_DASHBOARD.basePath, expires_in: QUEUE_DASHBOARD.ticketTtlSeconds };
  }
}
