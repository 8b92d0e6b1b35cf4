import { CONTRACT_LENGTH_LABELS, MESSAGES, ONBOARDING_MESSAGES } from '@casebridge/contracts';
import { expect, test } from '../fixtures';
import { pickOption } from '../support/combobox';
import {
  acceptNewMemberAgreements,
  APPLICANT_PASSWORD,
  fillApplicant,
  fillCompany,
  fillProcess,
  onboardingSessionToken,
  startOnboarding,
  uniqueApplicantEmail,
} from '../support/onboarding-steps';
import { recordedCharges } from '../support/stripe';

const PRICED = { vhost: 'storage-alliance', name: 'Storage Alliance', threeYearsCents: 324_000 };
const FREE = { vhost: 'cloud-connect', name: 'Cloud Connect' };
/** A free program with no members yet (seeded for the limited member's journey). */
const FREE_UNJOINED = { vhost: 'globex-edge', name: 'Globex Edge Program' };

test('a new company joins the priced partner program and pays three years by card', async ({ page, mailbox }) => {
  const email = uniqueApplicantEmail('priced');

  await page.goto(`/join/${PRICED.vhost}?email=${encodeURIComponent(email)}`);
  await expect(page.getByRole('heading', { name: `Join ${PRICED.name}` })).toBeVisible();
  await expect(page.getByText('Join the Storage Alliance to open cases directly')).toBeVisible();
  // The seeded banner is a PNG that the server serves as an image (an SVG would only download): it is drawn.
  const banner = page.getByRole('img', { name: `${PRICED.name} banner` });
  await expect(banner).toBeVisible();
  await expect.poll(() => banner.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(1200);
  await expect(page.getByRole('link', { name: 'Program overview' })).toHaveAttribute(
    'href',
    'https://alliance.globex.test/overview',
  );
  await expect(page.getByRole('link', { name: 'Contact us' })).toHaveAttribute('href', /^mailto:alliance@globex\.test/);
  await expect(page.getByLabel('Email')).toHaveValue(email);
  await page.getByRole('button', { name: 'Next' }).click();

  // Contact: Next with nothing filled shows the server's messages under the fields (dotted keys mapped).
  await expect(page).toHaveURL(/\/onboarding\/contact$/);
  await expect(page.getByLabel('Email')).toHaveValue(email);
  await expect(page.getByLabel('Email')).toHaveAttribute('readonly', '');
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByText('The company name is required.')).toBeVisible();
  await expect(page.getByText('The postal code is required.')).toBeVisible();
  await expect(page.getByText('The first name is required.')).toBeVisible();
  await expect(page.getByText('The password field is required.')).toBeVisible();
  await expect(page).toHaveURL(/\/onboarding\/contact$/);

  await fillCompany(page, 'NewCo Priced Storage');
  await fillApplicant(page);
  await page.getByRole('button', { name: 'Next' }).click();

  // Agreements of a new member, with the prices of the group.
  await expect(page).toHaveURL(/\/onboarding\/agreements$/);
  await expect(page.getByText(CONTRACT_LENGTH_LABELS.three_years)).toBeVisible();
  await expect(page.getByText('$3,240.00')).toBeVisible();
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByText(MESSAGES.acceptAllAgreements)).toBeVisible();
  await acceptNewMemberAgreements(page);
  await page.getByLabel(/accept the Partner Addendum/).check();
  await page.getByRole('button', { name: 'Next' }).click();

  // Payment in the modal: three years, a good card.
  const modal = page.getByRole('dialog', { name: 'Payment' });
  await expect(modal).toBeVisible();
  await expect(modal.getByLabel(/One Year/)).toBeChecked();
  await modal.getByLabel(/Three Years \(10% discount\)/).check();
  await modal.getByLabel('Name on Card').fill('Nora Applicant');
  await expect(modal.getByRole('button', { name: 'Submit' })).toBeDisabled();
  await modal.getByLabel('Card number').fill('4242424242424242');
  await modal.getByRole('button', { name: 'Submit' }).click();
  await expect(modal).toBeHidden();

  // Process of the new member, with a look at the sample form first.
  await expect(page).toHaveURL(/\/onboarding\/process$/);
  const token = await onboardingSessionToken(page);
  expect(token).not.toBe('');
  await fillProcess(page);
  await page.getByRole('button', { name: 'View Sample Form' }).click();
  const sample = page.getByRole('dialog', { name: 'Sample Collaboration Form' });
  await expect(sample.getByText('NewCo Storage Arrays')).toBeVisible();
  await expect(sample.getByLabel('Problem Summary')).toBeDisabled();
  await sample.getByRole('button', { name: 'Close' }).first().click();
  await expect(sample).toBeHidden();
  await page.getByRole('button', { name: 'Submit' }).click();

  await expect(page).toHaveURL(/\/onboarding\/success$/);
  await expect(page.getByText(ONBOARDING_MESSAGES.submitted)).toBeVisible();
  await expect(page.getByRole('link', { name: 'Visit the Casebridge web site' })).toBeVisible();

  // One charge of the three-year price for this session, and the applicant's "received" mail.
  const charges = (await recordedCharges()).filter((charge) => charge.metadata.onboarding_session === token);
  expect(charges).toHaveLength(1);
  expect(charges[0]).toMatchObject({ amount: PRICED.threeYearsCents, status: 'succeeded', source: 'tok_visa' });
  await mailbox.waitFor({ to: email, subjectContains: `We received the ${PRICED.name} application` });

  // The flow was reset: a step page now sends the applicant away.
  await page.goto('/onboarding/process');
  await expect(page.getByText(ONBOARDING_MESSAGES.sessionNotFound)).toBeVisible();
});

