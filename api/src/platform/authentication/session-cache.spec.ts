import type { Actor } from '../access/actor';
import { SessionCache } from './session-cache';

const actor = (overrides: Partial<Actor> = {}): Actor => ({
  userId: 7,
  role: 'caller',
  companyId: 3,
  membershipType: 'premium',
  sessionId: 's-1',
  impersonatorId: null,
  ...overrides,
});

describe('SessionCache', () => {
  const now = 1_000_000;
  let cache: SessionCache;

  beforeEach(() => {
    cache = new SessionCache(10_000, 3);
    cache.setEnabled(true);
  });

  it('answers a stored token until the bound or the token expiry, whichever comes first', () => {
    cache.set('t1', actor(), now + 60_000, cache.mark(), now);
    cache.set('t2', actor({ sessionId: 's-2' }), now + 5_000, cache.mark(), now);
    expect(cache.get('t1', now + 9_999)?.userId).toBe(7);
    expect(cache.get('t1', now + 10_000)).toBeNull();
    expect(cache.get('t2', now + 4_999)?.sessionId).toBe('s-2');
    expect(cache.get('t2', now + 5_000)).toBeNull();
  });

  it('drops entries by session, user, impersonator or company', () => {
    cache.set('session', actor({ sessionId: 'gone' }), now + 60_000, cache.mark(), now);
    cache.set('user', actor({ userId: 8, sessionId: 's-8' }), now + 60_000, cache.mark(), now);
    cache.set('company', actor({ userId: 9, companyId: 4, sessionId: 's-9' }), now + 60_000, cache.mark(), now);
    cache.invalidate({ sessions: ['gone'] });
    expect(cache.get('session', now)).toBeNull();
    cache.invalidate({ users: [8] });
    expect(cache.get('user', now)).toBeNull();
    cache.invalidate({ companies: [4] });
    expect(cache.get('company', now)).toBeNull();

    cache.set('impersonated', actor({ userId: 10, impersonatorId: 1 }), now + 60_000, cache.mark(), now);
    cache.invalidate({ users: [1] });
    expect(cache.get('impersonated', now)).toBeNull();
  });

  it('does not store a read that an invalidation overtook', () => {
    const mark = cache.mark();
    cache.invalidate({ sessions: ['s-1'] });
    cache.set('raced', actor(), now + 60_000, mark, now);
    expect(cache.get('raced', now)).toBeNull();
  });

  it('stores and answers nothing while invalidations cannot arrive, and forgets everything on the way', () => {
    cache.set('t', actor(), now + 60_000, cache.mark(), now);
    const mark = cache.mark();
    cache.setEnabled(false);
    expect(cache.get('t', now)).toBeNull();
    cache.set('u', actor(), now + 60_000, cache.mark(), now);
    cache.setEnabled(true);
    expect(cache.get('t', now)).toBeNull();
    expect(cache.get('u', now)).toBeNull();
    // A read begun before the subscription came back is not stored either.
    cache.set('v', actor(), now + 60_000, mark, now);
    expect(cache.size).toBe(0);
  });

  it('keeps at most its bound of entries, the oldest leaving first', () => {
    for (const token of ['a', 'b', 'c', 'd']) cache.set(token, actor(), now + 60_000, cache.mark(), now);
    expect(cache.size).toBe(3);
    expect(cache.get('a', now)).toBeNull();
    expect(cache.get('d', now)).not.toBeNull();
  });
});
