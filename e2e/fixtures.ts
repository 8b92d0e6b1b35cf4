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

/**
 * Signs in with the password form of a company's landing page (`/{slug}`) and waits until the app leaves it.
 * Scoped to the "Log In" region: a landing page may also hold a registration form with its own e-mail field.
 */
export async function signInOnLanding(
  page: Page,
  slug: string,
  email: string,
  password = DEMO_PASSWORD,
): Promise<void> {
  await page.goto(`/${slug}`);
  const loginForm = page.getByRole('region', { name: /^Log In/ });
  await loginForm.getByLabel('Email').fill(email);
  await loginForm.getByLabel('Password', { exact: true }).fill(password);
  await loginForm.getByRole('button', { name: 'Log In' }).click();
  await page.waitForURL((url) => url.pathname !== `/${slug}`);
}
