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
}

/**
 * The idempotency_keys table, through single SQL statements that leave the request's unit of work alone.
 * Claiming is one `insert ... on conflict` (an expired row is taken over), so of requests that race exactly one
 * claims the key; the others wait for its result.
 */
@Injectable()
export class IdempotencyStore {
  constructor(private readonly em: EntityManager) {}

  async claim(userId: number, key: string, fingerprint: string, lifetimeSeconds: number): Promise<IdempotencyClaim> {
    const deadline = Date.now() + WAIT_FOR_FIRST_MS;
    // A retry of a finished request is the common repeat: answered from one indexed read. The claim below would lock
    // the key's row (ON CONFLICT takes it even when it updates nothing), so replays of one key would queue on it.
    const [finished] = await this.sql<KeyRow>(
      `select id, fingerprint, response, completed_at from idempotency_keys
        where user_id = ? and key = ? and completed_at is not null and expires_at > now()`,
      [userId, key],
    );
    if (finished) return this.replayOf(finished, fingerprint);
    for (;;) {
      const claimed = await this.sql<{ id: number }>(
        `insert into idempotency_keys (user_id, key, fingerprint, expires_at)
        values (?, ?, ?, now() + make_interval(secs => ?))
        on conflict (user_id, key) do update
          set fingerprint = excluded.fingerprint, response = null, completed_at = null,
            expires_at = excluded.expires_at, created_at = now()
          where idempotency_keys.expires_at <= now()
        returning id`,
        [userId, key, fingerprint, lifetimeSeconds],
      );
      if (claimed.length) return { kind: 'claimed', id: claimed[0].id };

      const [first] = await this.sql<KeyRow>(
        'select id, fingerprint, response, completed_at from idempotency_keys where user_id = ? and key = ?',
        [userId, key],
      );
      // Gone between the two statements (the first request failed and let go): try to claim it again.
      if (!first) continue;
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
