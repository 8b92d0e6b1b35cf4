import type { Page } from '@playwright/test';
import { expect, test } from '../fixtures';

/** Reads the secret the one-time modal shows, closes it and returns it. */
async function takeOneTimeSecret(page: Page, title: string): Promise<string> {
  const dialog = page.getByRole('dialog', { name: title });
  await expect(dialog.getByText('Copy it now: it will not be shown again.')).toBeVisible();
  const secret = await dialog.getByTestId('one-time-secret').inputValue();
  await dialog.getByRole('button', { name: 'Done' }).click();
  await expect(dialog).toHaveCount(0);
  return secret;
}

test('a business manager manages a webhook and an API token that works on the cases API until revoked', async ({
  asCompanyAdmin: page,
  request,
}) => {
  await page.goto('/dashboard');
  await page.getByRole('link', { name: 'Integrations' }).click();
  await expect(page).toHaveURL(/\/admin\/integrations$/);
  await expect(page.getByRole('heading', { name: 'Integrations', level: 1 })).toBeVisible();
  await expect(page.getByRole('link', { name: 'API documentation' })).toHaveAttribute('href', '/api/docs');

  // A webhook endpoint: its secret is shown once, then rotated to a new one.
  const url = `https://hooks.acme.test/e2e-${Date.now()}`;
  await page.getByRole('button', { name: 'Add Endpoint' }).click();
  const addDialog = page.getByRole('dialog', { name: 'Add Endpoint' });
  await addDialog.getByLabel('Url').fill(url);
  await addDialog.getByLabel('Accepted').check();
  await addDialog.getByLabel('Closed').check();
  await addDialog.getByRole('button', { name: 'Add Endpoint' }).click();
  const firstSecret = await takeOneTimeSecret(page, 'Signing Secret');
  expect(firstSecret).toMatch(/^whsec_/);
  const endpointRow = page.getByRole('row', { name: url });
  await expect(endpointRow).toContainText('Accepted, Closed');
  await expect(endpointRow).toContainText('None yet');
  await expect(page.getByText(firstSecret)).toHaveCount(0);

  await page.getByRole('button', { name: `Rotate secret of ${url}` }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Rotate Secret' }).click();
  const rotatedSecret = await takeOneTimeSecret(page, 'New Signing Secret');
  expect(rotatedSecret).toMatch(/^whsec_/);
  expect(rotatedSecret).not.toBe(firstSecret);

  await page.getByRole('button', { name: `Recent deliveries of ${url}` }).click();
  const recent = page.getByRole('region', { name: `Recent deliveries: ${url}` });
  await expect(recent).toContainText('Nothing delivered yet.');
  await recent.getByRole('button', { name: 'Send Failed Deliveries Again' }).click();
  await expect(page.getByText('No failed delivery in the last 7 days.')).toBeVisible();

  // An API token for Acme's api user; the raw token is shown once and works as a bearer on the cases API.
  const tokenName = `E2E sync ${Date.now()}`;
  const tokens = page.getByRole('region', { name: 'API Tokens' });
  await tokens.getByLabel('Token Name').fill(tokenName);
  await tokens.getByLabel('API User').selectOption({ label: 'Acme Integration (api@acme.test)' });
  await tokens.getByRole('button', { name: 'Create Token' }).click();
  const rawToken = await takeOneTimeSecret(page, 'New API Token');
  expect(rawToken).toMatch(/^cbk_/);
  const tokenRow = tokens.getByRole('row', { name: tokenName });
  await expect(tokenRow).toContainText('api@acme.test');
  await expect(tokenRow).toContainText('Never');

  const listCases = () =>
    request.get('/api/caller/get-cases/company', { headers: { Authorization: `Bearer ${rawToken}` } });
  const allowed = await listCases();
  expect(allowed.status()).toBe(200);
  const cases = (await allowed.json()) as { total: number; data: { token: string }[] };
  expect(cases.total).toBeGreaterThan(0);

  // The table shows the use after a reload.
  await page.reload();
  await expect(
    page.getByRole('region', { name: 'API Tokens' }).getByRole('row', { name: tokenName }),
  ).not.toContainText('Never');

  // Revoked in the UI: the same call is refused.
  await page.getByRole('button', { name: `Revoke ${tokenName}` }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Revoke' }).click();
  await expect(page.getByRole('row', { name: tokenName })).toHaveCount(0);
  const refused = await listCases();
  expect(refused.status()).toBe(401);

  // The endpoint is removed again, so later journeys deliver to nothing.
  await page.getByRole('button', { name: `Delete ${url}` }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByRole('row', { name: url })).toHaveCount(0);
});

test('an api user sees only its own tokens on the Integrations page', async ({ signedInAs }) => {
  const page = await signedInAs('api@acme.test');
  await page.goto('/dashboard');
  await page.getByRole('link', { name: 'Integrations' }).click();
  await expect(page).toHaveURL(/\/admin\/integrations$/);
  // Webhooks are company-admin business; no user choice either: the token is the api user's own.
  await expect(page.getByRole('heading', { name: 'Webhooks' })).toHaveCount(0);
  const tokens = page.getByRole('region', { name: 'API Tokens' });
  await expect(tokens.getByLabel('API User')).toHaveCount(0);

  const tokenName = `Own token ${Date.now()}`;
  await tokens.getByLabel('Token Name').fill(tokenName);
  await tokens.getByRole('button', { name: 'Create Token' }).click();
  expect(await takeOneTimeSecret(page, 'New API Token')).toMatch(/^cbk_/);
  await expect(tokens.getByRole('row', { name: tokenName })).toContainText('api@acme.test');
  await page.getByRole('button', { name: `Revoke ${tokenName}` }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Revoke' }).click();
  await expect(tokens.getByRole('row', { name: tokenName })).toHaveCount(0);
});

test('a business manager makes an OAuth client that a connector uses on the Connect API until it is revoked', async ({
  asCompanyAdmin: page,
  request,
}) => {
  await page.goto('/admin/integrations');
  const clients = page.getByRole('region', { name: 'OAuth Clients' });
  const name = `E2E connector ${Date.now()}`;
  await clients.getByLabel('Client Name').fill(name);
  await clients.getByLabel('Acts As (API User)').selectOption({ label: 'Acme Integration (api@acme.test)' });
  await expect(clients.getByLabel(/^cases:read/)).toBeChecked();
  await clients.getByRole('button', { name: 'Create Client' }).click();
  const secret = await takeOneTimeSecret(page, `Client Secret of ${name}`);
  expect(secret).toMatch(/^cbs_/);
  const row = clients.getByRole('row', { name });
  await expect(row).toContainText('cases:read');
  await expect(row).toContainText('Never');
  const clientId = (await row.locator('code').textContent())!;

  const tokenWith = (clientSecret: string) =>
    request.post('/api/v1/oauth/token', {
      data: { grant_type: 'client_credentials', client_id: clientId, client_secret: clientSecret },
    });
  const issued = await tokenWith(secret);
  expect(issued.status()).toBe(200);
  const { access_token: accessToken } = (await issued.json()) as { access_token: string };
  const feed = () => request.get('/api/v1/events?limit=5', { headers: { Authorization: `Bearer ${accessToken}` } });
  const page1 = await feed();
  expect(page1.status()).toBe(200);
  expect(((await page1.json()) as { data: unknown[] }).data.length).toBeGreaterThan(0);

  await page.reload();
  await expect(page.getByRole('region', { name: 'OAuth Clients' }).getByRole('row', { name })).not.toContainText(
    'Never',
  );

  // A rotation shows the new secret once; both work during the grace.
  await page.getByRole('button', { name: `Rotate the secret of ${name}` }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Rotate' }).click();
  const rotated = await takeOneTimeSecret(page, `Client Secret of ${name}`);
  expect(rotated).not.toBe(secret);
  expect((await tokenWith(rotated)).status()).toBe(200);
  expect((await tokenWith(secret)).status()).toBe(200);

  // Revoked: the token already issued stops at once.
  await page.getByRole('button', { name: `Revoke ${name}` }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Revoke' }).click();
  await expect(page.getByRole('region', { name: 'OAuth Clients' }).getByRole('row', { name })).toHaveCount(0);
  expect((await feed()).status()).toBe(401);
});
