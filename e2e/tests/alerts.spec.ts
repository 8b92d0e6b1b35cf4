import { expect, test } from '../fixtures';
import { MESSAGES } from '../../libs/contracts/src';

/*
 * Banners answer one action (issue 17, point 7): a new message replaces the old one, the next action takes an old
 * one away, success leaves by itself after a few seconds, and an action taken in a modal answers inside it.
 */

test('saving three times shows one banner; the next form’s errors stand alone; success leaves by itself', async ({
  fresh,
  signedInAs,
}) => {
  // A user of its own: the journey saves a profile, so no demo identity is changed.
  const caller = await fresh.companyUser({ first_name: 'Bea', last_name: 'Banner' });
  const page = await signedInAs(caller.email, caller.password);
  await page.goto('/profile');
  const contact = page.getByRole('region', { name: 'Contact Details' });
  const updated = page.getByRole('status').filter({ hasText: MESSAGES.profileUpdated });

  for (let round = 1; round <= 3; round++) {
    const saved = page.waitForResponse(
      (response) => response.request().method() === 'POST' && response.url().endsWith('/api/users/profile'),
    );
    await contact.getByRole('button', { name: 'Save Profile' }).click();
    expect((await saved).ok()).toBe(true);
    await expect(updated).toHaveCount(1);
  }

  // The next action, in the other form: its error stands under its field, with no "Profile Updated" beside it.
  const password = page.getByRole('region', { name: 'Change Password' });
  await password.getByLabel('Current Password').fill('Wrong1!pass');
  await password.getByLabel('New Password', { exact: true }).fill('N3w!Password');
  await password.getByLabel('Confirm New Password').fill('N3w!Password');
  await password.getByRole('button', { name: 'Change Password' }).click();
  await expect(password.getByText('The current password is not correct.')).toBeVisible();
  await expect(updated).toHaveCount(0);

  // A success is heard (a status message) and then leaves without anyone closing it.
  await contact.getByRole('button', { name: 'Save Profile' }).click();
  await expect(updated).toBeVisible();
  await expect(updated).toBeHidden();
});

test('an error banner stays until the next action, which takes it away', async ({ page }) => {
  await page.goto('/my-cases');
  await page.waitForURL((url) => url.pathname === '/');
  const denied = page.getByRole('alert').filter({ hasText: MESSAGES.mustBeLoggedIn });
  await expect(denied).toBeVisible();

  // Sending the login form empty: its errors stand under its fields, and the old banner is gone.
  const login = page.getByRole('region', { name: /^Log In/ });
  await login.getByRole('button', { name: 'Log In' }).click();
  await expect(login.getByLabel('Email')).toHaveAttribute('aria-invalid', 'true');
  await expect(denied).toHaveCount(0);
});

test('an action in a modal answers inside it, its reason under the field; the page keeps no stale banner', async ({
  asCompanyAdmin: page,
  fresh,
}) => {
  const kase = await fresh.acmeCaseToGlobex({ status: 'accepted' });
  await page.goto(`/my-cases/${kase.token}`);
  await expect(page.getByRole('heading', { level: 1, name: /^Outbound to Globex Storage/ })).toBeVisible();

  // A blank note: the 'Please provide some information' warning stands in the note dialog, not behind it.
  await page.getByRole('button', { name: 'Add Note' }).click();
  const note = page.getByRole('dialog', { name: 'Add Note' });
  await note.getByRole('button', { name: 'Add Note' }).click();
  await expect(note.getByRole('alert').filter({ hasText: MESSAGES.blankNote })).toBeVisible();
  await note.getByRole('button', { name: 'Cancel' }).click();
  await expect(note).toBeHidden();
  await expect(page.getByText(MESSAGES.blankNote)).toHaveCount(0);

  // An executable: the server's reason under Files and the catalogue's banner, both inside the upload dialog.
  await page.getByRole('button', { name: 'Upload File' }).click();
  const upload = page.getByRole('dialog', { name: 'Upload File' });
  const files = upload.getByLabel('Files');
  await files.setInputFiles({
    name: 'tool.exe',
    mimeType: 'application/octet-stream',
    buffer: Buffer.from('MZ not really a program'),
  });
  await upload.getByRole('button', { name: 'Upload' }).click();
  await expect(upload.getByRole('alert').filter({ hasText: MESSAGES.uploadFailed })).toBeVisible();
  await expect(files).toHaveAccessibleDescription('Executable files are not allowed (tool.exe).');
  // The banner and the field's message, both in the dialog: nothing behind it.
  await expect(upload.getByRole('alert')).toHaveCount(2);
  await expect(page.getByRole('alert')).toHaveCount(2);

  // A file that is fine: the dialog closes; one success banner on the page, which leaves by itself.
  await files.setInputFiles({ name: 'controller.log', mimeType: 'text/plain', buffer: Buffer.from('ERR 42\n') });
  await upload.getByRole('button', { name: 'Upload' }).click();
  await expect(upload).toBeHidden();
  const uploaded = page.getByRole('status').filter({ hasText: MESSAGES.uploadSucceeded });
  await expect(uploaded).toBeVisible();
  await expect(page.getByRole('alert')).toHaveCount(0);
  await expect(uploaded).toBeHidden();
});
