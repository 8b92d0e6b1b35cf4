import { API, allEndpoints } from './api/registry';
import type { Endpoint } from './api/endpoint';
import { isLimitedMembership } from './constants/company';
import { LIMITED_MEMBERSHIP_BLOCKED_ROUTES, routeGuard } from './routes';

const keyOf = (endpoint: Endpoint) => `${endpoint.method} ${endpoint.path}`;

/** The calls each page blocked for limited membership makes (its own, not the ones it shares with open pages). */
const CALLS_OF_BLOCKED_PAGES: Record<(typeof LIMITED_MEMBERSHIP_BLOCKED_ROUTES)[number], Endpoint[]> = {
  'admin.company.registration': [API.adminCompany.registration],
  'admin.company.sso': [API.adminSso.settings, API.adminSso.save],
  'admin.partner_groups.users': [
    API.adminGroups.users,
    API.adminGroups.searchUsers,
    API.adminGroups.addUser,
    API.adminGroups.removeUser,
  ],
};

/** Writes that open pages hide from limited members: partner search, the company note, user changes. */
const HIDDEN_ON_OPEN_PAGES: Endpoint[] = [
  API.dashboard.saveSearch,
  API.dashboard.resultToSearch,
  API.dashboard.companyNote,
  API.dashboard.saveCompanyNote,
  API.adminCompany.saveUser,
  API.adminCompany.deleteUser,
  API.adminCompany.userStatus,
];

describe('limited membership', () => {
  it('is the membership level limited: limited and the types that default to it', () => {
    expect(
      ['basic', 'standard', 'premium', 'elite', 'limited', 'offline_partner'].map((type) => isLimitedMembership(type)),
    ).toEqual([false, false, false, false, true, true]);
  });

  it('guards the blocked pages on the web as company_admin_not_limited', () => {
    for (const route of LIMITED_MEMBERSHIP_BLOCKED_ROUTES) expect(routeGuard(route)).toBe('company_admin_not_limited');
  });

  it('refuses exactly the calls of the blocked pages and the writes the other pages hide', () => {
    const refused = allEndpoints()
      .filter((endpoint) => endpoint.refusesLimitedMembership)
      .map(keyOf)
      .sort();
    const inventory = [...Object.values(CALLS_OF_BLOCKED_PAGES).flat(), ...HIDDEN_ON_OPEN_PAGES].map(keyOf).sort();
    expect(refused).toEqual(inventory);
  });
});
