import { expect, test } from '../fixtures';
import { INVITE_CHOOSE_COMPANY, MESSAGES, type PublicCaseResponse } from '../../libs/contracts/src';

/*
 * Issue 17 points 11 and 12: the words a member or admin reads (labels, hosts, roles, messages) and the
 * confirmation (Not Yet / Yes, we're done!) every place a case can be closed asks.
 */

test('partner groups: the Host is the host company; Invite Member and Missing Partner say what to fix', async ({
  asCompanyAdmin: page,
}) => {
  await page.goto('/admin/partner_groups');
  const groups = page.getByRole('table', { name: 'Partner groups' });
  const alliance = groups.getByRole('row').filter({ hasText: 'Storage Alliance' });
  await expect(alliance.getByRole('cell', { name: 'Globex Storage', exact: true })).toBeVisible();
  await expect(alliance.getByRole('cell', { name: 'storage-alliance' })).toHaveCount(0);

  // Invite Member without a company: what to do, not "The id must be a number."
  await page.getByRole('button', { name: 'Invite Member' }).click();
  const invite = page.getByRole('dialog', { name: 'Invite Member' });
  await invite.getByRole('button', { name: 'Send Invite' }).click();
  await expect(invite.getByText(INVITE_CHOOSE_COMPANY)).toBeVisible();
  await expect(invite.getByText('The id must be a number.')).toHaveCount(0);
  await invite.getByRole('button', { name: 'Cancel' }).click();

  // Missing Partner: "not a url" is not a website.
  await page.getByRole('button', { name: 'Missing Partner' }).click();
  const missing = page.getByRole('dialog', { name: 'Missing Partner' });
  await missing.getByLabel('Company Name').fill('Pied Piper');
  await missing.getByLabel('Company Website').fill('not a url');
  await missing.getByLabel('Contact Name').fill('Richard Hendricks');
  await missing.getByLabel('Contact Email').fill('richard@piedpiper.test');
  await missing.getByRole('button', { name: 'Send Request' }).click();
  await expect(
    missing.getByText('The company website must be a web address, such as https://example.com.'),
  ).toBeVisible();
  await expect(missing).toBeVisible();
});

test('roles read by their display names: Standard User, not caller', async ({ asCompanyAdmin: page, demo }) => {
  const { groups } = await demo.get<{ groups: { community: { id: number; name: string } }[] }>(
    'bm@acme.test',
    'admin/company/partner_groups',
  );
  const vault = groups.find((row) => row.community.name === 'VaultBackup Solution Support')!;
  await page.goto(`/admin/partner_groups/${vault.community.id}/users`);
  const users = page.getByRole('table', { name: 'Users with access' });
  await expect(users.getByRole('cell', { name: 'Standard User', exact: true }).first()).toBeVisible();
  await expect(users.getByRole('cell', { name: 'Program Manager', exact: true })).toBeVisible();
  await expect(users.getByRole('cell', { name: 'caller', exact: true })).toHaveCount(0);
});

test('process types read Solution Support and JSON', async ({ signedInAs }) => {
  const page = await signedInAs('bm@globex.test');
  await page.goto('/admin/inbound_process');
  const list = page.getByRole('table');
  await expect(list.getByRole('row').filter({ hasText: 'Globex Backup Solution Support' })).toContainText(
    'Solution Support',
  );
  await expect(
    list
      .getByRole('row')
      .filter({ hasText: 'Globex Automated Intake' })
      .getByRole('cell', { name: 'JSON', exact: true }),
  ).toBeVisible();
  await expect(list.getByText('Solution_support')).toHaveCount(0);
  await expect(list.getByRole('cell', { name: 'Json', exact: true })).toHaveCount(0);
});

test('the favourite button has one wording: Add to Favorites / Remove from Favorites', async ({
  asMember: page,
  demo,
}) => {
  const directory = await demo.get<{ company_id: number; company_name: string }[]>(
    'caller@acme.test',
    'caller/company_directory',
  );
  const globex = directory.find((entry) => entry.company_name === 'Globex Storage')!;
  await page.goto(`/case/company/${globex.company_id}`);
  const toggle = page.getByRole('button', { name: /(Add to|Remove from) Favorites$/ });
  await expect(toggle).toBeVisible({ timeout: 20_000 });
  const before = (await toggle.textContent())!.includes('Add to') ? 'Add to Favorites' : 'Remove from Favorites';
  const after = before === 'Add to Favorites' ? 'Remove from Favorites' : 'Add to Favorites';
  await toggle.click();
  await expect(page.getByRole('button', { name: after })).toBeEnabled();
  await page.getByRole('button', { name: after }).click();
  await expect(page.getByRole('button', { name: before })).toBeEnabled();
  await expect(page.getByRole('button', { name: 'Favorite', exact: true })).toHaveCount(0);
});

test('closing a case asks first, with Not Yet / Yes, we’re done!, on the member and the admin case page', async ({
  asCompanyAdmin: page,
  demo,
  fresh,
}) => {
  const accepted = await fresh.acmeCaseToGlobex({ status: 'accepted' });
  const closeDialog = async (path: string) => {
    await page.goto(path);
    await page.getByRole('button', { name: 'Close Case' }).click();
    const dialog = page.getByRole('dialog', { name: 'Close Case' });
    await expect(dialog.getByRole('button', { name: MESSAGES.closeConfirmNo })).toBeVisible();
    await expect(dialog.getByRole('button', { name: MESSAGES.closeConfirmYes })).toBeVisible();
    return dialog;
  };
  const statusOfCase = async () =>
    (await demo.getPublic<PublicCaseResponse>(`caller/case/${accepted.token}`)).case.status;

  // Not Yet, on both pages: the case stays as it was.
  for (const path of [`/my-cases/${accepted.token}`, `/admin/case/${accepted.token}`]) {
    const dialog = await closeDialog(path);
    await dialog.getByRole('button', { name: MESSAGES.closeConfirmNo }).click();
    await expect(dialog).toHaveCount(0);
    await expect(page).toHaveURL(new RegExp(`${path}$`));
    await expect(page.getByRole('button', { name: 'Close Case' })).toBeVisible();
    expect(await statusOfCase()).toBe('accepted');
  }

  // Yes on the admin case page: the case (the journey's own) is closed.
  const dialog = await closeDialog(`/admin/case/${accepted.token}`);
  await dialog.getByRole('button', { name: MESSAGES.closeConfirmYes }).click();
  await expect(dialog).toHaveCount(0);
  await expect.poll(statusOfCase).toBe('closed');
});
