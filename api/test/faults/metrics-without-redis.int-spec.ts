import { hideRedisOutageNoise } from '../../../worker/test/faults/support/outage-noise';
import { PrivateRedis } from '../../../worker/test/faults/support/private-redis';
import { settleWithin } from '../../../worker/test/faults/support/timing';
import { parsePrometheusText, samplesOf, valueOf } from '../../../test/prometheus-text';
import { waitFor } from '../../../test/wait-for';
import { startApi, type ApiHarness } from '../api-harness';

/**
 * Redis (a private server) is killed under a running api: readiness turns 503 naming Redis while liveness stays
 * 200, and /metrics still answers (without the queue depths, counting the failed read).
 */
describe('metrics and probes with Redis away', () => {
  let redis: PrivateRedis;
  let api: ApiHarness;

  beforeAll(async () => {
    hideRedisOutageNoise();
    redis = await PrivateRedis.start();
    api = await startApi({ REDIS_URL: redis.url });
  }, 120_000);
  afterAll(async () => {
    // Redis comes back before the api closes: closing while it is away does not finish yet (see the decisions).
    if (redis && !redis.running) await settleWithin(redis.start(), 10_000);
    if (api) await settleWithin(api.close(), 15_000);
    await redis?.destroy();
  });

  it('answers /metrics without the queue depths, and ready 503 naming Redis', async () => {
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
});
