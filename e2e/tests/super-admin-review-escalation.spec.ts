import ExcelJS from 'exceljs';
import { Client } from 'pg';
import { MESSAGES, ONBOARDING_MESSAGES } from '@casebridge/contracts';
import { expect, signInOnLanding, test } from '../fixtures';
import {
  acceptNewMemberAgreements,
  APPLICANT_PASSWORD,
  fillApplicant,
  fillCompany,
  fillProcess,
  startOnboarding,
  uniqueApplicantEmail,
} from '../support/onboarding-steps';
import { E2E_STACK } from '../support/stack';

const EDGE = { vhost: 'globex-edge', name: 'Globex Edge Program' };
const LATE_PREFIX = 'E2E-LATE-';

async function withDatabase<T>(run: (db: Client) => Promise<T>): Promise<T> {
  const db = new Client({ connectionString: E2E_STACK.databaseUrl });
  await db.connect();
  try {
    return await run(db);
  } finally {
    await db.end();
  }
}

/**
 * A late Acme→Globex case of its own (a copy of a seeded one, open, overdue and already notified, so the SLA job
 * neither marks nor mails it), so the journey never depends on what other journeys did to the seeded cases.
 */
async function insertLateCase(caseNumber: string): Promise<void> {
  await withDatabase((db) =>
    db.query(
      `insert into cases (token, internal_case_number, submitter_company_id, submitter_user_id, receiver_company_id,
          receiver_department_id, document_id, document_version_id, status, priority, summary, description,
          engineer_first_name, engineer_last_name, engineer_email, engineer_phone_country_code, is_sample,
          created_at, updated_at, response_due_at, late_at, late_notified_at)
        select md5($1), $1, t.submitter_company_id, t.submitter_user_id, t.receiver_company_id,
          t.receiver_department_id, t.document_id, t.document_version_id, 'open', 'high', t.summary, t.description,
          t.engineer_first_name, t.engineer_last_name, t.engineer_email, t.engineer_phone_country_code, false,
          now() - interval '3 hours', now() - interval '3 hours', now() - interval '1 hour',
          now() - interval '1 hour', now() - interval '1 hour'
        from (
          select c.* from cases c
            join companies sc on sc.id = c.submitter_company_id and sc.slug = 'acme'
            join companies rc on rc.id = c.receiver_company_id and rc.slug = 'globex'
          where c.deleted_at is null and c.is_sample = false
          order by c.id
          limit 1
        ) t`,
      [caseNumber],
    ),
  );
}

// Other journeys count and list cases: the inserted case leaves with this file.
test.afterAll(async () => {
  await withDatabase((db) => db.query('delete from cases where internal_case_number like $1', [`${LATE_PREFIX}%`]));
});

test('the super admin approves a new member live from the queue, and the member signs in', async ({
  page,
  asSuperAdmin: admin,
  mailbox,
}) => {
  const stamp = Date.now();
  const company = `E2E Review Co ${stamp}`;
  const email = uniqueApplicantEmail('review');

  // The back office is open before the application arrives.
  await admin.goto('/super_admin/dashboard');
  const queue = admin.getByRole('region', { name: 'Approval Queue' });
  await expect(queue.getByRole('table')).toBeVisible();
  await expect(queue.getByRole('link', { name: `Review ${company}` })).toHaveCount(0);

  // A new company applies to the free Globex Edge Program through the web flow.
  await startOnboarding(page, EDGE.vhost, email);
  await expect(page).toHaveURL(/\/onboarding\/contact$/);
  await fillCompany(page, company);
  await fillApplicant(page);
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page).toHaveURL(/\/onboarding\/agreements$/);
  await acceptNewMemberAgreements(page);
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page).toHaveURL(/\/onboarding\/process$/);
  await fillProcess(page);
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByText(ONBOARDING_MESSAGES.submitted)).toBeVisible();

  // It appears in the approval queue without a reload.
  const review = queue.getByRole('link', { name: `Review ${company}` });
  await expect(review).toBeVisible();
  const row = queue.getByRole('row').filter({ has: admin.getByRole('link', { name: `Review ${company}` }) });
  await expect(row).toContainText(EDGE.name);
  await expect(row).toContainText('pending review');

  // A second back-office screen keeps the queue in view while the first one decides.
  const watcher = await admin.context().newPage();
  await watcher.goto('/super_admin/dashboard');
  const watchedQueue = watcher.getByRole('region', { name: 'Approval Queue' });
  await expect(watchedQueue.getByRole('link', { name: `Review ${company}` })).toBeVisible();

  // The review shows the session's data; Approve admits the member and returns to the dashboard.
  await review.click();
  await expect(admin).toHaveURL(/\/super_admin\/onboarding\/\d+$/);
  await expect(admin.getByLabel('Company Name')).toHaveValue(company);
  await expect(admin.getByLabel('Support Hours')).toHaveValue('24x7');
  await expect(admin.getByText('Code of Conduct: Accepted')).toBeVisible();
  await admin.getByLabel('Opportunity Reference').fill(`OPP-${stamp}`);
  await admin.getByRole('button', { name: 'Approve' }).click();
  await expect(admin).toHaveURL(/\/super_admin\/dashboard$/);
  await expect(
    admin.getByRole('status').filter({ hasText: 'Member has been approved and is now part of Casebridge connect.' }),
  ).toBeVisible();
  // The queue shows what waits for review: the decided application leaves it, and live on the other screen too.
  await expect(queue.getByRole('radio', { name: 'Pending review' })).toBeChecked();
  await expect(queue.getByRole('link', { name: `Review ${company}` })).toHaveCount(0);
  await expect(watchedQueue.getByRole('link', { name: `Review ${company}` })).toHaveCount(0);
  // The Approved filter finds it with its decision and opportunity reference.
  await queue.getByRole('radio', { name: 'Approved', exact: true }).check();
  const decided = queue.getByRole('row').filter({ has: admin.getByRole('link', { name: `Review ${company}` }) });
  await expect(decided).toContainText('approved');
  await expect(decided).toContainText(`OPP-${stamp}`);

  const mail = await mailbox.waitFor({ to: email, subjectContains: `is now a member of ${EDGE.name}` });
  const signInLink = mail.links.find((href) => href.includes(`/e2e-review-co-${stamp}`));
  expect(signInLink).toBeTruthy();

  // The new member signs in on its company's page with the password chosen while applying.
  await signInOnLanding(page, `e2e-review-co-${stamp}`, email, APPLICANT_PASSWORD);
  await expect(page).toHaveURL(/\/dashboard$/);
});

