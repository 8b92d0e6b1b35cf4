import type { AdminCompanyResponse } from '@casebridge/contracts';
import { bearer, startApi, type ApiHarness } from '../../test/api-harness';

/**
 * Issue 17, point 5: the company page links to the registration and SSO pages exactly for those whose guard lets
 * them in (company admins, not for limited membership), checked against the page's own api.
 */
describe('company page links', () => {
  let api: ApiHarness;
  beforeAll(async () => {
    api = await startApi();
  });
  afterAll(() => api.close());

  const asUser = async (email: string) => {
    const token = await api.login(email);
    const info = (await api.http().get('/api/admin/company').set(bearer(token)).expect(200))
      .body as AdminCompanyResponse;
    const ssoStatus = (await api.http().get('/api/admin/company/sso').set(bearer(token))).status;
    return { links: info.links, ssoStatus };
  };

  it.each(['bm@acme.test', 'pm@acme.test'])('%s gets the SSO link and the page it leads to', async (email) => {
    const { links, ssoStatus } = await asUser(email);
    expect(links).toMatchObject({ registration: true, sso: true });
    expect(ssoStatus).toBe(200);
  });

  it('a limited membership gets neither link, and the SSO page refuses it', async () => {
    const { links, ssoStatus } = await asUser('bm@initech.test');
    expect(links).toMatchObject({ registration: false, sso: false });
    expect(ssoStatus).toBe(403);
  });
});
