import type { User } from '@casebridge/db';
import { bearer, startApi, type ApiHarness } from '../../../test/kit/api-harness';
import { aCase, aCompany, aProcess, aUser, signedIn } from '../../../test/kit/factories';

interface Row {
  token: string;
}

/**
 * My Cases' "Watching" filter: only the cases the viewer watches, never another member's (the company's lists are
 * cached per company; this view is the user's own), and current right after a watch or unwatch.
 */
describe('My Cases: the watching filter', () => {
  let api: ApiHarness;
  let caller: string;
  let manager: string;
  let first: string;
  let second: string;

  beforeAll(async () => {
    api = await startApi();
    const ours = await aCompany(api);
    const partner = await aCompany(api);
    const callerUser: User = await aUser(api, { company: ours, role: 'caller' });
    const managerUser: User = await aUser(api, { company: ours, role: 'program_manager' });
    const to = await aProcess(api, { company: partner });
    first = (await aCase(api, { from: callerUser, to, status: 'open' })).token;
    second = (await aCase(api, { from: callerUser, to, status: 'open' })).token;
    [caller, manager] = await Promise.all([callerUser, managerUser].map((user) => signedIn(api, user)));
  });
  afterAll(() => api.close());

  const watch = (who: string, token: string, watching: boolean) =>
    api.http().put(`/api/caller/cases/${token}/watch`).set(bearer(who)).send({ watching }).expect(200);
  const listed = async (who: string, filter?: string) => {
    const answer = await api
      .http()
      .get('/api/caller/my-cases')
      .query(filter ? { filter } : {})
      .set(bearer(who))
      .expect(200);
    return (answer.body.my_cases.data as Row[]).map((row) => row.token).sort();
  };

  it('lists the viewer’s watched cases only, and follows watch and unwatch at once', async () => {
    // Whatever submitting watched automatically, the caller now watches the first case only.
    await watch(caller, first, true);
    await watch(caller, second, false);
    expect(await listed(caller, 'watching')).toEqual([first]);
    // A colleague of the same company (same cached company lists) watches nothing of it.
    expect(await listed(manager)).toEqual([first, second].sort());
    expect(await listed(manager, 'watching')).toEqual([]);

    await watch(caller, first, false);
    expect(await listed(caller, 'watching')).toEqual([]);
    await watch(caller, second, true);
    expect(await listed(caller, 'watching')).toEqual([second]);
    await watch(manager, first, true);
    expect(await listed(manager, 'watching')).toEqual([first]);
    expect(await listed(caller, 'watching')).toEqual([second]);
  });

  it('refuses an unknown filter with 422 on the field', async () => {
    const bad = await api
      .http()
      .get('/api/caller/my-cases')
      .query({ filter: 'unread' })
      .set(bearer(caller))
      .expect(422);
    expect(bad.body.errors.filter).toHaveLength(1);
  });
});
