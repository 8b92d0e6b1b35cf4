import { hideRedisOutageNoise } from '../../../test/kit/faults/outage-noise';
import { PrivateRedis } from '../../../test/kit/faults/private-redis';
import { settleWithin } from '../../../test/kit/faults/timing';
import { parsePrometheusText, samplesOf, valueOf } from '../../../test/prometheus-text';
import { waitFor } from '../../../test/wait-for';
import { startApi, type ApiHarness } from '../../../test/kit/api-harness';
import { aCompany, aUser, signedIn } from '../../../test/kit/factories';
import { connectLive, type LiveClient } from '../live-clients';

/** A shutdown still running after this is hanging (a bound for a broken run, not a timing target). */
const SHUTDOWN_BOUND_MS = 60_000;

/**
 * Redis (a private server) is killed under a running api: readiness turns 503 naming Redis while liveness stays
 * 200, and /metrics still answers (without the queue depths, counting the failed read). Then the api must still stop
 * when told to (a deploy or a restart during an outage) instead of waiting for Redis to come back: every connection
 * it holds (queues, cache, session invalidation, the Socket.IO adapter, the relay consumer's blocking read) is given up.
 */
describe('metrics, probes and shutdown with Redis away', () => {
  let redis: PrivateRedis;
  let api: ApiHarness | undefined;
  let socket: LiveClient | undefined;

  beforeAll(async () => {
    hideRedisOutageNoise();
    redis = await PrivateRedis.start();
    api = await startApi({ REDIS_URL: redis.url });
    // Every Redis connection in use: a signed-in request (the session cache and its invalidation channel) and a
    // live socket (the adapter's streams); the relay consumer reads from its start.
    const user = await aUser(api, { company: await aCompany(api), role: 'caller' });
    socket = await connectLive(api, { token: await signedIn(api, user) });
  }, 120_000);
  afterAll(async () => {
    socket?.close();
    if (api) await settleWithin(api.close(), 15_000);
    await redis?.destroy();
  });

  it('answers /metrics without the queue depths, and ready 503 naming Redis', async () => {
    const api = running();
    const before = parsePrometheusText((await api.http().get('/metrics').expect(200)).text);
    expect(samplesOf(before, 'bullmq_queue_jobs').length).toBeGreaterThan(0);

    await redis.kill('SIGKILL');
    const ready = await waitFor(
      () => api.http().get('/api/health/ready'),
      (answer) => answer.status === 503,
      { what: 'readiness to report Redis away' },
    );
    expect(ready.body).toEqual({ status: 'unavailable', database: true, redis: false });
    await api.http().get('/api/health/live').expect(200, { status: 'ok' });

    const during = parsePrometheusText((await api.http().get('/metrics').expect(200)).text);
    expect(samplesOf(during, 'bullmq_queue_jobs')).toEqual([]);
    expect(valueOf(during, 'bullmq_scrape_errors_total')).toBeGreaterThanOrEqual(1);
    const refusedProbes = { route: '/api/health/ready', method: 'GET', status_code: '503' };
    expect(valueOf(during, 'http_request_duration_seconds_count', refusedProbes)).toBeGreaterThanOrEqual(1);
  });

  it(
    'then closes without waiting for Redis',
    async () => {
      const closing = running();
      if (redis.running) await redis.kill('SIGKILL'); // when run alone (-t)
      let timer: NodeJS.Timeout | undefined;
      const outcome = await Promise.race([
        closing.close().then(() => 'closed' as const),
        new Promise<'still waiting'>(
          (resolve) => (timer = setTimeout(() => resolve('still waiting'), SHUTDOWN_BOUND_MS)),
        ),
      ]);
      clearTimeout(timer);
      if (outcome === 'closed') api = undefined;

      expect(outcome).toBe('closed');
    },
    SHUTDOWN_BOUND_MS + 30_000,
  );

  function running(): ApiHarness {
    if (!api) throw new Error('the api did not start');
    return api;
  }
});
