import { Injectable, type CallHandler, type ExecutionContext, type NestInterceptor } from '@nestjs/common';
import { IDEMPOTENCY, type Endpoint } from '@casebridge/contracts';
import { createHash } from 'node:crypto';
import type { FastifyReply } from 'fastify';
import { from, lastValueFrom, type Observable } from 'rxjs';
import type { RequestWithActor } from '../access/actor';
import { endpointOf } from '../common/contract-route';
import { headerOf, pathOf } from '../http/request-parts';
import { ValidationException } from '../common/errors';
import { IdempotencyStore } from './idempotency.store';

/** Printable ASCII without spaces at the ends: what clients send (UUIDs, ULIDs, random strings). */
const VALID_KEY = /^[\x21-\x7e](?:[\x20-\x7e]*[\x21-\x7e])?$/;

/**
 * Makes the endpoints marked `idempotent` in the contracts happen once per key: the first request with a key does
 * the work and stores its answer; a repeat (also one sent at the same moment) answers that stored result. A failed
 * first request stores nothing, so the user can correct and send again with the same key.
 */
@Injectable()
export class IdempotencyInterceptor implements NestInterceptor {
  constructor(private readonly store: IdempotencyStore) {}

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    const endpoint = context.getType() === 'http' ? endpointOf(context) : undefined;
    const request = context.switchToHttp().getRequest<RequestWithActor>();
    if (!endpoint?.idempotent || !request.actor) return next.handle();
    const fingerprint = fingerprintOf(request);
    const claimKey = keyOf(endpoint, headerOf(request, IDEMPOTENCY.header), fingerprint);
    if (!claimKey) return next.handle();
    const reply = context.switchToHttp().getResponse<FastifyReply>();
    return from(this.once(request.actor.userId, claimKey, fingerprint, next, reply));
  }

  private async once(
    userId: number,
    claimKey: ClaimKey,
    fingerprint: string,
    next: CallHandler,
    reply: FastifyReply,
  ): Promise<unknown> {
    const claim = await this.store.claim(userId, claimKey.key, fingerprint, claimKey.lifetimeSeconds);
    if (claim.kind === 'replay') {
      // Tells a client that retried that this is the first request's answer, nothing was done again.
      void reply.header('Idempotent-Replayed', 'true');
      return claim.response;
    }
    let response: unknown;
    try {
      response = await lastValueFrom(next.handle(), { defaultValue: undefined });
    } catch (error) {
      await this.store.release(claim.id);
      throw error;
    }
    await this.store.complete(claim.id, response);
    return response;
  }
}

interface ClaimKey {
  key: string;
  lifetimeSeconds: number;
}

/** The client's key for a day; without one, an identical request for a minute where the endpoint asks for it. */
function keyOf(endpoint: Endpoint, header: string | undefined, fingerprint: string): ClaimKey | null {
  if (header !== undefined) {
    if (header.length > IDEMPOTENCY.keyMaxLength || !VALID_KEY.test(header)) {
      throw ValidationException.forField(
        'idempotency_key',
        `The ${IDEMPOTENCY.header} header must be 1 to ${IDEMPOTENCY.keyMaxLength} printable characters.`,
      );
    }
    return { key: header, lifetimeSeconds: IDEMPOTENCY.keyLifetimeHours * 3600 };
  }
  if (endpoint.idempotent !== 'key_or_repeat') return null;
  return { key: `repeat:${fingerprint}`, lifetimeSeconds: IDEMPOTENCY.repeatWindowSeconds };
}

/** The request itself: method, path and body with its keys sorted, so the same form sent twice hashes alike. */
function fingerprintOf(request: RequestWithActor): string {
  return createHash('sha256')
    .update(`${request.method} ${pathOf(request)}\n${canonicalJson(request.body)}`)
    .digest('hex');
}

function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([name, item]) => `${JSON.stringify(name)}:${canonicalJson(item)}`).join(',')}}`;
  }
  return JSON.stringify(value ?? null);
}
