import { expect, Page, test as base } from '@playwright/test';
import { Mailbox } from './support/mailbox';

export { expect };
export type { CaughtMail, WaitForMailOptions } from './support/mailbox';

/** The password of every seeded demo identity. */
export const DEMO_PASSWORD = 'Passw0rd!';

export const test = base.extend<{ mailbox: Mailbox }>({
  // eslint-disable-next-line no-empty-pattern
  mailbox: async ({}, use) => {
    await use(new Mailbox());
  },
});

/** Signs in through a company's landing page (`/{slug}`) and waits until the app leaves it. */
export async function loginAs(page: Page, email: string, password: string, slug: string): Promise<void> {
  await page.goto(`/${slug}`);
  await page.locator('input[name=email]').fill(email);
  await page.locator('input[name=password]').fill(password);
  await page.getByRole('button', { name: 'Log In' }).click();
  await page.waitForURL((url) => url.pathname !== `/${slug}`);
}
