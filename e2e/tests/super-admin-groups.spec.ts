import ExcelJS from 'exceljs';
import { expect, test } from '../fixtures';

/** Starts with the PDF magic bytes, so the upload's content check accepts it. */
const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj\n<< /Type /Catalog >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n',
  'latin1',
);

test('a super admin creates a partner program, adds a partner, shares a document and exports the partners', async ({
  asSuperAdmin: page,
}) => {
  const stamp = Date.now();
  const name = `E2E Program ${stamp}`;
  const vhost = `e2e-program-${stamp}`;
  await page.goto('/super_admin/dashboard');

  // Groups list → Add New.
  await page.getByRole('link', { name: 'Groups' }).click();
  await expect(page.getByRole('heading', { name: 'Groups', level: 1 })).toBeVisible();
  await page.getByRole('link', { name: 'Add New' }).click();
  await expect(page).toHaveURL(/\/super_admin\/groups\/0\/edit$/);

  // The process waits for a host, then for a department of a host with departments.
  const process = page.getByLabel('Process', { exact: true });
  await expect(process).toBeDisabled();
  await expect(process.locator('option:checked')).toHaveText('Choose Partner First');
  await page.getByLabel('Name', { exact: true }).fill(name);
  await page.getByLabel('Type', { exact: true }).selectOption('partner_program');
  await page.getByLabel('Host', { exact: true }).selectOption({ label: 'Globex Storage' });
  await expect(process.locator('option:checked')).toHaveText('Choose Department First');
  await expect(process).toBeDisabled();
  await page.getByLabel('Department', { exact: true }).selectOption({ label: 'Enterprise Storage Support' });
  await expect(process).toBeEnabled();
  await process.selectOption({ label: 'Globex Storage Collaboration' });

  // A reserved vhost is refused by the server, under its field.
  await page.getByLabel('Vhost', { exact: true }).fill('restore');
  await page.getByLabel('Price (one year, $)').fill('100');
  await page.getByLabel('Price (three years, $)').fill('270');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByText('The vhost is reserved; choose another.')).toBeVisible();
  await page.getByLabel('Vhost', { exact: true }).fill(vhost);
  await page.getByRole('button', { name: 'Save', exact: true }).click();

  // Saved: the partner-program view with the program details.
  await expect(page).toHaveURL(/\/super_admin\/groups\/\d+\/partner_program$/);
  const programUrl = page.url();
  const details = page.getByRole('region', { name: 'Program Details' });
  await expect(details.getByText(vhost, { exact: true })).toBeVisible();
  await expect(details.getByText('$100.00')).toBeVisible();
  await expect(details.getByText('$270.00')).toBeVisible();

  // The list shows it with its type, host and registration page.
  await page.getByRole('link', { name: 'Groups', exact: true }).first().click();
  await expect(page.getByRole('heading', { name: 'Groups', level: 1 })).toBeVisible();
  await page.getByLabel('Search', { exact: true }).fill(name);
  const row = page.getByRole('row', { name: new RegExp(name) });
  await expect(row).toContainText('Partner Program');
  await expect(row).toContainText('Globex Storage');
  await expect(row.getByRole('link', { name: new RegExp(`/join/${vhost}$`) })).toBeVisible();
  await row.getByRole('link', { name }).click();
  await expect(page).toHaveURL(programUrl);

  // Add a partner with its collaboration process.
  const partners = page.getByRole('region', { name: 'Group Partners' });
  await expect(partners.getByRole('row', { name: /Globex Storage/ })).toContainText('Enterprise Storage Support');
  await partners.getByRole('button', { name: 'Add Partner' }).click();
  const addPartner = page.getByRole('dialog', { name: 'Add Partner' });
  await expect(addPartner.getByLabel('Collaboration Process').locator('option:checked')).toHaveText(
    'Choose Partner First',
  );
  await addPartner.getByLabel('Company').selectOption({ label: 'Initech Networks' });
  await addPartner.getByLabel('Collaboration Process').selectOption({ label: 'Initech Network Collaboration' });
  await addPartner.getByRole('button', { name: 'Add Partner' }).click();
  await expect(page.getByText('The partner has been added.')).toBeVisible();
  await expect(partners.getByRole('row', { name: /Initech Networks/ })).toContainText('Initech Network Collaboration');

  // Upload a document for the new partner, then delete it.
  const documents = page.getByRole('region', { name: 'Group Documents' });
  await documents.getByRole('button', { name: 'Upload Document' }).click();
  const uploadModal = page.getByRole('dialog', { name: 'Upload Document' });
  await uploadModal.getByLabel('Name').fill('E2E partner guide');
  await uploadModal.getByLabel('Partner').selectOption({ label: 'Initech Networks' });
  await uploadModal.locator('input[type=file]').setInputFiles({
    name: 'partner-guide.pdf',
    mimeType: 'application/pdf',
    buffer: PDF,
  });
  await uploadModal.getByRole('button', { name: 'Upload' }).click();
  await expect(page.getByText('The document has been added.')).toBeVisible();
  const docRow = documents.getByRole('row', { name: /E2E partner guide/ });
  await expect(docRow).toContainText('Initech Networks');
  await docRow.getByRole('button', { name: 'Delete E2E partner guide' }).click();
  const confirm = page.getByRole('dialog', { name: 'Please Confirm' });
  await expect(confirm).toContainText('Are you sure you want to delete E2E partner guide?');
  await confirm.getByRole('button', { name: 'Yes' }).click();
  await expect(page.getByText('The document has been deleted.')).toBeVisible();
  await expect(documents.getByText('No documents shared with this group.')).toBeVisible();

  // Export the partners: built by the worker, downloaded and read as a real spreadsheet.
  await partners.getByRole('button', { name: 'Export Partners', exact: true }).click();
  const ready = partners.getByRole('button', { name: /^Download .+\.xlsx$/ });
  await expect(ready).toBeVisible({ timeout: 60_000 });
  const started = page.waitForEvent('download');
  await ready.click();
  const file = await started;
  expect(file.suggestedFilename()).toMatch(new RegExp(`^E2E-Program-${stamp}-partners\\.\\d{6}\\.xlsx$`));
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.readFile(await file.path());
  const sheet = workbook.worksheets[0];
  // Array.from fills the holes exceljs leaves for empty cells.
  const text = (values: unknown) => Array.from((values as unknown[]).slice(1), (value) => String(value ?? ''));
  expect(text(sheet.getRow(1).values)).toEqual([
    'Company',
    'Department',
    'Collaboration Process',
    'Membership',
    'Active',
    'Host',
  ]);
  const rows: string[][] = [];
  sheet.eachRow((sheetRow, number) => {
    if (number > 1) rows.push(text(sheetRow.values));
  });
  expect(rows).toEqual([
    ['Globex Storage', 'Enterprise Storage Support', 'Globex Storage Collaboration', 'Elite', 'Yes', 'Yes'],
    ['Initech Networks', '', 'Initech Network Collaboration', 'Limited', 'Yes', 'No'],
  ]);
});

