import type { Page } from '@playwright/test';
import { STORAGE_KEYS } from '../../libs/contracts/src';
import { expect, signInOnLanding, test } from '../fixtures';

/** Acme's company note as the demo seed writes it. */
const SEEDED_NOTE = 'Globex P1 cases: call their hotline after submitting.';

interface ShiftEntry {
  hadRecentInput: boolean;
  sources: { node?: Node | null }[];
}

/**
 * Records which cards moved on the page without user input (Chromium's layout-shift entries, what CLS adds up),
 * by their titles. Other moves are left out: the footer (from the bottom of the short loading page to below the
 * dashboard) and a table's header cells (their widths follow the rows that arrive).
 */
async function recordLayoutShifts(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const tracked = window as unknown as { moved: string[] };
    tracked.moved = [];
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as unknown as ShiftEntry[]) {
        if (entry.hadRecentInput) continue;
        for (const { node } of entry.sources) {
          const title = node instanceof Element ? node.querySelector('h2')?.textContent : null;
          if (title) tracked.moved.push(title);
        }
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
}

/** Holds the answers of the dashboard's top row and case list back, as a slow network would. */
async function slowAnswers(page: Page): Promise<void> {
  for (const path of ['**/api/caller/favorites', '**/api/caller/company_note', '**/api/caller/get-cases/**']) {
    await page.route(path, async (route) => {
      if (route.request().method() === 'GET') await new Promise((resolve) => setTimeout(resolve, 800));
      await route.fallback();
    });
  }
}

test.describe('on a tall desktop screen (Lighthouse desktop size), where the news row is in view at first', () => {
  test.use({ viewport: { width: 1350, height: 940 } });

  test('the dashboard draws its rows in place: no card moves as favourites, note, cases and news arrive', async ({
    page,
  }) => {
    await signInOnLanding(page, 'acme', 'bm@acme.test');
    await page.waitForURL('**/dashboard');
    // All of Acme's cases: a list with rows, so the table grows when they arrive.
    await page.evaluate(([key]) => localStorage.setItem(key, 'company-all'), [STORAGE_KEYS.caseRequestType]);
    await recordLayoutShifts(page);
    await slowAnswers(page);
    await page.reload();

    const favorites = page.getByRole('region', { name: 'Favorites' });
    await expect(favorites.getByRole('link', { name: 'Globex Storage' })).toBeVisible();
    await expect(favorites.getByRole('link', { name: 'Initech Networks' })).toBeVisible();
    const note = page.getByRole('region', { name: 'Company Note' });
    await expect(note).toContainText(SEEDED_NOTE);
    const activeCases = page.getByRole('region', { name: 'Active Cases' });
    await expect(activeCases.getByRole('table').getByRole('link').first()).toBeVisible();
    await expect(activeCases.getByText('Loading…')).toHaveCount(0);

    // Drawing the cases before the top row was in, or the news before the cases, moved the cards below them down
    // (a CLS of ~0.2 on a full company).
    const moved = await page.evaluate(() => (window as unknown as { moved: string[] }).moved);
    expect(moved).toEqual([]);
  });
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
