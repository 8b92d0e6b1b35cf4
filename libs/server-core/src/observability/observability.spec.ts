import { checkReadiness } from './probes';
import { metricsAccessAllowed } from './metrics-token';
import { readQueueDepths, type CountableQueue } from './queue-depths';

const never = () => new Promise<never>(() => undefined);
const answers = { execute: async () => [{ '?column?': 1 }] };
const redisUp = { status: 'ready', ping: async () => 'PONG' };

describe('metrics token', () => {
  it('lets everyone scrape when no token is configured', () => {
    expect(metricsAccessAllowed('', undefined)).toBe(true);
  });

  it('wants exactly the configured bearer token once one is', () => {
    expect(metricsAccessAllowed('s3cret-token', 'Bearer s3cret-token')).toBe(true);
    expect(metricsAccessAllowed('s3cret-token', 'bearer s3cret-token')).toBe(true);
    expect(metricsAccessAllowed('s3cret-token', undefined)).toBe(false);
    expect(metricsAccessAllowed('s3cret-token', 'Bearer s3cret-toke')).toBe(false);
    expect(metricsAccessAllowed('s3cret-token', 'Bearer s3cret-token-and-more')).toBe(false);
    expect(metricsAccessAllowed('s3cret-token', 's3cret-token')).toBe(false);
    expect(metricsAccessAllowed('s3cret-token', 'Basic czNjcmV0LXRva2Vu')).toBe(false);
  });
});

describe('readiness', () => {
  it('is ready when the database and Redis both answer', async () => {
    await expect(checkReadiness({ database: answers, redis: redisUp })).resolves.toEqual({
      ready: true,
      database: true,
      redis: true,
    });
  });

  it('names the check that failed: an error, no answer within the bound, or a Redis not connected', async () => {
    const refused = { execute: () => Promise.reject(new Error('ECONNREFUSED')) };
    await expect(checkReadiness({ database: refused, redis: redisUp }, 50)).resolves.toEqual({
      ready: false,
      database: false,
      redis: true,
    });
    const silent = { status: 'ready', ping: never };
    await expect(checkReadiness({ database: answers, redis: silent }, 50)).resolves.toEqual({
      ready: false,
      database: true,
      redis: false,
    });
    let pinged = false;
    const reconnecting = { status: 'reconnecting', ping: async () => (pinged = true) };
    await expect(checkReadiness({ database: answers, redis: reconnecting }, 50)).resolves.toMatchObject({
      ready: false,
      redis: false,
    });
    // The PING is not queued on a connection that is away.
    expect(pinged).toBe(false);
  });
});

describe('queue depths', () => {
  const queue = (name: string, counts: Record<string, number>): CountableQueue => ({
    name,
    getJobCounts: async () => counts,
  });

  it('reads every state of every queue, a state Redis did not report as 0', async () => {
    const depths = await readQueueDepths([queue('mail', { waiting: 3, failed: 1 }), queue('exports', {})]);
    expect(depths).toEqual([
      {
        queue: 'mail',
        counts: { waiting: 3, prioritized: 0, active: 0, delayed: 0, failed: 1, completed: 0, paused: 0 },
      },
      {
        queue: 'exports',
        counts: { waiting: 0, prioritized: 0, active: 0, delayed: 0, failed: 0, completed: 0, paused: 0 },
      },
    ]);
  });

  it('gives up when Redis does not answer within the bound', async () => {
    const stuck: CountableQueue = { name: 'mail', getJobCounts: never };
    await expect(readQueueDepths([stuck], 50)).rejects.toThrow('queue job counts: no answer within 50 ms');
  });
});