test('the super admin filters the escalation queue to late cases, exports it, answers one and deletes it', async ({
  asSuperAdmin: page,
}) => {
  const caseNumber = `${LATE_PREFIX}${Date.now()}`;
  await insertLateCase(caseNumber);

  await page.goto('/super_admin/dashboard');
  const escalation = page.getByRole('region', { name: 'Escalation Reporting' });
  await expect(escalation.getByLabel('Open', { exact: true })).toBeChecked();
  await escalation.getByLabel('Late', { exact: true }).check();
  const lateLink = escalation.getByRole('link', { name: `#${caseNumber}` });
  await expect(lateLink).toBeVisible();
  const lateRow = escalation.getByRole('row').filter({ has: page.getByRole('link', { name: `#${caseNumber}` }) });
  await expect(lateRow).toContainText('Priority 1');
  await expect(lateRow).toContainText('Acme Systems');
  await expect(lateRow).toContainText('Globex Storage');
  // Every row of the late filter is late. One retrying assertion over the whole table: the new case is in the open
  // list too, so its link shows before the late filter's answer has replaced the open list's rows.
  const caseRows = escalation.getByRole('row').filter({ has: page.getByRole('link', { name: /^#/ }) });
  await expect(caseRows.filter({ hasNotText: 'Late' })).toHaveCount(0);
  await expect(caseRows.filter({ hasText: 'Late' }).first()).toBeVisible();

  // The late cases as a spreadsheet.
  await escalation.getByRole('button', { name: 'Export' }).click();
  const downloadButton = escalation.getByRole('button', { name: /^Download escalation\.\d{6}\.xlsx$/ });
  await expect(downloadButton).toBeVisible({ timeout: 30_000 });
  const downloadStarted = page.waitForEvent('download');
  await downloadButton.click();
  const download = await downloadStarted;
  expect(download.suggestedFilename()).toMatch(/^escalation\.\d{6}\.xlsx$/);
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.readFile(await download.path());
  const sheet = workbook.worksheets[0];
  expect((sheet.getRow(1).values as unknown[]).slice(1, 4)).toEqual(['Case#', 'Company', 'Receiver']);
  const numbers: unknown[] = [];
  sheet.eachRow((sheetRow, index) => {
    if (index > 1) numbers.push(sheetRow.getCell(1).value);
  });
  expect(numbers).toContain(caseNumber);

  // The case details: the super admin answers as the receiving side.
  await lateLink.click();
  await expect(page).toHaveURL(/\/super_admin\/cases\/\d+$/);
  const breadcrumb = page.getByRole('navigation', { name: 'Breadcrumb' });
  await expect(breadcrumb.getByRole('link', { name: 'Dashboard' })).toBeVisible();
  await expect(breadcrumb).toContainText(`#${caseNumber}`);
  await page.getByLabel('Request Information', { exact: true }).check();
  await page.getByLabel('What information do you need?').fill('Please send the array serial number.');
  await page.getByRole('button', { name: 'Send Response' }).click();
  await expect(page.getByRole('status').filter({ hasText: MESSAGES.responseSent })).toBeVisible();
  await expect(
    page.getByRole('region', { name: 'Responses' }).getByText('Please send the array serial number.'),
  ).toBeVisible();
  await expect(page.getByLabel('Reject', { exact: true })).toBeVisible();
  // The case's history shows the request live, newest first.
  const history = page.getByRole('region', { name: 'Case History' }).getByRole('listitem');
  await expect(history.first()).toContainText('More information requested');
  await expect(history.first()).toContainText('Please send the array serial number.');

  // Back on the dashboard the case is deleted from the queue, with the server's message.
  await breadcrumb.getByRole('link', { name: 'Dashboard' }).click();
  await escalation.getByLabel('Late', { exact: true }).check();
  await escalation.getByRole('button', { name: `Delete case ${caseNumber}` }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Yes' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'The case has been deleted.' })).toBeVisible();
  await expect(escalation.getByRole('link', { name: `#${caseNumber}` })).toHaveCount(0);
});
