import { expect, signInOnLanding, test } from '../fixtures';

test('a super admin creates, edits, disables, enables and deletes a company', async ({ page }) => {
  const stamp = Date.now();
  const name = `E2E Company ${stamp}`;
  const slug = `e2e-company-${stamp}`;
  await signInOnLanding(page, 'acme', 'admin@casebridge.test');
  await page.waitForURL('**/super_admin/dashboard');

  // Companies list → Add New.
  await page.getByRole('link', { name: 'Companies' }).click();
  await expect(page.getByRole('heading', { name: 'Companies', level: 1 })).toBeVisible();
  await page.getByRole('link', { name: 'Add New' }).click();
  await expect(page).toHaveURL(/\/super_admin\/companies\/0\/edit$/);
  await expect(page.getByLabel('Membership Type')).toHaveValue('standard');
  await expect(page.getByLabel('Login Method').locator('option:checked')).toHaveText('Requires Registration');

  // A field error from the server lands under its field.
  await page.getByLabel('Name').fill(name);
  await page.getByLabel('Slug').fill('acme');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByText('The slug has already been taken.')).toBeVisible();

  await page.getByLabel('Slug').fill(slug);
  await page.getByLabel('Membership Type').selectOption('premium');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page).toHaveURL(/\/super_admin\/companies\/\d+$/);
  const detailUrl = page.url();

  // The detail: info box and the four panels with their counts.
  const info = page.getByRole('region', { name: name });
  await expect(info).toBeVisible();
  await expect(info.getByText('Premium')).toBeVisible();
  await expect(info.getByText('Active', { exact: true })).toBeVisible();
  for (const panel of ['Users (0)', 'Departments (0)', 'Process Forms (0)', 'Groups (0)']) {
    await expect(page.getByText(panel, { exact: true })).toBeVisible();
  }

  // Edit: the form comes back filled in; the new name shows on the detail.
  await info.getByRole('link', { name: 'Edit' }).click();
  await expect(page.getByLabel('Slug')).toHaveValue(slug);
  await page.getByLabel('Name').fill(`${name} Renamed`);
  await page.getByLabel('Communications Email (outbound bcc)').fill('bcc@e2e.test');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page).toHaveURL(detailUrl);
  const renamed = page.getByRole('region', { name: `${name} Renamed` });
  await expect(renamed.getByText('bcc@e2e.test')).toBeVisible();

  // Disable, then enable again.
  await renamed.getByRole('button', { name: 'Disable' }).click();
  await expect(renamed.getByText('Inactive', { exact: true })).toBeVisible();
  await renamed.getByRole('button', { name: 'Enable' }).click();
  await expect(renamed.getByText('Active', { exact: true })).toBeVisible();
  await expect(renamed.getByRole('button', { name: 'Disable' })).toBeVisible();

  // Delete, with confirmation: back on the list, and the company is gone.
  await renamed.getByRole('button', { name: 'Delete' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText(`Are you sure you want to delete ${name} Renamed?`);
  await dialog.getByRole('button', { name: 'Delete' }).click();
  await expect(page).toHaveURL(/\/super_admin\/companies$/);
  await expect(page.getByText('Company deleted.')).toBeVisible();
  await page.getByLabel('Search').fill(name);
  await expect(page.getByText('No companies.')).toBeVisible();

  // A deleted company's page alerts and returns to the list.
  await page.goto(detailUrl);
  await expect(page).toHaveURL(/\/super_admin\/companies$/);
  await expect(page.getByText('Company not found.')).toBeVisible();
});
