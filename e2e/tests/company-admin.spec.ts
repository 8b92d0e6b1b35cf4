import type { Page } from '@playwright/test';
import { expect, signInOnLanding, test } from '../fixtures';

async function chooseRequiresApproval(page: Page, label: string): Promise<void> {
  await page.goto('/admin/company/registration');
  await page.getByLabel('Requires Approval').selectOption({ label });
  await page.getByRole('button', { name: 'Save Settings' }).click();
  await expect(page).toHaveURL(/\/admin\/company$/);
  await page.goto('/admin/company/registration');
  await expect(page.getByLabel('Requires Approval').locator('option:checked')).toHaveText(label);
}

test('a business manager changes registration settings, creates a user who signs in, and approves a registration', async ({
  page,
  browser,
}) => {
  await signInOnLanding(page, 'acme', 'bm@acme.test');
  await expect(page).toHaveURL(/\/dashboard$/);

  // Registration settings persist (and are put back, so the registration journey still needs approval).
  await chooseRequiresApproval(page, 'Auto Approve All Users');
  await chooseRequiresApproval(page, 'All Users Must be Approved');

  // A new user created by the admin can sign in with the password given.
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

  // The seeded registration waiting in Acme's queue is approved and joins the users table.
  const queue = page.getByRole('region', { name: 'Registration Queue' });
  await queue.getByRole('button', { name: 'Approve Olivia Chen' }).click();
  await expect(queue.getByRole('button', { name: 'Approve Olivia Chen' })).toHaveCount(0);
  await expect(page.getByRole('cell', { name: 'olivia.chen@acme.test' })).toBeVisible();
});
