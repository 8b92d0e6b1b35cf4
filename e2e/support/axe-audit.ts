import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/** The axe audit of the accessibility spec, shared with the phone-sized journeys (phone.spec.ts). */

/** The page has its title and has finished loading (no busy table, loader or "Please Wait..."). */
export async function contentReady(page: Page): Promise<void> {
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
  await expect(page.getByText(/^(Loading…|Please Wait\.\.\.)$/)).toHaveCount(0);
  await expect(page.locator('.spinner')).toHaveCount(0);
}

function hasFrameOfAnotherOrigin(page: Page): boolean {
  const origin = new URL(page.url()).origin;
  return page.frames().some((frame) => frame.url().startsWith('http') && new URL(frame.url()).origin !== origin);
}

/** Serious and critical violations, one readable line per rule and one per element. */
export async function seriousViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page })
    .options({
      // Experimental in axe, but it is the mismatch the issue names: a visible label its accessible name lacks.
      rules: { 'label-content-name-mismatch': { enabled: true } },
      // Only violations are read: axe still runs every rule, but lists one node of the passes instead of all of
      // them, which spares most of its time on a large page.
      resultTypes: ['violations'],
    })
    // By default axe finishes its run in a new blank page, which it needs only to read frames of another origin
    // (here the payment stand-in's card field); a page without such a frame is audited in place, at half the cost.
    .setLegacyMode(!hasFrameOfAnotherOrigin(page))
    .analyze();
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) =>
      [
        `${violation.impact} ${violation.id}: ${violation.help} (${violation.helpUrl})`,
        ...violation.nodes.map((node) => `    ${node.target.join(' ')}: ${node.html.slice(0, 160)}`),
      ].join('\n'),
    );
}
