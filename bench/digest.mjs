// Daily digest: DIGEST_USERS users (20,000 by default) who put every configurable kind in the digest, each watching
// three generated cases with unread entries, in five time zones. One real worker process (worker/dist) runs one scan
// with a pinned time at which every one of them is past 07:00 local, builds one digest per user and sends it to an
// SMTP sink. Measured: from queueing the scan to the last digest reaching the sink; the limit is 2 minutes.
import contracts from '@casebridge/contracts';
import { Queue } from 'bullmq';
import { Redis } from 'ioredis';
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import { deleteRedisPrefix, startSinkWorker } from './lib/api-process.mjs';
import { freePort, processCpuSeconds, stopChild } from './lib/processes.mjs';
import { noteRow } from './lib/report.mjs';
import { startSmtpSink } from './lib/smtp-sink.mjs';

const LIMIT_SECONDS = 120;
const CASES_WATCHED = 3;
/** Every kind a user may put in the digest, as the contract offers them. */
const DIGEST_KINDS = contracts.MAIL_KINDS.filter((kind) =>
  contracts.MAIL_KIND_INFO[kind].deliveries.includes('digest'),
);
/** At 16:00 UTC each of these is between 08:00 and 21:30 local: every user is due. */
const TIME_ZONES = [null, 'America/New_York', 'America/Los_Angeles', 'Europe/Berlin', 'Asia/Kolkata'];

async function waitUntil(what, check, timeoutMs) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`digest bench: ${what} did not happen within ${timeoutMs / 1000} s`);
    await sleep(100);
  }
}

/** The digest users, their choices and their watched cases, in four statements. */
async function buildUsers(client, runId, users) {
  const { rows: cases } = await client.query(
    `select id from cases where internal_case_number like 'BC-%' and event_seq >= 2 and deleted_at is null
      order by id limit 5000`,
  );
  if (cases.length < CASES_WATCHED) throw new Error('digest bench: the bench database holds no cases with entries');
  const {
    rows: [company],
  } = await client.query(
    `insert into companies (name, full_name, slug, url, domain, status, membership_type, login_method, created_at,
       updated_at)
     values ($1::text, $1::text, $1::text, 'https://digest.test', $1::text || '.test', 'active', 'basic',
       'requires_registration', now(), now())
     returning id`,
    [`bench-digest-${runId}`],
  );
  await client.query(
    `insert into users (first_name, last_name, email, role, type, status, approval_status, company_id, time_zone,
       registration_type, created_at, updated_at)
     select 'Digest', 'Reader ' || i, 'digest' || i || '@bench-digest-' || $2 || '.test', 'caller', 'basic', 'active',
       'approved', $1, ($3::text[])[1 + i % $4], 'admin', now(), now()
       from generate_series(1, $5) i`,
    [company.id, runId, TIME_ZONES, TIME_ZONES.length, users],
  );
  await client.query(
    `insert into mail_preferences (user_id, kind, delivery)
     select u.id, k, 'digest' from users u cross join unnest($2::text[]) k where u.company_id = $1`,
    [company.id, DIGEST_KINDS],
  );
  // Read up to the first entry: everything after it is unread.
  await client.query(
    `insert into case_readers (user_id, case_id, side, watching, read_seq, read_count)
     select u.id, ($2::int[])[1 + ((u.id * ${CASES_WATCHED} + k) % $3)], 'submitter', true, 1, 1
       from users u cross join generate_series(0, ${CASES_WATCHED - 1}) k where u.company_id = $1
     on conflict do nothing`,
    [company.id, cases.map((row) => row.id), cases.length],
  );
  return company.id;
}

