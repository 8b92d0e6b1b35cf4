import { Injectable, type CallHandler, type ExecutionContext, type NestInterceptor } from '@nestjs/common';
import { IDEMPOTENCY, type Endpoint } from '@casebridge/contracts';
import { createHash } from 'node:crypto';
import type { FastifyReply } from 'fastify';
import { from, lastValueFrom, type Observable } from 'rxjs';
import type { RequestWithActor } from '../access/actor';
import { endpointOf } from '../common/contract-route';
import { headerOf, pathOf } from '../http/request-parts';
import { ValidationException } from '../common/errors';
import { removeStaged, stagedFilesOf, type StagedFile } from '../common/staged-files';
import { markSettledWrite } from '../read-cache/fresh-reads.hook';
import { SYNC_TIMEOUT_MS } from '../read-cache/cached-reads.service';
import { IdempotencyStore } from './idempotency.store';

/**
 * How old a replayed answer must be to skip waiting for the read cache: the first request's change notifications
 * arrive within milliseconds, and an instance that misses its own marker for SYNC_TIMEOUT_MS clears its cache.
 */
const SETTLED_AFTER_MS = 2 * SYNC_TIMEOUT_MS;

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
    return from(this.once(request, request.actor.userId, claimKey, fingerprint, next, reply));
  }

  private async once(
    request: RequestWithActor,
    userId: number,
    claimKey: ClaimKey,
    fingerprint: string,
    next: CallHandler,
    reply: FastifyReply,
  ): Promise<unknown> {
    const claim = await this.store.claim(userId, claimKey.key, fingerprint, claimKey.lifetimeSeconds);
    if (claim.kind === 'replay') {
      // A repeated upload's files were staged only to be fingerprinted: nothing will move them.
      await removeStaged(stagedFilesOf(request));
      // Tells a client that retried that this is the first request's answer, nothing was done again.
      void reply.header('Idempotent-Replayed', 'true');
      // Nothing changed now; a first request that finished a while ago has reached every instance's cache.
      if (Date.now() - claim.completedAt.getTime() > SETTLED_AFTER_MS) markSettledWrite(request);
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

/**
 * The request itself: method, path and body with its keys sorted, so the same form sent twice hashes alike. A
 * multipart upload's files count by part, name, size and content (their sha256, taken while they were staged): the
 * upload interceptors run before this one (Route's `upload`), so the same key with another file is another request.
 */
function fingerprintOf(request: RequestWithActor): string {
  const files = stagedFilesOf(request).map(fileFingerprint);
  return createHash('sha256')
    .update(`${request.method} ${pathOf(request)}\n${canonicalJson(request.body)}`)
    .update(files.length ? `\n${canonicalJson(files)}` : '')
    .digest('hex');
}

function fileFingerprint(file: StagedFile): Record<string, unknown> {
  // A file staged without its hash would make every upload under one key look alike: a wiring mistake, never a replay.
  if (!file.sha256) throw new Error('Idempotent uploads must be staged by stagingUploadOptions (it hashes each file)');
  return { field: file.fieldname ?? null, name: file.originalname, size: file.size, sha256: file.sha256 };
}

function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([name, item]) => `${JSON.stringify(name)}:${canonicalJson(item)}`).join(',')}}`;
  }
  return JSON.stringify(value ?? null);
}
