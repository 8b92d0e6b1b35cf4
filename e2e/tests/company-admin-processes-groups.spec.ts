import ExcelJS from 'exceljs';
import type { Locator, Page } from '@playwright/test';
import { expect, test } from '../fixtures';
import { SocketEvents } from '../support/socket-events';

/** Confirms the page's Yes/Cancel dialog after checking its question. */
async function confirmDialog(page: Page, question: string): Promise<void> {
  const dialog = page.getByRole('dialog', { name: 'Please Confirm' });
  await expect(dialog).toContainText(question);
  await dialog.getByRole('button', { name: 'Yes' }).click();
  await expect(dialog).toHaveCount(0);
}

/**
 * Runs the export behind `button` through the worker (queued, building, ready over the socket), downloads it and
 * reads it with exceljs: the first sheet's header row and its data rows as text.
 */
async function exportSheet(page: Page, scope: Locator, label: string): Promise<{ header: string[]; rows: string[][] }> {
  await scope.getByRole('button', { name: label, exact: true }).click();
  const download = scope.getByRole('button', { name: /^Download .+\.xlsx$/ });
  await expect(download).toBeVisible({ timeout: 60_000 });
  const started = page.waitForEvent('download');
  await download.click();
  const file = await started;
  expect(file.suggestedFilename()).toMatch(/\.xlsx$/);
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.readFile(await file.path());
  const sheet = workbook.worksheets[0];
  const text = (values: unknown) => (values as unknown[]).slice(1).map((value) => String(value ?? ''));
  const rows: string[][] = [];
  sheet.eachRow((row, number) => {
    if (number > 1) rows.push(text(row.values));
  });
  return { header: text(sheet.getRow(1).values), rows };
}

