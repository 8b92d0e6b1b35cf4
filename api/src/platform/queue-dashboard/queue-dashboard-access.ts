import { Inject, Injectable } from '@nestjs/common';
import { MESSAGES, QUEUE_DASHBOARD_MESSAGES } from '@casebridge/contracts';
import type { ServerConfig } from '@casebridge/server-core';
import type { FastifyRequest } from 'fastify';
import { isAllowed } from '../access/access.guard';
import { SessionTokenService } from '../authentication/session-token.service';
import { SERVER_CONFIG } from '../config/config.module';
import { headerOf } from '../http/request-parts';
import { ticketOf } from './queue-dashboard-cookie';
import { QueueDashboardTickets } from './queue-dashboard-tickets';

export interface DashboardRefusal {
  status: 401 | 403;
  message: string;
  /** The cookie names a ticket that will never open the dashboard again: the answer removes it. */
  clearCookie: boolean;
}

/** Methods that change nothing; every other one must come from the dashboard's own pages. */
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

type RequestOrigin = Pick<FastifyRequest, 'method' | 'headers' | 'protocol' | 'host' | 'url'>;

/**
 * A changing request sent by another site's page (the second half of the CSRF defence, after SameSite=Strict):
 * browsers name the requesting page's site in Sec-Fetch-Site and its origin in Origin on every such request; either
 * one pointing elsewhere refuses it. A request with neither is no browser's cross-site request.
 */
export function isCrossSite(request: RequestOrigin, publicOrigin: string): boolean {
  if (SAFE_METHODS.has(request.method)) return false;
  const fetchSite = headerOf(request, 'sec-fetch-site');
  if (fetchSite !== undefined && fetchSite !== 'same-origin') return true;
  const origin = headerOf(request, 'origin');
  if (origin === undefined) return false;
  return origin !== publicOrigin && origin !== `${request.protocol}://${request.host}`;
}

/**
 * Who may use the queue dashboard, decided on every request to it (page, assets, its api calls): a ticket cookie
 * that is still in Redis, whose session is still open and whose user is still an active super admin, read now
 * with the rules AccessGuard applies to tokens (so signing out, a disabled account or a lost role ends it at once).
 */
@Injectable()
export class QueueDashboardAccess {
  private readonly publicOrigin: string;

  constructor(
    private readonly tickets: QueueDashboardTickets,
    private readonly sessions: SessionTokenService,
    @Inject(SERVER_CONFIG) config: ServerConfig,
  ) {
    this.publicOrigin = new URL(config.PUBLIC_URL).origin;
  }

  /** Why this request may not reach the dashboard; null when it may. */
  async refusalOf(request: RequestOrigin): Promise<DashboardRefusal | null> {
    if (isCrossSite(request, this.publicOrigin)) {
      return { status: 403, message: QUEUE_DASHBOARD_MESSAGES.crossSite, clearCookie: false };
    }
    const ticket = ticketOf(headerOf(request, 'cookie'));
    if (!ticket) return { status: 401, message: QUEUE_DASHBOARD_MESSAGES.noTicket, clearCookie: false };
    const sessionId = await this.tickets.sessionOf(ticket);
    if (!sessionId) return { status: 401, message: QUEUE_DASHBOARD_MESSAGES.ticketExpired, clearCookie: true };
    const actor = await this.sessions.actorOfSession(sessionId);
    if (!actor || !isAllowed('super_admin', actor)) {
      await this.tickets.revoke(ticket);
      return { status: 403, message: MESSAGES.noAccess, clearCookie: true };
    }
    return null;
  }
}
