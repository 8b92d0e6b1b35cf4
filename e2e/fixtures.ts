import {
  expect,
  Page,
  test as base,
  type BrowserContext,
  type PlaywrightTestArgs,
  type PlaywrightWorkerArgs,
} from '@playwright/test';
import { DemoApi } from './support/demo-api';
import { FreshData } from './support/fresh-data';
import { Mailbox } from './support/mailbox';
import {
  expectSharedSessionAlive,
  SHARED_SESSIONS,
  sharedSessionToken,
  sharedStateFile,
  type SharedRole,
} from './support/shared-sessions';

export { expect };
export type { CaughtMail, WaitForMailOptions } from './support/mailbox';
export type { FreshCase, FreshUser } from './support/fresh-data';

/** The password of every seeded demo identity. */
export const DEMO_PASSWORD = 'Passw0rd!';

export interface JourneyFixtures {
  /** The SMTP catcher's inbox: `waitFor({ to, subjectContains })`. */
  mailbox: Mailbox;
  /** The api as the demo users see it (the shared identities use their shared sessions). */
  demo: DemoApi;
  /** A page signed in as the super admin (admin@casebridge.test), from the run's shared session. */
  asSuperAdmin: Page;
  /** A page signed in as Acme's business manager (bm@acme.test), from the run's shared session. */
  asCompanyAdmin: Page;
  /** A page signed in as Acme's caller (caller@acme.test), from the run's shared session. */
  asMember: Page;
  /**
   * A page in a browser context of its own, signed in through the api with a session of its own: for users without
   * a shared session (a fresh user, another company), and for journeys that sign out or change the password.
   */
  signedInAs: (email: string, password?: string) => Promise<Page>;
  /** Users and cases made through the api for this test, removed after it. */
  fresh: FreshData;
}

/**
 * A page in its own context, started from a shared session's storageState. The session must authorize before the
 * test and still after it: a journey that ends it fails itself instead of every journey after it.
 */
function sharedSessionPage(role: SharedRole) {
  return async (
    { browser, request }: Pick<PlaywrightWorkerArgs, 'browser'> & Pick<PlaywrightTestArgs, 'request'>,
    use: (page: Page) => Promise<void>,
  ): Promise<void> => {
    await expectSharedSessionAlive(request, role, 'before');
    const context = await browser.newContext({ storageState: sharedStateFile(role) });
    await use(await context.newPage());
    await context.close();
    await expectSharedSessionAlive(request, role, 'after');
  };
}

export const test = base.extend<JourneyFixtures>({
  // eslint-disable-next-line no-empty-pattern
  mailbox: async ({}, use) => {
    await use(new Mailbox());
  },
  demo: async ({ request }, use) => {
    const demo = new DemoApi(request);
    for (const [role, email] of Object.entries(SHARED_SESSIONS)) {
      demo.useSession(email, sharedSessionToken(role as SharedRole));
    }
    await use(demo);
  },
  asSuperAdmin: sharedSessionPage('superAdmin'),
  asCompanyAdmin: sharedSessionPage('companyAdmin'),
  asMember: sharedSessionPage('member'),
  signedInAs: async ({ browser, demo }, use) => {
    const contexts: BrowserContext[] = [];
    await use(async (email, password = DEMO_PASSWORD) => {
      const token = await demo.signIn(email, password);
      const context = await browser.newContext({ storageState: await demo.signedInState(email, token) });
      contexts.push(context);
      return context.newPage();
    });
    for (const context of contexts) await context.close();
  },
  fresh: async ({ demo }, use) => {
    const fresh = new FreshData(demo);
    await use(fresh);
    await fresh.cleanUp();
  },
});

/**
 * Signs in with the password form of a company's landing page (`/{slug}`) and waits until the app leaves it.
 * Scoped to the "Log In" region: a landing page may also hold a registration form with its own e-mail field.
 * For journeys about signing in; the others start signed in (`asCompanyAdmin`, `signedInAs`...).
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
