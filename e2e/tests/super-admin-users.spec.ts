import type { Page } from '@playwright/test';
import { expect, signInOnLanding, test } from '../fixtures';
import { MESSAGES } from '../../libs/contracts/src';

/** Success banners are status messages (polite), errors alerts. */
const success = (page: Page, text: string) => page.getByRole('status').filter({ hasText: text });

/** Closes the banners shown so far, so the next assertion sees only the newest one. */
async function dismissAlerts(page: Page): Promise<void> {
  const close = page.getByRole('status').getByRole('button', { name: 'Dismiss' });
  while ((await close.count()) > 0) await close.first().click();
}

test('the super admin searches, creates and manages a Globex user, and logs in as it', async ({
  asSuperAdmin: page,
  browser,
}) => {
  const stamp = Date.now();
  const email = `e2e.backoffice.${stamp}@globex.test`;
  await page.goto('/super_admin/dashboard');

  // Company search: nothing below 2 characters, 'No Results Found', then a pick opens the company.
  const companies = page.getByRole('region', { name: 'Search Companies' });
  const companyBox = companies.getByLabel('Search Companies');
  await companyBox.fill('g');
  await expect(companies.getByText(MESSAGES.noResultsFound)).toHaveCount(0);
  await expect(companies.getByRole('link')).toHaveCount(0);
  await companyBox.fill('zz-no-such-company');
  await expect(companies.getByText(MESSAGES.noResultsFound)).toBeVisible();
  await companyBox.fill('Globex');
  await companies.getByRole('link', { name: /Globex Storage/ }).click();
  await expect(page).toHaveURL(/\/super_admin\/companies\/\d+$/);
  const globexId = Number(new URL(page.url()).pathname.split('/').pop());

  // User search: a pick opens the user form of its company.
  await page.goto('/super_admin/dashboard');
  const users = page.getByRole('region', { name: 'Search Users' });
  await users.getByLabel('Search Users').fill('caller@acme');
  await users.getByRole('link', { name: /caller@acme\.test/ }).click();
  await expect(page).toHaveURL(/\/super_admin\/companies\/\d+\/users\/\d+$/);
  await expect(page.getByLabel('Email')).toHaveValue('caller@acme.test');

  // Create: a taken e-mail is shown under its field; then the new user opens for editing.
  await page.goto(`/super_admin/companies/${globexId}/users/0`);
  await expect(page.getByRole('heading', { name: 'New User', level: 1 })).toBeVisible();
  await expect(page.getByText('Community Access')).toHaveCount(0);
  await page.getByLabel('First Name').fill('Erin');
  await page.getByLabel('Last Name').fill(`Backoffice${stamp}`);
  await page.getByLabel('Email').fill('caller@acme.test');
  await page.getByLabel('City').fill('Porto');
  await page.getByLabel('Password', { exact: true }).fill('Fir5t!Pass');
  await page.getByLabel('Confirm Password').fill('Fir5t!Pass');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByText(MESSAGES.emailTaken)).toBeVisible();
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/super_admin/companies/${globexId}/users/[1-9]\\d*$`));
  const userId = Number(new URL(page.url()).pathname.split('/').pop());
  const name = `Erin Backoffice${stamp}`;
  await expect(page.getByRole('heading', { name, level: 1 })).toBeVisible();
  await expect(success(page, 'User saved.')).toBeVisible();
  await expect(page.getByText('Community Access')).toBeVisible();
  await expect(page.getByLabel('Password', { exact: true })).toHaveCount(0);

  // Edit: the change is stored.
  await dismissAlerts(page);
  await page.getByLabel('City').fill('Lisbon');
  await page.getByLabel('Type').selectOption('admin');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(success(page, 'User saved.')).toBeVisible();
  await page.reload();
  await expect(page.getByLabel('City')).toHaveValue('Lisbon');
  await expect(page.getByLabel('Type')).toHaveValue('admin');

  // Disable and enable.
  await dismissAlerts(page);
  await page.getByRole('button', { name: 'Disable' }).click();
  await expect(success(page, 'User disabled.')).toBeVisible();
  await expect(page.getByTitle('Inactive user')).toBeVisible();
  // The disabled user is on the Inactive Users list, greyed, and opens from there.
  await dismissAlerts(page);
  await page.getByRole('link', { name: 'Inactive Users' }).click();
  await expect(page.getByRole('heading', { name: 'Inactive Users', level: 1 })).toBeVisible();
  const listed = page.getByRole('row').filter({ hasText: email });
  await expect(listed.getByTitle('Inactive user')).toBeVisible();
  await expect(listed).toContainText('Globex Storage');
  await listed.getByRole('link', { name }).click();
  await page.waitForURL(`**/super_admin/user/${userId}`);
  await page.getByRole('button', { name: 'Enable' }).click();
  await expect(success(page, 'User enabled.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Disable' })).toBeVisible();

  // Update Password, and the user signs in with it in a browser of its own.
  await dismissAlerts(page);
  await page.getByRole('button', { name: 'Update Password' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('New Password', { exact: true }).fill('N3w!Backoffice');
  await dialog.getByLabel('Confirm New Password').fill('N3w!Backoffice');
  await dialog.getByRole('button', { name: 'Update Password' }).click();
  await expect(success(page, 'Password updated.')).toBeVisible();
  await expect(dialog).toHaveCount(0);
  const userContext = await browser.newContext();
  const userPage = await userContext.newPage();
  await signInOnLanding(userPage, 'acme', email, 'N3w!Backoffice');
  await userPage.waitForURL('**/dashboard');
  await expect(userPage.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
  await userContext.close();

  // Login as the user, then Back to Admin returns to the user.
  await page.getByRole('button', { name: `Login as ${name}` }).click();
  await page.waitForURL('**/dashboard');
  await expect(page.getByText(`logged in as ${name}`)).toBeVisible();
  await page.getByRole('button', { name: 'Back to Admin' }).click();
  await page.waitForURL(`**/super_admin/user/${userId}`);
  await expect(page.getByLabel('Email')).toHaveValue(email);

  // The user was just active: deleting it from the form asks first.
  await page.getByRole('button', { name: 'Delete' }).click();
  const confirm = page.getByRole('dialog');
  await expect(confirm).toContainText(`Are you sure you want to delete ${name} from the system?`);
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(page).toHaveURL(new RegExp(`/super_admin/companies/${globexId}$`));
});

test('a registration made on the company page appears live in the dashboard queue and is approved there', async ({
  asSuperAdmin: page,
  browser,
  mailbox,
}) => {
  const email = `e2e.queue.${Date.now()}@acme.test`;
  await page.goto('/super_admin/dashboard');
  const queue = page.getByRole('region', { name: 'User Registration Queue' });
  await expect(queue.getByRole('table')).toBeVisible();

  // Someone registers on Acme's page in another browser; the open dashboard shows the row without a reload.
  const visitor = await browser.newContext();
  const registration = await visitor.newPage();
  await registration.goto('/acme');
  const form = registration.getByRole('region', { name: 'Register' });
  await form.getByLabel('First Name').fill('Quinn');
  await form.getByLabel('Last Name').fill('Queued');
  await form.getByLabel('Work Email').fill(email);
  await form.getByLabel('City').fill('Austin');
  await form.getByLabel('Password', { exact: true }).fill('Welc0me!Aboard');
  await form.getByLabel('Confirm Password').fill('Welc0me!Aboard');
  await form.getByLabel('I agree to the terms of the privacy policy.').check();
  await form.getByRole('button', { name: 'Register' }).click();
  await expect(registration.getByText(MESSAGES.registrationApprovalText)).toBeVisible();
  await visitor.close();

  const row = queue.getByRole('row').filter({ hasText: email });
  await expect(row).toBeVisible();
  await expect(row).toContainText('Acme Systems');
  await row.getByRole('button', { name: 'Approve Quinn Queued' }).click();
  await expect(success(page, MESSAGES.userApproved)).toBeVisible();
  await expect(queue.getByRole('row').filter({ hasText: email })).toHaveCount(0);
  const mail = await mailbox.waitFor({ to: email, subjectContains: 'approved' });
  expect(mail.subject).toContain('approved');
});
