// What the phone-width checks share (no-overflow.test.ts, dialogs.test.ts): a screen measured at 360
// and 390 px (nothing wider than the viewport, an open dialog inside it) and audited by axe over the
// whole document in the dark and the light theme, with the landmark rules a dialog once broke.
import type { Locator, Page } from 'playwright-core';
import { expect } from 'vitest';
import { axeViolations } from './axe.ts';

export const WIDTHS = [360, 390] as const;
export const HEIGHT = 900;

/** Moderate rules held to zero as well: the landmarks a dialog once doubled, and unique names. */
const HELD = [
  'landmark-unique',
  'landmark-no-duplicate-banner',
  'landmark-no-duplicate-contentinfo',
  'landmark-banner-is-top-level',
  'landmark-contentinfo-is-top-level',
];

export const OPEN_DIALOG = '[role="dialog"], [role="alertdialog"]';
/** Placeholders shown while a tab or a dialog reads its rows. */
const LOADING = '.skeleton, [aria-busy="true"]';

/** Resolves once the layout has caught up (two frames) and running animations (not spinners) ended. */
async function settled(page: Page): Promise<void> {
  await page.evaluate(async () => {
    await Promise.all(
      document
        .getAnimations()
        .filter((a) => a.effect?.getComputedTiming().endTime !== Infinity)
        .map((a) => a.finished.catch(() => undefined)),
    );
    await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
  });
}

/**
 * What sticks out sideways at the page's current width, or null: the document wider than its
 * viewport, with the element reaching furthest past the right edge (not clipped by a scroll box)
 * and the widest such element; or an open dialog outside the viewport or scrolling sideways.
 */
async function overflow(page: Page): Promise<string | null> {
  return page.evaluate((dialogSelector) => {
    const root = document.documentElement;
    const limit = root.clientWidth;
    const describe = (el: Element) => {
      const r = el.getBoundingClientRect();
      const classes = [...el.classList].map((c) => `.${c}`).join('');
      return `<${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ''}${classes}> (${Math.round(r.width)} px wide, right edge at ${Math.round(r.right)} px)`;
    };
    // An element inside a box that clips or scrolls (a sideways tab list, an ellipsis) or in a fixed
    // layer does not widen the document.
    const contained = (el: Element) => {
      for (let p: Element | null = el; p && p !== document.body; p = p.parentElement) {
        const style = getComputedStyle(p);
        if (style.position === 'fixed') return true;
        if (p !== el && style.overflowX !== 'visible') return true;
      }
      return false;
    };
    const problems: string[] = [];
    if (root.scrollWidth > limit) {
      let furthest: Element | null = null;
      let widest: Element | null = null;
      let right = limit;
      let width = 0;
      for (const el of document.body.querySelectorAll('*')) {
        const r = el.getBoundingClientRect();
        if (r.right <= limit + 0.5 || contained(el)) continue;
        // Document order: among equals, the later (deeper) element is the one to blame.
        if (r.right >= right) [furthest, right] = [el, r.right];
        if (r.width >= width) [widest, width] = [el, r.width];
      }
      problems.push(
        `the page is ${root.scrollWidth} px wide in a ${limit} px viewport; furthest out: ${furthest ? describe(furthest) : 'none found'}; widest: ${widest ? describe(widest) : 'none found'}`,
      );
    }
    for (const dialog of document.querySelectorAll(dialogSelector)) {
      const r = dialog.getBoundingClientRect();
      if (r.left < -0.5 || r.right > limit + 0.5) problems.push(`the dialog ${describe(dialog)} leaves the viewport`);
      for (const box of [dialog, ...dialog.querySelectorAll('.profile-modal__body')])
        if (box.scrollWidth > box.clientWidth + 1)
          problems.push(`${describe(box)} holds ${box.scrollWidth} px of content in ${box.clientWidth} px`);
    }
    return problems.length > 0 ? problems.join('; ') : null;
  }, OPEN_DIALOG);
}

/** The screen as shown, measured at each phone width (the page is left at the last). */
export async function measure(page: Page, where: string, found: string[]): Promise<void> {
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: HEIGHT });
    await settled(page);
    const problem = await overflow(page);
    if (problem) found.push(`${where} @${width}px: ${problem}`);
  }
}

/**
 * axe over the whole document in the dark and the light theme (the system's, which 'System'
 * follows); `excused` as in axe.ts. The page is left in the light theme.
 */
export async function audit(page: Page, where: string, found: string[], excused: readonly string[] = []) {
  for (const theme of ['dark', 'light'] as const) {
    await page.emulateMedia({ colorScheme: theme });
    await page.waitForFunction((t) => document.documentElement.dataset['theme'] === t, theme);
    for (const v of await axeViolations(page.locator('body'), excused, HELD))
      found.push(`${where} (${theme}): ${v.impact} ${v.id} (${v.help}): ${v.targets.join(', ')}`);
  }
}

/** Measured at both phone widths and audited in both themes. */
export async function check(page: Page, where: string, found: string[], excused: readonly string[] = []) {
  await measure(page, where, found);
  await audit(page, where, found, excused);
}

/** Waits until `scope` shows and nothing in it is still loading. */
export async function loaded(scope: Locator): Promise<void> {
  await scope.waitFor({ timeout: 20_000 });
  await expect.poll(() => scope.locator(LOADING).count(), { timeout: 20_000 }).toBe(0);
}

/** Closes the open dialog with Escape and waits until none is left. */
export async function escape(page: Page): Promise<void> {
  await page.keyboard.press('Escape');
  await expect.poll(() => page.locator(OPEN_DIALOG).count()).toBe(0);
}
