import { SOCKET_CONNECT_ERRORS } from '@casebridge/contracts';
import { MikroORM } from '@mikro-orm/postgresql';
import { Client } from 'pg';
import { bearer, startApi, type ApiHarness } from '../../../../test/kit/api-harness';
import { aCase, aCompany, aProcess, aUser, signedIn } from '../../../../test/kit/factories';
import { waitFor } from '../../../../test/wait-for';
import { connectLive, type LiveClient } from '../../../test/live-clients';
import { ShutdownDrain } from './shutdown-drain';

/** A drain short enough for the suite, long enough to tell its halves apart. */
const DRAIN_MS = 600;

/**
 * What SIGTERM does to an api instance behind a balancer: not-ready first (the balancer stops sending it traffic),
 * and it refuses new sockets; then its sockets are let go (a reconnectable close, a few at a time), and the close
 * waits for the request in flight, which answers and keeps its write. The request is held in flight by a row lock
 * another connection takes on its case.
 */
describe('readiness and graceful shutdown of an api instance', () => {
  let api: ApiHarness;
  let locker: Client;
  let socket: LiveClient;

  beforeAll(async () => {
    api = await startApi();
    locker = new Client({ connectionString: api.deployment.databaseUrl });
    await locker.connect();
  }, 90_000);

  afterAll(async () => {
    socket?.close();
    await locker?.end().catch(() => undefined);
    await api?.close();
  });

  it('stays ready while every pooled connection is busy: the probe asks PostgreSQL on a connection of its own', async () => {
    const connection = api.app.get(MikroORM).em.getConnection();
    // More sleepers than the pool has connections: the pool is exhausted, and requests wait for it.
    const sleepers = Array.from({ length: 12 }, () => connection.execute('select pg_sleep(3)'));
    await waitFor(
      async () =>
        (
          await locker.query<{ sleeping: number }>(
            `select count(*)::int as sleeping from pg_stat_activity
              where query = 'select pg_sleep(3)' and datname = current_database()`,
          )
        ).rows[0].sleeping,
      (sleeping) => sleeping >= 10,
      { what: 'the pool busy with sleepers' },
    );
    const ready = await api.http().get('/api/health/ready');
    expect({ status: ready.status, body: ready.body }).toEqual({
      status: 200,
      body: { status: 'ready', database: true, redis: true },
    });
    await Promise.all(sleepers);
  });

  it('turns not-ready, ends its sockets as reconnectable, and closes only after the request in flight answers', async () => {
    const caller = await aUser(api, { company: await aCompany(api), role: 'caller' });
    const partner = await aProcess(api, { company: await aCompany(api) });
    const { token: caseToken, id: caseId } = await aCase(api, { from: caller, to: partner, status: 'accepted' });
    const token = await signedIn(api, caller);
    socket = await connectLive(api, { token });
    const disconnected = new Promise<{ reason: string; at: number }>((resolve) =>
      socket.once('disconnect', (reason) => resolve({ reason, at: Date.now() })),
    );
    await api.http().get('/api/health/ready').expect(200);

    // The note's event append waits on the case row that this transaction holds.
    await locker.query('begin');
    await locker.query('select id from cases where id = $1 for update', [caseId]);
    const note = api
      .http()
      .post(`/api/caller/case/${caseToken}/note`)
      .set(bearer(token))
      .send({ summary: 'written while the instance drains' })
      .then((response) => response);
    await waitFor(
      async () =>
        (
          await locker.query<{ waiting: number }>(
            `select count(*)::int as waiting from pg_stat_activity where wait_event_type = 'Lock' and datname = current_database()`,
          )
        ).rows[0].waiting,
      (waiting) => waiting > 0,
      { what: 'the note waiting on the locked case row' },
    );

    // A second socket: both are let go in the drain's second half.
    const other = await connectLive(api, { token });
    const otherGone = new Promise<number>((resolve) => other.once('disconnect', () => resolve(Date.now())));
    const drainStarted = Date.now();
    const drained = api.app.get(ShutdownDrain).drain(DRAIN_MS);
    const ready = await api.http().get('/api/health/ready');
    expect(ready.status).toBe(503);
    expect(ready.body).toMatchObject({ status: 'draining' });
    // A stopping instance takes no new socket; the client is told to try again (through the balancer, elsewhere).
    await expect(connectLive(api, { token })).rejects.toThrow(SOCKET_CONNECT_ERRORS.unavailable);

    // A lost connection on the client, not a server's goodbye: it reconnects by itself. Not before the balancer
    // had its half of the drain to notice.
    const first = await disconnected;
    expect(first.reason).toBe('transport close');
    await drained;
    expect(Math.min(first.at, await otherGone) - drainStarted).toBeGreaterThanOrEqual(DRAIN_MS / 2 - 20);
    other.close();

    let closed = false;
    const closing = api.closeApp().then(() => (closed = true));
    expect(closed).toBe(false);

    await locker.query('commit');
    const answer = await note;
    expect(answer.status).toBe(200);
    await closing;
    const stored = await locker.query('select id from case_notes where case_id = $1 and summary = $2', [
      caseId,
      'written while the instance drains',
    ]);
    expect(stored.rowCount).toBe(1);
  });
});
