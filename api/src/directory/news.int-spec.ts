import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Redis } from 'ioredis';
import { bearer, startApi, type ApiHarness } from '../../../test/kit/api-harness';
import { aCompany, aSignedInUser } from '../../../test/kit/factories';
import { REDIS } from '../platform/redis/redis.module';
import { NEWS_CACHE_KEY } from './news.service';

type Mode = 'ok' | 'malformed' | 'error' | 'not-a-list' | 'silent';

const POSTS = [
  {
    id: 11,
    date: '2026-01-10T09:00:00',
    date_gmt: '2026-01-10T08:00:00',
    link: 'https://blog.casebridge.test/2026/01/interop-day',
    title: { rendered: 'Interop Day &#8211; what&#8217;s new' },
    excerpt: { rendered: '<p>Members met in <strong>Austin</strong> [&hellip;]</p>\n' },
    _embedded: { 'wp:featuredmedia': [{ source_url: 'https://blog.casebridge.test/media/interop.jpg' }] },
  },
  {
    id: 12,
    date: '2026-01-05T09:00:00',
    link: 'https://blog.casebridge.test/2026/01/sla',
    title: { rendered: 'New SLA reports' },
    excerpt: { rendered: '<p>Reports per group.</p>' },
  },
  {
    id: 13,
    date: '2025-12-20T09:00:00',
    link: 'javascript:alert(1)',
    title: { rendered: 'Skipped: no http link' },
    excerpt: { rendered: '' },
  },
  {
    id: 14,
    date: '2025-12-01T09:00:00',
    link: 'https://blog.casebridge.test/2025/12/welcome',
    title: { rendered: 'Welcome Umbrella Cloud' },
    excerpt: { rendered: '<p>A new member.</p>' },
    _embedded: { 'wp:featuredmedia': [{}] },
  },
];

describe('GET /api/caller/news against a WordPress-style blog', () => {
  let server: Server;
  let mode: Mode = 'ok';
  const requests: string[] = [];
  /** One per request held in 'silent' mode: resolves once the api closed that request's connection. */
  const hangUps: Promise<'hung up'>[] = [];
  let api: ApiHarness;
  let token: string;
  let redis: Redis;

  beforeAll(async () => {
    server = createServer((request, response) => {
      requests.push(request.url ?? '');
      if (mode === 'error') {
        response.writeHead(500).end('boom');
        return;
      }
      if (mode === 'silent') {
        // Never answered: the request stays open until the api hangs up.
        hangUps.push(new Promise((resolve) => response.on('close', () => resolve('hung up'))));
        return;
      }
      response.writeHead(200, { 'content-type': 'application/json' });
      if (mode === 'malformed') response.end('{"posts": [');
      else if (mode === 'not-a-list') response.end(JSON.stringify({ code: 'rest_no_route' }));
      else response.end(JSON.stringify(POSTS));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    api = await startApi({ BLOG_URL: `http://127.0.0.1:${port}/wp-json/wp/v2/posts` });
    ({ token } = await aSignedInUser(api, { company: await aCompany(api), role: 'caller' }));
    redis = api.app.get<Redis>(REDIS);
  });
  afterAll(async () => {
    server.closeAllConnections();
    if (server.listening) await new Promise((resolve) => server.close(resolve));
    await api.close();
  });

  const news = async () => (await api.http().get('/api/caller/news').set(bearer(token)).expect(200)).body;

  it('maps the three latest posts and asks for them with per_page=3&_embed=1', async () => {
    const posts = await news();
    expect(requests).toHaveLength(1);
    const asked = new URL(requests[0], 'http://x');
    expect(asked.pathname).toBe('/wp-json/wp/v2/posts');
    expect(asked.searchParams.get('per_page')).toBe('3');
    expect(asked.searchParams.get('_embed')).toBe('1');
    expect(posts).toEqual([
      {
        id: 11,
        title: 'Interop Day – what’s new',
        link: 'https://blog.casebridge.test/2026/01/interop-day',
        date: '2026-01-10T08:00:00.000Z',
        excerpt: 'Members met in Austin […]',
        image: 'https://blog.casebridge.test/media/interop.jpg',
      },
      {
        id: 12,
        title: 'New SLA reports',
        link: 'https://blog.casebridge.test/2026/01/sla',
        date: '2026-01-05T09:00:00',
        excerpt: 'Reports per group.',
        image: null,
      },
      expect.objectContaining({ id: 14, title: 'Welcome Umbrella Cloud', image: null }),
    ]);
  });

  it('answers from the Redis cache for ten minutes', async () => {
    const first = await news();
    expect(requests).toHaveLength(1);
    expect(first).toHaveLength(3);
    const ttl = await redis.ttl(NEWS_CACHE_KEY);
    expect(ttl).toBeGreaterThan(590);
    expect(ttl).toBeLessThanOrEqual(600);
  });

  it.each<[Mode]>([['malformed'], ['not-a-list'], ['error']])('a %s answer gives an empty list', async (answer) => {
    await redis.del(NEWS_CACHE_KEY);
    mode = answer;
    const before = requests.length;
    expect(await news()).toEqual([]);
    expect(requests.length).toBe(before + 1);
    // Failures are cached briefly so a dead blog does not slow every dashboard.
    expect(await redis.ttl(NEWS_CACHE_KEY)).toBeLessThanOrEqual(60);
  });

  it('a blog that never answers gives an empty list: the api stops waiting and hangs up', async () => {
    await redis.del(NEWS_CACHE_KEY);
    mode = 'silent';
    const before = requests.length;
    expect(await news()).toEqual([]);
    expect(requests.length).toBe(before + 1);
    // The blog never answered: the empty list is the api giving up on its own, and it closed the request.
    expect(await hangUps.at(-1)).toBe('hung up');
    const ttl = await redis.ttl(NEWS_CACHE_KEY);
    expect(ttl).toBeGreaterThan(0);
    expect(ttl).toBeLessThanOrEqual(60);
  });

  it('a blog that is down gives an empty list', async () => {
    await redis.del(NEWS_CACHE_KEY);
    mode = 'ok';
    const closed = new Promise((resolve) => server.close(resolve));
    server.closeAllConnections();
    await closed;
    expect(await news()).toEqual([]);
  });
});
