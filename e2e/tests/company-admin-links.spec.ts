import { expect, test } from '../fixtures';

/** Issue 17, point 5: the company page links to the SSO setup for whoever may open it, and only for them. */

test("Acme's business manager follows the company page's link to the SSO setup", async ({ asCompanyAdmin: page }) => {
  await page.goto('/admin/company');
  await page.getByRole('link', { name: 'Single Sign-On Setup' }).click();
  await expect(page).toHaveURL(/\/admin\/company\/sso$/);
  await expect(page.getByRole('heading', { name: 'Single Sign-On', level: 1 })).toBeVisible();
  await expect(page.getByLabel('Service Provider Metadata')).toHaveValue(/\/saml2\/acme\/metadata$/);
});

test('a limited membership sees no SSO link, since the page refuses it', async ({ signedInAs }) => {
  const page = await signedInAs('bm@initech.test');
  await page.goto('/admin/company');
  await expect(page.getByRole('heading', { name: 'Company', level: 1 })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Contact' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Single Sign-On Setup' })).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'User Registration' })).toHaveCount(0);
});
