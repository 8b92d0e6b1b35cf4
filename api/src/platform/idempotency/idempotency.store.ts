import { ConflictException, Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import { setTimeout as sleep } from 'node:timers/promises';
import { ValidationException } from '../common/errors';

/** How long a repeat waits for the first request of its key to finish before answering 409. */
const WAIT_FOR_FIRST_MS = 15_000;
const WAIT_STEP_MS = 50;

export const IDEMPOTENCY_MESSAGES = {
  otherRequest: 'This Idempotency-Key was already used for a different request.',
  stillRunning: 'A request with this Idempotency-Key is still being handled. Please try again shortly.',
} as const;

/** What a request learns when it asks for its key: do the work (and report back), or answer the stored result. */
export type IdempotencyClaim =
  { kind: 'claimed'; id: number } | { kind: 'replay'; response: unknown; completedAt: Date };

interface KeyRow {
  id: number;
  fingerprint: string;
  response: unknown;
  completed_at: Date | null;
  expires_at: Date;
}

/** Finished keys this instance has replayed, kept in memory: a client that retries tends to retry again. */
const REMEMBERED_KEYS = 10_000;
/** A remembered key is forgotten this long before its row expires (the clocks of api and database may differ). */
const FORGET_BEFORE_EXPIRY_MS = 60_000;

/**
 * The idempotency_keys table, through single SQL statements that leave the request's unit of work alone.
 * Claiming is one `insert ... on conflict do nothing` (an expired row is taken over by a conditional update), so of
 * requests that race exactly one claims the key; the others wait for its result.
 */
@Injectable()
export class IdempotencyStore {
  /**
   * Finished keys answered here before: a finished key's answer never changes until its row expires (only then may
   * another request take the key over), so this instance may answer it again without the database.
   */
  private readonly finished = new Map<string, { row: KeyRow; forgetAt: number }>();

  constructor(private readonly em: EntityManager) {}

  async claim(userId: number, key: string, fingerprint: string, lifetimeSeconds: number): Promise<IdempotencyClaim> {
    const remembered = this.finished.get(`${userId}\u0000${key}`);
    if (remembered && remembered.forgetAt > Date.now()) return this.replayOf(remembered.row, fingerprint);
    const deadline = Date.now() + WAIT_FOR_FIRST_MS;
    for (;;) {
      // DO NOTHING: a repeat neither writes nor locks the key's row (DO UPDATE would lock it even when it updates
      // nothing, and the repeats of one key would queue on it). A new key costs this one statement.
      const claimed = await this.sql<{ id: number }>(
        `insert into idempotency_keys (user_id, key, fingerprint, expires_at)
        values (?, ?, ?, now() + make_interval(secs => ?))
        on conflict (user_id, key) do nothing
        returning id`,
        [userId, key, fingerprint, lifetimeSeconds],
      );
      if (claimed.length) return { kind: 'claimed', id: claimed[0].id };

      const [first] = await this.sql<KeyRow & { expired: boolean }>(
        `select id, fingerprint, response, completed_at, expires_at, expires_at <= now() as expired
          from idempotency_keys where user_id = ? and key = ?`,
        [userId, key],
      );
      // Gone between the two statements (the first request failed and let go): try to claim it again.
      if (!first) continue;
      if (first.expired) {
        // An expired key is taken over by exactly one request (the row lock decides); the others look again.
        const [taken] = await this.sql<{ id: number }>(
          `update idempotency_keys set fingerprint = ?, response = null, completed_at = null,
              expires_at = now() + make_interval(secs => ?), created_at = now()
            where id = ? and expires_at <= now()
            returning id`,
          [fingerprint, lifetimeSeconds, first.id],
        );
        if (taken) return { kind: 'claimed', id: taken.id };
        continue;
      }
      if (first.completed_at) this.remember(`${userId}\u0000${key}`, first);
      if (first.completed_at || first.fingerprint !== fingerprint) return this.replayOf(first, fingerprint);
      if (Date.now() >= deadline) throw new ConflictException(IDEMPOTENCY_MESSAGES.stillRunning);
      await sleep(WAIT_STEP_MS);
    }
  }

  /** The stored answer of a finished request, for the same request only. */
  private replayOf(first: KeyRow, fingerprint: string): IdempotencyClaim {
    if (first.fingerprint !== fingerprint) {
      throw ValidationException.forField('idempotency_key', IDEMPOTENCY_MESSAGES.otherRequest);
    }
    return { kind: 'replay', response: first.response, completedAt: new Date(first.completed_at ?? Date.now()) };
  }

  private remember(memoryKey: string, row: KeyRow): void {
    // Oldest first out (a Map keeps insertion order).
    if (this.finished.size >= REMEMBERED_KEYS) this.finished.delete(this.finished.keys().next().value!);
    this.finished.set(memoryKey, { row, forgetAt: new Date(row.expires_at).getTime() - FORGET_BEFORE_EXPIRY_MS });
  }

  /** Stores the first request's answer for the repeats. */
  async complete(id: number, response: unknown): Promise<void> {
    await this.sql('update idempotency_keys set response = ?::jsonb, completed_at = now() where id = ?', [
      JSON.stringify(response ?? null),
      id,
    ]);
  }

  /** The first request failed: nothing was done, so a repeat may try for itself. */
  async release(id: number): Promise<void> {
    await this.sql('delete from idempotency_keys where id = ? and completed_at is null', [id]);
  }

  private sql<T extends object>(query: string, params: unknown[]): Promise<T[]> {
    return this.em.getConnection().execute<T[]>(query, params);
  }
}
