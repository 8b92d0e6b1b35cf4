import { JOB_NAMES, mailJobId, QUEUES } from '@casebridge/contracts';
import { QUEUE_STATES } from '@casebridge/server-core';
import { IntegrationEnv, prepareIntegrationEnv } from '../../../test/integration/test-env';
import { parsePrometheusText, samplesOf, valueOf, type Sample } from '../../../test/prometheus-text';
import { findFreePort, MailCatcher } from '../../../test/kit/mail-catcher';
import { waitForJobState } from '../../test/support/queue-helpers';
import { RunningWorker, startWorker } from '../../../test/kit/worker-app';
import { WorkerMetricsServer } from './worker-metrics.server';

// Mails go to plain addresses of a private mail catcher: the mail worker reads no user or company, only the
// stored templates (reference data), so this file needs no rows of its own.
describe('worker /metrics and probes', () => {
  let env: IntegrationEnv;
  let catcher: MailCatcher;
  let worker: RunningWorker;
  let base: string;

  const scrape = async (): Promise<Sample[]> => {
    const response = await fetch(`${base}/metrics`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
    return parsePrometheusText(await response.text());
  };

  beforeAll(async () => {
    env = await prepareIntegrationEnv();
    catcher = await new MailCatcher(await findFreePort()).start();
    worker = await startWorker(catcher.smtpUrl);
    const { host, port } = worker.app.get(WorkerMetricsServer).address;
    base = `http://${host}:${port}`;
  });

  afterAll(async () => {
    await worker?.close();
    await catcher?.stop();
    await env?.cleanup();
  });

  it('listens on a free port in tests and answers its probes', async () => {
    expect(worker.app.get(WorkerMetricsServer).address.port).not.toBe(9465);
    const live = await fetch(`${base}/health/live`);
    expect([live.status, await live.json()]).toEqual([200, { status: 'ok' }]);
    const ready = await fetch(`${base}/health/ready`);
    expect([ready.status, await ready.json()]).toEqual([200, { status: 'ready', database: true, redis: true }]);
    expect((await fetch(`${base}/nothing-here`)).status).toBe(404);
    expect((await fetch(`${base}/metrics`, { method: 'POST' })).status).toBe(405);
  });

  it('counts jobs with their durations by queue, name and status, and the mails sent', async () => {
    await worker.enqueue({
      template: 'password-reset',
      to: ['metrics@mail-recipient.test'],
      variables: { first_name: 'Metrics', link: 'http://casebridge.test/reset' },
      dedupeKey: 'metrics:sent',
    });
    // A template that does not exist fails at once, for good.
    await worker.enqueue({
      template: 'no-such-template' as never,
      to: ['metrics@mail-recipient.test'],
      variables: {},
      dedupeKey: 'metrics:failed',
    });
    await waitForJobState(worker.queue, mailJobId('metrics:sent'), ['completed']);
    await waitForJobState(worker.queue, mailJobId('metrics:failed'), ['failed']);

    const samples = await scrape();
    const series = (status: string) => ({ queue: QUEUES.mail, name: JOB_NAMES.sendMail, status });
    expect(valueOf(samples, 'bullmq_jobs_total', series('completed'))).toBe(1);
    expect(valueOf(samples, 'bullmq_jobs_total', series('failed'))).toBe(1);
    expect(valueOf(samples, 'bullmq_job_duration_seconds_count', series('completed'))).toBe(1);
    expect(valueOf(samples, 'bullmq_job_duration_seconds_bucket', { ...series('completed'), le: '+Inf' })).toBe(1);
    expect(valueOf(samples, 'casebridge_mails_sent_total')).toBe(1);
    expect((await catcher.waitForMailTo('metrics@mail-recipient.test')).subject).toMatch(/password/i);

    // Every queue's depth by state, read from Redis: the two mail jobs are kept as completed and failed.
    for (const queue of Object.values(QUEUES)) {
      for (const state of QUEUE_STATES)
        expect(samplesOf(samples, 'bullmq_queue_jobs', { queue, state })).toHaveLength(1);
    }
    expect(valueOf(samples, 'bullmq_queue_jobs', { queue: QUEUES.mail, state: 'completed' })).toBe(1);
    expect(valueOf(samples, 'bullmq_queue_jobs', { queue: QUEUES.mail, state: 'failed' })).toBe(1);
    expect(valueOf(samples, 'bullmq_scrape_errors_total')).toBe(0);
  });
});
