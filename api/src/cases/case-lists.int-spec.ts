import { LIMITS } from '@casebridge/contracts';
import { Case } from '@casebridge/db';
import { bearer, startApi, type ApiHarness } from '../../test/api-harness';
import { orm } from '../../test/member-fixtures';

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
  let acmeCaller: string;
  let acmePm: string;
  let globexCaller: string;

  beforeAll(async () => {
    api = await startApi();
    [acmeCaller, acmePm, globexCaller] = await Promise.all(
      ['caller@acme.test', 'pm@acme.test', 'caller@globex.test'].map((email) => api.login(email)),
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

  it('mine lists the cases the user submitted; company those the company submitted or received', async () => {
    const mine = await get(acmeCaller, 'get-cases/mine', { limit: 50 });
    expect(numbers(mine.data).sort()).toEqual(['ACME-10342', 'ACME-10388', 'ACME-10407', 'ACME-10422', 'ACME-10431']);
    expect(mine.total).toBe(5);
    const company = await get(acmeCaller, 'get-cases/company', { limit: 50 });
    expect(company.total).toBe(7);
    const inbound = company.data.find((row) => row.internal_case_number === 'GX-48302')!;
    expect(inbound).toMatchObject({ direction: 'inbound', partner: { name: 'Globex Storage' } });
    const accepted = company.data.find((row) => row.internal_case_number === 'ACME-10407')!;
    expect(accepted).toMatchObject({ direction: 'outbound', partner_case_number: 'GX-48213' });
    expect(accepted.respond_date).not.toBeNull();
    // Seen from Globex the same case is inbound from Acme.
    const globex = await get(globexCaller, 'get-cases/company', { limit: 50 });
    expect(globex.data.find((row) => row.internal_case_number === 'ACME-10407')).toMatchObject({
      direction: 'inbound',
      partner: { name: 'Acme Systems' },
    });
    // Default sort: updated_at descending.
    expect(company.data[0].internal_case_number).toBe('ACME-10431');
  });

  it('the 30-day lists keep recent cases and honour not_closed', async () => {
    await orm(api).nativeUpdate(
      Case,
      { internalCaseNumber: 'ACME-10388' },
      { createdAt: new Date(Date.now() - 40 * 86400_000) },
    );
    const recent = await get(acmeCaller, 'get-cases/company/30', { limit: 50 });
    expect(numbers(recent.data)).not.toContain('ACME-10388');
    expect(recent.total).toBe(6);
    const open = await get(acmeCaller, 'get-cases/company/30', { limit: 50, not_closed: 'true' });
    expect(numbers(open.data)).not.toContain('ACME-10342');
    expect(open.total).toBe(5);
    const all = await get(acmeCaller, 'get-cases/company', { limit: 50, not_closed: 'true' });
    expect(all.total).toBe(7);
  });

  it('inbound-action: received by the company and waiting for it', async () => {
    const acme = await get(acmeCaller, 'get-cases/company', { filter: 'inbound-action' });
    expect(numbers(acme.data)).toEqual(['GX-48302']);
    const globex = await get(globexCaller, 'get-cases/company', { filter: 'inbound-action', limit: 50 });
    // Open cases, but not ACME-10422 (information asked, not yet answered).
    expect(numbers(globex.data).sort()).toEqual(['ACME-10429', 'ACME-10431']);
    const { token } = await orm(api).findOneOrFail(Case, { internalCaseNumber: 'ACME-10422' });
    await api
      .http()
      .post(`/api/caller/case/${token}/respond`)
      .send({ status: 'information-reply', additional_information: 'Time zone is UTC.' })
      .expect(200);
    const after = await get(globexCaller, 'get-cases/company', { filter: 'inbound-action', limit: 50 });
    expect(numbers(after.data).sort()).toEqual(['ACME-10422', 'ACME-10429', 'ACME-10431']);
  });

  it('q searches case number, summary and partner, with wildcards taken literally', async () => {
    expect(numbers((await get(acmeCaller, 'get-cases/company', { q: '10407' })).data)).toEqual(['ACME-10407']);
    expect(numbers((await get(acmeCaller, 'get-cases/company', { q: 'phantom' })).data)).toEqual(['ACME-10407']);
    expect((await get(acmeCaller, 'get-cases/company', { q: 'globex' })).total).toBe(7);
    // Only the summary that really contains a percent sign ('stalls at 87%').
    expect(numbers((await get(acmeCaller, 'get-cases/company', { q: '%' })).data)).toEqual(['ACME-10342']);
    expect((await get(acmeCaller, 'get-cases/company', { q: '_' })).total).toBe(0);
  });

  it('sorts by whitelisted columns and pages, capping the page size', async () => {
    const asc = await get(acmeCaller, 'get-cases/company', {
      sort: 'internal_case_number',
      dir: 'asc',
      limit: 3,
      page: 2,
    });
    expect(numbers(asc.data)).toEqual(['ACME-10422', 'ACME-10429', 'ACME-10431']);
    expect(asc).toMatchObject({ total: 7, current_page: 2, per_page: 3 });
    const byPartner = await get(acmeCaller, 'get-cases/company', { sort: 'partner', dir: 'asc', limit: 50 });
    expect(byPartner.data[0].partner.name).toBe('Globex Storage');
    const capped = await get(acmeCaller, 'get-cases/company', { limit: 500 });
    expect(capped.per_page).toBe(LIMITS.maxPageSize);
    const bad = await api
      .http()
      .get('/api/caller/get-cases/company')
      .query({ sort: 'token; drop' })
      .set(bearer(acmeCaller))
      .expect(422);
    expect(bad.body.errors.sort).toHaveLength(1);
  });

  it('refuses an unknown scope or days with 422, anonymous with 401', async () => {
    const scope = await api.http().get('/api/caller/get-cases/everyone').set(bearer(acmeCaller)).expect(422);
    expect(scope.body.errors.scope).toHaveLength(1);
    const days = await api.http().get('/api/caller/get-cases/mine/7').set(bearer(acmeCaller)).expect(422);
    expect(days.body.errors.days).toHaveLength(1);
    await api.http().get('/api/caller/get-cases/mine').expect(401);
  });

  it('My Cases: admins see the company cases, others theirs and the inbound; created_at descending', async () => {
    const pm = (await api.http().get('/api/caller/my-cases').query({ limit: 50 }).set(bearer(acmePm)).expect(200)).body;
    expect(pm.my_cases.total).toBe(7);
    const created = pm.my_cases.data.map((row: Row) => row.created_at);
    expect(created).toEqual([...created].sort().reverse());
    const caller = (
      await api.http().get('/api/caller/my-cases').query({ limit: 50 }).set(bearer(acmeCaller)).expect(200)
    ).body;
    // Not ACME-10429: Paul submitted it.
    expect(numbers(caller.my_cases.data).sort()).toEqual([
      'ACME-10342',
      'ACME-10388',
      'ACME-10407',
      'ACME-10422',
      'ACME-10431',
      'GX-48302',
    ]);
    const initech = await api.login('bm@initech.test');
    const none = (await api.http().get('/api/caller/my-cases').set(bearer(initech)).expect(200)).body;
    expect(none.my_cases).toEqual({ data: [], total: 0, current_page: 1, per_page: LIMITS.pageSize });
  });

  it('leaves out deleted cases and sample submissions', async () => {
    await orm(api).nativeUpdate(Case, { internalCaseNumber: 'ACME-10342' }, { deletedAt: new Date() });
    await orm(api).nativeUpdate(Case, { internalCaseNumber: 'ACME-10407' }, { isSample: true });
    const company = await get(acmeCaller, 'get-cases/company', { limit: 50 });
    expect(numbers(company.data)).not.toEqual(expect.arrayContaining(['ACME-10342']));
    expect(numbers(company.data)).not.toContain('ACME-10407');
    expect(company.total).toBe(5);
  });
});