export async function runDigestBench({ databaseUrl, redisUrl, settings }) {
  const users = settings.digestUsers;
  const runId = `${process.pid}${Date.now().toString(36)}`;
  const prefix = `casebridge_bench_${runId}_digest`;
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  const redis = new Redis(redisUrl, { maxRetriesPerRequest: null });
  const smtpPort = await freePort();
  const smtp = await startSmtpSink(smtpPort);
  const worker = startSinkWorker('worker', { databaseUrl, redisUrl, redisPrefix: prefix, smtpPort });
  const digestQueue = new Queue(contracts.QUEUES.digest, { connection: redis, prefix });
  let companyId = null;
  try {
    // Boot: a scan at a time nobody is due, then no more wall-clock scans while we measure.
    const warm = await digestQueue.add('digest-scan', { now: '2001-01-01T00:00:00.000Z' }, { attempts: 1 });
    await waitUntil('the worker boot', async () => (await warm.getState()) === 'completed', 120_000);
    await digestQueue.removeJobScheduler('digest-scan');

    const buildStart = Date.now();
    companyId = await buildUsers(client, runId, users);
    const buildMs = Date.now() - buildStart;
    const digestSubject = (subject) => subject.includes('Your daily digest');
    const digestsReceived = () =>
      [...smtp.sink.subjects].filter(([subject]) => digestSubject(subject)).reduce((sum, [, n]) => sum + n, 0);

    const day = new Date(Date.now() + 400 * 24 * 3600_000).toISOString().slice(0, 10);
    const cpuBefore = processCpuSeconds(worker.pid);
    const start = Date.now();
    const scan = await digestQueue.add('digest-scan', { now: `${day}T16:00:00.000Z` }, { attempts: 1 });
    await waitUntil('the scan', async () => (await scan.getState()) === 'completed', 300_000);
    const scanMs = (await digestQueue.getJob(scan.id)).finishedOn - start;
    await waitUntil('every digest at the sink', async () => digestsReceived() >= users, 600_000);
    const totalMs = Date.now() - start;
    const cpu = processCpuSeconds(worker.pid) - cpuBefore;
    const {
      rows: [sent],
    } = await client.query(
      `select count(*)::int as days, coalesce(sum(entries), 0)::int as entries from digest_sends d
        join users u on u.id = d.user_id where u.company_id = $1`,
      [companyId],
    );
    const seconds = totalMs / 1000;
    const rate = users / seconds;
    settings.log(
      `digest: ${users} users in ${seconds.toFixed(1)} s (${rate.toFixed(0)} mails/s, scan ${(scanMs / 1000).toFixed(1)} s, ` +
        `worker CPU ${cpu.toFixed(1)} s); ${digestsReceived()} digests at the sink, ${sent.days} days recorded, ` +
        `${sent.entries} entries listed; users built in ${(buildMs / 1000).toFixed(1)} s`,
    );
    const label = `daily digest, ${users} users, one worker`;
    return {
      rows: [
        noteRow(
          label,
          'total s',
          seconds.toFixed(1),
          `≤ ${LIMIT_SECONDS} s`,
          seconds <= LIMIT_SECONDS ? 'pass' : 'miss',
        ),
        noteRow(label, 'mails /s', rate.toFixed(0)),
        noteRow(label, 'scan s (queue every user job)', (scanMs / 1000).toFixed(1)),
        noteRow(label, 'worker CPU ms per digest', ((cpu * 1000) / users).toFixed(2)),
      ],
      notes: [
        `Digest: ${users} users in ${TIME_ZONES.length} time zones, each watching ${CASES_WATCHED} generated cases ` +
          `with unread entries and every configurable kind in the digest; one scan at a pinned 16:00 UTC (every user ` +
          `past 07:00 local), one worker process (send jobs of 100 users, 2 at a time; mail concurrency 5), mails to an SMTP sink. ` +
          `${digestsReceived()} digests reached the sink; ${sent.days} days recorded; ${sent.entries} entries listed.`,
      ],
    };
  } finally {
    await stopChild(worker);
    await digestQueue.close();
    if (companyId !== null) await client.query('delete from companies where id = $1', [companyId]);
    await client.end();
    await deleteRedisPrefix(redisUrl, prefix);
    await redis.quit();
    await smtp.close();
  }
}
