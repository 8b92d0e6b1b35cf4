import { Case, CaseNote, testDatabaseUrl } from '@casebridge/db';
import { TEST_TEMPLATE_DB_ENV } from '../../../test/integration/run-names';
import { PrivatePostgres } from '../../../worker/test/faults/support/private-postgres';
import { sleep } from '../../../worker/test/faults/support/timing';
import { bearer, startApi, type ApiHarness } from '../api-harness';
import { orm } from '../member-fixtures';

/** Any single request slower than this during the outage counts as hanging (a bound, not a timing target). */
const REQUEST_BOUND_MS = 10_000;
/** How long the api may take to answer 200 again once PostgreSQL accepts connections. */
const RECOVERY_BOUND_MS = 30_000;

interface Answer {
  route: string;
  status: number;
  ms: number;
  body: { error?: unknown; database?: unknown };
  retryAfter?: string;
  /** A note this request posted, when the api acknowledged it. */
  noteSummary?: string;
}

/**
 * PostgreSQL crashes (pg_ctl stop -m immediate on a private server of this test) under a stream of requests and
 * comes back on the same address: meanwhile the same api process answers fast 503s with a clear message and
 * Retry-After, never a 500 or a hang, and answers 200 again without a restart. Every acknowledged note is kept.
 */
describe('PostgreSQL restart under the api', () => {
  let pg: PrivatePostgres;
  let api: ApiHarness;
  let token: string;
  let caseToken: string;
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
    token = await api.login('caller@acme.test');
    ({ token: caseToken } = await orm(api).findOneOrFail(Case, { internalCaseNumber: 'ACME-10407' }));
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
    const started = Date.now();
    const summary = `fault note ${++sequence}`;
    const request =
      route === 'health'
        ? api.http().get('/api/health')
        : route === 'list'
          ? api.http().get('/api/caller/get-cases/company').set(bearer(token))
          : api.http().post(`/api/caller/case/${caseToken}/note`).set(bearer(token)).send({ summary });
    const response = await request.timeout(REQUEST_BOUND_MS);
    const answer: Answer = { route, status: response.status, ms: Date.now() - started, body: response.body };
    if (response.headers['retry-after']) answer.retryAfter = String(response.headers['retry-after']);
    if (route === 'note' && response.status < 300) answer.noteSummary = summary;
    return answer;
  }

  /** Rounds of the three requests in parallel until `stop` says so. */
  async function stream(stop: (round: Answer[]) => boolean, maxMs: number): Promise<Answer[]> {
    const answers: Answer[] = [];
    const deadline = Date.now() + maxMs;
    for (;;) {
      const round = await Promise.all([call('health'), call('list'), call('note')]);
      answers.push(...round);
      if (stop(round)) return answers;
      if (Date.now() > deadline) throw new Error(`stream did not settle: ${JSON.stringify(round)}`);
      await sleep(100);
    }
  }

  it('answers 503 while the database is down and 200 again after it is back, without a restart', async () => {
    const before = await stream(() => true, 0);
    expect(before.map((answer) => answer.status)).toEqual([200, 200, 200]);
    expect(before[0].body).toMatchObject({ database: true });

    await pg.kill();
    expect(await pg.accepting()).toBe(false);
    // A few seconds of requests against a database that refuses connections (and the pool's broken ones).
    const outageStarted = Date.now();
    const during = await stream(() => Date.now() - outageStarted > 4000, 60_000);

    await pg.start();
    const restarted = Date.now();
    const after = await stream((round) => round.every((answer) => answer.status === 200), RECOVERY_BOUND_MS);
    const recoveryMs = Date.now() - restarted;

    const failing = during.filter((answer) => answer.route !== 'health');
    const unavailable = failing.filter((answer) => answer.status === 503);
    const health = during.filter((answer) => answer.route === 'health');
    const others = failing.filter((answer) => answer.status !== 503);

    // Acknowledged notes must all be stored; the refused ones must not appear.
    const acknowledged = [...before, ...during, ...after].flatMap((answer) => answer.noteSummary ?? []);
    const stored = await orm(api).find(CaseNote, { summary: { $like: 'fault note %' } });
    const storedSummaries = new Set(stored.map((note) => note.summary));
    const lost = acknowledged.filter((summary) => !storedSummaries.has(summary));

    const slowest = Math.max(...during.map((answer) => answer.ms));
    console.log(
      `postgres restart: ${failing.length} requests during the outage, ${unavailable.length} answered 503, ` +
        `${others.length} other; slowest ${slowest} ms; api answered 200 again ${recoveryMs} ms after the restart; ` +
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
  }, 90_000);
});
