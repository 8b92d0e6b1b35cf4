import {
  HttpException,
  HttpStatus,
  Inject,
  Injectable,
  type CallHandler,
  type ExecutionContext,
  type NestInterceptor,
} from '@nestjs/common';
import { MESSAGES } from '@casebridge/contracts';
import type { ServerConfig } from '@casebridge/server-core';
import type { FastifyReply } from 'fastify';
import { from, mergeMap, type Observable } from 'rxjs';
import type { RequestWithActor } from '../access/actor';
import { SERVER_CONFIG } from '../config/config.module';
import { RateLimiter } from '../redis/rate-limiter.service';

const RATE_WINDOW_SECONDS = 60;

/**
 * The rate limit of the integration API (/api/v1), per client (API token, OAuth client, or session), as public
 * APIs tell it: RateLimit-Limit, -Remaining and -Reset on every answer, and 429 with Retry-After once spent. Runs
 * after the access guard (it counts the client, not the address) and before any other work of the call.
 */
@Injectable()
export class ConnectRateLimitInterceptor implements NestInterceptor {
  constructor(
    private readonly limiter: RateLimiter,
    @Inject(SERVER_CONFIG) private readonly config: ServerConfig,
  ) {}

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    return from(this.meter(context)).pipe(mergeMap(() => next.handle()));
  }

  private async meter(context: ExecutionContext): Promise<void> {
    const request = context.switchToHttp().getRequest<RequestWithActor>();
    const reply = context.switchToHttp().getResponse<FastifyReply>();
    const state = await this.limiter.meter(
      `connect:${clientKeyOf(request)}`,
      this.config.CONNECT_RATE_LIMIT,
      RATE_WINDOW_SECONDS,
    );
    void reply.headers({
      'RateLimit-Limit': String(state.limit),
      'RateLimit-Remaining': String(state.remaining),
      'RateLimit-Reset': String(state.resetSeconds),
    });
    if (state.over) {
      void reply.header('Retry-After', String(state.resetSeconds));
      throw new HttpException(MESSAGES.tooManyRequests, HttpStatus.TOO_MANY_REQUESTS);
    }
  }
}

/** Whom the limit counts: the API token or OAuth client, else the signed-in person. */
function clientKeyOf(request: RequestWithActor): string {
  const actor = request.actor;
  if (!actor) return `ip:${request.ip}`;
  if (actor.apiTokenId) return `token:${actor.apiTokenId}`;
  return `user:${actor.userId}`;
}
