import type { AdminCompanyResponse, Role } from '@casebridge/contracts';
import { bearer, startApi, type ApiHarness } from '../../../../test/kit/api-harness';
import { aCompany, aSignedInUser } from '../../../../test/kit/factories';

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

  /** A company admin of a new company of that membership: the links of its page and the SSO page's answer. */
  const asAdmin = async (role: Role, membershipType: 'premium' | 'limited') => {
    const company = await aCompany(api, { membershipType });
    const { token } = await aSignedInUser(api, { company, role });
    const info = (await api.http().get('/api/admin/company').set(bearer(token)).expect(200))
      .body as AdminCompanyResponse;
    const ssoStatus = (await api.http().get('/api/admin/company/sso').set(bearer(token))).status;
    return { links: info.links, ssoStatus };
  };

  it.each<Role>(['business_manager', 'program_manager'])(
    'a %s gets the SSO link and the page it leads to',
    async (role) => {
      const { links, ssoStatus } = await asAdmin(role, 'premium');
      expect(links).toMatchObject({ registration: true, sso: true });
      expect(ssoStatus).toBe(200);
    },
  );

  it('a limited membership gets neither link, and the SSO page refuses it', async () => {
    const { links, ssoStatus } = await asAdmin('business_manager', 'limited');
    expect(links).toMatchObject({ registration: false, sso: false });
    expect(ssoStatus).toBe(403);
  });
});
