import type { Page } from '@playwright/test';
import { expect, signInOnLanding, test } from '../fixtures';
import type { FreshData } from '../support/fresh-data';

async function chooseRequiresApproval(page: Page, label: string, signupManager?: string): Promise<void> {
  await page.goto('/admin/company/registration');
  await page.getByLabel('Requires Approval').selectOption({ label });
  if (signupManager) await page.getByLabel('Primary Signup Manager').selectOption({ label: signupManager });
  await page.getByRole('button', { name: 'Save Settings' }).click();
  await expect(page).toHaveURL(/\/admin\/company$/);
  await page.goto('/admin/company/registration');
  await expect(page.getByLabel('Requires Approval').locator('option:checked')).toHaveText(label);
}

test('a business manager changes registration settings, creates a user who signs in, and approves a registration', async ({
  asCompanyAdmin: page,
  browser,
  fresh,
  signedInAs,
}) => {
  const registration = await fresh.registration('acme');

  // Registration settings persist, and are put back. Changed on Globex (auto approve in the demo), where no journey
  // or scan registers: the scans running beside the journeys register at Acme and wait for its approval mail.
  // Requiring approval asks for a signup manager, which stays named once auto approve is back.
  const globexAdmin = await signedInAs('bm@globex.test');
  await chooseRequiresApproval(globexAdmin, 'All Users Must be Approved', 'Grace Liu (bm@globex.test)');
  await chooseRequiresApproval(globexAdmin, 'Auto Approve All Users');

  // A new user created by the admin can sign in with the password given (made here through the form under test, so
  // it stays after the run under its unique address).
  const email = `e2e.admin.created.${Date.now()}@acme.test`;
  await page.goto('/admin/users/0');
  await page.getByLabel('First Name').fill('Created');
  await page.getByLabel('Last Name').fill('ByAdmin');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Role').selectOption('caller');
  await page.getByLabel('Password', { exact: true }).fill('Cr3ated!Pass');
  await page.getByLabel('Confirm Password').fill('Cr3ated!Pass');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page).toHaveURL(/\/admin\/users$/);
  await expect(page.getByRole('cell', { name: email })).toBeVisible();

  const newUser = await (await browser.newContext()).newPage();
  await signInOnLanding(newUser, 'acme', email, 'Cr3ated!Pass');
  await expect(newUser).toHaveURL(/\/dashboard$/);
  await newUser.context().close();

  // A registration waiting in Acme's queue is approved and joins the users table.
  const queue = page.getByRole('region', { name: 'Registration Queue' });
  const approve = queue.getByRole('button', { name: `Approve ${registration.first_name} ${registration.last_name}` });
  await approve.click();
  await expect(approve).toHaveCount(0);
  await expect(page.getByRole('cell', { name: registration.email })).toBeVisible();
});

/** Globex users made by its business manager through the api: `count` of them sharing the last name `lastName`. */
async function newGlobexUsers(fresh: FreshData, lastName: string, count: number): Promise<void> {
  for (let n = 1; n <= count; n++) {
    await fresh.companyUser({
      admin: 'bm@globex.test',
      first_name: `Pager${String(n).padStart(2, '0')}`,
      last_name: lastName,
      email: `pager${n}.${lastName.toLowerCase()}@globex.test`,
      // The last one is an API user, for the role filter.
      role: n === count ? 'api' : 'caller',
    });
  }
}

test('the users table searches names and e-mails, filters by status and role, and pages', async ({
  fresh,
  signedInAs,
}) => {
  const lastName = `Zz${Date.now().toString(36)}`;
  // One more than a page (25 rows).
  await newGlobexUsers(fresh, lastName, 26);
  const page = await signedInAs('bm@globex.test');
  await page.goto('/admin/users');
  const users = page.getByRole('region', { name: 'Company Users' });
  const table = users.getByRole('table', { name: 'Company users' });
  const search = users.getByLabel('Search users');

  // A last name: 26 users over two pages, by first name.
  await search.fill(lastName.toLowerCase());
  await expect(users.getByText('Showing 1–25 of 26')).toBeVisible();
  await expect(table.getByRole('row')).toHaveCount(26); // the header and 25 users
  await users.getByRole('button', { name: 'Next' }).click();
  await expect(users.getByText('Showing 26–26 of 26')).toBeVisible();
  await expect(table.getByRole('link', { name: `Pager26 ${lastName}`, exact: true })).toBeVisible();

  // A full name and an e-mail each find their one user.
  await search.fill(`Pager07 ${lastName}`);
  await expect(users.getByText('Showing 1–1 of 1')).toBeVisible();
  await expect(table.getByRole('cell', { name: `pager7.${lastName.toLowerCase()}@globex.test` })).toBeVisible();
  await search.fill(`pager12.${lastName.toLowerCase()}@`);
  await expect(table.getByRole('link', { name: `Pager12 ${lastName}`, exact: true })).toBeVisible();
  await expect(users.getByText('Showing 1–1 of 1')).toBeVisible();

  // Role: the API user among them.
  await search.fill(lastName);
  await users.getByLabel('Role').selectOption({ label: 'API User' });
  await expect(users.getByText('Showing 1–1 of 1')).toBeVisible();
  await expect(table.getByRole('link', { name: `Pager26 ${lastName}`, exact: true })).toBeVisible();

  // Status: the company's disabled users only.
  await search.fill('');
  await users.getByLabel('Role').selectOption({ label: 'All roles' });
  await users.getByLabel('Status').selectOption({ label: 'Inactive' });
  await expect(table.getByRole('cell', { name: 'martin.keller@globex.test' })).toBeVisible();
  await expect(table.getByRole('cell', { name: 'bm@globex.test' })).toHaveCount(0);
  await expect(table.getByRole('cell', { name: 'Active', exact: true })).toHaveCount(0);
});
