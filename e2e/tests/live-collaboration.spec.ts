import type { Locator, Page } from '@playwright/test';
import { expect, test } from '../fixtures';
import { CASE_STATUS_LABELS, type CaseStatus } from '../../libs/contracts/src';
import { isSameDocument, markDocument, SocketEvents } from '../support/socket-events';

const PAUSED_TEXT = 'Paused while information is requested';

interface Viewer {
  page: Page;
  events: SocketEvents;
}

interface CaseEventPayload {
  case_token: string;
  type: string;
  status: CaseStatus;
}

/** A signed-in page (its own context, session and socket) with its socket events recorded from the start. */
function viewer(page: Page): Viewer {
  return { page, events: new SocketEvents(page) };
}

/** Opens the case detail and waits until the page follows the case live; marks the document to prove no reload. */
async function openCase({ page, events }: Viewer, caseToken: string): Promise<void> {
  await page.goto(`/my-cases/${caseToken}`);
  await expect(page.getByRole('heading', { level: 1, name: /^(Outbound to|Inbound from) / })).toBeVisible();
  await events.waitFor<{ case_token: string }>('case.presence', (message) => message.case_token === caseToken);
  await markDocument(page);
}

/**
 * From now on the page may not read the api: every GET to /api is refused (and recorded). What changes after this
 * must reach the page as live entries carrying the change itself.
 */
async function refuseApiReads(page: Page): Promise<string[]> {
  const refused: string[] = [];
  await page.route('**/api/**', async (route) => {
    if (route.request().method() !== 'GET') return route.continue();
    refused.push(route.request().url());
    return route.abort();
  });
  return refused;
}

const presenceBar = (page: Page): Locator => page.locator('p', { hasText: 'Viewing now:' });
const slaText = (page: Page): Locator => page.locator('.case-subtitle .sla-countdown');
const statusBadge = (page: Page): Locator => page.locator('.case-subtitle .status-badge');

/** Resolves when the page's POST to an api path ending in `pathEnd` has been answered, and checks it succeeded. */
function saveReturned(page: Page, pathEnd: string): Promise<void> {
  return page
    .waitForResponse((response) => response.request().method() === 'POST' && response.url().endsWith(pathEnd))
    .then((response) => {
      expect(response.ok(), `${pathEnd} answered ${response.status()}`).toBeTruthy();
    });
}

