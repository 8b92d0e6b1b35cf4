import { expect, test } from '../fixtures';

/**
 * What the seeded demo must show (the demo identities; libs/db/src/seeders/demo): facts no other
 * journey changes, so this holds whichever journeys ran before it.
 */
const BUSINESS_MANAGER = { firstName: 'Alice' };
const SEEDED_FAVORITES = ['Globex Storage', 'Initech Networks'];
const SEEDED_NOTE = 'Globex P1 cases: call their hotline after submitting.';
const SEEDED_CASE = {
  number: 'ACME-10407',
  partner: 'Globex Storage',
  summary: 'Disk shelf reports phantom drive failures',
};

test('the api answers its health check, with the database and Redis up', async ({ request }) => {
  const response = await request.get('/api/health');
  expect(response.status()).toBe(200);
  expect(await response.json()).toEqual({ status: 'ok', database: true, redis: true });
});

test('the home page offers the company search and the sign-in form, and finds a seeded member', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1, name: 'Welcome to Casebridge' })).toBeVisible();

  const login = page.getByRole('region', { name: /^Log In/ });
  await expect(login.getByLabel('Email')).toBeVisible();
  await expect(login.getByLabel('Password', { exact: true })).toBeVisible();
  await expect(login.getByRole('button', { name: 'Log In' })).toBeVisible();

  const search = page.getByRole('region', { name: 'Find Your Company' });
  await search.getByLabel('Company name').fill('Acme');
  // The result leads to the company's own sign-in page.
  const found = search.getByRole('list', { name: 'Companies' }).getByRole('link', { name: /Acme Systems/ });
  await expect(found).toHaveAttribute('href', '/acme');
  await expect(found).toContainText('Acme Systems');
});

test('a business manager’s dashboard shows the seeded demo: greeting, navigation, favourites, note, cases', async ({
  asCompanyAdmin: page,
}) => {
  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  await expect(page.getByText(`Welcome, ${BUSINESS_MANAGER.firstName}.`)).toBeVisible();

  // A company admin of a premium member: Admin and Integrations, and the membership's badge.
  await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link')).toHaveText([
    'Home',
    'Admin',
    'Integrations',
    'Events',
    'Training',
    'Premium Membership',
    'Profile',
    'Logout',
  ]);

  await expect(page.getByRole('region', { name: 'Favorites' }).getByRole('link')).toHaveText(SEEDED_FAVORITES);
  await expect(page.getByRole('region', { name: 'Company Note' })).toContainText(SEEDED_NOTE);

  // Journeys add cases of their own: the seeded one is found by its number among all of the company's cases.
  const activeCases = page.getByRole('region', { name: 'Active Cases' });
  await activeCases.getByLabel('Show').selectOption({ label: 'All Company Cases' });
  await activeCases.getByLabel('Search cases').fill(SEEDED_CASE.number);
  const rows = activeCases.getByRole('table').getByRole('row').filter({ hasText: SEEDED_CASE.number });
  await expect(rows).toHaveCount(1);
  await expect(rows).toContainText(SEEDED_CASE.partner);
  await expect(rows).toContainText(SEEDED_CASE.summary);
  await expect(rows.getByRole('link', { name: SEEDED_CASE.number })).toBeVisible();
});

test('the super admin’s back office finds the seeded companies and users and opens them', async ({
  asSuperAdmin: page,
}) => {
  await page.goto('/super_admin/dashboard');
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();

  const companies = page.getByRole('region', { name: 'Search Companies' });
  await companies.getByLabel('Search Companies').fill('Glob');
  const globex = companies.getByRole('list', { name: 'Search Companies results' }).getByRole('link');
  await expect(globex).toHaveCount(1);
  await expect(globex).toContainText('Globex Storage');
  await expect(globex).toContainText('globex');

  const users = page.getByRole('region', { name: 'Search Users' });
  await users.getByLabel('Search Users').fill('bm@acme');
  const alice = users.getByRole('list', { name: 'Search Users results' }).getByRole('link');
  await expect(alice).toHaveCount(1);
  await expect(alice).toContainText(`${BUSINESS_MANAGER.firstName} Carter`);
  await expect(alice).toContainText('bm@acme.test · Acme Systems');

  await globex.click();
  await expect(page).toHaveURL(/\/super_admin\/companies\/\d+$/);
  await expect(page.getByRole('region', { name: 'Globex Storage' })).toBeVisible();
});

test('a caller’s navigation has no admin areas, and the company’s seeded case opens from its list', async ({
  asMember: page,
}) => {
  await page.goto('/dashboard');
  await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link')).toHaveText([
    'Home',
    'Events',
    'Training',
    'Premium Membership',
    'Profile',
    'Logout',
  ]);
  const activeCases = page.getByRole('region', { name: 'Active Cases' });
  await activeCases.getByLabel('Show').selectOption({ label: 'All Company Cases' });
  await activeCases.getByLabel('Search cases').fill(SEEDED_CASE.number);
  await activeCases.getByRole('link', { name: SEEDED_CASE.number }).click();
  await expect(
    page.getByRole('heading', { level: 1, name: new RegExp(`^Outbound to ${SEEDED_CASE.partner}`) }),
  ).toBeVisible();
  await expect(page.getByText(SEEDED_CASE.summary).first()).toBeVisible();
});
