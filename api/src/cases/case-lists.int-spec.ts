import { LIMITS } from '@casebridge/contracts';
import { Case, type Company, type User } from '@casebridge/db';
import { bearer, startApi, type ApiHarness } from '../../../test/kit/api-harness';
import { aCase, aCompany, aProcess, aUser, signedIn } from '../../../test/kit/factories';
import { orm } from '../../../test/kit/member-fixtures';

interface Row {
  internal_case_number: string;
  direction: string;
  partner: { name: string };
  partner_case_number: string | null;
  respond_date: string | null;
  created_at: string;
  status: string;
}

describe('case lists: mine, company, 30 days, inbound action, search, sort, paging', () => {
  let api: ApiHarness;
  // "Our" company submits six cases to the partner (five by its caller, one by its program manager) and
  // receives one from the partner.
  let ours: Company;
  let partner: Company;
  let ourCaller: string;
  let ourPm: string;
  let partnerCaller: string;
  const cases = {} as Record<
    'open' | 'byPm' | 'information' | 'accepted' | 'rejected' | 'closed' | 'inbound',
    { number: string; token: string }
  >;

  beforeAll(async () => {
    api = await startApi();
    ours = await aCompany(api);
    partner = await aCompany(api);
    const ourCallerUser = await aUser(api, { company: ours, role: 'caller' });
    const ourPmUser = await aUser(api, { company: ours, role: 'program_manager' });
    const partnerCallerUser = await aUser(api, { company: partner, role: 'caller' });
    const partnerProcess = await aProcess(api, { company: partner });
    const ourProcess = await aProcess(api, { company: ours });
    const submit = async (
      name: keyof typeof cases,
      from: User,
      status: Case['status'],
      summary?: string,
      to = partnerProcess,
    ) => {
      // The partner's acceptance names its own case number.
      const kase = await aCase(api, { from, to, status, summary, acceptance: { case_number: 'PX-48213' } });
      cases[name] = { number: kase.internalCaseNumber, token: kase.token };
    };
    await submit('closed', ourCallerUser, 'closed', 'Firmware upgrade stalls at 87%');
    await submit('rejected', ourCallerUser, 'rejected');
    await submit('accepted', ourCallerUser, 'accepted', 'Disk shelf reports phantom drive failures');
    await submit('information', ourCallerUser, 'information');
    await submit('byPm', ourPmUser, 'open');
    await submit('inbound', partnerCallerUser, 'open', undefined, ourProcess);
    // Submitted last: the most recently updated case.
    await submit('open', ourCallerUser, 'open');
    [ourCaller, ourPm, partnerCaller] = await Promise.all(
      [ourCallerUser, ourPmUser, partnerCallerUser].map((user) => signedIn(api, user)),
    );
  });
  afterAll(() => api.close());

  const get = async (token: string, path: string, query: Record<string, string | number> = {}) =>
    (await api.http().get(`/api/caller/${path}`).query(query).set(bearer(token)).expect(200)).body as {
      data: Row[];
      total: number;
      current_page: number;
      per_page: number;
    };
  const numbers = (rows: Row[]) => rows.map((row) => row.internal_case_number);
  const numbersOf = (...names: (keyof typeof cases)[]) => names.map((name) => cases[name].number);
  const sorted = (values: string[]) => [...values].sort();

  it('mine lists the cases the user submitted; company those the company submitted or received', async () => {
    const mine = await get(ourCaller, 'get-cases/mine', { limit: 50 });
    expect(sorted(numbers(mine.data))).toEqual(
      sorted(numbersOf('closed', 'rejected', 'accepted', 'information', 'open')),
    );
    expect(mine.total).toBe(5);
    const company = await get(ourCaller, 'get-cases/company', { limit: 50 });
    expect(company.total).toBe(7);
    const inbound = company.data.find((row) => row.internal_case_number === cases.inbound.number)!;
    expect(inbound).toMatchObject({ direction: 'inbound', partner: { name: partner.name } });
    const accepted = company.data.find((row) => row.internal_case_number === cases.accepted.number)!;
    expect(accepted).toMatchObject({ direction: 'outbound', partner_case_number: 'PX-48213' });
    expect(accepted.respond_date).not.toBeNull();
    // Seen from the partner the same case is inbound from us.
    const seenByPartner = await get(partnerCaller, 'get-cases/company', { limit: 50 });
    expect(seenByPartner.data.find((row) => row.internal_case_number === cases.accepted.number)).toMatchObject({
      direction: 'inbound',
      partner: { name: ours.name },
    });
    // Default sort: updated_at descending.
    expect(company.data[0].internal_case_number).toBe(cases.open.number);
  });

  it('the 30-day lists keep recent cases and honour not_closed', async () => {
    await orm(api).nativeUpdate(
      Case,
      { token: cases.rejected.token },
      { createdAt: new Date(Date.now() - 40 * 86400_000) },
    );
    const recent = await get(ourCaller, 'get-cases/company/30', { limit: 50 });
    expect(numbers(recent.data)).not.toContain(cases.rejected.number);
    expect(recent.total).toBe(6);
    const open = await get(ourCaller, 'get-cases/company/30', { limit: 50, not_closed: 'true' });
    expect(numbers(open.data)).not.toContain(cases.closed.number);
    expect(open.total).toBe(5);
    const all = await get(ourCaller, 'get-cases/company', { limit: 50, not_closed: 'true' });
    expect(all.total).toBe(7);
  });

  it('inbound-action: received by the company and waiting for it', async () => {
    const received = await get(ourCaller, 'get-cases/company', { filter: 'inbound-action' });
    expect(numbers(received.data)).toEqual(numbersOf('inbound'));
    const partnerSide = await get(partnerCaller, 'get-cases/company', { filter: 'inbound-action', limit: 50 });
    // Open cases, but not the information case (information asked, not yet answered).
    expect(sorted(numbers(partnerSide.data))).toEqual(sorted(numbersOf('byPm', 'open')));
    await api
      .http()
      .post(`/api/caller/case/${cases.information.token}/respond`)
      .send({ status: 'information-reply', additional_information: 'Time zone is UTC.' })
      .expect(200);
    const after = await get(partnerCaller, 'get-cases/company', { filter: 'inbound-action', limit: 50 });
    expect(sorted(numbers(after.data))).toEqual(sorted(numbersOf('information', 'byPm', 'open')));
  });

  it('q searches case number, summary and partner, with wildcards taken literally', async () => {
    const search = async (q: string) => get(ourCaller, 'get-cases/company', { q });
    expect(numbers((await search(cases.accepted.number.toLowerCase())).data)).toEqual(numbersOf('accepted'));
    expect(numbers((await search('phantom')).data)).toEqual(numbersOf('accepted'));
    expect((await search(partner.slug.toUpperCase())).total).toBe(7);
    // Only the summary that really contains a percent sign ('stalls at 87%').
    expect(numbers((await search('%')).data)).toEqual(numbersOf('closed'));
    expect((await search('_')).total).toBe(0);
  });

  it('sorts by whitelisted columns and pages, capping the page size', async () => {
    const asc = await get(ourCaller, 'get-cases/company', {
      sort: 'internal_case_number',
      dir: 'asc',
      limit: 3,
      page: 2,
    });
    expect(numbers(asc.data)).toEqual(sorted(Object.values(cases).map((kase) => kase.number)).slice(3, 6));
    expect(asc).toMatchObject({ total: 7, current_page: 2, per_page: 3 });
    const byPartner = await get(ourCaller, 'get-cases/company', { sort: 'partner', dir: 'asc', limit: 50 });
    expect(byPartner.data[0].partner.name).toBe(partner.name);
    const capped = await get(ourCaller, 'get-cases/company', { limit: 500 });
    expect(capped.per_page).toBe(LIMITS.maxPageSize);
    const bad = await api
      .http()
      .get('/api/caller/get-cases/company')
      .query({ sort: 'token; drop' })
      .set(bearer(ourCaller))
      .expect(422);
    expect(bad.body.errors.sort).toHaveLength(1);
  });

  it('refuses an unknown scope or days with 422, anonymous with 401', async () => {
    const scope = await api.http().get('/api/caller/get-cases/everyone').set(bearer(ourCaller)).expect(422);
    expect(scope.body.errors.scope).toHaveLength(1);
    const days = await api.http().get('/api/caller/get-cases/mine/7').set(bearer(ourCaller)).expect(422);
    expect(days.body.errors.days).toHaveLength(1);
    await api.http().get('/api/caller/get-cases/mine').expect(401);
  });

  it('My Cases: admins see the company cases, others theirs and the inbound; created_at descending', async () => {
    const pm = (await api.http().get('/api/caller/my-cases').query({ limit: 50 }).set(bearer(ourPm)).expect(200)).body;
    expect(pm.my_cases.total).toBe(7);
    const created = pm.my_cases.data.map((row: Row) => row.created_at);
    expect(created).toEqual([...created].sort().reverse());
    const caller = (
      await api.http().get('/api/caller/my-cases').query({ limit: 50 }).set(bearer(ourCaller)).expect(200)
    ).body;
    // Not the program manager's case: the caller did not submit it.
    expect(sorted(numbers(caller.my_cases.data))).toEqual(
      sorted(numbersOf('closed', 'rejected', 'accepted', 'information', 'open', 'inbound')),
    );
    const stranger = await signedIn(api, await aUser(api, { company: await aCompany(api), role: 'business_manager' }));
    const none = (await api.http().get('/api/caller/my-cases').set(bearer(stranger)).expect(200)).body;
    expect(none.my_cases).toEqual({ data: [], total: 0, current_page: 1, per_page: LIMITS.pageSize });
  });

  it('leaves out deleted cases and sample submissions', async () => {
    await orm(api).nativeUpdate(Case, { token: cases.closed.token }, { deletedAt: new Date() });
    await orm(api).nativeUpdate(Case, { token: cases.accepted.token }, { isSample: true });
    const company = await get(ourCaller, 'get-cases/company', { limit: 50 });
    expect(numbers(company.data)).not.toEqual(expect.arrayContaining(numbersOf('closed')));
    expect(numbers(company.data)).not.toContain(cases.accepted.number);
    expect(company.total).toBe(5);
  });
});
