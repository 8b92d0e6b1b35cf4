import { Client } from 'pg';
import { expect, test } from '../fixtures';
import { startSamlIdp, type RunningIdp } from '../support/saml-idp';
import { E2E_STACK } from '../support/stack';

const SSO_COLUMNS = [
  'sso_identity_source',
  'sso_idp_entity_url',
  'sso_idp_federation_url',
  'sso_idp_logout_url',
  'sso_login_section',
  'sso_registration_section',
  'sso_identity_file_path',
  'sso_idp_certificate',
] as const;
type SsoRow = Record<(typeof SSO_COLUMNS)[number], string | null>;

async function withDatabase<T>(run: (db: Client) => Promise<T>): Promise<T> {
  const db = new Client({ connectionString: E2E_STACK.databaseUrl });
  await db.connect();
  try {
    return await run(db);
  } finally {
    await db.end();
  }
}

const readSso = (db: Client, slug: string) =>
  db.query<SsoRow>(`select ${SSO_COLUMNS.join(', ')} from companies where slug = $1`, [slug]).then((r) => r.rows[0]);

async function writeSso(db: Client, slug: string, row: Partial<SsoRow>): Promise<void> {
  const columns = Object.keys(row) as (keyof SsoRow)[];
  const assignments = columns.map((column, index) => `${column} = $${index + 2}`).join(', ');
  await db.query(`update companies set ${assignments} where slug = $1`, [slug, ...columns.map((c) => row[c])]);
}

/**
 * Single sign-on against a real test identity provider (saml-idp on a free port, fresh certificate).
 * Umbrella has no admin to call the settings api, so its trust is written to the e2e database directly and the
 * seeded values are put back afterwards; Acme's login method is never touched.
 */
test.describe('single sign-on', () => {
  let idp: RunningIdp;
  const seeded: Record<string, SsoRow> = {};

  test.beforeAll(async () => {
    idp = await startSamlIdp('umbrella');
    await withDatabase(async (db) => {
      seeded.umbrella = await readSso(db, 'umbrella');
      seeded.acme = await readSso(db, 'acme');
      await writeSso(db, 'umbrella', {
        sso_idp_entity_url: idp.entityId,
        sso_idp_federation_url: idp.ssoUrl,
        sso_idp_logout_url: `${idp.base}/signout`,
        sso_idp_certificate: idp.cert,
      });
    });
  });

  test.afterAll(async () => {
    await withDatabase(async (db) => {
      for (const [slug, row] of Object.entries(seeded)) await writeSso(db, slug, row);
    });
    await idp?.stop();
  });

  test('an Umbrella caller signs in at the identity provider and lands on the dashboard', async ({ page }) => {
    await page.goto('/umbrella');
    await page.getByRole('link', { name: 'Single Sign-On' }).click();
    await page.waitForURL((url) => url.origin === idp.base);
    await page.locator('#userName').fill('caller@umbrella.test');
    await page.locator('#email').fill('caller@umbrella.test');
    await page.locator('#btn-sign-in').click();
    await page.waitForURL('**/dashboard');
    await expect(page.getByRole('link', { name: 'Logout' })).toBeVisible();

    // Logging out continues to the identity provider, which ends its own session too.
    const signOut = page.waitForRequest((request) => request.url().startsWith(`${idp.base}/signout`));
    await page.getByRole('link', { name: 'Logout' }).click();
    await signOut;
    // Our own session ended before that: the dashboard no longer opens.
    await page.goto('/dashboard');
    await expect(page).not.toHaveURL(/\/dashboard$/);
  });

  test('a refused response comes back to the company page with its reason', async ({ page }) => {
    await page.goto('/umbrella?sso_error=replayed');
    await expect(page.getByRole('alert')).toHaveText(
      'This single sign-on response was already used. Please sign in again.',
    );
  });

  test("Acme's business manager reads the IdP metadata from its URL and sees the settings read back", async ({
    asCompanyAdmin: page,
  }) => {
    await page.goto('/admin/company/sso');
    await expect(page.getByLabel('Service Provider Metadata')).toHaveValue(`${E2E_STACK.baseUrl}/saml2/acme/metadata`);
    await page.getByLabel('Url', { exact: true }).check();
    await page.getByLabel('Entity Url').fill(idp.entityId);
    await page.getByLabel('Federation Url').fill('');
    await page.getByRole('button', { name: 'Save Settings' }).click();
    await page.waitForURL('**/admin/company');
    await expect(page.getByText('Single sign-on settings saved.')).toBeVisible();

    await page.goto('/admin/company/sso');
    await expect(page.getByLabel('Entity Url')).toHaveValue(idp.entityId);
    // Filled from the identity provider's metadata.
    await expect(page.getByLabel('Federation Url')).toHaveValue(idp.ssoUrl);
  });
});
