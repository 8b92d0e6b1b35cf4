import { FEED_MESSAGES, FEED_PAGE, type FeedEvent, type FeedPage } from '@casebridge/contracts';
import { appendCaseEvent, Case, CaseEvent, Company, type ContactDocument, type User } from '@casebridge/db';
import { loadServerConfig } from '@casebridge/server-core';
import { EntityManager } from '@mikro-orm/postgresql';
import type { Redis } from 'ioredis';
import { setTimeout as sleep } from 'node:timers/promises';
import { REDIS } from '../../platform/redis/redis.module';
import { bearer, startApi, type ApiHarness } from '../../../../test/kit/api-harness';
import {
  aCase,
  aCaseRow,
  aCompany,
  aProcess,
  aUser,
  emOf,
  feedCaughtUp,
  signedIn,
} from '../../../../test/kit/factories';

/**
 * GET /api/v1/events: a company's change feed. Each entry is the live message of the company's side, filtered
 * alike; paging with cursors never skips nor repeats an entry, also while transactions commit out of order.
 */
describe('the change feed of the integration API (real PostgreSQL and Redis)', () => {
  let api: ApiHarness;
  let ours: Company;
  let partner: Company;
  let outsider: Company;
  let ourCaller: User;
  let partnerCaller: User;
  let process: ContactDocument;
  let ourToken: string;
  let partnerToken: string;
  let outsiderToken: string;

  beforeAll(async () => {
    api = await startApi();
    ours = await aCompany(api);
    // The partner's own feed shows no notes: its entries must not carry them either.
    partner = await aCompany(api, { allowNotes: false });
    outsider = await aCompany(api);
    ourCaller = await aUser(api, { company: ours, role: 'caller' });
    partnerCaller = await aUser(api, { company: partner, role: 'caller' });
    process = await aProcess(api, { company: partner });
    ourToken = await signedIn(api, ourCaller);
    partnerToken = await signedIn(api, partnerCaller);
    outsiderToken = await signedIn(api, await aUser(api, { company: outsider, role: 'caller' }));
  });
  afterAll(() => api.close());

  const feed = (token: string, query: Record<string, string | number> = {}) =>
    api.http().get('/api/v1/events').query(query).set(bearer(token));

  /** Every entry after `after`, page by page. */
  async function readAll(token: string, after?: string, limit = 50): Promise<{ events: FeedEvent[]; cursor?: string }> {
    const events: FeedEvent[] = [];
    let cursor = after;
    for (;;) {
      const page = (await feed(token, { limit, ...(cursor ? { after: cursor } : {}) }).expect(200)).body as FeedPage;
      events.push(...page.data);
      cursor = page.next_cursor ?? cursor;
      if (!page.has_more) return { events, cursor };
    }
  }

  it("gives each side its own message of every entry, with notes only where that side's feed shows them", async () => {
    const start = (await readAll(ourToken)).cursor;
    const partnerStart = (await readAll(partnerToken)).cursor;
    const kase = await aCase(api, { from: ourCaller, to: process, status: 'accepted' });
    await api
      .http()
      .post(`/api/caller/case/${kase.token}/note`)
      .set(bearer(ourToken))
      .send({ summary: 'Logs attached', description: 'From the customer' })
      .expect(200);
    await feedCaughtUp(api);

    const mine = (await readAll(ourToken, start)).events.filter((event) => event.case_token === kase.token);
    expect(mine.map((event) => event.type)).toEqual(['submitted', 'accepted', 'note_added']);
    expect(mine.map((event) => event.seq)).toEqual([1, 2, 3]);
    expect(new Set(mine.map((event) => event.direction))).toEqual(new Set(['outbound']));
    expect(mine[2].note?.summary).toBe('Logs attached');
    expect(mine[1].response?.type).toBe('approval');
    expect(mine.every((event) => event.id.startsWith('evt_') && event.cursor.length > 0)).toBe(true);

    const theirs = (await readAll(partnerToken, partnerStart)).events.filter(
      (event) => event.case_token === kase.token,
    );
    expect(theirs.map((event) => [event.seq, event.type, event.direction])).toEqual([
      [1, 'submitted', 'inbound'],
      [2, 'accepted', 'inbound'],
      [3, 'note_added', 'inbound'],
    ]);
    expect(theirs[2].note).toBeUndefined();

    const outsiders = (await readAll(outsiderToken)).events;
    expect(outsiders.some((event) => event.case_token === kase.token)).toBe(false);
  });

  it('GET /v1/me names the user, the company and the credential with its scopes', async () => {
    const me = (await api.http().get('/api/v1/me').set(bearer(ourToken)).expect(200)).body;
    expect(me.user).toMatchObject({ id: ourCaller.id, email: ourCaller.email, role: 'caller' });
    expect(me.company).toEqual({ id: ours.id, name: ours.name, domain: ours.domain });
    expect(me.client).toEqual({ kind: 'session', id: null, scopes: ['cases:read', 'cases:write', 'webhooks:manage'] });
  });

  it('GET /v1/partners finds a partner by name with the intake form the caller may submit to, never its own company', async () => {
    const found = (
      await api
        .http()
        .get('/api/v1/partners')
        .query({ q: partner.name.toUpperCase() })
        .set(bearer(ourToken))
        .expect(200)
    ).body.data;
    expect(found).toHaveLength(1);
    expect(found[0]).toMatchObject({
      label: partner.name,
      company_id: partner.id,
      department_id: null,
      document_id: process.id,
      documents: [{ id: process.id, name: process.name }],
    });
    const own = (await api.http().get('/api/v1/partners').query({ q: ours.name }).set(bearer(ourToken)).expect(200))
      .body;
    expect(own.data).toEqual([]);
    const few = (await api.http().get('/api/v1/partners?limit=1').set(bearer(ourToken)).expect(200)).body;
    expect(few.data).toHaveLength(1);
  });

  it('answers 422 for a cursor it never gave out and for a page over the limit', async () => {
    for (const after of ['not-a-cursor', Buffer.from('1.x').toString('base64url'), 'x'.repeat(65)]) {
      const answer = await feed(ourToken, { after }).expect(422);
      expect(answer.body.errors).toEqual([{ field: 'after', message: FEED_MESSAGES.badCursor }]);
    }
    const tooMany = await feed(ourToken, { limit: FEED_PAGE.maxLimit + 1 }).expect(422);
    expect(tooMany.body.errors.map((error: { field: string }) => error.field)).toEqual(['limit']);
    // Errors of the integration API are problem details (RFC 9457).
    const unauthorized = await api.http().get('/api/v1/events').expect(401);
    expect(unauthorized.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect(unauthorized.body).toMatchObject({ type: 'about:blank', status: 401, instance: '/api/v1/events' });
  });

  it('tags every answer: the same tag in If-None-Match answers 304 without a body, a change gives a new tag', async () => {
    const first = await feed(partnerToken, { limit: 2 }).expect(200);
    const etag = first.headers.etag;
    expect(etag).toMatch(/^"[\w-]{27}"$/);
    const unchanged = await feed(partnerToken, { limit: 2 }).set('If-None-Match', `W/"other", ${etag}`).expect(304);
    expect(unchanged.text ?? '').toBe('');
    const kase = await aCaseRow(api, { from: ourCaller, to: process });
    await feedCaughtUp(api);
    const latest = await feed(partnerToken, { after: first.body.next_cursor, limit: 500 }).expect(200);
    expect(latest.body.data.some((event: FeedEvent) => event.case_token === kase.token)).toBe(true);
    const other = await feed(partnerToken, { after: first.body.next_cursor, limit: 500 })
      .set('If-None-Match', etag)
      .expect(200);
    expect(other.headers.etag).not.toBe(etag);
  });

  it('counts each client in its own window: RateLimit headers on every answer, 429 with Retry-After once spent', async () => {
    const limit = Number(loadServerConfig().CONNECT_RATE_LIMIT);
    const first = await feed(outsiderToken).expect(200);
    expect(first.headers['ratelimit-limit']).toBe(String(limit));
    const remaining = Number(first.headers['ratelimit-remaining']);
    const second = await feed(outsiderToken).expect(200);
    expect(Number(second.headers['ratelimit-remaining'])).toBe(remaining - 1);
    expect(Number(second.headers['ratelimit-reset'])).toBeGreaterThan(0);

    // Spend the outsider's window (the counter the api keeps in Redis), and only the outsider's.
    const outsiderId = (await api.http().get('/api/auth/me').set(bearer(outsiderToken)).expect(200)).body.user.id;
    await api.app.get<Redis>(REDIS).set(`rate:connect:user:${outsiderId}`, limit, 'EX', 30);
    const refused = await feed(outsiderToken).expect(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(refused.headers['ratelimit-remaining']).toBe('0');
    expect(refused.body).toMatchObject({ status: 429, title: 'Too Many Requests' });
    await feed(ourToken).expect(200);
  });

  it('a reader paging while many transactions commit out of order sees every committed entry once, in order', async () => {
    const cases: Case[] = [];
    for (let index = 0; index < 12; index += 1) cases.push(await aCaseRow(api, { from: ourCaller, to: process }));
    const start = (await readAll(ourToken)).cursor;
    const caseIds = new Set(cases.map((kase) => kase.id));

    // Writers: each transaction takes its id first, waits, then writes an entry to a random case and waits again
    // before it commits, so ids, entries and commits interleave in every order; one in six rolls back.
    let writing = true;
    const writer = async (seed: number) => {
      let state = seed;
      const random = () => (state = (state * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
      for (let round = 0; round < 25; round += 1) {
        const kase = cases[Math.floor(random() * cases.length)];
        await emOf(api)
          .transactional(async (tx: EntityManager) => {
            await tx.execute('select pg_current_xact_id()');
            await sleep(random() * 8);
            await appendCaseEvent(tx, { caseId: kase.id, type: 'note_added', actorLabel: `writer ${seed}` });
            await tx.flush();
            await sleep(random() * 8);
            if (random() < 1 / 6) throw new Error('rolled back on purpose');
          })
          .catch((error: Error) => {
            if (error.message !== 'rolled back on purpose') throw error;
          });
      }
    };

    // The reader pages with small, varying pages the whole time, and once more after the writers are done.
    const seen: FeedEvent[] = [];
    const reader = async () => {
      let cursor = start;
      let limit = 3;
      for (;;) {
        const done = !writing;
        const page = (await feed(ourToken, { limit, ...(cursor ? { after: cursor } : {}) }).expect(200))
          .body as FeedPage;
        seen.push(...page.data);
        cursor = page.next_cursor ?? cursor;
        limit = (limit % 7) + 1;
        if (done && !page.has_more) return;
      }
    };

    // And the case that defeats ordering by transaction id alone: an older transaction (lower id) that writes a
    // case after a newer one, waiting on the newer one's lock, gets the case's next seq.
    const olderWritesSecond = async (kase: Case) => {
      let newerWrote!: () => void;
      const wrote = new Promise<void>((resolve) => (newerWrote = resolve));
      let olderStarted!: () => void;
      const started = new Promise<void>((resolve) => (olderStarted = resolve));
      const entry = (label: string) => ({ caseId: kase.id, type: 'note_added' as const, actorLabel: label });
      const older = emOf(api).transactional(async (tx: EntityManager) => {
        await tx.execute('select pg_current_xact_id()');
        olderStarted();
        await wrote;
        await appendCaseEvent(tx, entry('older'));
        await tx.flush();
      });
      await started;
      await emOf(api).transactional(async (tx: EntityManager) => {
        await appendCaseEvent(tx, entry('newer'));
        await tx.flush();
        newerWrote();
        await sleep(20);
      });
      await older;
    };

    const reading = reader();
    await Promise.all([
      ...Array.from({ length: 8 }, (_, index) => writer(index + 1)),
      (async () => {
        for (const kase of cases.slice(0, 4)) await olderWritesSecond(kase);
      })(),
    ]);
    // The reader's last pass starts once the feed serves every commit above (tests elsewhere may hold it back).
    await feedCaughtUp(api);
    writing = false;
    await reading;

    const committed = await emOf(api).find(
      CaseEvent,
      { case: { $in: [...caseIds] }, seq: { $gt: 1 } },
      { orderBy: { id: 'asc' } },
    );
    const ours = seen.filter((event) => event.type === 'note_added' && cases.some((k) => k.token === event.case_token));
    const ids = ours.map((event) => event.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect([...ids].sort()).toEqual(committed.map((event) => `evt_${event.id}`).sort());
    expect(committed.length).toBeGreaterThan(100);
    // Each case's entries in seq order; the cursors in the feed's order.
    const lastSeq = new Map<string, number>();
    for (const event of ours) {
      expect(event.seq).toBeGreaterThan(lastSeq.get(event.case_token) ?? 0);
      lastSeq.set(event.case_token, event.seq);
    }
    const again = await readAll(ourToken, start, FEED_PAGE.maxLimit);
    expect(again.events.map((event) => event.id)).toEqual(seen.map((event) => event.id));
  });
});
