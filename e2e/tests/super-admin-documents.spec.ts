import type { Page } from '@playwright/test';
import { expect, test } from '../fixtures';

/**
 * Back office process editors, departments and group access on Umbrella Cloud, whose processes no other journey
 * submits to. What is created here is deleted again, and the group access change is undone.
 */

async function umbrellaDetail(page: Page): Promise<string> {
  await page.goto('/super_admin/companies');
  await page.getByRole('link', { name: 'Umbrella Cloud', exact: true }).click();
  await expect(page).toHaveURL(/\/super_admin\/companies\/\d+$/);
  return page.url();
}

const processForms = (page: Page) => page.locator('details', { hasText: 'Process Forms (' });

async function openProcess(page: Page, detailUrl: string, name: string) {
  await page.goto(detailUrl);
  await processForms(page).locator('summary').click();
  await processForms(page).getByRole('link', { name, exact: true }).click();
  await expect(page.getByLabel('Process Name')).toHaveValue(name);
}

const save = (page: Page) => page.getByRole('button', { name: 'Save', exact: true }).click();

async function deleteOpenProcess(page: Page, detailUrl: string, name: string) {
  await page.getByRole('button', { name: 'Delete', exact: true }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText(`Are you sure you want to delete ${name}?`);
  await dialog.getByRole('button', { name: 'Delete' }).click();
  await expect(page).toHaveURL(detailUrl);
  await expect(page.getByText('The process document has been deleted.')).toBeVisible();
}

test('a super admin edits a managed and a parent process of a company', async ({ asSuperAdmin: page }) => {
  const stamp = Date.now();
  const managed = `E2E Managed ${stamp}`;
  const parent = `E2E Parent ${stamp}`;
  await page.goto('/super_admin/dashboard');
  const detailUrl = await umbrellaDetail(page);

  // A new Collaborative Document with the defaults: 7/24/365, All, approved.
  await processForms(page).locator('summary').click();
  await processForms(page).getByRole('link', { name: 'Add New' }).click();
  await expect(page.getByRole('heading', { name: 'New Collaborative Document', level: 1 })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Breadcrumb' })).toContainText('Umbrella Cloud');
  await expect(page.getByRole('navigation', { name: 'Breadcrumb' })).toContainText('Process Details');
  await expect(page.getByLabel('Support Hours')).toHaveValue('7/24/365');
  await expect(page.getByLabel('Products Supported')).toHaveValue('All');
  await expect(page.getByLabel('Status')).toHaveValue('approved');
  await save(page);
  await expect(page.getByText('The process name is required.')).toBeVisible();
  await page.getByLabel('Process Name').fill(managed);
  await save(page);
  await expect(page).toHaveURL(detailUrl);
  await expect(page.getByText('The process document has been saved.')).toBeVisible();

  // Edit it: support hours, escalation contact and tags (one per line) are read back.
  await openProcess(page, detailUrl, managed);
  await expect(page.getByRole('heading', { name: 'Edit Collaborative Document', level: 1 })).toBeVisible();
  await page.getByLabel('Support Hours').fill('Business days 9-17 GMT');
  await page.getByLabel('Main Escalation Contact').selectOption({ label: 'Uma Patel (caller@umbrella.test)' });
  await page.getByLabel('Tags (one per line)').fill('cloud\nplatform\ncloud');
  await save(page);
  await expect(page).toHaveURL(detailUrl);
  await openProcess(page, detailUrl, managed);
  await expect(page.getByLabel('Support Hours')).toHaveValue('Business days 9-17 GMT');
  await expect(page.getByLabel('Main Escalation Contact').locator('option:checked')).toHaveText(
    'Uma Patel (caller@umbrella.test)',
  );
  await expect(page.getByLabel('Tags (one per line)')).toHaveValue('cloud\nplatform');
  await expect(page.getByText('(version 2)')).toBeVisible();

  // A new parent document offering two processes.
  await page.goto(detailUrl);
  await processForms(page).locator('summary').click();
  await processForms(page).getByRole('link', { name: 'Add New' }).click();
  await page.getByLabel('Type', { exact: true }).selectOption('parent');
  await expect(page.getByRole('heading', { name: 'New Parent Document', level: 1 })).toBeVisible();
  await page.getByLabel('Process Name').fill(parent);
  await page.getByLabel('Variant Name').fill('Which Umbrella service?');
  await page.getByRole('button', { name: 'Add Row' }).click();
  await page.getByLabel('Option 1', { exact: true }).fill('Platform');
  await page.getByLabel('Inbound Process 1', { exact: true }).selectOption({ label: 'Umbrella Cloud Collaboration' });
  await page.getByRole('button', { name: 'Add Row' }).click();
  await save(page);
  // The empty row is refused under its own fields.
  await expect(page.getByText('The option name is required.')).toBeVisible();
  await page.getByLabel('Option 2', { exact: true }).fill('Managed services');
  await page.getByLabel('Inbound Process 2', { exact: true }).selectOption({ label: managed });
  await save(page);
  await expect(page).toHaveURL(detailUrl);

  // Edit it: add a child row and delete one; the deleted row stays flagged.
  await openProcess(page, detailUrl, parent);
  await expect(page.getByLabel('Option 1', { exact: true })).toHaveValue('Platform');
  await page.getByRole('button', { name: 'Add Row' }).click();
  await page.getByLabel('Option 3', { exact: true }).fill('Escalations');
  await page.getByLabel('Inbound Process 3', { exact: true }).selectOption({ label: managed });
  await page.getByRole('button', { name: 'Delete option 1' }).click();
  await expect(page.getByText('Platform (deleted)')).toBeVisible();
  await save(page);
  await expect(page).toHaveURL(detailUrl);
  await openProcess(page, detailUrl, parent);
  await expect(page.getByText('Platform (deleted)')).toBeVisible();
  await expect(page.getByLabel('Option 2', { exact: true })).toHaveValue('Managed services');
  await expect(page.getByLabel('Option 3', { exact: true })).toHaveValue('Escalations');
  await expect(page.getByLabel('Inbound Process 3', { exact: true }).locator('option:checked')).toHaveText(managed);

  // Clean up: both go (soft delete), the parent first.
  await deleteOpenProcess(page, detailUrl, parent);
  await openProcess(page, detailUrl, managed);
  await deleteOpenProcess(page, detailUrl, managed);
  await processForms(page).locator('summary').click();
  await expect(processForms(page).getByRole('link', { name: managed })).toHaveCount(0);
});

test('a super admin adds and deletes a department, and limits a group to one user', async ({ asSuperAdmin: page }) => {
  const department = `E2E Department ${Date.now()}`;
  await page.goto('/super_admin/dashboard');
  const detailUrl = await umbrellaDetail(page);

  // Departments: Umbrella has none, so the page starts with one empty row.
  await page.goto(`${detailUrl}/departments`);
  const rows = page.locator('tbody tr');
  await expect(rows).toHaveCount(1);
  const saveRow = page.getByRole('button', { name: 'Save new department' });
  await expect(saveRow).toBeDisabled();
  await page.getByLabel('Name of new department').fill(department);
  await page.getByLabel('Description of new department').fill('Created by the browser journey');
  await page.getByLabel('Process of new department').selectOption({ label: 'Umbrella Cloud Collaboration' });
  await expect(saveRow).toBeEnabled();
  await saveRow.click();
  await expect(page.getByText('Department saved.')).toBeVisible();
  const savedRow = page.getByRole('button', { name: `Save ${department} department` });
  await expect(savedRow).toBeDisabled();
  await page.reload();
  await expect(page.getByLabel(`Name of ${department} department`)).toHaveValue(department);

  await page.getByRole('button', { name: 'Add New' }).click();
  await expect(rows).toHaveCount(2);
  await page.getByRole('button', { name: `Delete ${department} department` }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText(`Are you sure you want to delete the ${department} Department?`);
  await dialog.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('Department deleted.')).toBeVisible();
  await expect(page.getByLabel(`Name of ${department} department`)).toHaveCount(0);

  // Group access: Umbrella's Cloud Connect relation, limited to Uma Patel.
  await page.goto(detailUrl);
  const groups = page.locator('details', { hasText: 'Groups (' });
  await groups.locator('summary').click();
  await groups.getByRole('link', { name: /Cloud Connect/ }).click();
  await expect(page).toHaveURL(/\/groups\/\d+\/edit$/);
  const relationUrl = page.url();
  await expect(page.getByText('business hour required with Sev 1 SLA (Next Day)')).toBeVisible();
  await expect(page.getByRole('img', { name: 'Active' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Select Users' })).toHaveCount(0);
  await page.getByLabel('Limit to Selected Users').check();
  await expect(page.getByRole('heading', { name: 'Select Users' })).toBeVisible();
  await page.getByLabel('Select Uma Patel').check();
  await save(page);
  await expect(page).toHaveURL(detailUrl);
  await expect(page.getByText('Group access saved.')).toBeVisible();

  await page.goto(relationUrl);
  await expect(page.getByLabel('Limit to Selected Users')).toBeChecked();
  await expect(page.getByLabel('Select Uma Patel')).toBeChecked();

  // Undo: every user again.
  await page.getByLabel('All Users').check();
  await save(page);
  await expect(page).toHaveURL(detailUrl);
  await page.goto(relationUrl);
  await expect(page.getByLabel('All Users')).toBeChecked();
});
