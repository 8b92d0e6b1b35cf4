import { allEndpoints, type Endpoint } from '@casebridge/contracts';
import { bearer, startApi, type ApiHarness } from '../../../../test/kit/api-harness';
import { orm, tokenOf } from '../../../../test/kit/member-fixtures';
import { AUTHORIZATION_MATRIX } from './authorization-matrix';
import { callAs, matches } from '../../../test/matrix-call';
import { ACTORS, type ActorName, type MatrixRow, type World } from './matrix/matrix-types';
import { ACTOR_EMAILS, buildWorld } from '../../../test/matrix-world';
import { cloneCase } from '../../../test/matrix-world-targets';

const keyOf = (endpoint: Endpoint) => `${endpoint.method} ${endpoint.path}`;

/** Rows in contract order, the terminal ones (account deletion) last. */
const ORDERED = allEndpoints()
  .map((endpoint) => [keyOf(endpoint), endpoint, AUTHORIZATION_MATRIX[keyOf(endpoint)]] as const)
  .filter(([, , row]) => row !== undefined)
  .sort(([, , a], [, , b]) => Number(a.terminal ?? false) - Number(b.terminal ?? false));

describe('authorization matrix', () => {
  let api: ApiHarness;
  let world: World;
  let tokens: Map<ActorName, string>;

  beforeAll(async () => {
    api = await startApi();
    ({ world, tokens } = await buildWorld(api));
  }, 120_000);
  afterAll(() => api.close());

  it('has exactly one row per endpoint (a new endpoint cannot ship without its rule)', () => {
    expect(Object.keys(AUTHORIZATION_MATRIX).sort()).toEqual(allEndpoints().map(keyOf).sort());
  });

  describe('each case a user can open is in that user’s lists, and no other case is', () => {
    async function listed(token: string): Promise<Set<string>> {
      const found = new Set<string>();
      for (const path of ['/api/caller/get-cases/company', '/api/caller/get-cases/mine', '/api/caller/my-cases']) {
        const response = await api.http().get(path).query({ limit: 100 }).set(bearer(token)).expect(200);
        const page = (response.body as { my_cases?: { data: { token: string }[] } }).my_cases ?? response.body;
        for (const row of (page as { data: { token: string }[] }).data) found.add(row.token);
      }
      return found;
    }

    it.each(['caller@acme.test', 'bm@globex.test', 'bm@initech.test', 'caller@nimbus.test'])('%s', async (email) => {
      const token = await tokenOf(api, email);
      const companyId = (
        await orm(api)
          .getConnection()
          .execute<{ company_id: number }[]>('select company_id from users where email = ?', [email])
      )[0].company_id;
      const cases = await orm(api)
        .getConnection()
        .execute<{ token: string; mine: boolean }[]>(
          'select token, (submitter_company_id = ? or receiver_company_id = ?) as mine from cases where deleted_at is null',
          [companyId, companyId],
        );
      const opened = new Set<string>();
      for (const kase of cases) {
        const response = await api.http().get(`/api/caller/case-details/${kase.token}`).set(bearer(token));
        expect([200, 404]).toContain(response.status);
        if (response.status === 200) opened.add(kase.token);
        // Another tenant's case is 404, never 200.
        expect(response.status).toBe(kase.mine ? 200 : 404);
      }
      expect([...(await listed(token))].sort()).toEqual([...opened].sort());
      expect(opened.has(world.cases.foreign)).toBe(email.endsWith('@globex.test'));
    });
  });

  describe('a token opens only what it was made for', () => {
    it('a case token is no manager-request token, and a manager-request token no case token', async () => {
      await api.http().get(`/api/manager/request/get/${world.cases.acmeGlobex}`).expect(404);
      await api.http().get(`/api/caller/case/${world.targets.managerRequestToken}`).expect(404);
      await api.http().get(`/api/manager/request/get/${world.targets.managerRequestToken}`).expect(200);
    });

    it("case A's token does not reach case B's attachment, even for a member of both cases' company", async () => {
      const acmeBm = bearer(tokens.get('acmeBm')!);
      const path = (token: string) => `/api/caller/case/${token}/attachments/${world.owned.attachment}`;
      await api.http().get(path(world.cases.accepted)).set(acmeBm).expect(200);
      await api.http().get(path(world.cases.acmeGlobex)).set(acmeBm).expect(404);
    });

    it("answering through case A's link changes case A and leaves case B as it was", async () => {
      const [caseA, caseB] = [
        await cloneCase(api, world.cases.acmeGlobex),
        await cloneCase(api, world.cases.acmeGlobex),
      ];
      const status = async (token: string) =>
        (await api.http().get(`/api/caller/case/${token}`).expect(200)).body.case.status as string;
      await api
        .http()
        .post(`/api/caller/case/${caseA}/respond`)
        .send({ status: 'accepted', engineer_name: 'Erin Matrix', engineer_email: 'erin@matrix.test' })
        .expect(200);
      expect([await status(caseA), await status(caseB)]).toEqual(['accepted', 'open']);
    });
  });

  it.each(ORDERED.map(([key, endpoint, row]) => [key, endpoint, row] as [string, Endpoint, MatrixRow]))(
    '%s',
    async (_key, endpoint, row) => {
      const mismatches: string[] = [];
      for (const actor of ACTORS) {
        const email = ACTOR_EMAILS[actor as keyof typeof ACTOR_EMAILS];
        const token = row.freshSession && email ? await tokenOf(api, email) : tokens.get(actor);
        const response = await callAs(api, endpoint, row, world, actor, token);
        const expected = row.expect[actor];
        if (!matches(expected, response.status)) {
          mismatches.push(
            `${actor}: expected ${expected}, got ${response.status} ${JSON.stringify(response.body).slice(0, 120)}`,
          );
          continue;
        }
        if (row.check && expected === 'ok') {
          try {
            row.check(response.body, world, actor);
          } catch (error) {
            mismatches.push(`${actor}: list check failed: ${(error as Error).message.slice(0, 300)}`);
          }
        }
      }
      expect(mismatches).toEqual([]);
    },
  );
});
