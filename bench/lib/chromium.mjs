// Debian's Chromium for the Lighthouse runs: launched by chrome-launcher with a debugging port and a fresh profile,
// signed in through the app's own landing page with playwright-core over CDP (the session lives in localStorage,
// which the Lighthouse tabs of the same profile share).
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { launch } from 'chrome-launcher';
import { chromium } from 'playwright-core';

/** The system's Chromium: never a downloaded browser. */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH || '/usr/bin/chromium';

const CHROMIUM_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];

/** Starts Chromium; `close()` stops it and deletes its profile. */
export async function launchChromium() {
  const userDataDir = mkdtempSync(path.join(os.tmpdir(), 'casebridge-lighthouse-'));
  const chrome = await launch({ chromePath: CHROMIUM_PATH, chromeFlags: CHROMIUM_FLAGS, userDataDir });
  return {
    port: chrome.port,
    async close() {
      await chrome.kill();
      rmSync(userDataDir, { recursive: true, force: true });
    },
  };
}

/**
 * Signs in with the password form of the company's landing page, as a member does, and keeps the CDP
 * connection for clearing the HTTP cache between audits. Returns the bearer the app stored.
 */
export async function signInOverCdp(port, { baseUrl, slug, email, password }) {
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${port}`);
  const context = browser.contexts()[0];
  const page = await context.newPage();
  await page.goto(`${baseUrl}/${slug}`);
  const loginForm = page.getByRole('region', { name: /^Log In/ });
  await loginForm.getByLabel('Email').fill(email);
  await loginForm.getByLabel('Password', { exact: true }).fill(password);
  await loginForm.getByRole('button', { name: 'Log In' }).click();
  await page.waitForURL((url) => url.pathname !== `/${slug}`);
  const token = await page.evaluate("localStorage.getItem('token')");
  if (!token) throw new Error(`Sign-in of ${email} on /${slug} left no session token`);
  // A blank tab: the app's live socket must not run beside the audited tab.
  await page.goto('about:blank');
  const cdp = await context.newCDPSession(page);
  return {
    token,
    /** Lighthouse keeps the storage (and so the cache) with disableStorageReset: every audit starts cold. */
    clearHttpCache: () => cdp.send('Network.clearBrowserCache'),
    disconnect: () => browser.close(),
  };
}
