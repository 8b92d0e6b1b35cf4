import { Client } from 'pg';
import { hideRedisOutageNoise } from '../../../test/kit/faults/outage-noise';
import { PrivateRedis } from '../../../test/kit/faults/private-redis';
import { readUntil, waitFor } from '../../../test/wait-for';
import { settleWithin } from '../../../test/kit/faults/timing';
import { bearer, startApi, type ApiHarness } from '../../../test/kit/api-harness';
import { aCase, aCompany, aProcess, aUser, signedIn } from '../../../test/kit/factories';
import { connectLive, followCase, type LiveClient } from '../live-clients';
import {
  closeFollowers,
  divergent,
  openFollowers,
  waitForConvergence,
  type LiveFollower,
} from './support/live-followers';

const CLIENTS = 100;

/**
 * Redis (a private server with an append-only file, as production persists) is SIGKILLed under a running api with
 * live clients, while notes are posted and cases closed, and comes back on the same address. The same api
 * process answers again, every client converges on every note exactly once, and every case-closed mail of a case
 * that was closed is in the queue (the jobs the worker would send).
 */
describe('Redis restart under the api', () => {
  let redis: PrivateRedis;
  let api: ApiHarness;
  let followers: LiveFollower[] = [];
  let watcher: LiveClient | undefined;

  beforeAll(async () => {
    hideRedisOutageNoise();
    redis = await PrivateRedis.start({ persistent: true });
    api = await startApi({ REDIS_URL: redis.url });
  }, 120_000);
  afterAll(async () => {
    closeFollowers(followers);
    watcher?.close();
    if (redis && !redis.running) await settleWithin(redis.start(), 10_000);
    if (api) await settleWithin(api.close(), 15_000);
    await redis?.destroy();
  });

  it('recovers without a restart: clients converge, every note once, no mail job lost', async () => {
    // An accepted case between two companies of our own: the submitter's business manager follows it live (and
    // alone may close it), the receiver's business manager posts the notes.
    const submitter = await aUser(api, { company: await aCompany(api), role: 'business_manager' });
    const receiver = await aCompany(api);
    const receiverManager = await aUser(api, { company: receiver, role: 'business_manager' });
    const receivingProcess = await aProcess(api, { company: receiver });
    const followed = await aCase(api, { from: submitter, to: receivingProcess, status: 'accepted' });
    const submitterToken = await signedIn(api, submitter);
    const receiverToken = await signedIn(api, receiverManager);
    // Asks for a password reset once Redis is back.
    const { email: resetEmail } = await aUser(api, { company: receiver, role: 'caller' });
    const postNote = (summary: string) =>
      api
        .http()
        .post(`/api/caller/case/${followed.token}/note`)
        .set(bearer(receiverToken))
        .send({ summary, description: '' });

    followers = await openFollowers(api.url, submitterToken, followed.token, CLIENTS);
    const startSeq = followers[0].lastSeq ?? 0;
    expect((await postNote('Before the crash')).status).toBe(200);
    expect(await waitForConvergence(followers, startSeq + 1, 20_000)).toBe(0);
    watcher = await connectLive(api, { token: submitterToken });

    await redis.kill('SIGKILL');
    // Requests while Redis is away: each is either done (2xx) or refused (5xx); nothing in between may be lost.
    const duringNotes = [];
    for (let index = 0; index < 3; index += 1)
      duringNotes.push((await postNote(`During the outage ${index + 1}`)).status);
    // Closing commits in PostgreSQL, then queues the case-closed mail: the mail must not be lost.
    const closed = await api
      .http()
      .post(`/api/caller/case/${followed.token}/close`)
      .set(bearer(submitterToken))
      .send({});
    // Redis comes back once the api itself reports it away (its health route), not after a guessed pause.
    await waitFor(
      async () => (await api.http().get('/api/health')).body as { redis?: boolean },
      (health) => health.redis === false,
      { what: 'the api to report Redis down' },
    );
    // A follow meanwhile still gets its replay (presence, kept in Redis, is skipped), and at once: unanswered, the
    // client would wait out its own timeout.
    const followedMeanwhile = await followCase(watcher, followed.token, startSeq);
    expect(followedMeanwhile.ok && followedMeanwhile.missed.map((entry) => entry.seq)).toContain(startSeq + 1);
    await redis.start();

    // The same api answers a route that needs Redis again (rate limit and mail queue), within a bounded wait.
    const forgot = () => api.http().post('/api/auth/forgot_password').send({ email: resetEmail });
    const after = await readUntil(forgot, (answer) => answer.status === 200, { timeoutMs: 30_000, everyMs: 500 });
    expect(after.value.status).toBe(200);

    const lastSeq = await currentSeq(followed.token);
    const behind = await waitForConvergence(followers, lastSeq, 30_000);
    const wrong = divergent(followers, startSeq, lastSeq);

    // Mails the api accepted while Redis was away are queued once it is back (bounded wait), in order.
    const closedKeys = await closedMailKeys([followed.token]);
    const expected = [...closedKeys, `password-reset to ${resetEmail}`];
    const { value: lostMails } = await readUntil(
      async () => {
        const queued = (await api.mailJobs()).flatMap((job) => [job.dedupeKey, `${job.template} to ${job.to.join()}`]);
        return expected.filter((key) => !queued.includes(key));
      },
      (lost) => lost.length === 0,
      { timeoutMs: 20_000, everyMs: 250 },
    );
    console.log(
      `redis restart under the api: notes during the outage answered ${duringNotes.join(', ')}; the close answered ` +
        `${closed.status}; ${CLIENTS - behind}/${CLIENTS} clients converged on seq ` +
        `${lastSeq}, ${wrong.length} with a missing or repeated event; ${closedKeys.length} case closed, ` +
        `${lostMails.length} of ${expected.length} mails lost`,
    );
    expect(behind).toBe(0);
    expect(wrong).toHaveLength(0);
    expect(lostMails).toEqual([]);
  }, 150_000);
});

async function query<T>(sql: string, values: unknown[]): Promise<T[]> {
  const client = new Client({ connectionString: process.env.DATABASE_URL });
  await client.connect();
  try {
    return (await client.query(sql, values)).rows as T[];
  } finally {
    await client.end();
  }
}

/** The case's last event number, from the database (the truth the clients must reach). */
async function currentSeq(token: string): Promise<number> {
  const [row] = await query<{ event_seq: number }>('select event_seq from cases where token = $1', [token]);
  return row.event_seq;
}

/** Dedupe keys of the case-closed mails the cases that really closed must have queued. */
async function closedMailKeys(tokens: string[]): Promise<string[]> {
  const rows = await query<{ id: number }>(`select id from cases where token = any($1) and status = 'closed'`, [
    tokens,
  ]);
  return rows.map((row) => `case-closed-${row.id}`);
}
