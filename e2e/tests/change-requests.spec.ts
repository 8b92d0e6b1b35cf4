import { CHANGE_REQUEST_SENT } from '../../libs/contracts/src';
import { expect, test } from '../fixtures';
import { isSameDocument, markDocument, SocketEvents } from '../support/socket-events';

/**
 * Issue 17 point 1: a change request no longer vanishes. The membership team is mailed, the super admin finds it on
 * the company's page and marks it done, and the requesting admin's open company page shows it done without a reload.
 */
test('a change request reaches membership by mail, is marked done in the back office and shows done live', async ({
  asCompanyAdmin: page,
  asSuperAdmin: staff,
  mailbox,
}) => {
  const stamp = Date.now().toString(36);
  const changeType = `New billing address ${stamp}`;

  const events = new SocketEvents(page);
  await page.goto('/admin/company');
  const requests = page.getByRole('region', { name: 'Change Requests' });
  await expect(requests.getByText('Loading…')).toHaveCount(0);

  // Contact: the empty description reads right; then the request is sent and listed as open at once.
  await page.getByRole('button', { name: 'Contact' }).click();
  const dialog = page.getByRole('dialog', { name: 'Request a Change' });
  await dialog.getByLabel('What would you like to change?').fill(changeType);
  await dialog.getByRole('button', { name: 'Send Request' }).click();
  await expect(dialog.getByText('Please describe the changes.')).toBeVisible();
  await expect(dialog.getByText('The changes is required.')).toHaveCount(0);
  await dialog.getByLabel('Describe the changes').fill('Billing moves to 1 Main St, Austin.');
  await dialog.getByRole('button', { name: 'Send Request' }).click();
  await expect(page.getByText(CHANGE_REQUEST_SENT)).toBeVisible();
  const row = requests.getByRole('row').filter({ hasText: changeType });
  await expect(row).toContainText('Alice Carter');
  await expect(row.getByRole('cell', { name: 'Open', exact: true })).toBeVisible();
  await markDocument(page);

  // The membership team's mail: company, requester, type and text, linking to the company's back-office page.
  const mail = await mailbox.waitFor({ to: 'membership@casebridge.test', subjectContains: changeType });
  expect(mail.subject).toContain('Acme Systems');
  expect(mail.text).toContain('Alice Carter (bm@acme.test) of Acme Systems');
  expect(mail.text).toContain('Billing moves to 1 Main St, Austin.');
  const link = mail.links.find((href) => /\/super_admin\/companies\/\d+$/.test(href));
  expect(link).toBeDefined();

  // The super admin opens the mailed link: the request is listed open there and is marked done.
  await staff.goto(new URL(link!).pathname);
  const panel = staff.getByRole('table', { name: 'Change requests' });
  const staffRow = panel.getByRole('row').filter({ hasText: changeType });
  await expect(staffRow).toContainText('bm@acme.test');
  await staffRow.getByRole('button', { name: `Mark done: ${changeType}` }).click();
  await expect(staffRow).toContainText(/Done .+ by Morgan Reyes/);
  await expect(staffRow.getByRole('button')).toHaveCount(0);

  // The admin's page, still open and never reloaded, shows it done (pushed over the socket with the row).
  await events.waitFor<{ row: { change_type: string; state: string } }>(
    'change_request.changed',
    (message) => message.row.change_type === changeType && message.row.state === 'done',
  );
  await expect(row.getByRole('cell', { name: /^Done / })).toBeVisible();
  expect(await isSameDocument(page)).toBe(true);
});
