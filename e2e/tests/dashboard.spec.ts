import type { Page } from '@playwright/test';
import { expect, signInOnLanding, test } from '../fixtures';

/** Acme's company note as the demo seed writes it. */
const SEEDED_NOTE = 'Globex P1 cases: call their hotline after submitting.';

interface ShiftEntry {
  hadRecentInput: boolean;
  sources: { node?: Node | null }[];
}

/**
 * Records what moved on the page without user input (Chromium's layout-shift entries, what CLS adds up): each
 * moved element as the title of its card, or its tag name.
 */
async function recordLayoutShifts(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const tracked = window as unknown as { moved: string[] };
    tracked.moved = [];
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as unknown as ShiftEntry[]) {
        if (entry.hadRecentInput) continue;
        for (const { node } of entry.sources) {
          const element = node instanceof Element ? node : null;
          tracked.moved.push(element?.querySelector('h2')?.textContent ?? element?.tagName ?? 'a removed node');
        }
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
}

/** Holds the answers of the dashboard's top row back, as a slow network would. */
async function slowTopRow(page: Page): Promise<void> {
  for (const path of ['**/api/caller/favorites', '**/api/caller/company_note']) {
    await page.route(path, async (route) => {
      if (route.request().method() === 'GET') await new Promise((resolve) => setTimeout(resolve, 800));
      await route.fallback();
    });
  }
}

test('the dashboard shows the favourites and the company note without pushing the active cases down', async ({
  page,
}) => {
  await signInOnLanding(page, 'acme', 'bm@acme.test');
  await page.waitForURL('**/dashboard');
  await recordLayoutShifts(page);
  await slowTopRow(page);
  await page.reload();

  const favorites = page.getByRole('region', { name: 'Favorites' });
  await expect(favorites.getByRole('link', { name: 'Globex Storage' })).toBeVisible();
  await expect(favorites.getByRole('link', { name: 'Initech Networks' })).toBeVisible();
  const note = page.getByRole('region', { name: 'Company Note' });
  await expect(note).toContainText(SEEDED_NOTE);
  const activeCases = page.getByRole('region', { name: 'Active Cases' });
  await expect(activeCases.getByRole('table')).toBeVisible();
  await expect(activeCases.getByText('Loading…')).toHaveCount(0);

  // Only the footer may move (from the bottom of the short loading page to below the dashboard). Drawing the
  // cases before the top row was in moved the cards below it down (a CLS of ~0.2 on a full company).
  const moved = await page.evaluate(() => (window as unknown as { moved: string[] }).moved);
  expect(moved.filter((what) => what !== 'FOOTER')).toEqual([]);
});

test('a business manager edits the company note on the dashboard, and it stays', async ({ page }) => {
  await signInOnLanding(page, 'acme', 'bm@acme.test');
  await page.waitForURL('**/dashboard');
  const note = page.getByRole('region', { name: 'Company Note' });
  const original = (await note.locator('.company-note').textContent()) ?? '';
  expect(original).toContain(SEEDED_NOTE);

  const edit = async (text: string) => {
    await note.getByRole('button', { name: 'Edit Note' }).click();
    const modal = page.getByRole('dialog', { name: 'Company Notes' });
    await modal.getByLabel('Note').fill(text);
    await modal.getByRole('button', { name: 'Save Note' }).click();
    await expect(modal).toBeHidden();
  };
  await edit('Storage escalations go to the Denver desk first.');
  await expect(note).toContainText('Storage escalations go to the Denver desk first.');
  await page.reload();
  await expect(page.getByRole('region', { name: 'Company Note' })).toContainText(
    'Storage escalations go to the Denver desk first.',
  );

  // Put the seeded note back for the other journeys.
  await edit(original);
  await expect(note).toContainText(SEEDED_NOTE);
});
