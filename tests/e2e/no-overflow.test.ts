// Phone widths, against the gateway's demo data: at 360 and 390 px no screen is wider than the
// viewport (document.documentElement.scrollWidth), signed out and signed in, on every route, every
// profile tab (one's own and another member's) and every profile dialog; a dialog also stays inside
// the viewport and does not scroll sideways. A failure names the screen and the element reaching
// furthest past the edge. Signed in, axe checks every profile tab and dialog in the dark and the
// light theme, holding the landmark rules a dialog broke once (a second banner and contentinfo).
// Each screen is laid out once and measured at both widths by resizing the page.
import type { Locator, Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { axeViolations } from './axe.ts';
import { demoEmail, devtoolsSignIn, e2eWorld } from './harness.ts';

const world = e2eWorld();

// Demo members in seeding order (supabase/local/demo.ts): 1 pixel_pilgrim signs in; 3 cozy_quests is another member.
const PIXEL = 1;
const COZY = 3;
const CELESTE = 26226;
const WIDTHS = [360, 390] as const;
const HEIGHT = 900;

/** Every route of the app (src/app/screens.ts, plus home), each with what shows once it has rendered. */
const ROUTES: ReadonlyArray<{ readonly path: string; readonly ready: string; readonly signedInOnly?: boolean }> = [
  { path: '/', ready: 'main h1' },
  { path: '/search', ready: '.browse-game' },
  { path: '/search-results?q=zelda', ready: '.result-list:not([aria-busy="true"]) li' },
  { path: `/game/${CELESTE}`, ready: 'main h1' },
  { path: '/users', ready: '.directory-card:not(.directory-card--skeleton)' },
  { path: `/user/${COZY}`, ready: 'main h1' },
  { path: `/user/${PIXEL}`, ready: 'main h1', signedInOnly: true },
  { path: `/review/${COZY}/${CELESTE}`, ready: 'main h1' },
  { path: `/review/${CELESTE}`, ready: 'main form, main h1', signedInOnly: true },
  { path: '/reset-password', ready: 'main h1' },
  { path: '/faq', ready: 'main h1' },
  { path: '/contact', ready: 'main h1' },
  { path: '/terms', ready: 'main h1' },
  { path: '/privacy', ready: 'main h1' },
  { path: '/no-such-page', ready: 'main h1' },
];

/** How each profile dialog opens from the profile page; `own`: only on one's own profile. */
const DIALOGS: ReadonlyArray<{
  readonly name: string;
  readonly own?: boolean;
  readonly open: (page: Page) => Promise<void>;
}> = [
  { name: 'Games', open: (page) => page.locator('[data-stat="games"] button').click() },
  { name: 'Reviews', open: (page) => page.locator('[data-stat="reviews"] button').click() },
  { name: 'Following', open: (page) => page.locator('[data-stat="following"] button').click() },
  { name: 'Followers', open: (page) => page.locator('[data-stat="followers"] button').click() },
  { name: 'Edit Profile', own: true, open: (page) => page.getByRole('button', { name: 'Edit Profile' }).click() },
  { name: 'Export', own: true, open: (page) => page.getByRole('button', { name: 'Export my data' }).click() },
  { name: 'Import', own: true, open: (page) => page.getByRole('button', { name: 'Import', exact: true }).click() },
  {
    name: 'Remove from Top 5',
    own: true,
    open: async (page) => {
      await openTab(page, 'Top 5');
      await page.locator('.top5__edit').click();
      await page
        .getByRole('button', { name: /^Remove .* from Top 5$/ })
        .first()
        .click();
    },
  },
];

/** Moderate rules held to zero as well: the landmarks a dialog once doubled, and unique names. */
const HELD = [
  'landmark-unique',
  'landmark-no-duplicate-banner',
  'landmark-no-duplicate-contentinfo',
  'landmark-banner-is-top-level',
  'landmark-contentinfo-is-top-level',
];

const OPEN_DIALOG = '[role="dialog"], [role="alertdialog"]';
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
async function measure(page: Page, where: string, found: string[]): Promise<void> {
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: HEIGHT });
    await settled(page);
    const problem = await overflow(page);
    if (problem) found.push(`${where} @${width}px: ${problem}`);
  }
}

