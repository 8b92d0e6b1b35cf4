import { expect, test, type CaughtMail } from '../fixtures';
import { STORAGE_KEYS } from '../../libs/contracts/src';
import { listboxOf } from '../support/combobox';
import type { FreshData } from '../support/fresh-data';

const PASSWORD = 'Str0ng!Pass';

/** A new Acme caller made by Acme's business manager, so the journey changes no demo identity. */
const newAcmeCaller = (fresh: FreshData, email: string) =>
  fresh.companyUser({ first_name: 'Mona', last_name: 'Mover', email, password: PASSWORD });

function linkPath(mail: CaughtMail, fragment: string): string {
  const link = mail.links.find((href) => href.includes(fragment));
  if (!link) throw new Error(`No ${fragment} link in "${mail.subject}"`);
  return new URL(link).pathname;
}

test('a member changes the e-mail address: current password asked, the new address confirms by its link', async ({
  fresh,
  signedInAs,
  request,
  mailbox,
}) => {
  const stamp = Date.now();
  const oldEmail = `mover-${stamp}@acme.test`;
  const newEmail = `moved-${stamp}@acme.test`;
  await newAcmeCaller(fresh, oldEmail);
  const page = await signedInAs(oldEmail, PASSWORD);
  await page.goto('/profile');

  const contact = page.getByRole('region', { name: 'Contact Details' });
  await expect(contact.getByLabel('Current Password')).toHaveCount(0);
  await contact.getByLabel('Email').fill(newEmail);
  // Saving without the current password is refused under its field.
  await contact.getByRole('button', { name: 'Save Profile' }).click();
  await expect(contact.getByText('Please enter your current password.')).toBeVisible();
  await contact.getByLabel('Current Password').fill(PASSWORD);
  await contact.getByRole('button', { name: 'Save Profile' }).click();
  await expect(page.getByText(`We sent a confirmation link to ${newEmail}.`)).toBeVisible();
  // Until the link is opened the address in use stays.
  await expect(contact.getByLabel('Email')).toHaveValue(oldEmail);

  const notice = await mailbox.waitFor({ to: oldEmail, subjectContains: 'about to change' });
  expect(notice.text).toContain(newEmail);
  const confirmation = await mailbox.waitFor({ to: newEmail, subjectContains: 'Confirm your new' });
  await page.goto(linkPath(confirmation, '/confirm_email/'));
  await expect(page.getByRole('heading', { name: 'E-mail Address Confirmed' })).toBeVisible();
  await expect(page.getByRole('status')).toContainText(`Your e-mail address is now ${newEmail}.`);
  await page.getByRole('link', { name: 'Back to Profile' }).click();
  await expect(page.getByRole('region', { name: 'Contact Details' }).getByLabel('Email')).toHaveValue(newEmail);

  // The link was used; the new address signs in.
  await page.goto(linkPath(confirmation, '/confirm_email/'));
  await expect(page.getByRole('alert')).toContainText('not valid or was already used');
  const signIn = await request.post('/api/auth/login', { data: { email: newEmail, password: PASSWORD } });
  expect(signIn.status()).toBe(200);
});

test('changing the password asks for the current one', async ({ fresh, signedInAs, request }) => {
  const email = `rotator-${Date.now()}@acme.test`;
  await newAcmeCaller(fresh, email);
  const page = await signedInAs(email, PASSWORD);
  await page.goto('/profile');
  const form = page.getByRole('region', { name: 'Change Password' });
  await form.getByLabel('Current Password').fill('Wrong1!pass');
  await form.getByLabel('New Password', { exact: true }).fill('N3w!Password');
  await form.getByLabel('Confirm New Password').fill('N3w!Password');
  await form.getByRole('button', { name: 'Change Password' }).click();
  await expect(form.getByText('The current password is not correct.')).toBeVisible();
  await form.getByLabel('Current Password').fill(PASSWORD);
  await form.getByRole('button', { name: 'Change Password' }).click();
  await expect(page.getByText('Your password has been changed.')).toBeVisible();
  const signIn = await request.post('/api/auth/login', { data: { email, password: 'N3w!Password' } });
  expect(signIn.status()).toBe(200);
});

test('country and phone country are searchable pickers, worked by keyboard, that save what a select saved', async ({
  fresh,
  signedInAs,
  request,
}) => {
  const email = `picker-${Date.now()}@acme.test`;
  await newAcmeCaller(fresh, email);
  const page = await signedInAs(email, PASSWORD);
  await page.goto('/profile');
  const contact = page.getByRole('region', { name: 'Contact Details' });

  // Country: typing narrows some 250 names, the best match first and highlighted; Enter takes it.
  const country = contact.getByRole('combobox', { name: 'Country', exact: true });
  await country.fill('ger');
  const countries = (await listboxOf(country)).getByRole('option');
  await expect(countries.first()).toHaveText('Germany');
  await expect(country).toHaveAttribute('aria-expanded', 'true');
  await expect(country).toHaveAttribute('aria-activedescendant', (await countries.first().getAttribute('id')) ?? '');
  await country.press('Enter');
  await expect(country).toHaveValue('Germany');
  await expect(country).toHaveAttribute('aria-expanded', 'false');
  // Escape closes the list and puts the choice back.
  await country.fill('fra');
  await country.press('Escape');
  await expect(country).toHaveValue('Germany');

  // Phone country code: arrows move through the matches, End and Home reach the ends.
  const code = contact.getByRole('combobox', { name: 'Phone country code' });
  await code.fill('de');
  const codes = (await listboxOf(code)).getByRole('option');
  await expect(codes.first()).toHaveText('DE – Germany');
  await code.press('ArrowDown');
  await expect(code).toHaveAttribute('aria-activedescendant', (await codes.nth(1).getAttribute('id')) ?? '');
  await code.press('End');
  await expect(code).toHaveAttribute('aria-activedescendant', (await codes.last().getAttribute('id')) ?? '');
  await code.press('Home');
  await expect(code).toHaveAttribute('aria-activedescendant', (await codes.first().getAttribute('id')) ?? '');
  await code.press('Enter');
  await expect(code).toHaveValue('DE – Germany');

  await contact.getByRole('button', { name: 'Save Profile' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Profile Updated' })).toBeVisible();

  // Saved as the selects saved them: the country's id and the two-letter code.
  const token = await page.evaluate((key) => window.localStorage.getItem(key), STORAGE_KEYS.token);
  const headers = { Authorization: `Bearer ${token}` };
  const me = (await (await request.get('/api/auth/me', { headers })).json()) as {
    user: { country_id: number | null; phone_country_code: string | null };
  };
  const formData = (await (await request.get('/api/users/profile_form_data', { headers })).json()) as {
    countries: { id: number; name: string }[];
  };
  expect(me.user.phone_country_code).toBe('DE');
  expect(me.user.country_id).toBe(formData.countries.find((item) => item.name === 'Germany')?.id);
  await page.reload();
  await expect(page.getByRole('combobox', { name: 'Country', exact: true })).toHaveValue('Germany');
  await expect(page.getByRole('combobox', { name: 'Phone country code' })).toHaveValue('DE – Germany');
});
