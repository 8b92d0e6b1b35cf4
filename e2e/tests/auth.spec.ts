import { DEMO_PASSWORD, expect, signInOnLanding, test, type CaughtMail } from '../fixtures';
import { MESSAGES } from '../../libs/contracts/src';

/** The first link of a mail whose path contains `fragment`, as a same-origin path for page.goto. */
function mailLink(mail: CaughtMail, fragment: string): string {
  const link = mail.links.find((href) => href.includes(fragment));
  if (!link) throw new Error(`No link containing ${fragment} in "${mail.subject}": ${mail.links.join(', ')}`);
  const url = new URL(link, 'http://placeholder.invalid');
  return url.pathname + url.search;
}

test.describe('signing in from the landing pages', () => {
  const members = [
    { email: 'bm@acme.test', slug: 'acme' },
    { email: 'pm@acme.test', slug: 'acme' },
    { email: 'caller@acme.test', slug: 'acme' },
    { email: 'api@acme.test', slug: 'acme' },
    { email: 'bm@globex.test', slug: 'globex' },
    { email: 'caller@globex.test', slug: 'globex' },
    { email: 'bm@initech.test', slug: 'initech' },
  ];

  for (const { email, slug } of members) {
    test(`${email} signs in on /${slug} and lands on the dashboard`, async ({ page }) => {
      await signInOnLanding(page, slug, email);
      await page.waitForURL('**/dashboard');
      await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
      await expect(page.getByRole('link', { name: 'Logout' })).toBeVisible();
    });
  }

  test('the super admin signs in and lands on the super admin dashboard', async ({ page }) => {
    await signInOnLanding(page, 'acme', 'admin@casebridge.test');
    await page.waitForURL('**/super_admin/dashboard');
    await expect(page.getByRole('link', { name: 'Inactive Users' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Companies' })).toBeVisible();
  });

  test('the sso company shows the Single Sign-On button', async ({ page }) => {
    await page.goto('/umbrella');
    await expect(page.getByRole('link', { name: 'Single Sign-On' })).toHaveAttribute('href', '/saml2/umbrella/login');
  });
});

test.describe('route guards', () => {
  test('a member page while logged out sends the visitor home with the login alert', async ({ page }) => {
    await page.goto('/my-cases');
    await page.waitForURL((url) => url.pathname === '/');
    await expect(page.getByRole('alert').filter({ hasText: MESSAGES.mustBeLoggedIn })).toBeVisible();
  });

  test('a caller opening the company admin is sent to the dashboard', async ({ asMember: page }) => {
    await page.goto('/admin/company');
    await page.waitForURL('**/dashboard');
    await expect(page.getByRole('alert').filter({ hasText: MESSAGES.noAccess })).toBeVisible();
  });
});

test.describe('mailed links', () => {
  test('forgot password: the mailed reset link sets a password and signs in', async ({ page, mailbox }) => {
    const before = await mailbox.ids();
    await page.goto('/acme');
    await page.getByRole('region', { name: 'Log In' }).getByRole('button', { name: 'Forgot Password?' }).click();
    const dialog = page.getByRole('dialog', { name: 'Forgot Password' });
    await dialog.getByLabel('Email').fill('pm@acme.test');
    await dialog.getByRole('button', { name: 'Send Reset Link' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByRole('status').filter({ hasText: MESSAGES.forgotPasswordSent })).toBeVisible();

    const mail = await mailbox.waitFor({ to: 'pm@acme.test', notAmong: before });
    await page.goto(mailLink(mail, '/reset_password/'));
    await page.getByLabel('Email').fill('pm@acme.test');
    // The demo password is kept, so other journeys can still sign in as this user.
    await page.getByLabel('New Password', { exact: true }).fill(DEMO_PASSWORD);
    await page.getByLabel('Confirm New Password').fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: 'Reset Password' }).click();
    await page.waitForURL('**/dashboard');
    await expect(page.getByRole('status').filter({ hasText: MESSAGES.passwordResetDone })).toBeVisible();

    await page.getByRole('link', { name: 'Logout' }).click();
    await page.waitForURL('**/acme');
    await signInOnLanding(page, 'acme', 'pm@acme.test');
    await page.waitForURL('**/dashboard');
  });

  test('email_link company: the mailed login link signs the caller in', async ({ page, mailbox }) => {
    const before = await mailbox.ids();
    await page.goto('/globex');
    const linkForm = page.getByRole('region', { name: 'Email Me a Login Link' });
    await linkForm.getByLabel('Work email').fill('caller');
    await linkForm.getByLabel('I agree to the terms of the privacy policy.').check();
    await linkForm.getByRole('button', { name: 'Email Me a Login Link' }).click();
    await expect(page.getByRole('status').filter({ hasText: MESSAGES.loginLinkSent })).toBeVisible();

    const mail = await mailbox.waitFor({ to: 'caller@globex.test', notAmong: before });
    await page.goto(mailLink(mail, '/auto_login/'));
    await page.waitForURL('**/dashboard');
    await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
  });

  test('registration needing approval is approved by the signup manager from the mail', async ({ page, mailbox }) => {
    const email = `new.engineer.${Date.now()}@acme.test`;
    await page.goto('/acme');
    const form = page.getByRole('region', { name: 'Register' });
    await form.getByLabel('First Name').fill('Nora');
    await form.getByLabel('Last Name').fill('Newcomer');
    await form.getByLabel('Work Email').fill(email);
    await form.getByLabel('City').fill('Austin');
    await form.getByLabel('Password', { exact: true }).fill('Welc0me!Aboard');
    await form.getByLabel('Confirm Password').fill('Welc0me!Aboard');
    await form.getByLabel('I agree to the terms of the privacy policy.').check();
    await form.getByRole('button', { name: 'Register' }).click();
    await expect(page.getByRole('heading', { name: MESSAGES.registrationApproval })).toBeVisible();
    await expect(page.getByText(MESSAGES.registrationApprovalText)).toBeVisible();

    // The signup manager gets one such mail per registration: this one names the registrant.
    const mail = await mailbox.waitFor({ to: 'bm@acme.test', mentions: email });
    await page.goto(mailLink(mail, '/approve'));
    await expect(page.getByRole('status').filter({ hasText: MESSAGES.userApproved })).toBeVisible();
  });
});

test('the super admin logs in as a user and comes back with Back to Admin', async ({ asSuperAdmin: page, demo }) => {
  const { user: caller } = await demo.get<{ user: { id: number; first_name: string; last_name: string } }>(
    'caller@acme.test',
    'auth/me',
  );
  await page.goto(`/super_admin/user/${caller.id}`);
  await page.getByRole('button', { name: `Login as ${caller.first_name} ${caller.last_name}` }).click();
  await page.waitForURL('**/dashboard');
  await expect(page.getByText(`logged in as ${caller.first_name} ${caller.last_name}`)).toBeVisible();

  await page.getByRole('button', { name: 'Back to Admin' }).click();
  await page.waitForURL(`**/super_admin/user/${caller.id}`);
  await expect(page.getByText(/logged in as/)).toBeHidden();
  await expect(page.getByRole('link', { name: 'Inactive Users' })).toBeVisible();
});