test.describe('live collaboration between two companies on one case', () => {
  test('presence, typing, a note and a file reach the other company without a reload', async ({
    asCompanyAdmin,
    signedInAs,
    fresh,
  }) => {
    const acme = viewer(asCompanyAdmin);
    const globex = viewer(await signedInAs('bm@globex.test'));
    const stamp = Date.now().toString(36).toUpperCase();
    const kase = await fresh.acmeCaseToGlobex({ status: 'accepted' });
    await openCase(acme, kase.token);
    await openCase(globex, kase.token);
    const acmeReads = await refuseApiReads(acme.page);
    const globexReads = await refuseApiReads(globex.page);

    // (a) Each sees the other in the presence bar.
    await expect(presenceBar(acme.page)).toContainText(/Viewing now: .+ \(Globex Storage\)/);
    await expect(presenceBar(globex.page)).toContainText(/Viewing now: .+ \(Acme Systems\)/);

    // (b) Globex opens Add Note: Acme sees it writing; the saved note reaches Acme's feed (and Globex's own).
    await globex.page.getByRole('button', { name: 'Add Note' }).click();
    const noteDialog = globex.page.getByRole('dialog', { name: 'Add Note' });
    await expect(presenceBar(acme.page)).toContainText(/writing a note…/);
    const summary = `Live note ${stamp}`;
    await noteDialog.getByLabel('Summary').fill(summary);
    await noteDialog.getByLabel('Description').fill('Firmware 9.3 fixes the replication stall; rolling out now.');
    const noteSaved = saveReturned(globex.page, `/api/caller/case/${kase.token}/note`);
    await noteDialog.getByRole('button', { name: 'Add Note' }).click();
    await noteSaved;
    const acmeFeed = acme.page.getByRole('region', { name: 'Collaboration Feed' });
    await expect(acmeFeed.getByRole('heading', { name: summary })).toBeVisible();
    const globexFeed = globex.page.getByRole('region', { name: 'Collaboration Feed' });
    await expect(globexFeed.getByRole('heading', { name: summary })).toBeVisible();
    const noteEvent = acme.events.received.find(
      (event) => event.name === 'case.event' && (event.payload as CaseEventPayload).type === 'note_added',
    );
    expect(noteEvent, 'Acme received the note as a live case.event').toBeDefined();
    await expect(noteDialog).toBeHidden();
    await expect(presenceBar(acme.page)).not.toContainText('writing a note');

    // (b2) Globex writes an internal note, chosen before sending: its own feed shows it marked Internal; Acme's
    // page never gets it (checked after (c), whose entry reaches Acme after the internal one would have).
    await globex.page.getByRole('button', { name: 'Add Note' }).click();
    const internalDialog = globex.page.getByRole('dialog', { name: 'Add Note' });
    const internalSummary = `Internal note ${stamp}`;
    await internalDialog.getByLabel('Summary').fill(internalSummary);
    await internalDialog.getByRole('radio', { name: /Internal — only Globex Storage/ }).check();
    const internalSaved = saveReturned(globex.page, `/api/caller/case/${kase.token}/note`);
    await internalDialog.getByRole('button', { name: 'Add internal note' }).click();
    await internalSaved;
    const internalNote = globexFeed.getByRole('listitem').filter({ hasText: internalSummary });
    await expect(internalNote.getByText('Internal', { exact: true })).toBeVisible();

    // (c) Acme uploads a small text file: it is in Globex's file list (and Acme's own).
    const fileName = `live-${stamp}.txt`;
    await acme.page.getByRole('button', { name: 'Upload File' }).click();
    const uploadDialog = acme.page.getByRole('dialog', { name: 'Upload File' });
    await uploadDialog.getByLabel('Description').fill('Controller log excerpt');
    await uploadDialog.getByLabel('Files').setInputFiles({
      name: fileName,
      mimeType: 'text/plain',
      buffer: Buffer.from(`controller log ${stamp}\nERR_REPL_TIMEOUT at 02:14\n`),
    });
    const uploadSaved = saveReturned(acme.page, `/api/caller/case/${kase.token}/attachments`);
    await uploadDialog.getByRole('button', { name: 'Upload' }).click();
    await uploadSaved;
    const globexFiles = globex.page.getByRole('region', { name: 'Files' });
    await expect(globexFiles.getByRole('button', { name: fileName })).toBeVisible();
    const acmeFiles = acme.page.getByRole('region', { name: 'Files' });
    await expect(acmeFiles.getByRole('button', { name: fileName })).toBeVisible();
    // Acme's page is past the upload, written after Globex's internal note: the internal note never reached it.
    await expect(acmeFeed.getByText(internalSummary)).toHaveCount(0);
    const acmeNoteEvents = acme.events.received.filter(
      (event) => event.name === 'case.event' && (event.payload as CaseEventPayload).type === 'note_added',
    );
    expect(acmeNoteEvents, 'Acme received only the partner note live').toHaveLength(1);

    // Nothing above reloaded either page, and neither page read the api: every change came with its entry.
    expect(await isSameDocument(acme.page), 'the Acme page was not reloaded').toBe(true);
    expect(await isSameDocument(globex.page), 'the Globex page was not reloaded').toBe(true);
    expect(acmeReads).toEqual([]);
    expect(globexReads).toEqual([]);
  });

  test('an information request from the token page pauses the SLA on both open pages', async ({
    asCompanyAdmin,
    signedInAs,
    fresh,
    browser,
  }) => {
    const acme = viewer(asCompanyAdmin);
    const globex = viewer(await signedInAs('bm@globex.test'));
    const kase = await fresh.acmeCaseToGlobex({ status: 'open' });
    await openCase(acme, kase.token);
    await openCase(globex, kase.token);
    for (const viewer of [acme, globex]) {
      await expect(statusBadge(viewer.page)).toHaveText(CASE_STATUS_LABELS.open);
      await expect(slaText(viewer.page)).toHaveText(/^(Response due in|Late by) /);
    }
    const reads = [await refuseApiReads(acme.page), await refuseApiReads(globex.page)];

    // Globex's engineer answers from the case link of the mail, in a third page without a session.
    const responderContext = await browser.newContext();
    const responder = await responderContext.newPage();
    await responder.goto(`/case/${kase.token}/respond`);
    await expect(responder.getByRole('heading', { name: 'Respond to Collaboration Request' })).toBeVisible();
    await responder.getByLabel('Request Information').check();
    await responder
      .getByLabel('What information do you need?')
      .fill('Please attach the controller logs of both arrays.');
    await responder.getByRole('button', { name: 'Send Response' }).click();
    await expect(responder.getByRole('button', { name: 'Send Response' })).toBeHidden();
    await responderContext.close();

    // Both open case pages move on by themselves: new status, paused clock, the same text on both sides.
    for (const viewer of [acme, globex]) {
      await expect(statusBadge(viewer.page)).toHaveText(CASE_STATUS_LABELS.information);
      await expect(slaText(viewer.page)).toHaveText(PAUSED_TEXT);
      await viewer.events.waitFor<CaseEventPayload>(
        'case.event',
        (event) => event.case_token === kase.token && event.type === 'information_requested',
      );
      expect(await isSameDocument(viewer.page), 'the case page was not reloaded').toBe(true);
    }
    expect(await slaText(acme.page).textContent()).toBe(await slaText(globex.page).textContent());
    // The status change came with its entry: neither page read the api.
    expect(reads).toEqual([[], []]);
  });
});
