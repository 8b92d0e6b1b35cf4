import type { Page } from '@playwright/test';
import { expect, test } from '../fixtures';
import { MESSAGES } from '../../libs/contracts/src';
import { fillGlobexTicketForm, mailLink, openGlobexTicketProcess } from '../support/globex-case';

async function addNote(page: Page, summary: string, description: string): Promise<void> {
  await page.getByRole('button', { name: 'Add Note' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add Note' });
  await dialog.getByLabel('Summary').fill(summary);
  await dialog.getByLabel('Description').fill(description);
  await dialog.getByRole('button', { name: 'Add Note' }).click();
  await expect(dialog).toBeHidden();
}

test('a case from submission through information, acceptance, notes and closing', async ({
  asMember: acme,
  signedInAs,
  page,
  mailbox,
}) => {
  test.setTimeout(180_000);
  const stamp = Date.now().toString(36).toUpperCase();
  const caseNumber = `ACME-E2E-${stamp}`;
  const summary = `Replication stalls ${stamp}`;

  // Acme's caller submits the case to Globex's ticket process.
  await acme.goto('/dashboard');
  await openGlobexTicketProcess(acme);
  await fillGlobexTicketForm(acme, caseNumber, summary);
  await acme.getByRole('button', { name: 'Submit', exact: true }).click();
  await expect(acme.getByRole('heading', { name: 'Request Sent' })).toBeVisible();
  // The view lives at the new case's own address: a reload keeps it.
  await expect(acme).toHaveURL(/\/my-cases\/[^/]+\/sent$/);
  await acme.reload();
  await expect(acme.getByRole('region', { name: 'Request Sent' })).toContainText(summary);

  // The case mail reaches Globex's collaborate address; its respond link asks for information.
  const caseMail = await mailbox.waitFor({ to: 'support@globex.test', subjectContains: caseNumber });
  const respondPath = mailLink(caseMail, '/respond');
  const token = respondPath.split('/')[2];
  await page.goto(respondPath);
  await expect(page.getByRole('heading', { name: 'Respond to Collaboration Request' })).toBeVisible();
  await page.getByLabel('Request Information').check();
  await page.getByLabel('What information do you need?').fill('Please attach the controller logs of both arrays.');
  await page.getByRole('button', { name: 'Send Response' }).click();
  await expect(page.getByRole('status').filter({ hasText: MESSAGES.responseSent })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Send Response' })).toBeHidden();

  // Acme's engineer gets the provide-information link and answers there.
  const infoMail = await mailbox.waitFor({
    to: 'caller@acme.test',
    subjectContains: `More information needed for case ${caseNumber}`,
  });
  await page.goto(mailLink(infoMail, '/information'));
  await expect(page.getByText('Please attach the controller logs of both arrays.').first()).toBeVisible();
  await page.getByLabel('Additional Information').fill('Logs uploaded to the shared bucket, folder 7781.');
  await page.getByRole('button', { name: 'Send Information' }).click();
  await expect(page.getByRole('status').filter({ hasText: MESSAGES.responseSent })).toBeVisible();
  await expect(page.getByLabel('Additional Information')).toBeHidden();

  // Globex accepts from the link of the information-supplied mail.
  const suppliedMail = await mailbox.waitFor({
    to: 'support@globex.test',
    subjectContains: `Information supplied for case ${caseNumber}`,
  });
  await page.goto(mailLink(suppliedMail, '/respond'));
  await page.getByLabel('Accept').check();
  await page.getByLabel('Engineer Name').fill('Gina Globex');
  await page.getByLabel('Engineer Email').fill('gina@globex.test');
  await page.getByLabel('Reviewer Name').fill('Bob Manager');
  await page.getByLabel('Reviewer Email').fill('bm@globex.test');
  await page.getByLabel('Your Case Number').fill(`GLX-${stamp}`);
  await expect(page.getByLabel('Next Steps')).toHaveValue('Our assigned engineer will contact you.');
  await page.getByRole('button', { name: 'Send Response' }).click();
  await expect(page.getByRole('status').filter({ hasText: MESSAGES.responseSent })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Send Response' })).toBeHidden();

  // A Globex manager and the Acme caller each add a note; both see both, newest first.
  const globex = await signedInAs('bm@globex.test');
  await globex.goto(`/my-cases/${token}`);
  await expect(globex.getByRole('heading', { name: 'Inbound from Acme Systems', level: 1 })).toBeVisible();
  await addNote(globex, `Globex note ${stamp}`, 'Controller firmware 9.2 has a known replication bug.');

  await acme.goto(`/my-cases/${token}`);
  await expect(acme.getByRole('heading', { name: /^Outbound to Globex Storage/, level: 1 })).toBeVisible();
  await expect(acme.getByRole('region', { name: 'Collaboration accepted' }).getByText(`GLX-${stamp}`)).toBeVisible();
  await addNote(acme, `Acme note ${stamp}`, 'Upgrading to 9.3 tonight.');
  // The whole exchange is on the case page, newest first: the notes, the acceptance, the answer, the question.
  const feed = acme.getByRole('list', { name: 'Case timeline, newest first' });
  const notes = feed.getByRole('listitem').filter({ hasText: 'Note added' });
  await expect(notes).toHaveCount(2);
  await expect(notes.first()).toContainText(`Acme note ${stamp}`);
  await expect(notes.nth(1)).toContainText(`Globex note ${stamp}`);
  const titles = feed.locator('.feed-entry-title');
  await expect(titles).toHaveText([
    'Note added',
    'Note added',
    'Accepted',
    'Information supplied',
    'More information requested',
    'Case submitted',
  ]);
  await expect(feed.getByRole('listitem').nth(2)).toContainText('Gina Globex');
  await expect(feed.getByRole('listitem').nth(3)).toContainText('Logs uploaded to the shared bucket, folder 7781.');
  await expect(feed.getByRole('listitem').nth(4)).toContainText('Please attach the controller logs of both arrays.');

  await globex.reload();
  await expect(globex.getByRole('list', { name: 'Case timeline, newest first' })).toContainText(`Acme note ${stamp}`);

  // Acme closes the case; it leaves the dashboard's active list.
  await acme.getByRole('button', { name: 'Close Case' }).click();
  await acme.getByRole('dialog').getByRole('button', { name: MESSAGES.closeConfirmYes }).click();
  await acme.waitForURL('**/dashboard');
  await expect(acme.getByText(`Case ${caseNumber} closed.`)).toBeVisible();
  const activeCases = acme.getByRole('table', { name: 'Active cases' });
  await expect(activeCases).toBeVisible();
  await expect(activeCases.getByText('Loading…')).toHaveCount(0);
  await expect(activeCases.getByRole('link', { name: caseNumber })).toHaveCount(0);

  // My Cases still lists it, linking to the detail.
  await acme.goto('/my-cases');
  await expect(acme.getByRole('table', { name: 'My Cases' }).getByRole('link', { name: caseNumber })).toBeVisible();
});
