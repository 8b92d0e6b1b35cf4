import { Inject, Injectable } from '@nestjs/common';
import { QUEUE_DASHBOARD } from '@casebridge/contracts';
import type { Redis } from 'ioredis';
import { createHash, randomBytes } from 'node:crypto';
import { REDIS } from '../redis/redis.module';

/** 32 random bytes in base64url: anything else is not one of ours and is not looked up. */
const TICKET_PATTERN = /^[A-Za-z0-9_-]{43}$/;

/** Redis keeps a digest of the ticket, so a read of Redis does not hand out working cookies. */
const keyOf = (ticket: string) => `queue-dashboard:${createHash('sha256').update(ticket).digest('hex')}`;

/**
 * Tickets of the queue dashboard: an opaque random value (the cookie) standing for the session that asked for it,
 * for QUEUE_DASHBOARD.ticketTtlSeconds. Any api instance can read it, as every shared state lives in Redis.
 */
@Injectable()
export class QueueDashboardTickets {
  constructor(@Inject(REDIS) private readonly redis: Redis) {}

  async issue(sessionId: string): Promise<string> {
    const ticket = randomBytes(32).toString('base64url');
    await this.redis.set(keyOf(ticket), sessionId, 'EX', QUEUE_DASHBOARD.ticketTtlSeconds);
    return ticket;
  }

  /** The session a ticket stands for; null when it is unknown, expired or malformed. */
  async sessionOf(ticket: string): Promise<string | null> {
    if (!TICKET_PATTERN.test(ticket)) return null;
    return this.redis.get(keyOf(ticket));
  }

  async revoke(ticket: string): Promise<void> {
    if (TICKET_PATTERN.test(ticket)) await this.redis.del(keyOf(ticket));
  }
}
