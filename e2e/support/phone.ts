import { expect, type Browser, type Page } from '@playwright/test';
import { contentReady, seriousViolations } from './axe-audit';
import type { DemoApi } from './demo-api';
import { sharedStateFile, type SharedRole } from './shared-sessions';

/** A phone of the size the issue names (390 x 844), touch and mobile viewport handling of Chromium. */
export const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true } as const;

/** The least height of a tap target (WCAG 2.5.5). */
export const MIN_TAP_PX = 44;

/** A page in a phone-sized context of its own, from a shared session's storageState or with no session. */
export async function phonePage(browser: Browser, role?: SharedRole): Promise<Page> {
  const context = await browser.newContext({ ...PHONE, ...(role ? { storageState: sharedStateFile(role) } : {}) });
  return context.newPage();
}

/** A page in a phone-sized context signed in as `email` (a session of its own, for users without a shared one). */
export async function phonePageAs(browser: Browser, demo: DemoApi, email: string): Promise<Page> {
  const token = await demo.signIn(email);
  const context = await browser.newContext({ ...PHONE, storageState: await demo.signedInState(email, token) });
  return context.newPage();
}

/** How far the page itself scrolls sideways: 0 when everything fits the screen's width. */
export function sidewaysScroll(page: Page): Promise<number> {
  return page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
}

/**
 * The visible controls in `areas` (main content, open dialogs and the header) less than 44 px tall, one line each.
 * A link inside a sentence is left out, as WCAG does; a checkbox or radio counts with its label, which takes the tap.
 */
export function smallTapTargets(page: Page, areas = ['main', '[role="dialog"]', 'header']): Promise<string[]> {
  return page.evaluate(
    ([least, areas]) => {
      const selector = [
        'a[href]',
        'button',
        'select',
        'textarea',
        'input:not([type="hidden"])',
        '[role="button"]',
        '[role="tab"]',
        'summary',
      ]
        .flatMap((control) => areas.map((area) => `${area} ${control}`))
        .join(', ');
      const inSentence = (link: Element) => {
        const parent = link.parentElement;
        return Boolean(parent && parent.textContent?.trim() !== link.textContent?.trim());
      };
      const tapHeight = (element: HTMLElement) => {
        const own = element.getBoundingClientRect().height;
        if (!(element instanceof HTMLInputElement) || !['checkbox', 'radio'].includes(element.type)) return own;
        const labels = Array.from(element.labels ?? [], (label) => label.getBoundingClientRect().height);
        return Math.max(own, ...labels);
      };
      const small: string[] = [];
      for (const element of Array.from(document.querySelectorAll<HTMLElement>(selector))) {
        const box = element.getBoundingClientRect();
        // Hidden, collapsed or visually hidden (a file input behind its button) controls are not tapped.
        if (box.width <= 1 || box.height <= 1 || getComputedStyle(element).visibility === 'hidden') continue;
        if (element.tagName === 'A' && inSentence(element)) continue;
        const height = tapHeight(element);
        if (height + 0.5 < least) {
          const name = (element.getAttribute('aria-label') ?? element.textContent ?? '').trim().slice(0, 40);
          small.push(`${element.tagName.toLowerCase()} "${name}" ${element.className}: ${Math.round(height)} px`);
        }
      }
      return small;
    },
    [MIN_TAP_PX, areas] as const,
  );
}

/**
 * The page as a phone shows it, once loaded: no sideways scroll of the page, every control at least 44 px tall and no
 * serious or critical axe violation. `audit: false` skips axe where another step of the journey already ran it.
 */
export async function expectFitsPhone(page: Page, { audit = true, ready = true } = {}): Promise<void> {
  if (ready) await contentReady(page);
  // Soft: a page that fails one check is still read for the others, and the journey goes on to the next page.
  expect.soft(await sidewaysScroll(page), `${page.url()} scrolls sideways`).toBeLessThanOrEqual(0);
  expect.soft(await smallTapTargets(page), `controls under ${MIN_TAP_PX} px on ${page.url()}`).toEqual([]);
  if (audit) expect.soft(await seriousViolations(page), `axe on ${page.url()}`).toEqual([]);
}

/** Opens the header's Menu and returns its navigation, checked for size while open. */
export async function openMenu(page: Page, navigation: string) {
  const nav = page.getByRole('navigation', { name: navigation });
  const toggle = page.getByRole('button', { name: 'Menu' });
  await expect(nav, 'the navigation is folded behind the Menu button').toBeHidden();
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  await toggle.click();
  await expect(toggle).toHaveAttribute('aria-expanded', 'true');
  await expect(nav).toBeVisible();
  expect(await sidewaysScroll(page), 'the open menu scrolls the page sideways').toBeLessThanOrEqual(0);
  expect(await smallTapTargets(page, ['header']), 'header entries under 44 px').toEqual([]);
  return nav;
}