test('a Teams-enabled group shows its connection link, and opening it connects the team', async ({
  asSuperAdmin: page,
  browser,
  fresh,
}) => {
  const group = await fresh.teamsGroup();
  await page.goto('/super_admin/dashboard');
  await page.getByRole('link', { name: 'Groups' }).click();
  // The router shows the new URL before the groups page has loaded, and the dashboard's escalation queue has a
  // "Search" field of its own: fill the groups page's once its heading is there.
  await expect(page.getByRole('heading', { name: 'Groups', level: 1 })).toBeVisible();
  await page.getByLabel('Search', { exact: true }).fill(group.name);
  await page.getByRole('link', { name: group.name, exact: true }).click();
  const teams = page.getByRole('region', { name: 'Microsoft Teams' });
  await expect(teams).toContainText('Not connected yet');
  const link = await teams.getByLabel('Teams connection link').inputValue();
  expect(link).toMatch(/\/msteams\/connected\/[^/]+$/);

  // The team's owner opens the link as Teams' connector hands it back, with the channel's webhook address.
  const owner = await (await browser.newContext()).newPage();
  await owner.goto(`${link}?webhook_url=${encodeURIComponent('https://teams.example.test/webhookb2/e2e')}`);
  await expect(owner.getByRole('heading', { name: 'Microsoft Teams Connected' })).toBeVisible();
  await expect(owner.getByText(`Group: ${group.name}`)).toBeVisible();
  await owner.context().close();

  await page.reload();
  await expect(page.getByRole('region', { name: 'Microsoft Teams' })).toContainText('Connected: new and late cases');
});
