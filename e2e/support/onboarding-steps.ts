import { expect, type Page } from '@playwright/test';
import { pickOption } from './combobox';

/** The password onboarding applicants choose in the journeys. */
export const APPLICANT_PASSWORD = 'J0in!Alliance';

/** A fresh applicant address per run (the journeys share one database). */
export const uniqueApplicantEmail = (label: string) => `e2e.onboarding.${label}.${Date.now()}@newco.test`;

/** The group home with the e-mail pre-filled from the query, then Next. */
export async function startOnboarding(page: Page, vhost: string, email: string): Promise<void> {
  await page.goto(`/join/${vhost}?email=${encodeURIComponent(email)}`);
  await expect(page.getByLabel('Email')).toHaveValue(email);
  await page.getByRole('button', { name: 'Next' }).click();
}

/** The company part of the contact step. */
export async function fillCompany(page: Page, company: string): Promise<void> {
  await page.getByLabel('Company Name').fill(company);
  await page.getByLabel('Address').fill('1 Harbour Street');
  await page.getByLabel('City').fill('Boston');
  await page.getByLabel('State').fill('MA');
  await page.getByLabel('Postal Code').fill('02110');
  await pickOption(page.getByRole('combobox', { name: 'Country', exact: true }), 'United States');
  await page.getByLabel('Website').fill('https://newco.test');
}

/** The applicant part of the contact step of a new company (names, phone, password). */
export async function fillApplicant(page: Page, password = APPLICANT_PASSWORD): Promise<void> {
  await page.getByLabel('First Name').fill('Nora');
  await page.getByLabel('Last Name').fill('Applicant');
  await page.getByLabel('Phone', { exact: true }).fill('617 555 0100');
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByLabel('Confirm Password').fill(password);
}

/** The two agreements every new member ticks (the addendum is ticked separately where a group has one). */
export async function acceptNewMemberAgreements(page: Page): Promise<void> {
  await page.getByLabel(/accept the Code of Conduct/).check();
  await page.getByLabel(/accept the Database License/).check();
}

/** The new member's support process. */
export async function fillProcess(page: Page): Promise<void> {
  await page.getByLabel('Support Hours').fill('24x7');
  await page.getByLabel('Products Supported').fill('NewCo Storage Arrays');
  await page.getByLabel('Support Email Alias').fill('support@newco.test');
  await page.getByLabel('Support Phone', { exact: true }).fill('617 555 0199');
  await page.getByLabel('First Name').fill('Sam');
  await page.getByLabel('Last Name').fill('Manager');
  await page.getByLabel('Email', { exact: true }).fill('sam.manager@newco.test');
}

/** The session token of the flow in this tab (the store lives in sessionStorage). */
export function onboardingSessionToken(page: Page): Promise<string> {
  return page.evaluate(() => {
    const stored = JSON.parse(window.sessionStorage.getItem('casebridge.onboarding') ?? '{}') as {
      state?: { session?: { token?: string } };
    };
    return stored.state?.session?.token ?? '';
  });
}
