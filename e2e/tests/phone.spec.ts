import type { Locator, Page } from '@playwright/test';
import { MESSAGES } from '../../libs/contracts/src';
import { expect, test } from '../fixtures';
import { contentReady } from '../support/axe-audit';
import { expectFitsPhone, openMenu, phonePage, sidewaysScroll } from '../support/phone';
import { readRouteIds } from '../support/route-ids';

/**
 * The main journeys on a phone (issue 28, point 7): at 390 x 844, with touch, the pages do not scroll sideways, the
 * header folds into a Menu that opens and navigates, controls are at least 44 px tall and axe stays clean. The same
 * pages at desktop size are covered by their own journeys and by accessibility.spec.ts.
 */

/** A wide table scrolls inside its own box, not the page, and its first column stays in view while it does. */
async function expectTableScrollsInItsBox(table: Locator): Promise<void> {
  const box = table.locator('.data-table-scroll');
  const widths = await box.evaluate((element) => ({ inner: element.scrollWidth, outer: element.clientWidth }));
  expect(widths.inner, 'the table is wider than a phone and scrolls inside its box').toBeGreaterThan(widths.outer);
  const firstHeader = table.getByRole('columnheader').first();
  const before = await firstHeader.boundingBox();
  await box.evaluate((element) => element.scrollBy({ left: 200 }));
  await expect(box).not.toHaveJSProperty('scrollLeft', 0);
  expect((await firstHeader.boundingBox())?.x, 'the first column stays in place').toBe(before?.x);
  // The second column moved under it.
  await expect
    .poll(async () => (await table.getByRole('columnheader').nth(1).boundingBox())?.x ?? 0)
    .toBeLessThan((before?.x ?? 0) + (before?.width ?? 0));
}

async function addNote(page: Page, summary: string): Promise<void> {
  await page.getByRole('button', { name: 'Add Note' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add Note' });
  await dialog.getByLabel('Summary').fill(summary);
  await dialog.getByLabel('Description').fill('Controller firmware 9.2 has a known replication bug.');
  // The dialog fits the phone too, with its fields filled.
  await expectFitsPhone(page, { ready: false });
  await dialog.getByRole('button', { name: 'Add Note' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('list', { name: 'Case timeline, newest first' })).toContainText(summary);
}

test('a member on a phone: dashboard, My Cases, a case page with a new note, and the menu', async ({
  browser,
  fresh,
}) => {
  const kase = await fresh.acmeCaseToGlobex({ submitter: 'caller@acme.test', status: 'accepted' });
  const page = await phonePage(browser, 'member');
  try {
    await page.goto('/dashboard');
    await expectFitsPhone(page);

    await page.getByRole('link', { name: 'View all my cases' }).click();
    await expect(page).toHaveURL(/\/my-cases$/);
    await expectFitsPhone(page);
    const myCases = page.locator('.data-table').filter({ has: page.getByRole('table', { name: 'My Cases' }) });
    await expectTableScrollsInItsBox(myCases);

    await myCases.getByRole('link', { name: kase.number }).click();
    await expect(page).toHaveURL(new RegExp(`/my-cases/${kase.token}$`));
    await expect(page.getByRole('button', { name: 'Add Note' })).toBeVisible();
    await expectFitsPhone(page);
    // On a phone the status and the conversation come right after the heading, before the case's information.
    const feedTop = (await page.getByRole('region', { name: 'Collaboration Feed' }).boundingBox())?.y ?? Infinity;
    const infoTop = (await page.getByRole('region', { name: 'Case Information' }).boundingBox())?.y ?? 0;
    expect(feedTop).toBeLessThan(infoTop);
    await addNote(page, `Phone note ${kase.number}`);
    expect(await sidewaysScroll(page)).toBeLessThanOrEqual(0);

    // The header's Menu opens over the page and takes the member home; it is folded again there.
    const nav = await openMenu(page, 'Main');
    await nav.getByRole('link', { name: 'Home' }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(nav).toBeHidden();
    await expect(page.getByRole('button', { name: 'Menu' })).toHaveAttribute('aria-expanded', 'false');
  } finally {
    await page.context().close();
  }
});

test('a partner engineer on a phone answers a case by its token link', async ({ browser, fresh }) => {
  const kase = await fresh.acmeCaseToGlobex({ status: 'open' });
  const page = await phonePage(browser);
  try {
    await page.goto(`/case/${kase.token}/respond`);
    await expect(page.getByRole('heading', { name: 'Respond to Collaboration Request' })).toBeVisible();
    await expectFitsPhone(page);

    await page.getByLabel('Request Information').check();
    await page.getByLabel('What information do you need?').fill('Please attach the controller logs of both arrays.');
    await page.getByRole('button', { name: 'Send Response' }).click();
    await expect(page.getByRole('status').filter({ hasText: MESSAGES.responseSent })).toBeVisible();
    await expectFitsPhone(page);

    const nav = await openMenu(page, 'Site');
    await nav.getByRole('link', { name: 'Find Your Company' }).click();
    await expect(page).toHaveURL(/\/$/);
    await contentReady(page);
    await expect(nav).toBeHidden();
  } finally {
    await page.context().close();
  }
});

test("a company admin's other pages fit a phone, the admin area reached through the menu", async ({
  browser,
  demo,
}) => {
  const ids = await readRouteIds(demo);
  const page = await phonePage(browser, 'companyAdmin');
  try {
    await page.goto('/dashboard');
    await contentReady(page);
    const nav = await openMenu(page, 'Main');
    await nav.getByRole('link', { name: 'Admin' }).click();
    await expect(page).toHaveURL(/\/admin\/company$/);
    await expectFitsPhone(page, { audit: false });
    for (const path of [
      '/admin/company/registration',
      '/admin/users',
      `/admin/users/${ids.acmeCaller}`,
      '/admin/inbound_process',
      `/admin/inbound_process/${ids.acmeTicket.id}`,
      `/admin/inbound_process/${ids.acmeTicket.id}/test`,
      '/admin/partner_groups',
      `/admin/partner_groups/${ids.acmeGroup}`,
      '/admin/reports',
      '/admin/integrations',
      `/admin/case/${ids.caseToken}`,
      `/case/company/${ids.globex}`,
      '/profile',
    ]) {
      await page.goto(path);
      // axe runs on these pages at desktop size in accessibility.spec.ts; here the layout is what changes.
      await expectFitsPhone(page, { audit: false });
    }
  } finally {
    await page.context().close();
  }
});
