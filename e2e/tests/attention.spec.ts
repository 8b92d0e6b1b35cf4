import type { Locator, Page } from '@playwright/test';
import { expect, test } from '../fixtures';

const PARTNER = 'bm@globex.test';

/** The bell's button; its name carries the unread total once the first answer is in. */
const bell = (page: Page): Locator => page.getByRole('button', { name: /^Notifications/ });

async function unreadTotal(page: Page): Promise<number> {
  await expect(bell(page)).toHaveAccessibleName(/^Notifications, \d+ unread$/);
  const name = (await bell(page).getAttribute('aria-label')) ?? '';
  return Number(/(\d+) unread/.exec(name)?.[1]);
}

/** Opens My Cases and resolves once the page follows its notifications on the socket (nothing is missed after). */
async function openMyCases(page: Page): Promise<void> {
  const followed = page.waitForEvent('websocket').then((socket) =>
    socket.waitForEvent('framesent', {
      predicate: (frame) => String(frame.payload).includes('notifications.follow'),
    }),
  );
  await page.goto('/my-cases');
  await expect(page.getByRole('heading', { level: 1, name: 'My Cases' })).toBeVisible();
  await followed;
}

/** Every request the page makes to the api from now on. */
function recordApiRequests(page: Page): string[] {
  const seen: string[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname.startsWith('/api/')) seen.push(`${request.method()} ${request.url()}`);
  });
  return seen;
}

test.describe('attention: watching, the bell and unread marks', () => {
  test('a partner note reaches the bell and the list live; opening it reads it in every tab', async ({
    asCompanyAdmin: page,
    demo,
    fresh,
  }) => {
    const kase = await fresh.acmeCaseToGlobex({ status: 'accepted' });

    // Acme watches the case from its page (opening it also reads it).
    const read = page.waitForResponse((r) => r.url().endsWith(`/api/caller/cases/${kase.token}/read`) && r.ok());
    await page.goto(`/my-cases/${kase.token}`);
    await read;
    const watch = page.getByRole('button', { name: 'Watch', exact: true });
    if ((await watch.getAttribute('aria-pressed')) !== 'true') await watch.click();
    await expect(watch).toHaveAttribute('aria-pressed', 'true');

    // Two tabs of Acme on My Cases, the case without a mark.
    await openMyCases(page);
    const other = await page.context().newPage();
    await openMyCases(other);
    const rowOf = (tab: Page) => tab.getByRole('row').filter({ hasText: kase.number });
    await expect(rowOf(page)).toBeVisible();
    await expect(rowOf(page)).not.toContainText(/\d+ new/);
    const before = await unreadTotal(page);
    const requests = recordApiRequests(page);
    const otherRequests = recordApiRequests(other);

    // Globex writes a note through the api: the bell and both lists follow with no request of Acme's pages.
    await demo.post(PARTNER, `caller/case/${kase.token}/note`, { summary: `Firmware plan ${kase.number}` });
    await expect(bell(page)).toHaveAccessibleName(`Notifications, ${before + 1} unread`);
    await expect(rowOf(page)).toContainText('1 new');
    await expect(rowOf(other)).toContainText('1 new');
    expect(requests).toEqual([]);
    expect(otherRequests).toEqual([]);

    // Acme opens the entry from the bell: the case page, the bell back, the mark gone in the other tab too.
    await bell(page).click();
    const panel = page.getByRole('region', { name: 'Notifications' });
    await panel
      .getByRole('link', { name: new RegExp(`Case# ${kase.number}.*Note added`) })
      .first()
      .click();
    await expect(page).toHaveURL(new RegExp(`/my-cases/${kase.token}$`));
    await expect(bell(page)).toHaveAccessibleName(`Notifications, ${before} unread`);
    await expect(rowOf(other)).not.toContainText(/\d+ new/);
    await expect(bell(other)).toHaveAccessibleName(`Notifications, ${before} unread`);
    expect(otherRequests).toEqual([]);
  });
});