/** axe over the whole document in the dark and the light theme (the system's, which 'System' follows). */
async function audit(page: Page, where: string, found: string[]): Promise<void> {
  for (const theme of ['dark', 'light'] as const) {
    await page.emulateMedia({ colorScheme: theme });
    await page.waitForFunction((t) => document.documentElement.dataset['theme'] === t, theme);
    for (const v of await axeViolations(page.locator('body'), [], HELD))
      found.push(`${where} (${theme}): ${v.impact} ${v.id} (${v.help}): ${v.targets.join(', ')}`);
  }
}

/** Waits until `scope` shows and nothing in it is still loading. */
async function loaded(scope: Locator): Promise<void> {
  await scope.waitFor({ timeout: 20_000 });
  await expect.poll(() => scope.locator(LOADING).count(), { timeout: 20_000 }).toBe(0);
}

async function openTab(page: Page, label: string): Promise<void> {
  const tab = page.getByRole('tab', { name: label, exact: true });
  if ((await tab.getAttribute('aria-selected')) !== 'true') await tab.click();
  await expect.poll(() => tab.getAttribute('aria-selected')).toBe('true');
  await loaded(page.getByRole('tabpanel'));
  if (label === 'Library') await page.locator('.library[data-pass="full"], .library__empty').first().waitFor();
}

async function openProfile(page: Page, userId: number): Promise<void> {
  await page.goto(`${world.gateway.url}/user/${userId}`);
  await page.locator('main:not([data-first-paint]) .profile-header h1').waitFor({ timeout: 20_000 });
  // Who is looking is known once the header's action shows (Edit Profile, or Follow).
  await page.locator('.profile-header__action-pending').waitFor({ state: 'detached', timeout: 20_000 });
}

/** Every tab and dialog of one profile: measured at both widths, and checked by axe when `axe`. */
async function walkProfile(page: Page, userId: number, own: boolean, who: string, axe: boolean, found: string[]) {
  await openProfile(page, userId);
  const tabs = await page.getByRole('tab').allTextContents();
  expect(tabs.length).toBeGreaterThanOrEqual(5);
  for (const tab of tabs) {
    await openTab(page, tab);
    await measure(page, `${who} tab ${tab}`, found);
    if (axe) await audit(page, `${who} tab ${tab}`, found);
  }
  for (const dialog of DIALOGS) {
    if (dialog.own && !own) continue;
    await dialog.open(page);
    const open = page.locator(OPEN_DIALOG).last();
    await loaded(open);
    const where = `${who} dialog ${dialog.name}`;
    await measure(page, where, found);
    if (axe) await audit(page, where, found);
    await page.keyboard.press('Escape');
    await expect.poll(() => page.locator(OPEN_DIALOG).count()).toBe(0);
  }
}

for (const signedIn of [false, true]) {
  it(`${signedIn ? 'signed in' : 'signed out'}: no route, profile tab or profile dialog is wider than a 360 or 390 px phone${signedIn ? ', and axe passes every profile tab and dialog in both themes' : ''}`, async () => {
    const { context, page, errors } = await world.open(WIDTHS[0]);
    const found: string[] = [];
    try {
      if (signedIn) expect(await devtoolsSignIn(page, world.gateway.url, demoEmail('pixel_pilgrim'))).toBe(PIXEL);
      for (const route of ROUTES) {
        if (route.signedInOnly && !signedIn) continue;
        await page.goto(`${world.gateway.url}${route.path}`);
        await page.locator(route.ready).first().waitFor({ timeout: 20_000 });
        await page.waitForLoadState('networkidle').catch(() => undefined);
        await measure(page, route.path, found);
      }
      if (signedIn) await walkProfile(page, PIXEL, true, 'own profile', true, found);
      await walkProfile(page, COZY, false, "another member's profile", signedIn, found);
    } finally {
      await context.close();
    }
    expect(found, found.join('\n')).toEqual([]);
    expect(errors).toEqual([]);
  }, 240_000);
}
