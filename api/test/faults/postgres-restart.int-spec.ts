import { CaseNote } from '@casebridge/db';
import { testDatabaseUrl } from '@casebridge/db/testing';
import { TEST_TEMPLATE_DB_ENV } from '../../../test/integration/run-names';
import { PrivatePostgres } from '../../../test/kit/faults/private-postgres';
import { waitFor } from '../../../test/wait-for';
import { SOCKET_CONNECT_ERRORS } from '@casebridge/contracts';
import { bearer, startApi, type ApiHarness } from '../../../test/kit/api-harness';
import { connectLive } from '../live-clients';
import { aCase, aCompany, aProcess, aUser, signedIn } from '../../../test/kit/factories';
import { orm } from '../../../test/kit/member-fixtures';

/** A request still open after this counts as hanging (a bound for a broken run, not a timing target). */
const REQUEST_BOUND_MS = 10_000;
/** How long the api may take to answer 200 again once PostgreSQL accepts connections (same kind of bound). */
const RECOVERY_BOUND_MS = 30_000;
/** Rounds of requests against the stopped database: more than the pool has connections, broken ones included. */
const OUTAGE_ROUNDS = 20;

interface Answer {
  route: string;
  status: number;
  body: { error?: unknown; database?: unknown };
  retryAfter?: string;
  /** A note this request posted, when the api acknowledged it. */
  noteSummary?: string;
}

/**
 * PostgreSQL crashes (pg_ctl stop -m immediate on a private server of this test) under a stream of requests and
 * comes back on the same address: meanwhile the same api process answers 503s with a clear message and
 * Retry-After, never a 500 or a hang, and answers 200 again without a restart. Every acknowledged note is kept.
 */
