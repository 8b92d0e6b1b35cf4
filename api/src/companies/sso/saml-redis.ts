import type { CacheItem, CacheProvider } from '@node-saml/node-saml';
import type { Redis } from 'ioredis';

/** How long an AuthnRequest id waits for its response. */
export const REQUEST_ID_TTL_MS = 10 * 60_000;

/**
 * node-saml's store of issued AuthnRequest ids, kept in Redis so that the response may reach any api instance
 * (the in-memory default would break with `--scale api=3`). A response naming an unknown request is refused.
 */
export class RedisSamlRequestCache implements CacheProvider {
  constructor(
    private readonly redis: Redis,
    private readonly companyId: number,
  ) {}

  private key(id: string): string {
    return `saml:request:${this.companyId}:${id}`;
  }

  async saveAsync(key: string, value: string): Promise<CacheItem | null> {
    const createdAt = Date.now();
    const stored = await this.redis.set(
      this.key(key),
      JSON.stringify({ value, createdAt }),
      'PX',
      REQUEST_ID_TTL_MS,
      'NX',
    );
    return stored === 'OK' ? { value, createdAt } : null;
  }

  async getAsync(key: string): Promise<string | null> {
    const raw = await this.redis.get(this.key(key));
    return raw ? (JSON.parse(raw) as CacheItem).value : null;
  }

  async removeAsync(key: string | null): Promise<string | null> {
    if (!key) return null;
    const raw = await this.redis.getdel(this.key(key));
    return raw ? (JSON.parse(raw) as CacheItem).value : null;
  }
}

/**
 * Marks an assertion id as consumed (SET NX with expiry); false when it was consumed before, i.e. a replay.
 * The mark outlives the assertion's own validity, after which node-saml refuses it as expired anyway.
 */
export async function consumeAssertionId(
  redis: Redis,
  companyId: number,
  assertionId: string,
  ttlMs: number,
): Promise<boolean> {
  const stored = await redis.set(`saml:assertion:${companyId}:${assertionId}`, '1', 'PX', Math.round(ttlMs), 'NX');
  return stored === 'OK';
}
