import { bearer, startApi, type ApiHarness } from '../../../../test/kit/api-harness';
import { aCase, aCompany, aProcess, aUser, signedIn } from '../../../../test/kit/factories';
import { CachedReads } from './cached-reads.service';
import { RECENT_WRITE_COOKIE, recentWriteSetCookie } from './fresh-reads.hook';

/**
 * How late instance B applies the database's announcements: a slow instance, so that staleness could show. Longer
 * than a note's answer takes after its commit (the live messages and the job are sent first), or the control below
 * would find B caught up before the read arrives anyway.
 */
const LAG_MS = 200;
const CLIENTS = 10;
const PAIRS = 1_000;

/**
 * Read-your-own-write when the balancer sends the write to one instance and the next read to another. Two api
 * instances of one deployment; B learns of changes LAG_MS late (its announcements are delayed, in order). Each
 * client posts a note through A and reads the case page through B at once, carrying the cookies A answered, as a
 * browser behind one address does. B's cached page holds the case from the client's previous read.
 */
describe('reads on another instance than the write', () => {
  let a: ApiHarness;
  let b: ApiHarness;
  let clients: { token: string; caseToken: string }[];

  beforeAll(async () => {
    a = await startApi();
    b = await startApi({}, { sameDeploymentAs: a });
    const reads = b.app.get(CachedReads) as unknown as { receive(payload: string): void };
    const receive = reads.receive.bind(reads);
    reads.receive = (payload) => void setTimeout(() => receive(payload), LAG_MS);
    const partner = await aProcess(a, { company: await aCompany(a) });
    clients = await Promise.all(
      Array.from({ length: CLIENTS }, async () => {
        const caller = await aUser(a, { company: await aCompany(a), role: 'caller' });
        const { token: caseToken } = await aCase(a, { from: caller, to: partner, status: 'accepted' });
        return { token: await signedIn(a, caller), caseToken };
      }),
    );
  }, 120_000);

  afterAll(async () => {
    await b?.close();
    await a?.close();
  });

  let written = 0;
  /** `pairs` write-then-read pairs spread over the clients; answers how many reads missed their own write. */
  async function stalePairs(pairs: number, echoCookies: boolean): Promise<number> {
    let stale = 0;
    await Promise.all(
      clients.map(async ({ token, caseToken }, index) => {
        const page = () => b.http().get(`/api/caller/case-details/${caseToken}`).set(bearer(token));
        await page().expect(200); // B caches the page as it is now
        for (let pair = index; pair < pairs; pair += clients.length) {
          const summary = `own write ${++written}`;
          const write = await a
            .http()
            .post(`/api/caller/case/${caseToken}/note`)
            .set(bearer(token))
            .send({ summary })
            .expect(200);
          const cookies = [write.headers['set-cookie'] ?? []].flat().map((cookie) => cookie.split(';')[0]);
          const read = await (echoCookies ? page().set('Cookie', cookies.join('; ')) : page()).expect(200);
          if (!JSON.stringify(read.body).includes(summary)) stale += 1;
        }
      }),
    );
    return stale;
  }

  it('without the recent-write cookie, the lagging instance answers pages older than the write', async () => {
    expect(await stalePairs(40, false)).toBeGreaterThan(0);
  });

  it(`with it, ${PAIRS} write-then-read pairs across the two instances read every own write`, async () => {
    expect(await stalePairs(PAIRS, true)).toBe(0);
  }, 120_000);

  it('the cookie is set by successful writes only, for seconds, and names nothing', async () => {
    const { token, caseToken } = clients[0];
    const refused = await a.http().post(`/api/caller/case/${caseToken}/note`).set(bearer(token)).send({});
    expect(refused.status).toBe(422);
    expect(refused.headers['set-cookie']).toBeUndefined();
    const read = await a.http().get(`/api/caller/case-details/${caseToken}`).set(bearer(token)).expect(200);
    expect(read.headers['set-cookie']).toBeUndefined();
    const write = await a
      .http()
      .post(`/api/caller/case/${caseToken}/note`)
      .set(bearer(token))
      .send({ summary: 'one more' })
      .expect(200);
    expect(write.headers['set-cookie']).toEqual([
      `${RECENT_WRITE_COOKIE}=1; Max-Age=10; Path=/; HttpOnly; SameSite=Lax`,
    ]);
    expect(recentWriteSetCookie('https://casebridge.example')).toMatch(/; Secure$/);
  });
});
