import { API, PRODUCED_JOB_NAMES, SERVER_EVENTS } from '@casebridge/contracts';
import { type User } from '@casebridge/db';
import { QUEUE_STATES } from '@casebridge/server-core';
import { parsePrometheusText, samplesOf, valueOf, type Sample } from '../../../../test/prometheus-text';
import { bearer, startApi, type ApiHarness } from '../../../../test/kit/api-harness';
import { collect, connectLive, followCase, type LiveClient } from '../../../test/live-clients';
import { aCase, aCompany, aProcess, aSignedInUser, aUser, signedIn } from '../../../../test/kit/factories';
import { serverPath } from '../common/contract-route';
import { UNMATCHED_ROUTE } from './api-metrics';

/** The queues the api sends jobs to: each must have its depth on /metrics. */
const PRODUCED_QUEUES = Object.entries(PRODUCED_JOB_NAMES)
  .filter(([, names]) => names.length > 0)
  .map(([queue]) => queue);

describe('api /metrics and probes', () => {
  let api: ApiHarness;
  // A business manager of our company, a caller of it, and an admin of the partner our accepted case went to.
  let ourToken: string;
  let ourCaller: User;
  let partnerToken: string;
  let caseToken: string;
  const sockets: LiveClient[] = [];

  const scrape = async (): Promise<Sample[]> => {
    const response = await api.http().get('/metrics').expect(200);
    expect(response.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    return parsePrometheusText(response.text);
  };
  const requestCount = (samples: Sample[], route: string, method: string, status: number) =>
    samplesOf(samples, 'http_request_duration_seconds_count', { route, method, status_code: String(status) }).reduce(
      (sum, sample) => sum + sample.value,
      0,
    );

  beforeAll(async () => {
    api = await startApi();
    const ours = await aCompany(api);
    const partner = await aCompany(api);
    ourToken = (await aSignedInUser(api, { company: ours, role: 'business_manager' })).token;
    ourCaller = await aUser(api, { company: ours, role: 'caller' });
    partnerToken = (await aSignedInUser(api, { company: partner, role: 'business_manager' })).token;
    const accepted = await aCase(api, {
      from: ourCaller,
      to: await aProcess(api, { company: partner }),
      status: 'accepted',
    });
    caseToken = accepted.token;
  });
  afterAll(async () => {
    sockets.forEach((socket) => socket.close());
    await api?.close();
  });

  it('answers the probes: live always, ready with PostgreSQL and Redis answering', async () => {
    await api.http().get('/api/health/live').expect(200, { status: 'ok' });
    await api.http().get('/api/health/ready').expect(200, { status: 'ready', database: true, redis: true });
  });

  it('times requests by route pattern, method and status, never by raw url', async () => {
    const detailsRoute = serverPath(API.cases.details);
    for (let index = 0; index < 3; index += 1) {
      await api.http().get(`/api/caller/case-details/${caseToken}`).set(bearer(ourToken)).expect(200);
    }
    await api.http().get('/api/caller/case-details/no-such-case').set(bearer(ourToken)).expect(404);
    await api.http().get('/api/no/such/route/at-all').expect(404);

    const samples = await scrape();
    expect(requestCount(samples, detailsRoute, 'GET', 200)).toBeGreaterThanOrEqual(3);
    expect(requestCount(samples, detailsRoute, 'GET', 404)).toBeGreaterThanOrEqual(1);
    expect(requestCount(samples, UNMATCHED_ROUTE, 'GET', 404)).toBeGreaterThanOrEqual(1);
    // A histogram: buckets up to +Inf that hold every request, and the sum of their durations.
    const labels = { route: detailsRoute, method: 'GET', status_code: '200' };
    expect(valueOf(samples, 'http_request_duration_seconds_bucket', { ...labels, le: '+Inf' })).toBe(
      valueOf(samples, 'http_request_duration_seconds_count', labels),
    );
    expect(valueOf(samples, 'http_request_duration_seconds_sum', labels)).toBeGreaterThan(0);
    const routes = new Set(samplesOf(samples, 'http_request_duration_seconds_count').map((s) => s.labels.route));
    expect([...routes].filter((route) => route.includes(caseToken) || route.includes('no-such'))).toEqual([]);
    // Default process metrics are in the same registry.
    expect(samplesOf(samples, 'process_cpu_user_seconds_total')).toHaveLength(1);
  });

  it('reports the depth of every queue the api sends to, by state', async () => {
    await api.http().post('/api/auth/forgot_password').send({ email: ourCaller.email }).expect(200);
    expect((await api.mailJobs()).length).toBeGreaterThanOrEqual(1);

    const samples = await scrape();
    for (const queue of PRODUCED_QUEUES) {
      for (const state of QUEUE_STATES) {
        expect(samplesOf(samples, 'bullmq_queue_jobs', { queue, state })).toHaveLength(1);
      }
    }
    // No worker runs here: the reset mail is still waiting (or prioritized) in the mail queue.
    const notStarted =
      valueOf(samples, 'bullmq_queue_jobs', { queue: 'mail', state: 'waiting' }) +
      valueOf(samples, 'bullmq_queue_jobs', { queue: 'mail', state: 'prioritized' });
    expect(notStarted).toBeGreaterThanOrEqual(1);
    expect(valueOf(samples, 'bullmq_scrape_errors_total')).toBe(0);
  });

  it('counts open sockets, their rooms and the live events emitted', async () => {
    const before = await scrape();
    const emittedBefore = samplesOf(before, 'realtime_events_emitted_total', { event: SERVER_EVENTS.caseEvent });
    const socket = await connectLive(api, { token: ourToken });
    sockets.push(socket);
    sockets.push(await connectLive(api, { token: await signedIn(api, ourCaller) }));
    await followCase(socket, caseToken);
    const events = collect(socket, SERVER_EVENTS.caseEvent);

    await api
      .http()
      .post(`/api/caller/case/${caseToken}/note`)
      .set(bearer(partnerToken))
      .send({ summary: 'Counted on /metrics', description: '' })
      .expect(200);
    await events.next(() => true);

    const samples = await scrape();
    expect(valueOf(samples, 'socketio_connections')).toBe(2);
    // Each signed-in socket joins its user, session and company rooms; following adds the case's.
    expect(valueOf(samples, 'socketio_rooms')).toBeGreaterThanOrEqual(5);
    const emitted = valueOf(samples, 'realtime_events_emitted_total', { event: SERVER_EVENTS.caseEvent });
    expect(emitted).toBeGreaterThan(emittedBefore[0]?.value ?? 0);
  });

  it('wants the bearer token when METRICS_TOKEN is set, and keeps each app its own registry', async () => {
    const token = 'metrics-scrape-token-for-tests';
    const guarded = await startApi({ METRICS_TOKEN: token }, { sameDeploymentAs: api });
    try {
      await guarded.http().get('/metrics').expect(401);
      await guarded.http().get('/metrics').set(bearer('not-the-token')).expect(401);
      await guarded.http().get('/metrics').set('Authorization', token).expect(401);
      const response = await guarded.http().get('/metrics').set(bearer(token)).expect(200);
      const samples = parsePrometheusText(response.text);
      // This app has served no case details: the first app's requests are not in its registry.
      expect(
        samplesOf(samples, 'http_request_duration_seconds_count', { route: serverPath(API.cases.details) }),
      ).toEqual([]);
      await guarded.http().get('/api/health/live').expect(200);
    } finally {
      await guarded.close();
    }
  });
});
