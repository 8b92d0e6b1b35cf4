import type { Page } from '@playwright/test';
import { MESSAGES } from '../../libs/contracts/src';
import { expect, test } from '../fixtures';
import { fillGlobexTicketForm, mailLink, openGlobexTicketProcess } from '../support/globex-case';
import { expectFitsPhone, phonePage, phonePageAs } from '../support/phone';

/**
 * One case's whole life on two phones (issue 29): Acme's caller submits it to Globex, Globex's manager finds it by
 * the dashboard's count, takes it and asks for information, Acme answers by the mail's link with the logs, Globex
 * accepts, each side adds a note, Globex a file, and Acme closes it. The submission carries the support bundle. Every page fits the phone (no sideways scroll, 44 px targets,
 * axe clean) and the case page holds the whole exchange, whose move it is and who owns it.
 */

const timeline = (page: Page) => page.getByRole('list', { name: 'Case timeline, newest first' });

async function addNote(page: Page, summary: string): Promise<void> {
  await page.getByRole('button', { name: 'Add Note' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add Note' });
  await dialog.getByLabel('Summary').fill(summary);
  await dialog.getByRole('button', { name: 'Add Note' }).click();
  await expect(dialog).toBeHidden();
  await expect(timeline(page)).toContainText(summary);
}

async function sendResponse(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Send Response' }).click();
  await expect(page.getByRole('status').filter({ hasText: MESSAGES.responseSent })).toBeVisible();
}

test('one case from submission to closing, both sides on a phone', async ({ browser, demo, mailbox }) => {
  test.setTimeout(240_000);
  const stamp = Date.now().toString(36).toUpperCase();
  const caseNumber = `ACME-PHONE-${stamp}`;
  const acme = await phonePage(browser, 'member');
  const globex = await phonePageAs(browser, demo, 'bm@globex.test');
  try {
    // Acme's caller submits the case from the phone; the Request Sent view has the case's own address.
    await acme.goto('/dashboard');
    await openGlobexTicketProcess(acme);
    // The required fields are marked before any submit; the problem category that brings a required field says so.
    await expect(acme.getByText('Fields marked * are required.')).toBeVisible();
    await fillGlobexTicketForm(acme, caseNumber, `Replication stalls ${stamp}`);
    await expect(acme.getByRole('status').filter({ hasText: 'Array Serial Number is now required.' })).toBeVisible();
    await expect(acme.getByLabel('Array Serial Number')).toHaveAttribute('aria-required', 'true');
    // The support bundle the process asks for goes with the submission.
    await acme.getByLabel('Attach files').setInputFiles({
      name: `bundle-${stamp}.log`,
      mimeType: 'text/plain',
      buffer: Buffer.from('bundle\n'),
    });
    await expect(acme.getByRole('list', { name: 'Chosen files' })).toContainText(`bundle-${stamp}.log`);
    await expectFitsPhone(acme, { ready: false });
    await acme.getByRole('button', { name: 'Submit', exact: true }).click();
    await expect(acme.getByRole('heading', { name: 'Request Sent' })).toBeVisible();
    await expect(acme).toHaveURL(/\/my-cases\/[^/]+\/sent$/);
    const token = new URL(acme.url()).pathname.split('/')[2];

    // Globex's manager is told on the dashboard how many inbound cases wait for Globex, and shows them.
    await globex.goto('/dashboard');
    const count = globex.getByRole('status').filter({ hasText: /inbound cases? needs? your company’s action/ });
    await expect(count).toBeVisible();
    if (await count.getByRole('button', { name: 'Show them' }).count()) {
      await count.getByRole('button', { name: 'Show them' }).click();
    }
    await expectFitsPhone(globex);
    await globex.getByRole('table', { name: 'Active cases' }).getByRole('link', { name: caseNumber }).click();
    await expect(globex).toHaveURL(new RegExp(`/my-cases/${token}$`));
    await expect(globex.getByTestId('case-turn')).toContainText(/your move/i);

    // They take the case, then ask for information: the answer form starts with their own name and e-mail.
    await globex.getByRole('button', { name: 'Assign to me' }).click();
    await expect(globex.getByTestId('case-owner')).not.toHaveText('Nobody');
    await expect(timeline(globex).locator('.feed-entry-title').first()).toHaveText('Assignment changed');
    await expectFitsPhone(globex);
    await globex.getByRole('link', { name: 'Respond to Case' }).click();
    await expect(globex.getByLabel('Engineer Email')).toHaveValue('bm@globex.test');
    await globex.getByLabel('Request Information').check();
    await globex.getByLabel('What information do you need?').fill(`Controller logs please ${stamp}`);
    await expectFitsPhone(globex, { ready: false });
    await sendResponse(globex);

    // Acme's caller answers from the mail's link on the phone.
    const asked = await mailbox.waitFor({
      to: 'caller@acme.test',
      subjectContains: `More information needed for case ${caseNumber}`,
    });
    await acme.goto(mailLink(asked, '/information'));
    await acme.getByLabel('Additional Information').fill(`Logs in folder ${stamp}`);
    await acme.getByLabel('Attach files').setInputFiles({
      name: `controller-logs-${stamp}.log`,
      mimeType: 'text/plain',
      buffer: Buffer.from('ERR 7\n'),
    });
    await expectFitsPhone(acme, { ready: false });
    await acme.getByRole('button', { name: 'Send Information' }).click();
    await expect(acme.getByRole('status').filter({ hasText: MESSAGES.responseSent })).toBeVisible();

    // Globex sees the answer arrived (its move again) and accepts.
    await globex.goto(`/my-cases/${token}`);
    await expect(globex.getByRole('heading', { name: 'Information supplied', level: 2 })).toBeVisible();
    await expect(timeline(globex)).toContainText(`Logs in folder ${stamp}`);
    await expect(timeline(globex)).toContainText(`controller-logs-${stamp}.log`);
    await expect(timeline(globex)).toContainText(`bundle-${stamp}.log`);
    await globex.getByRole('link', { name: 'Respond to Case' }).click();
    await globex.getByLabel('Accept').check();
    await globex.getByLabel('Reviewer Name').fill('Bob Manager');
    await globex.getByLabel('Reviewer Email').fill('bm@globex.test');
    await globex.getByLabel('Your Case Number').fill(`GLX-${stamp}`);
    await sendResponse(globex);

    // A note and a file from Globex, a note from Acme: both read the one conversation.
    await globex.goto(`/my-cases/${token}`);
    await addNote(globex, `Globex note ${stamp}`);
    await globex.getByRole('button', { name: 'Upload File' }).click();
    const upload = globex.getByRole('dialog', { name: 'Upload File' });
    await upload.getByLabel('Files').setInputFiles({
      name: `controller-${stamp}.log`,
      mimeType: 'text/plain',
      buffer: Buffer.from('ERR 42\n'),
    });
    await upload.getByRole('button', { name: 'Upload' }).click();
    await expect(upload).toBeHidden();
    await expect(timeline(globex)).toContainText(`controller-${stamp}.log`);

    await acme.goto(`/my-cases/${token}`);
    await addNote(acme, `Acme note ${stamp}`);
    await expect(timeline(acme).locator('.feed-entry-title')).toHaveText([
      'Note added',
      'Attachment added',
      'Note added',
      'Accepted',
      'Attachment added',
      'Information supplied',
      'More information requested',
      'Attachment added',
      'Case submitted',
    ]);
    // Globex's owner is Globex's business: Acme's page names nobody and has no entry of it.
    await expect(acme.getByTestId('case-owner')).toHaveText('Nobody');
    await expectFitsPhone(acme);

    // Acme closes the case and is told so on the dashboard.
    await acme.getByRole('button', { name: 'Close Case' }).click();
    await acme.getByRole('dialog').getByRole('button', { name: MESSAGES.closeConfirmYes }).click();
    await acme.waitForURL('**/dashboard');
    await expect(acme.getByText(`Case ${caseNumber} closed.`)).toBeVisible();
    await globex.goto(`/my-cases/${token}`);
    await expect(globex.getByRole('heading', { name: 'Collaboration closed', level: 2 })).toBeVisible();
    await expectFitsPhone(globex);
  } finally {
    await acme.context().close();
    await globex.context().close();
  }
});
