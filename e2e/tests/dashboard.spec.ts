import type { Page } from '@playwright/test';
import { STORAGE_KEYS } from '../../libs/contracts/src';
import { expect, test } from '../fixtures';

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

/**
 * Holds the page's GETs to `paths` back, as a slow network would, until the test calls `release()`: the test
 * decides when the answers arrive, so what the page shows meanwhile is asserted, not hoped for.
 */
async function holdAnswers(page: Page, paths: string[]): Promise<{ release: () => void }> {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  for (const path of paths) {
    await page.route(path, async (route) => {
      if (route.request().method() === 'GET') await released;
      await route.fallback();
    });
  }
  return { release };
}

test.describe('on a tall desktop screen (Lighthouse desktop size), where the news row is in view at first', () => {
  test.use({ viewport: { width: 1350, height: 940 } });

  test('the dashboard draws its rows in place: no card moves as favourites, note, cases and news arrive', async ({
    asCompanyAdmin: page,
  }) => {
    await page.goto('/dashboard');
    // All of Acme's cases: a list with rows, so the table grows when they arrive.
    await page.evaluate(([key]) => localStorage.setItem(key, 'company-all'), [STORAGE_KEYS.caseRequestType]);
    await recordLayoutShifts(page);
    const topRow = await holdAnswers(page, ['**/api/caller/favorites', '**/api/caller/company_note']);
    const caseList = await holdAnswers(page, ['**/api/caller/get-cases/**']);
    await page.reload();

    // Until the favourites and the note are in, no card is drawn: drawn earlier, they would push the rest down.
    const favorites = page.getByRole('region', { name: 'Favorites' });
    const note = page.getByRole('region', { name: 'Company Note' });
    const activeCases = page.getByRole('region', { name: 'Active Cases' });
    const nextRow = page.getByRole('region', { name: 'Grow Your Network' });
    await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
    await expect(page.getByText('Loading…')).toBeVisible();
    await expect(favorites).toHaveCount(0);
    await expect(activeCases).toHaveCount(0);

    topRow.release();
    await expect(favorites.getByRole('link', { name: 'Globex Storage' })).toBeVisible();
    await expect(favorites.getByRole('link', { name: 'Initech Networks' })).toBeVisible();
    await expect(note).toContainText(SEEDED_NOTE);
    // The cases are still on their way: their table says so, and the row under it waits for them.
    await expect(activeCases.getByText('Loading…')).toBeVisible();
    await expect(nextRow).toHaveCount(0);

    caseList.release();
    await expect(activeCases.getByRole('table').getByRole('link').first()).toBeVisible();
    await expect(activeCases.getByText('Loading…')).toHaveCount(0);
    await expect(nextRow).toBeVisible();

    // Drawing the cases before the top row was in, or the news before the cases, moved the cards below them down
    // (a CLS of ~0.2 on a full company).
    const moved = await page.evaluate(() => (window as unknown as { moved: string[] }).moved);
    expect(moved).toEqual([]);
  });
});

test('a business manager edits the company note on the dashboard, and it stays', async ({
  asCompanyAdmin: page,
  demo,
  fresh,
}) => {
  // Acme has one note, which other journeys read: it is put back through the api after the test, failed or not.
  const { note: original } = await demo.get<{ note: string | null }>('bm@acme.test', 'caller/company_note');
  expect(original).toContain(SEEDED_NOTE);
  fresh.putBackAfter(() => demo.post('bm@acme.test', 'caller/company_note', { note: original }));
  await page.goto('/dashboard');
  const note = page.getByRole('region', { name: 'Company Note' });
  await expect(note).toContainText(SEEDED_NOTE);

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
});

test('the company directory lists every partner A to Z with its tags, narrows as one types, jumps by letter', async ({
  asCompanyAdmin: page,
}) => {
  await page.goto('/dashboard');
  const directory = page.getByRole('region', { name: 'Company Directory' });
  const entries = directory.getByRole('listitem');
  await expect(entries.first()).toBeVisible();

  // Browsable without typing: every partner, alphabetical, each with the tags of its processes.
  const names = await directory.locator('.partner-name').allTextContents();
  expect(names.length).toBeGreaterThan(3);
  expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, 'en', { sensitivity: 'base', numeric: true })));
  expect(names).toEqual(expect.arrayContaining(['Globex Storage', 'Initech Networks', 'Umbrella Cloud']));
  await expect(entries.filter({ hasText: 'Initech Networks' })).toContainText('routing');
  await expect(directory.getByRole('link', { name: /^Globex Storage\b/ }).first()).toBeVisible();

  // Filtering as one types, on names and tags alike.
  const filter = directory.getByLabel('Filter the directory');
  await filter.fill('x');
  await expect(entries.filter({ hasText: 'Umbrella Cloud' })).toHaveCount(0);
  await expect(entries.filter({ hasText: 'Globex Storage' }).first()).toBeVisible();
  await filter.fill('routing');
  await expect(entries.filter({ hasText: 'Initech Networks' })).toBeVisible();
  await expect(entries.filter({ hasText: 'Globex Storage' })).toHaveCount(0);
  await filter.fill('');
  await expect(entries).toHaveCount(names.length);

  // A letter jumps to its partners and puts the reader there.
  await directory.getByRole('button', { name: 'Jump to U' }).click();
  await expect(directory.getByRole('heading', { name: 'U', exact: true })).toBeFocused();
  const absent = [...'ABCDEFGHIJKLMNOPQRSTUVWXYZ'].find(
    (letter) => !names.some((name) => name.toUpperCase().startsWith(letter)),
  );
  await expect(directory.getByRole('button', { name: `Jump to ${absent}` })).toBeDisabled();
});

test.describe('on a 1366 px laptop screen', () => {
  test.use({ viewport: { width: 1366, height: 768 } });

  test('the active cases table fits its card: every column, Updated included, is in view', async ({
    asCompanyAdmin: page,
  }) => {
    await page.goto('/dashboard');
    // All of Acme's cases: every status and SLA text (the longest is "Paused while information is requested").
    await page.evaluate(([key]) => localStorage.setItem(key, 'company-all'), [STORAGE_KEYS.caseRequestType]);
    await page.reload();
    const activeCases = page.getByRole('region', { name: 'Active Cases' });
    const table = activeCases.getByRole('table', { name: 'Active cases' });
    await expect(table.getByText('Paused while information is requested').first()).toBeVisible();
    await activeCases.getByRole('heading', { name: 'Active Cases' }).scrollIntoViewIfNeeded();

    const card = await activeCases.boundingBox();
    const updated = await table.getByRole('columnheader', { name: /Updated/ }).boundingBox();
    expect(card && updated).toBeTruthy();
    expect(updated!.x + updated!.width).toBeLessThanOrEqual(card!.x + card!.width);
    // Nothing is hidden behind a sideways scroll either.
    const overflow = await table.evaluate((element) => {
      const scroller = element.parentElement!;
      return scroller.scrollWidth - scroller.clientWidth;
    });
    expect(overflow).toBeLessThanOrEqual(0);
  });
});
