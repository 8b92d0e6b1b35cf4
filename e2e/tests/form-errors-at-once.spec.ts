import type { Locator } from '@playwright/test';
import { MESSAGES, SLUG_TAKEN } from '../../libs/contracts/src';
import { expect, test } from '../fixtures';

/**
 * Issue 17, point 6: one Submit shows every error, those the browser finds and those only the server knows (a taken
 * e-mail or slug, a process's own fields), and nothing is saved.
 */

/** The message is among what the field's description says (a hint may come with it). */
const says = (field: Locator, message: string | RegExp) =>
  expect(field).toHaveAccessibleDescription(
    typeof message === 'string' ? new RegExp(message.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')) : message,
  );

test("the company admin's new user: empty names and a taken e-mail after one Save", async ({
  asCompanyAdmin: page,
}) => {
  await page.goto('/admin/users/0');
  await page.getByLabel('Email').fill('caller@acme.test');
  await page.getByLabel('Password', { exact: true }).fill('Str0ng!Pass');
  await page.getByLabel('Confirm Password').fill('Str0ng!Pass');
  await page.getByRole('button', { name: 'Save', exact: true }).click();

  await says(page.getByLabel('First Name'), 'The first name is required.');
  await says(page.getByLabel('Last Name'), 'The last name is required.');
  await says(page.getByLabel('Email'), MESSAGES.emailTaken);
  await expect(page).toHaveURL(/\/admin\/users\/0$/);
});

test("the back office's new user: empty names and a taken e-mail after one Save", async ({ asSuperAdmin: page }) => {
  await page.goto('/super_admin/companies');
  await page.getByRole('link', { name: 'Acme Systems', exact: true }).click();
  await expect(page).toHaveURL(/\/super_admin\/companies\/\d+$/);
  const companyId = new URL(page.url()).pathname.split('/').pop();
  await page.goto(`/super_admin/companies/${companyId}/users/0`);
  await page.getByLabel('Email').fill('caller@acme.test');
  await page.getByRole('button', { name: 'Save', exact: true }).click();

  await says(page.getByLabel('First Name'), 'The first name is required.');
  await says(page.getByLabel('Email'), MESSAGES.emailTaken);
  await expect(page).toHaveURL(/\/users\/0$/);
});

test('the company form: an empty name and a taken slug after one Save', async ({ asSuperAdmin: page }) => {
  await page.goto('/super_admin/companies/0/edit');
  await page.getByLabel('Slug').fill('acme');
  await page.getByRole('button', { name: 'Save', exact: true }).click();

  await says(page.getByLabel('Name', { exact: true }), 'The name is required.');
  await says(page.getByLabel('Slug'), SLUG_TAKEN);
  await expect(page).toHaveURL(/\/super_admin\/companies\/0\/edit$/);
});

test("an empty case form: the fixed fields and the process's own fields after one Submit", async ({
  asMember: page,
}) => {
  await page.goto('/dashboard');
  await page.getByLabel('Search partners').fill('Globex');
  await page
    .getByRole('list', { name: 'Partners found' })
    .getByRole('link', { name: /^Globex Storage(?! –)/ })
    .click();
  await page.waitForURL('**/case/company/*');
  const tab = page.getByRole('tab', { name: 'Globex Storage Collaboration' });
  await expect(tab.or(page.getByLabel('Problem Summary')).first()).toBeVisible({ timeout: 20_000 });
  if (await tab.count()) await tab.click();
  await page.getByRole('button', { name: 'Submit', exact: true }).click();

  await says(page.getByLabel('Internal Case Number'), 'The internal case number is required.');
  await says(page.getByLabel('Problem Summary'), 'The problem summary is required.');
  // Fields of the process, which only the server checks.
  await says(page.getByLabel('End Customer Name'), /is required/);
  await says(page.getByLabel('Product', { exact: true }), /is required/);
  await says(page.getByLabel('Preferred Contact Method'), /is required/);
  await expect(page.getByRole('heading', { name: 'Request Sent' })).toHaveCount(0);
});
