import ExcelJS from 'exceljs';
import { Client } from 'pg';
import { expect, test } from '../fixtures';
import { E2E_STACK } from '../support/stack';
import { SocketEvents } from '../support/socket-events';

/** Usage rows this spec adds to the e2e database for itself, found (and removed) by their case number prefix. */
const ROWS = 10_000;
const CASE_NUMBER_PREFIX = 'E2E-USAGE-';

interface ExportStatusPayload {
  export_id: number;
  status: 'queued' | 'building' | 'ready' | 'failed' | 'expired';
  rows: number | null;
}

async function withDatabase<T>(run: (db: Client) => Promise<T>): Promise<T> {
  const db = new Client({ connectionString: E2E_STACK.databaseUrl });
  await db.connect();
  try {
    return await run(db);
  } finally {
    await db.end();
  }
}

const deleteInsertedRows = (db: Client) =>
  db.query(`delete from cases where internal_case_number like $1`, [`${CASE_NUMBER_PREFIX}%`]);

/**
 * Copies a seeded Acme→Globex case ROWS times in one statement: unique tokens and case numbers, closed (so no SLA
 * or dashboard logic picks them up), created inside the default report range (the last 30 days).
 * Idempotent: rows of an earlier attempt are deleted first.
 */
async function insertUsageRows(db: Client): Promise<number> {
  await deleteInsertedRows(db);
  const result = await db.query(
    `insert into cases (token, internal_case_number, submitter_company_id, submitter_user_id, receiver_company_id,
        receiver_department_id, document_id, document_version_id, status, priority, summary, description,
        engineer_first_name, engineer_last_name, engineer_email, engineer_phone_country_code, is_sample,
        created_at, updated_at, sla_stopped_at, closed_at)
      select md5($1 || n), $1 || lpad(n::text, 5, '0'), t.submitter_company_id, t.submitter_user_id,
        t.receiver_company_id, t.receiver_department_id, t.document_id, t.document_version_id, 'closed', t.priority,
        t.summary, t.description, t.engineer_first_name, t.engineer_last_name, t.engineer_email,
        t.engineer_phone_country_code, false, s.at, s.at, s.at + interval '1 hour', s.at + interval '2 hours'
      from generate_series(1, $2::int) n
      cross join lateral (
        select now() - (n % 28) * interval '1 day' - n * interval '1 second' as at
      ) s
      cross join (
        select c.* from cases c
          join companies sc on sc.id = c.submitter_company_id and sc.slug = 'acme'
          join companies rc on rc.id = c.receiver_company_id and rc.slug = 'globex'
        where c.deleted_at is null and c.is_sample = false
        order by c.id
        limit 1
      ) t`,
    [CASE_NUMBER_PREFIX, ROWS],
  );
  return result.rowCount ?? 0;
}

test.describe('usage report export', () => {
  test.beforeAll(async () => {
    expect(await withDatabase(insertUsageRows)).toBe(ROWS);
  });

  // Other journeys count and list cases: the rows leave with this file.
  test.afterAll(async () => {
    await withDatabase(deleteInsertedRows);
  });

  test('the usage report of 10,000 cases exports live to a valid spreadsheet', async ({ asCompanyAdmin: page }) => {
    test.setTimeout(180_000);
    const events = new SocketEvents(page);

    await page.goto('/admin/reports');
    await expect(page.getByRole('heading', { name: 'Usage Report' })).toBeVisible();
    const table = page.getByRole('table', { name: 'Usage report' });
    await expect(table.getByRole('link', { name: /^Details of case / }).first()).toBeVisible({ timeout: 20_000 });
    const pager = page.getByRole('navigation', { name: 'Usage report pages' });
    await expect(pager).toContainText(/Showing 1–\d+ of \d+/);
    const total = Number(/of (\d+)/.exec((await pager.textContent()) ?? '')?.[1]);
    expect(total).toBeGreaterThanOrEqual(ROWS);

    // Every text the export status shows, recorded in the page as it renders (a fast worker skips past quickly).
    // The live region is hidden while empty, so it is found by its class rather than its role.
    const status = page.locator('.export-control .export-status[role=status]');
    await status.evaluate((element) => {
      const seen: string[] = [];
      (window as unknown as { __exportStatusTexts: string[] }).__exportStatusTexts = seen;
      new MutationObserver(() => seen.push(element.textContent ?? '')).observe(element, {
        childList: true,
        characterData: true,
        subtree: true,
      });
    });

    await page.getByRole('button', { name: 'Export Details to Excel' }).click();
    await expect(status).toHaveText(/^Ready: \d+ rows\.$/, { timeout: 120_000 });
    const shown = await page.evaluate(
      () => (window as unknown as { __exportStatusTexts: string[] }).__exportStatusTexts,
    );
    test.info().annotations.push({ type: 'export status shown', description: shown.join(' → ') });
    expect(shown.some((text) => /^(Queued: waiting for a free worker…|Building the spreadsheet…)$/.test(text))).toBe(
      true,
    );

    // The progress came over the socket: queued (api), building and ready (worker), for this export.
    const ready = await events.waitFor<ExportStatusPayload>('export.status', (message) => message.status === 'ready');
    const progress = events
      .named<ExportStatusPayload>('export.status')
      .filter((message) => message.export_id === ready.export_id)
      .map((message) => message.status);
    expect(progress).toContain('building');
    expect(progress.indexOf('building')).toBeLessThan(progress.indexOf('ready'));
    expect(ready.rows).toBe(total);
    await expect(status).toHaveText(`Ready: ${total} rows.`);

    const downloadStarted = page.waitForEvent('download');
    await page.getByRole('button', { name: /^Download usage\.\d{6}\.xlsx$/ }).click();
    const download = await downloadStarted;
    expect(download.suggestedFilename()).toMatch(/^usage\.\d{6}\.xlsx$/);

    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.readFile(await download.path());
    const sheet = workbook.worksheets[0];
    expect(sheet.name).toBe('Usage');
    expect((sheet.getRow(1).values as unknown[]).slice(1)).toEqual([
      'Type',
      'Case#',
      'Partner',
      'Request Date (UTC)',
      'Response Date (UTC)',
      'Case Token',
    ]);
    const dataRows = sheet.actualRowCount - 1;
    expect(dataRows).toBeGreaterThanOrEqual(ROWS);
    expect(dataRows).toBe(total);
    let inserted = 0;
    sheet.eachRow((row, number) => {
      if (number > 1 && String(row.getCell(2).value).startsWith(CASE_NUMBER_PREFIX)) inserted += 1;
    });
    expect(inserted).toBe(ROWS);
  });
});
