import type { Actor } from '../access/actor';

/** What a change can make stale: sessions by uuid, users and companies by id. */
export interface SessionKeys {
  sessions?: string[];
  users?: number[];
  companies?: number[];
}

interface Entry {
  actor: Readonly<Actor>;
  /** Epoch ms after which the entry is not used: the cache bound or the token's own expiry, whichever is first. */
  until: number;
}

/** How long a verified session is answered without reading it again, if no invalidation comes first. */
export const SESSION_CACHE_TTL_MS = 10_000;
/** Entries kept at most; the oldest go first. */
export const SESSION_CACHE_MAX_ENTRIES = 10_000;

/**
 * Verified access tokens of this process and the actor each resolved to, so a signed-in request needs no database
 * round trip. Correctness rests on invalidation (SessionInvalidation): every change an actor depends on removes
 * the matching entries on every instance before the change's request answers; the short bound only limits what a
 * change made behind the api's back (plain SQL) can leave.
 *
 * A result read from the database is stored only if no invalidation arrived while it was being read (the
 * generation), so a read that raced a revocation never puts the revoked session back.
 */
export class SessionCache {
  private readonly entries = new Map<string, Entry>();
  private generation = 0;
  private enabled = false;

  constructor(
    private readonly ttlMs = SESSION_CACHE_TTL_MS,
    private readonly maxEntries = SESSION_CACHE_MAX_ENTRIES,
  ) {}

  get(token: string, now = Date.now()): Readonly<Actor> | null {
    if (!this.enabled) return null;
    const entry = this.entries.get(token);
    if (!entry) return null;
    if (entry.until > now) return entry.actor;
    this.entries.delete(token);
    return null;
  }

  /** Taken before a database read; hand it back to set(). */
  mark(): number {
    return this.generation;
  }

  set(token: string, actor: Actor, tokenExpiresAt: number, mark: number, now = Date.now()): void {
    if (!this.enabled || mark !== this.generation) return;
    if (this.entries.size >= this.maxEntries) {
      const oldest = this.entries.keys().next();
      if (!oldest.done) this.entries.delete(oldest.value);
    }
    this.entries.set(token, { actor: Object.freeze({ ...actor }), until: Math.min(now + this.ttlMs, tokenExpiresAt) });
  }

  invalidate(keys: SessionKeys): void {
    this.generation += 1;
    const sessions = new Set(keys.sessions ?? []);
    const users = new Set(keys.users ?? []);
    const companies = new Set(keys.companies ?? []);
    for (const [token, { actor }] of this.entries) {
      const stale =
        sessions.has(actor.sessionId) ||
        users.has(actor.userId) ||
        (actor.impersonatorId !== null && users.has(actor.impersonatorId)) ||
        (actor.companyId !== null && companies.has(actor.companyId));
      if (stale) this.entries.delete(token);
    }
  }

  /** Used only while invalidations can reach this process (the subscription is live). */
  setEnabled(enabled: boolean): void {
    this.generation += 1;
    this.entries.clear();
    this.enabled = enabled;
  }

  get size(): number {
    return this.entries.size;
  }
}

export function isEmpty(keys: SessionKeys): boolean {
  return !keys.sessions?.length && !keys.users?.length && !keys.companies?.length;
}
