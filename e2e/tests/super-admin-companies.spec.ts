import type { APIRequestContext } from '@playwright/test';
import { DEMO_PASSWORD, expect, test } from '../fixtures';

test('a super admin creates, edits, disables, enables and deletes a company', async ({ asSuperAdmin: page }) => {
  const stamp = Date.now();
  const name = `E2E Company ${stamp}`;
  const slug = `e2e-company-${stamp}`;
  await page.goto('/super_admin/dashboard');

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
  await expect(dialog).toContainText(
    `Are you sure you want to delete ${name} Renamed? Its 0 users, 0 departments, 0 processes and 0 cases will be ` +
      'deleted with it',
  );
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

/** The super admin's bearer header, for setting up through the api. */
async function superAdmin(request: APIRequestContext): Promise<{ Authorization: string }> {
  const login = await request.post('/api/auth/login', {
    data: { email: 'admin@casebridge.test', password: DEMO_PASSWORD },
  });
  return { Authorization: `Bearer ${((await login.json()) as { access_token: string }).access_token}` };
}

/**
 * Issue 17 point 4: a company with users is no longer deleted on a bare "Are you sure?": the confirmation counts
 * what goes with it, and a company that cannot be deleted says why before anything is asked.
 */
test('the delete confirmation says what goes with the company, with counts', async ({
  asSuperAdmin: page,
  request,
}) => {
  const stamp = Date.now();
  const name = `E2E Staffed ${stamp}`;
  const headers = await superAdmin(request);
  const created = await request.post('/api/super_admin/companies/0', {
    headers,
    multipart: { name, slug: `e2e-staffed-${stamp}` },
  });
  expect(created.status()).toBe(200);
  const companyId = ((await created.json()) as { id: number }).id;
  for (const n of [1, 2]) {
    const user = await request.post('/api/super_admin/users/0', {
      headers,
      data: {
        company_id: companyId,
        first_name: `Staff${n}`,
        last_name: 'Member',
        email: `staff${n}.${stamp}@e2e-staffed.test`,
        role: 'caller',
        type: 'basic',
        password: 'St4ffed!Pass',
        password_confirmation: 'St4ffed!Pass',
      },
    });
    expect(user.status()).toBe(200);
  }
  const department = await request.post(`/api/super_admin/companies/${companyId}/departments/0`, {
    headers,
    data: { name: 'Support', status: 'active' },
  });
  expect(department.status()).toBe(200);

  await page.goto(`/super_admin/companies/${companyId}`);
  const info = page.getByRole('region', { name });
  await info.getByRole('button', { name: 'Delete' }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete Company' });
  await expect(dialog).toContainText(
    `Are you sure you want to delete ${name}? Its 2 users, 1 department, 0 processes and 0 cases will be deleted ` +
      'with it, with everything its users stored. This cannot be undone.',
  );
  // Not now: nothing goes.
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(info).toBeVisible();

  // A company other records depend on is not offered the delete at all: the reason comes first.
  const options = await request.get('/api/super_admin/companies/list', { headers });
  const { companies } = (await options.json()) as { companies: { id: number; name: string }[] };
  await page.goto(`/super_admin/companies/${companies.find((company) => company.name === 'Acme Systems')!.id}`);
  const acme = page.getByRole('region', { name: 'Acme Systems' });
  await acme.getByRole('button', { name: 'Delete' }).click();
  const refused = page.getByRole('dialog', { name: 'Delete Company' });
  await expect(refused).toContainText(/Acme Systems cannot be deleted: it has \d+ cases/);
  await expect(refused.getByRole('button', { name: 'Delete' })).toHaveCount(0);
  await refused.getByRole('button', { name: 'OK' }).click();
  await expect(acme).toBeVisible();

  // Yes: the company goes, with its users.
  await page.goto(`/super_admin/companies/${companyId}`);
  await info.getByRole('button', { name: 'Delete' }).click();
  await dialog.getByRole('button', { name: 'Delete' }).click();
  await expect(page).toHaveURL(/\/super_admin\/companies$/);
  const gone = await request.get(`/api/super_admin/companies/${companyId}`, { headers });
  expect(gone.status()).toBe(404);
});