test('a declined card shows the error in the payment modal', async ({ page }) => {
  await startOnboarding(page, PRICED.vhost, uniqueApplicantEmail('declined'));
  await fillCompany(page, 'NewCo Declined');
  await fillApplicant(page);
  await page.getByRole('button', { name: 'Next' }).click();
  await acceptNewMemberAgreements(page);
  await page.getByLabel(/accept the Partner Addendum/).check();
  await page.getByRole('button', { name: 'Next' }).click();

  const modal = page.getByRole('dialog', { name: 'Payment' });
  await modal.getByLabel('Name on Card').fill('Nora Applicant');
  await modal.getByLabel('Card number').fill('4000000000000002');
  await modal.getByRole('button', { name: 'Submit' }).click();
  await expect(modal.getByRole('alert')).toContainText('Your card was declined.');
  await expect(modal).toBeVisible();
  await expect(page).toHaveURL(/\/onboarding\/agreements$/);
});

test('the limited member Initech joins a free partner program', async ({ page, mailbox }) => {
  // Initech already belongs to the free Cloud Connect group: the home says so and stays.
  await startOnboarding(page, FREE.vhost, 'bm@initech.test');
  await expect(page.getByText(ONBOARDING_MESSAGES.alreadyMember)).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/join/${FREE.vhost}`));

  await startOnboarding(page, FREE_UNJOINED.vhost, 'bm@initech.test');
  await expect(page).toHaveURL(/\/onboarding\/contact$/);
  // The applicant has an account: no password is asked.
  await expect(page.getByLabel('Password', { exact: true })).toHaveCount(0);
  await expect(page.getByLabel('Company Name')).toHaveValue('Initech Networks');
  await page.getByLabel('Address').fill('4120 Freidrich Lane');
  await page.getByLabel('City').fill('Austin');
  await page.getByLabel('Postal Code').fill('78744');
  await pickOption(page.getByRole('combobox', { name: 'Country', exact: true }), 'United States');
  await page.getByRole('button', { name: 'Next' }).click();

  await expect(page).toHaveURL(/\/onboarding\/agreements$/);
  await expect(page.getByText(ONBOARDING_MESSAGES.noActionRequired)).toBeVisible();
  await expect(page.getByText(ONBOARDING_MESSAGES.limitedSponsorPays)).toBeVisible();
  await page.getByRole('button', { name: 'Next' }).click();

  await expect(page).toHaveURL(/\/onboarding\/success$/);
  await expect(page.getByRole('dialog', { name: 'Payment' })).toHaveCount(0);
  await mailbox.waitFor({
    to: 'bm@initech.test',
    subjectContains: `We received the ${FREE_UNJOINED.name} application`,
  });
});

test('save and finish later mails a restore link that continues the free group application', async ({
  page,
  browser,
  mailbox,
}) => {
  const email = uniqueApplicantEmail('saved');
  await startOnboarding(page, FREE.vhost, email);
  await fillCompany(page, 'NewCo Saved Cloud');
  await fillApplicant(page);
  await page.getByRole('button', { name: 'Save and Finish Later' }).click();
  await expect(page.getByText(ONBOARDING_MESSAGES.savedForLater)).toBeVisible();
  await expect(page).toHaveURL(/\/onboarding\/contact$/);

  const mail = await mailbox.waitFor({ to: email, subjectContains: `Finish your ${FREE.name} application` });
  const link = mail.links.find((href) => href.includes('/onboarding/restore/'));
  expect(link).toBeTruthy();

  // Another browser (no session storage): the link restores the session at its step with the saved fields.
  const context = await browser.newContext();
  const restored = await context.newPage();
  await restored.goto(link!);
  await expect(restored).toHaveURL(/\/onboarding\/contact$/);
  await expect(restored.getByLabel('Company Name')).toHaveValue('NewCo Saved Cloud');
  await expect(restored.getByLabel('Postal Code')).toHaveValue('02110');
  await expect(restored.getByLabel('First Name')).toHaveValue('Nora');
  await expect(restored.getByLabel('Email')).toHaveValue(email);

  await restored.getByLabel('Password', { exact: true }).fill(APPLICANT_PASSWORD);
  await restored.getByLabel('Confirm Password').fill(APPLICANT_PASSWORD);
  await restored.getByRole('button', { name: 'Next' }).click();
  await expect(restored).toHaveURL(/\/onboarding\/agreements$/);
  await expect(restored.getByText(ONBOARDING_MESSAGES.sponsorPays)).toBeVisible();
  await acceptNewMemberAgreements(restored);
  await restored.getByRole('button', { name: 'Next' }).click();

  await expect(restored).toHaveURL(/\/onboarding\/process$/);
  await fillProcess(restored);
  await restored.getByRole('button', { name: 'Submit' }).click();
  await expect(restored).toHaveURL(/\/onboarding\/success$/);
  await mailbox.waitFor({ to: email, subjectContains: `We received the ${FREE.name} application` });
  await context.close();
});

test('an existing basic member accepts the addendum, picks its process, pays and is registered', async ({
  page,
  mailbox,
}) => {
  await startOnboarding(page, PRICED.vhost, 'caller@umbrella.test');
  await expect(page).toHaveURL(/\/onboarding\/contact$/);
  await page.getByLabel('Address').fill('100 Cloud Way');
  await page.getByLabel('City').fill('Seattle');
  await page.getByLabel('Postal Code').fill('98101');
  await pickOption(page.getByRole('combobox', { name: 'Country', exact: true }), 'United States');
  await page.getByRole('button', { name: 'Next' }).click();

  // The agreements page variant that carries the process choice (basic members: the 7*24 note, forced addendum).
  await expect(page).toHaveURL(/\/onboarding\/basic-premium$/);
  await expect(page.getByText(ONBOARDING_MESSAGES.basicNoTwentyFourSeven)).toBeVisible();
  await expect(page.getByLabel(/accept the Code of Conduct/)).toHaveCount(0);
  await page.getByLabel(/accept the Partner Addendum/).check();
  await expect(page.getByLabel('Process', { exact: true })).toContainText('Umbrella Cloud Collaboration');
  await page.getByLabel('Process', { exact: true }).selectOption({ label: 'Umbrella Cloud Collaboration' });
  await expect(page.getByLabel(/^Open/)).toBeChecked();
  await page.getByRole('button', { name: 'Submit' }).click();

  const modal = page.getByRole('dialog', { name: 'Payment' });
  await modal.getByLabel('Name on Card').fill('Umbrella Caller');
  await modal.getByLabel('Card number').fill('4242424242424242');
  await modal.getByRole('button', { name: 'Submit' }).click();

  await expect(page).toHaveURL(/\/onboarding\/success$/);
  await mailbox.waitFor({ to: 'caller@umbrella.test', subjectContains: `We received the ${PRICED.name} application` });
});

test('a restore link that is not known says so and links home', async ({ page }) => {
  await page.goto('/onboarding/restore/not-a-saved-session');
  await expect(page.getByText(ONBOARDING_MESSAGES.sessionNotFound)).toBeVisible();
  await expect(page.getByRole('link', { name: 'Go to the home page' })).toHaveAttribute('href', '/');
});
