// Jobs: mail jobs end to end (enqueued as MailProducer does, sent by the real worker to an SMTP sink) against
// no-op BullMQ jobs on the same Redis under another prefix, same burst and concurrency.
// Latency of a job: enqueue to finished (BullMQ's timestamp and finishedOn); throughput: jobs / burst duration.
import contracts from '@casebridge/contracts';
import { Queue, Worker } from 'bullmq';
import { Redis } from 'ioredis';
import { setTimeout as sleep } from 'node:timers/promises';
import { deleteRedisPrefix, startSinkWorker } from './lib/api-process.mjs';
import { percentiles } from './lib/load.mjs';
import { freePort, stopChild } from './lib/processes.mjs';
import { comparisonRows } from './lib/report.mjs';
import { startSmtpSink } from './lib/smtp-sink.mjs';

/** The worker's MAIL_CONCURRENCY; the no-op worker gets the same. */
const MAIL_CONCURRENCY = 5;

function mailJob(runId, index) {
  const mail = {
    template: 'password-reset',
    to: [`bench${index}@bench.test`],
    variables: { first_name: 'Bench', link: `http://localhost/reset/${runId}/${index}`, product: 'Casebridge' },
    dedupeKey: `bench-reset:${runId}:${index}`,
  };
  return {
    name: contracts.JOB_NAMES.sendMail,
    data: mail,
    opts: { ...contracts.MAIL_JOB_OPTIONS, jobId: contracts.mailJobId(mail.dedupeKey) },
  };
}

async function waitForCompleted(queue, expected, timeoutMs) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const counts = await queue.getJobCounts('completed', 'failed');
    if (counts.completed + counts.failed >= expected) return counts;
    if (Date.now() > deadline) throw new Error(`${queue.name}: ${counts.completed}/${expected} jobs after timeout`);
    await sleep(50);
  }
}

/** Enqueues the burst, waits for it, and measures it from the jobs' own timestamps. */
async function burst(queue, jobs, alreadyCompleted) {
  await queue.addBulk(jobs);
  const counts = await waitForCompleted(queue, alreadyCompleted + jobs.length, 300_000);
  const ids = new Set(jobs.map((job) => job.opts?.jobId).filter(Boolean));
  const finished = (await queue.getJobs(['completed'], 0, -1)).filter((job) => ids.size === 0 || ids.has(job.id));
  const measured = finished.slice(0, jobs.length);
  const latencies = measured.map((job) => job.finishedOn - job.timestamp);
  const first = Math.min(...measured.map((job) => job.timestamp));
  const last = Math.max(...measured.map((job) => job.finishedOn));
  return {
    ...percentiles(latencies),
    rps: measured.length / ((last - first) / 1000),
    requests: measured.length,
    errors: counts.failed,
  };
}

export async function runJobsBench({ databaseUrl, redisUrl, settings }) {
  const runId = `${process.pid}${Date.now().toString(36)}`;
  const mailPrefix = `casebridge_bench_${runId}_mail`;
  const noopPrefix = `casebridge_bench_${runId}_noop`;
  const redis = new Redis(redisUrl, { maxRetriesPerRequest: null });
  const smtpPort = await freePort();
  const smtp = await startSmtpSink(smtpPort);
  const worker = startSinkWorker('worker', { databaseUrl, redisUrl, redisPrefix: mailPrefix, smtpPort });
  const mailQueue = new Queue(contracts.QUEUES.mail, { connection: redis, prefix: mailPrefix });
  const noopQueue = new Queue('noop', { connection: redis, prefix: noopPrefix });
  const noopConnection = redis.duplicate();
  const noopWorker = new Worker('noop', async () => undefined, {
    connection: noopConnection,
    prefix: noopPrefix,
    concurrency: MAIL_CONCURRENCY,
  });
  try {
    // Warm-up: one job each, which also waits for the worker to boot.
    await burst(mailQueue, [mailJob(runId, 'warm-up')], 0);
    await burst(noopQueue, [{ name: 'noop', data: {}, opts: { jobId: 'noop-warm-up' } }], 0);

    const count = settings.jobs;
    const mails = Array.from({ length: count }, (_, index) => mailJob(runId, index));
    const noops = Array.from({ length: count }, (_, index) => ({
      name: 'noop',
      data: mails[index].data,
      opts: { ...contracts.MAIL_JOB_OPTIONS, jobId: `noop-${index}` },
    }));
    const ours = await burst(mailQueue, mails, 1);
    const raw = await burst(noopQueue, noops, 1);
    const lost = count + 1 - smtp.sink.received;
    settings.log(
      `jobs: mail p99 ${ours.p99.toFixed(0)} ms ${ours.rps.toFixed(0)}/s, no-op p99 ${raw.p99.toFixed(0)} ms ` +
        `${raw.rps.toFixed(0)}/s; ${smtp.sink.received} mails reached the SMTP sink (${lost} missing)`,
    );
    const label = `mail job end to end vs no-op job (${count} at once, concurrency ${MAIL_CONCURRENCY})`;
    return {
      rows: comparisonRows(label, ours, raw, {}),
      notes: [`Jobs: ${smtp.sink.received} of ${count + 1} mails reached the SMTP sink (${lost} missing).`],
    };
  } finally {
    await noopWorker.close();
    await stopChild(worker);
    await mailQueue.close();
    await noopQueue.close();
    await deleteRedisPrefix(redisUrl, mailPrefix);
    await deleteRedisPrefix(redisUrl, noopPrefix);
    await noopConnection.quit();
    await redis.quit();
    await smtp.close();
  }
}
