import type { Page } from '@playwright/test';
import { expect, signInOnLanding, test } from '../fixtures';

/**
 * The back office builds a member from nothing, in one journey: a company, a user for it, its collaboration process,
 * and a partner program that takes the company in with that process. The user then signs in on the company's page.
 */

const panel = (page: Page, title: string) => page.locator('details', { hasText: `${title} (` });
const save = (page: Page) => page.getByRole('button', { name: 'Save', exact: true }).click();

test('a super admin creates a company, its user and process, and makes it a partner of a new program', async ({
  asSuperAdmin: page,
  browser,
}) => {
  const stamp = Date.now();
  const company = `E2E Member ${stamp}`;
  const slug = `e2e-member-${stamp}`;
  const email = `lead.${stamp}@member.test`;
  const process = `E2E Member Collaboration ${stamp}`;
  const program = `E2E Member Program ${stamp}`;
  await page.goto('/super_admin/dashboard');

  // The company.
  await page.goto('/super_admin/companies/0/edit');
  await page.getByLabel('Name').fill(company);
  await page.getByLabel('Slug').fill(slug);
  await save(page);
  await expect(page).toHaveURL(/\/super_admin\/companies\/\d+$/);
  const detailUrl = page.url();

  // A user for it, with a password: the company signs in by password (requires_registration by default).
  await panel(page, 'Users').locator('summary').click();
  await panel(page, 'Users').getByRole('link', { name: 'Add New' }).click();
  await expect(page.getByRole('heading', { name: 'New User', level: 1 })).toBeVisible();
  await page.getByLabel('First Name').fill('Lena');
  await page.getByLabel('Last Name').fill('Lead');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('City').fill('Ghent');
  await page.getByLabel('Password', { exact: true }).fill('M3mber!Lead');
  await page.getByLabel('Confirm Password').fill('M3mber!Lead');
  await save(page);
  await expect(page.getByRole('heading', { name: 'Lena Lead', level: 1 })).toBeVisible();

  // Its collaboration process.
  await page.goto(detailUrl);
  await expect(panel(page, 'Users').locator('summary')).toContainText('Users (1)');
  await panel(page, 'Process Forms').locator('summary').click();
  await panel(page, 'Process Forms').getByRole('link', { name: 'Add New' }).click();
  await expect(page.getByRole('heading', { name: 'New Collaborative Document', level: 1 })).toBeVisible();
  await page.getByLabel('Process Name').fill(process);
  await save(page);
  await expect(page).toHaveURL(detailUrl);
  await expect(panel(page, 'Process Forms').locator('summary')).toContainText('Process Forms (1)');

  // A partner program hosted by Globex, then the new company as a partner with its process.
  await page.goto('/super_admin/groups/0/edit');
  await page.getByLabel('Name', { exact: true }).fill(program);
  await page.getByLabel('Type', { exact: true }).selectOption('partner_program');
  await page.getByLabel('Host', { exact: true }).selectOption({ label: 'Globex Storage' });
  await page.getByLabel('Department', { exact: true }).selectOption({ label: 'Enterprise Storage Support' });
  await page.getByLabel('Process', { exact: true }).selectOption({ label: 'Globex Storage Collaboration' });
  await page.getByLabel('Vhost', { exact: true }).fill(`e2e-member-program-${stamp}`);
  await save(page);
  await expect(page).toHaveURL(/\/super_admin\/groups\/\d+\/partner_program$/);

  const partners = page.getByRole('region', { name: 'Group Partners' });
  await partners.getByRole('button', { name: 'Add Partner' }).click();
  const addPartner = page.getByRole('dialog', { name: 'Add Partner' });
  await addPartner.getByLabel('Company').selectOption({ label: company });
  await addPartner.getByLabel('Collaboration Process').selectOption({ label: process });
  await addPartner.getByRole('button', { name: 'Add Partner' }).click();
  await expect(page.getByText('The partner has been added.')).toBeVisible();
  await expect(partners.getByRole('row', { name: new RegExp(company) })).toContainText(process);

  // The company detail now counts the group.
  await page.goto(detailUrl);
  await expect(panel(page, 'Groups').locator('summary')).toContainText('Groups (1)');

  // The new user signs in on the company's own page.
  const memberContext = await browser.newContext();
  const member = await memberContext.newPage();
  await signInOnLanding(member, slug, email, 'M3mber!Lead');
  await expect(member).toHaveURL(/\/dashboard$/);
  await expect(member.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
  await memberContext.close();
});
