import type { Page } from '@playwright/test';
import { expect, test, type CaughtMail } from '../fixtures';

function mailLink(mail: CaughtMail, fragment: string): string {
  const link = mail.links.find((href) => href.includes(fragment));
  if (!link) throw new Error(`No link containing ${fragment} in "${mail.subject}": ${mail.links.join(', ')}`);
  const url = new URL(link, 'http://placeholder.invalid');
  return url.pathname + url.search;
}

/** Dashboard partner search → Globex → its manager-type process "Globex Manager Escalation" (demo seed). */
async function openGlobexManagerProcess(page: Page): Promise<void> {
  await page.getByLabel('Search partners').fill('Globex');
  await page
    .getByRole('list', { name: 'Partners found' })
    .getByRole('link', { name: /^Globex Storage(?! –)/ })
    .click();
  await page.waitForURL('**/case/company/*');
  // The title names the partner once its processes are loaded; several processes come as tabs.
  await expect(page.getByRole('heading', { level: 1, name: /^Submit a Request to Globex Storage/ })).toBeVisible({
    timeout: 20_000,
  });
  const tab = page.getByRole('tab', { name: 'Globex Manager Escalation' });
  if (await tab.count()) await tab.click();
  await expect(page.getByLabel('Business Impact')).toBeVisible();
}

test('a manager escalation is answered from the link in its mail', async ({ page, asCompanyAdmin: acme, mailbox }) => {
  test.setTimeout(120_000);
  const stamp = Date.now().toString(36).toUpperCase();
  const reference = `ESC-E2E-${stamp}`;

  await acme.goto('/dashboard');
  await openGlobexManagerProcess(acme);
  await acme.getByLabel('First Name', { exact: true }).fill('Betty');
  await acme.getByLabel('Last Name', { exact: true }).fill('Manager');
  await acme.getByLabel('Email', { exact: true }).fill('bm@acme.test');
  await acme.getByLabel('Internal Reference').fill(reference);
  await acme.getByLabel('Existing Vendor Case Reference').fill(`GLX-${stamp}`);
  await acme.getByLabel('Business Impact').fill('Two hospitals cannot reach their imaging archive.');
  await acme.getByLabel('Note to Manager').fill('Case missed its P1 response time by two hours.');
  await acme.getByRole('button', { name: 'Submit', exact: true }).click();
  await expect(acme.getByRole('heading', { name: 'Request Sent' })).toBeVisible();

  // The process's main manager gets the manager response link.
  const mail = await mailbox.waitFor({
    to: 'bm@globex.test',
    subjectContains: 'Manager escalation',
    mentions: reference,
  });
  await page.goto(mailLink(mail, '/manager/response/'));
  await expect(page.getByRole('heading', { name: 'Manager Escalation Response', level: 1 })).toBeVisible();
  const request = page.getByRole('region', { name: 'Escalation Request' });
  await expect(request).toContainText(reference);
  await expect(request).toContainText('Two hospitals cannot reach their imaging archive.');
  await expect(page.getByRole('region', { name: 'Responses' })).toContainText('No responses yet.');

  await page.getByLabel('First Name').fill('Gary');
  await page.getByLabel('Last Name').fill('Globex');
  await page.getByLabel('Email').fill('bm@globex.test');
  await page.getByLabel('Internal Reference').fill(`GLX-MGR-${stamp}`);
  await page.getByLabel('Escalation Type').fill('Critical');
  await page.getByLabel('Notes').fill('Duty manager engaged; engineer on site within the hour.');
  await page.getByLabel('Update my profile with these details').uncheck();
  await page.getByRole('button', { name: 'Send Response' }).click();

  const responses = page.getByRole('region', { name: 'Responses' });
  await expect(responses).toContainText('Gary Globex');
  await expect(responses).toContainText('Duty manager engaged; engineer on site within the hour.');

  // The listing survives a reload: it comes from the server, not the form.
  await page.reload();
  await expect(page.getByRole('region', { name: 'Responses' })).toContainText(`GLX-MGR-${stamp}`);
  // The link took its one answer: the form is gone.
  await expect(page.getByRole('region', { name: 'Answered' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Send Response' })).toHaveCount(0);
});
