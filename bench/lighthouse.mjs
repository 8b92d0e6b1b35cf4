// Web: Lighthouse (desktop preset, its default simulated throttling) of the dashboard and of a case detail page,
// signed in as a member, against the production build served by the built api. Informative: the issue sets no
// target; we aim at 90 for performance and accessibility. Full reports go to var/bench/lighthouse-<page>.json.
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import lighthouse from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';
import { computeMedianRun } from 'lighthouse/core/lib/median-run.js';
import pg from 'pg';
import { launchChromium, signInOverCdp } from './lib/chromium.mjs';
import { LOG_DIR } from './lib/processes.mjs';
import { noteRow } from './lib/report.mjs';

// Issue 30's target for both pages (performance and accessibility); informative, as Lighthouse varies between runs.
const AIM = 95;
const CATEGORIES = ['performance', 'accessibility'];

/** The landing slug of the member's company: the landing page is where members sign in. */
async function companySlug(databaseUrl, email) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query(
      'select co.slug from users u join companies co on co.id = u.company_id where u.email = $1',
      [email],
    );
    if (rows.length === 0) throw new Error(`No company for ${email}`);
    return rows[0].slug;
  } finally {
    await client.end();
  }
}

/** The most recently updated case of the member's company, read through the api as the app does. */
async function recentCaseToken(baseUrl, token) {
  const response = await fetch(`${baseUrl}/api/caller/get-cases/company?sort=updated_at&dir=desc`, {
    headers: { authorization: `Bearer ${token}` },
  });
  if (!response.ok) throw new Error(`Case list failed (${response.status})`);
  const { data } = await response.json();
  if (data.length === 0) throw new Error('The member company has no cases to audit');
  return data[0].token;
}

/** Audits that cost points: failing accessibility checks and performance opportunities, for the log. */
function findings(lhr) {
  const found = [];
  for (const category of CATEGORIES) {
    for (const ref of lhr.categories[category].auditRefs) {
      const audit = lhr.audits[ref.id];
      if (ref.weight === 0 && category === 'accessibility') continue;
      if (audit.score === null || audit.score >= 0.9) continue;
      if (audit.scoreDisplayMode === 'informative' || audit.scoreDisplayMode === 'notApplicable') continue;
      found.push(`${category}: ${audit.id} (${audit.displayValue || `score ${audit.score}`})`);
    }
  }
  return found;
}

/** One Lighthouse run: its result (lhr and the JSON report). */
async function audit(url, port) {
  const result = await lighthouse(
    url,
    { port, output: 'json', logLevel: 'error', disableStorageReset: true, onlyCategories: CATEGORIES },
    desktopConfig,
  );
  const { lhr } = result;
  if (lhr.runtimeError) throw new Error(`Lighthouse on ${url}: ${lhr.runtimeError.message}`);
  if (new URL(lhr.finalDisplayedUrl).pathname !== new URL(url).pathname) {
    throw new Error(`Lighthouse on ${url} ended on ${lhr.finalDisplayedUrl}: the session was not kept`);
  }
  return result;
}

function pageRows(name, lhr) {
  const score = (category) => Math.round(lhr.categories[category].score * 100);
  const ms = (id) => `${Math.round(lhr.audits[id].numericValue)} ms`;
  const scoreRow = (category) => {
    const value = score(category);
    return noteRow(
      `web Lighthouse: ${name}`,
      `${category} score`,
      String(value),
      `aim ≥ ${AIM} (informative)`,
      value >= AIM ? 'pass' : 'miss',
    );
  };
  return [
    ...CATEGORIES.map(scoreRow),
    noteRow(
      `web Lighthouse: ${name}`,
      'LCP / TBT / CLS',
      `${ms('largest-contentful-paint')} / ${ms('total-blocking-time')} / ${lhr.audits['cumulative-layout-shift'].numericValue.toFixed(3)}`,
    ),
  ];
}

/**
 * Audits /dashboard and /my-cases/<token> as `email` (a password-login member) on `baseUrl`, the api serving
 * web/dist. Returns result rows and notes.
 */
export async function runLighthouseBench({ baseUrl, databaseUrl, email, password = 'Passw0rd!', runs = 3, settings }) {
  const slug = await companySlug(databaseUrl, email);
  const chrome = await launchChromium();
  try {
    const session = await signInOverCdp(chrome.port, { baseUrl, slug, email, password });
    try {
      const caseToken = await recentCaseToken(baseUrl, session.token);
      const pages = [
        ['dashboard', `${baseUrl}/dashboard`],
        ['case detail', `${baseUrl}/my-cases/${caseToken}`],
      ];
      const rows = [];
      let lhr;
      for (const [name, url] of pages) {
        // Lighthouse's own advice against run-to-run variance: several runs, the median one reported.
        const results = [];
        for (let run = 0; run < runs; run += 1) {
          await session.clearHttpCache();
          results.push(await audit(url, chrome.port));
        }
        lhr = computeMedianRun(results.map((result) => result.lhr));
        mkdirSync(LOG_DIR, { recursive: true });
        const report = results.find((result) => result.lhr === lhr).report;
        writeFileSync(path.join(LOG_DIR, `lighthouse-${name.replace(/\s+/g, '-')}.json`), report);
        for (const line of findings(lhr)) settings.log(`lighthouse ${name}: ${line}`);
        const perRun = results.map((result) => Math.round(result.lhr.categories.performance.score * 100)).join(', ');
        settings.log(
          `lighthouse ${name}: ${CATEGORIES.map((c) => `${c} ${Math.round(lhr.categories[c].score * 100)}`).join(', ')} ` +
            `(median of ${runs} runs; performance per run: ${perRun})`,
        );
        rows.push(...pageRows(name, lhr));
      }
      const notes = [
        `Lighthouse ${lhr.lighthouseVersion} in ${/Chrome\/[\d.]+/.exec(lhr.environment.hostUserAgent)?.[0]}, desktop preset with its default simulated throttling ` +
          `(40 ms RTT, 10 Mbit/s, no CPU slowdown), median of ${runs} runs per page, cold HTTP cache, signed in as ${email} on /${slug}; ` +
          "the api serves the production build (web/dist). Informative: the aim of 90 is ours, not the issue's.",
      ];
      return { rows, notes };
    } finally {
      await session.disconnect();
    }
  } finally {
    await chrome.close();
  }
}