describe('PostgreSQL restart under the api', () => {
  let pg: PrivatePostgres;
  let api: ApiHarness;
  let token: string;
  /** A session no request has used yet, so the api must read it from the database to let its socket in. */
  let unusedToken: string;
  let caseToken: string;
  let caseId: number;
  let droppedConnections = 0;
  /** The shared server's URL (or none: the default), put back so the harness drops its clone there. */
  const sharedDatabaseUrl = process.env.DATABASE_URL;

  beforeAll(async () => {
    // knex prints each connection the crash cuts off with console.log: expected here, counted in the summary.
    const log = console.log.bind(console);
    jest.spyOn(console, 'log').mockImplementation((...args: unknown[]) => {
      if (/^Connection Error:/.test(String(args[0]))) droppedConnections += 1;
      else log(...args);
    });
    pg = await PrivatePostgres.start();
    // The run's migrated and seeded template, copied from the shared server.
    const template = testDatabaseUrl(process.env[TEST_TEMPLATE_DB_ENV] ?? '');
    const url = await pg.copyDatabase(template, 'casebridge_fault');
    api = await startApi({ DATABASE_URL: url });
    // A caller of our own with an accepted case to a partner's process, where members post notes.
    const caller = await aUser(api, { company: await aCompany(api), role: 'caller' });
    const receivingProcess = await aProcess(api, { company: await aCompany(api) });
    ({ token: caseToken, id: caseId } = await aCase(api, { from: caller, to: receivingProcess, status: 'accepted' }));
    token = await signedIn(api, caller);
    unusedToken = await signedIn(api, caller);
  }, 90_000);

  afterAll(async () => {
    if (pg && !(await pg.accepting())) await pg.start().catch(() => undefined);
    if (sharedDatabaseUrl === undefined) delete process.env.DATABASE_URL;
    else process.env.DATABASE_URL = sharedDatabaseUrl;
    await api?.close();
    await pg?.destroy();
  });

  let sequence = 0;
  /** One request of the stream, bounded: a request still open after REQUEST_BOUND_MS fails the test. */
  async function call(route: 'health' | 'list' | 'note'): Promise<Answer> {
    const summary = `fault note ${++sequence}`;
    const request =
      route === 'health'
        ? api.http().get('/api/health')
        : route === 'list'
          ? api.http().get('/api/caller/get-cases/company').set(bearer(token))
          : api.http().post(`/api/caller/case/${caseToken}/note`).set(bearer(token)).send({ summary });
    const response = await request.timeout(REQUEST_BOUND_MS);
    const answer: Answer = { route, status: response.status, body: response.body };
    if (response.headers['retry-after']) answer.retryAfter = String(response.headers['retry-after']);
    if (route === 'note' && response.status < 300) answer.noteSummary = summary;
    return answer;
  }

  /** One round: the three requests in parallel. */
  const round = () => Promise.all([call('health'), call('list'), call('note')]);

  it('answers 503 while the database is down and 200 again after it is back, without a restart', async () => {
    const before = await round();
    expect(before.map((answer) => answer.status)).toEqual([200, 200, 200]);
    expect(before[0].body).toMatchObject({ database: true });

    await pg.kill();
    expect(await pg.accepting()).toBe(false);
    // Rounds of requests against a database that refuses connections (and the pool's broken ones).
    const during: Answer[] = [];
    for (let index = 0; index < OUTAGE_ROUNDS; index += 1) during.push(...(await round()));
    // A socket's handshake: a token that cannot be checked now is `unavailable` (the client tries again later), a
    // forged one is still `unauthorized`.
    const handshakeDuring = await handshake(unusedToken);
    const forgedDuring = await handshake('forged-token');

    await pg.start();
    const after: Answer[] = [];
    await waitFor(
      async () => {
        const answers = await round();
        after.push(...answers);
        return answers.map((answer) => answer.status);
      },
      (statuses) => statuses.every((status) => status === 200),
      { what: 'a round answered 200 after the restart', timeoutMs: RECOVERY_BOUND_MS },
    );

    const failing = during.filter((answer) => answer.route !== 'health');
    const unavailable = failing.filter((answer) => answer.status === 503);
    const health = during.filter((answer) => answer.route === 'health');
    const others = failing.filter((answer) => answer.status !== 503);

    // Acknowledged notes must all be stored; the refused ones must not appear.
    const acknowledged = [...before, ...during, ...after].flatMap((answer) => answer.noteSummary ?? []);
    const stored = await orm(api).find(CaseNote, { case: caseId, summary: { $like: 'fault note %' } });
    const storedSummaries = new Set(stored.map((note) => note.summary));
    const lost = acknowledged.filter((summary) => !storedSummaries.has(summary));

    console.log(
      `postgres restart: ${failing.length} requests during the outage, ${unavailable.length} answered 503, ` +
        `${others.length} other; api answered 200 again after ${after.length / 3} round(s) once restarted; ` +
        `${acknowledged.length} notes acknowledged, ${lost.length} lost, ${stored.length - acknowledged.length} extra; ` +
        `${droppedConnections} pooled connections dropped`,
    );

    expect(others).toEqual([]);
    expect(unavailable.length).toBeGreaterThan(0);
    for (const answer of unavailable) {
      expect(answer.body.error).toEqual(expect.stringMatching(/temporarily unavailable/));
      expect(Number(answer.retryAfter)).toBeGreaterThan(0);
    }
    // Health stays reachable and says which part is down.
    expect(health.every((answer) => answer.status === 200 && answer.body.database === false)).toBe(true);
    expect(after[after.length - 3].body).toMatchObject({ database: true });
    expect(lost).toEqual([]);
    expect(stored).toHaveLength(acknowledged.length);
    expect({ handshakeDuring, forgedDuring }).toEqual({
      handshakeDuring: SOCKET_CONNECT_ERRORS.unavailable,
      forgedDuring: SOCKET_CONNECT_ERRORS.unauthorized,
    });
    expect(await handshake(unusedToken)).toBe('connected');
  }, 90_000);

  /** How the socket handshake with this token ends: 'connected' or the connect error's message. */
  async function handshake(accessToken: string): Promise<string> {
    try {
      (await connectLive(api, { token: accessToken })).close();
      return 'connected';
    } catch (error) {
      return error instanceof Error ? error.message : String(error);
    }
  }
});
