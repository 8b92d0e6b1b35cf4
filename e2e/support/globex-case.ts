import { expect, type Page } from '@playwright/test';
import type { CaughtMail } from './mailbox';
import { listboxOf } from './combobox';

// The steps of a case's life that the desktop and the phone journeys share (the demo's Globex ticket process).

/** The first link of a mail whose path contains `fragment`, as a same-origin path for page.goto. */
export function mailLink(mail: CaughtMail, fragment: string): string {
  const link = mail.links.find((href) => href.includes(fragment));
  if (!link) throw new Error(`No link containing ${fragment} in "${mail.subject}": ${mail.links.join(', ')}`);
  const url = new URL(link, 'http://placeholder.invalid');
  return url.pathname + url.search;
}

/** Dashboard partner search → Globex → its ticket process "Globex Storage Collaboration". */
export async function openGlobexTicketProcess(page: Page): Promise<void> {
  await page.getByLabel('Search partners').fill('Globex');
  const results = page.getByRole('list', { name: 'Partners found' });
  await results.getByRole('link', { name: /^Globex Storage(?! –)/ }).click();
  await page.waitForURL('**/case/company/*');
  // The title names the partner once its processes are loaded; several processes come as tabs.
  await expect(page.getByRole('heading', { level: 1, name: /^Submit a Request to Globex Storage/ })).toBeVisible({
    timeout: 20_000,
  });
  const tab = page.getByRole('tab', { name: 'Globex Storage Collaboration' });
  if (await tab.count()) await tab.click();
  await expect(page.getByLabel('Problem Summary')).toBeVisible();
}

/** The required fields of Globex's ticket process (seed: FULL_FORM_LAYOUT of the demo requirements). */
export async function fillGlobexTicketForm(page: Page, caseNumber: string, summary: string): Promise<void> {
  await page.getByLabel('First Name', { exact: true }).fill('Carla');
  await page.getByLabel('Last Name', { exact: true }).fill('Caller');
  await page.getByLabel('Email', { exact: true }).fill('caller@acme.test');
  await page.getByLabel('Internal Case Number').fill(caseNumber);
  await page.getByLabel('Problem Summary').fill(summary);
  await page.getByLabel('Problem Description').fill('Replication between the two SA9000 arrays stalls after 2 hours.');
  await page.getByLabel('Priority').selectOption('medium');
  await page.getByLabel('End Customer Name').fill('Initrode Bank');
  await page.getByLabel('Customer Contact Email').fill('storage-admin@initrode.test');
  // Several hundred zones: typing narrows them, the best match is highlighted and Enter takes it.
  const zone = page.getByRole('combobox', { name: 'Customer Time Zone' });
  await zone.fill('chicago');
  const chicago = (await listboxOf(zone)).getByRole('option', { name: 'America/Chicago', exact: true });
  await expect(zone).toHaveAttribute('aria-activedescendant', (await chicago.getAttribute('id')) ?? '');
  await zone.press('Enter');
  await expect(zone).toHaveValue('America/Chicago');
  await expect(zone).toHaveAttribute('aria-expanded', 'false');
  await page.getByLabel('Product', { exact: true }).selectOption('SA9000 Array');
  await page.getByLabel('Affected Component', { exact: true }).selectOption('Hardware');
  await page.getByLabel('Affected Component (Detail)').selectOption('Controller');
  await page.getByLabel('Problem Category').selectOption('Hardware fault');
  await page.getByLabel('Array Serial Number').fill('SA9-0042-7781');
  await page.getByLabel('Preferred Contact Method').selectOption('Email');
}