/** A small but well-formed PDF, built here so the upload's content check sees real PDF bytes. */
function tinyPdf(): Buffer {
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 200 100] >>',
  ];
  let body = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((object, index) => {
    offsets.push(body.length);
    body += `${index + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xref = body.length;
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  body += offsets.map((offset) => `${String(offset).padStart(10, '0')} 00000 n \n`).join('');
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
}

test.describe('company admin: processes, groups, access and exports (bm@acme.test)', () => {
  test('edits support hours on Process Details, then tests the form with a sample submission', async ({
    asCompanyAdmin: page,
  }) => {
    await page.goto('/admin/inbound_process');
    await page.getByRole('link', { name: 'Acme Systems Collaboration' }).click();
    await expect(page.getByRole('heading', { name: 'Process Details' })).toBeVisible();

    const hours = `Mon-Fri 7-19 CET (e2e ${Date.now()})`;
    await page.getByLabel('Support Hours').fill(hours);
    await page.getByRole('button', { name: 'Update' }).click();
    await expect(page.getByText('The process has been updated.')).toBeVisible();
    await page.reload();
    await expect(page.getByLabel('Support Hours')).toHaveValue(hours);

    // Each section's Contact opens the change request about that section.
    await page.getByRole('button', { name: 'Contact about process fields' }).click();
    const request = page.getByRole('dialog', { name: 'Request a Change' });
    await expect(request.getByLabel('What would you like to change?')).toHaveValue('Process fields');
    await expect(request.getByLabel('Describe the changes')).toHaveValue(/Acme Systems Collaboration/);
    await request.getByLabel('Describe the changes').fill('Please add a serial number field. (e2e)');
    await request.getByRole('button', { name: 'Send Request' }).click();
    await expect(page.getByText(/Change requests take 24-48 hours/).first()).toBeVisible();

    await page.getByRole('link', { name: 'View/Test Form' }).click();
    await expect(page).toHaveURL(/\/admin\/inbound_process\/\d+\/test$/);
    await expect(
      page.getByRole('navigation', { name: 'Breadcrumb' }).getByRole('link', { name: 'Inbound Processes' }),
    ).toBeVisible();
    await page.getByRole('button', { name: 'Sample Submission' }).click();
    await expect(page.getByLabel('Problem Summary')).not.toHaveValue('');
    await page.getByRole('button', { name: 'Submit', exact: true }).click();
    const sent = page.getByRole('region', { name: 'Request Sent' });
    await expect(sent).toBeVisible();
    await expect(sent).toContainText('This was a sample submission.');
    await expect(page.getByRole('button', { name: 'Sample Submission' })).toHaveCount(0);
  });

  test('the registration queue shows a new registration live, without a reload', async ({
    asCompanyAdmin: page,
    fresh,
  }) => {
    const events = new SocketEvents(page);
    await page.goto('/admin/users');
    const queue = page.getByRole('region', { name: 'Registration Queue' });
    await expect(queue.getByRole('table')).toBeVisible();
    const navigations: string[] = [];
    page.on('framenavigated', (frame) => navigations.push(frame.url()));

    // Someone registers on Acme's landing page meanwhile.
    const registration = await fresh.registration('acme');
    await events.waitFor<{ queue: string }>('queue.changed', (message) => message.queue === 'registration');
    await expect(queue.getByRole('cell', { name: registration.email })).toBeVisible();
    expect(navigations).toEqual([]);

    await queue.getByRole('button', { name: `Reject ${registration.first_name} ${registration.last_name}` }).click();
    await expect(queue.getByRole('cell', { name: registration.email })).toHaveCount(0);
  });

  test('uploads a PDF to a partner group and deletes it after confirming', async ({ asCompanyAdmin: page }) => {
    await page.goto('/admin/partner_groups');
    await page.getByRole('table', { name: 'Partner groups' }).getByRole('link', { name: 'Storage Alliance' }).click();
    const documents = page.getByRole('region', { name: 'Documents' });
    await expect(documents.getByRole('table')).toBeVisible();

    const name = `E2E escalation sheet ${Date.now()}`;
    await documents.getByRole('button', { name: 'Add Document/Link' }).click();
    const modal = page.getByRole('dialog', { name: 'Add Document/Link' });
    await modal.getByLabel('Name').fill(name);
    await expect(modal.getByRole('radio', { name: 'File' })).toBeChecked();
    await modal.locator('input[type=file]').setInputFiles({
      name: 'escalation-sheet.pdf',
      mimeType: 'application/pdf',
      buffer: tinyPdf(),
    });
    await modal.getByRole('button', { name: 'Upload' }).click();
    await expect(modal).toHaveCount(0);
    await expect(documents.getByRole('button', { name, exact: true })).toBeVisible();

    await documents.getByRole('button', { name: `Delete ${name}` }).click();
    await confirmDialog(page, `Are you sure you want to delete ${name}?`);
    await expect(documents.getByRole('button', { name, exact: true })).toHaveCount(0);
    await page.reload();
    await expect(page.getByRole('region', { name: 'Documents' }).getByRole('table')).toBeVisible();
    await expect(page.getByText(name)).toHaveCount(0);
  });

  test('grants a user access to a group and removes it with the confirmation', async ({ asCompanyAdmin: page }) => {
    await page.goto('/admin/partner_groups');
    await page
      .getByRole('table', { name: 'Partner groups' })
      .getByRole('link', { name: 'VaultBackup Solution Support' })
      .click();
    await page.getByRole('link', { name: 'Manage Access' }).click();
    await expect(page).toHaveURL(/\/admin\/partner_groups\/\d+\/users$/);
    const withAccess = page.getByRole('table', { name: 'Users with access' });
    await expect(withAccess.getByRole('cell', { name: 'Carl Jensen', exact: true })).toBeVisible();

    const search = page.getByLabel('Search by name or e-mail');
    await search.fill('a');
    await expect(page.getByRole('button', { name: 'Add User' })).toHaveCount(0);
    // A name finds its user as an e-mail does (the API user's address, api@acme.test, holds no part of it).
    await search.fill('Integration');
    const results = page.getByRole('region', { name: 'Add Users' }).getByRole('listitem');
    await expect(results).toHaveCount(1);
    await expect(results).toContainText('api@acme.test');
    await search.fill('api@');
    await expect(results).toHaveCount(1);
    await expect(results).toContainText('Acme Integration');
    await results.getByRole('button', { name: 'Add User' }).click();
    await expect(results.getByRole('img', { name: /has access$/ })).toBeVisible();
    const who = 'Acme Integration';
    await expect(withAccess.getByRole('cell', { name: who, exact: true })).toBeVisible();

    await withAccess.getByRole('button', { name: `Remove access for ${who}` }).click();
    await confirmDialog(page, `Are you sure you want to remove access for ${who}?`);
    await expect(withAccess.getByRole('cell', { name: who, exact: true })).toHaveCount(0);
    await page.reload();
    await expect(
      page.getByRole('table', { name: 'Users with access' }).getByRole('cell', { name: 'Carl Jensen', exact: true }),
    ).toBeVisible();
    await expect(
      page.getByRole('table', { name: 'Users with access' }).getByRole('cell', { name: who, exact: true }),
    ).toHaveCount(0);
  });

  test('exports users, group partners and My Partners as real spreadsheets', async ({ asCompanyAdmin: page }) => {
    test.setTimeout(180_000);
    await page.goto('/admin/users');
    const users = await exportSheet(page, page.getByRole('region', { name: 'Company Users' }), 'Export Users');
    expect(users.header.slice(0, 5)).toEqual(['First Name', 'Last Name', 'Email', 'Role', 'Created Through']);
    expect(users.rows.some((row) => row[2] === 'bm@acme.test')).toBe(true);

    await page.goto('/admin/partner_groups');
    const myPartners = await exportSheet(page, page.getByRole('region', { name: 'My Partners' }), 'Export');
    expect(myPartners.header).toEqual(['Company', 'Group', 'Membership', 'Collaboration Process']);
    expect(myPartners.rows.some((row) => row[0] === 'Globex Storage')).toBe(true);

    await page
      .getByRole('table', { name: 'Partner groups' })
      .getByRole('link', { name: 'VaultBackup Solution Support' })
      .click();
    const members = await exportSheet(page, page.getByRole('region', { name: 'Partners' }), 'Export to Excel');
    expect(members.header).toEqual(['Company', 'Department', 'Membership', 'Collaboration Process']);
    expect(members.rows.some((row) => row[0] === 'Globex Storage')).toBe(true);
  });
});
