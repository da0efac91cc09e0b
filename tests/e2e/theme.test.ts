// The light theme in Chromium against the gateway: the system's preference is
// followed, the member's choice (the footer's System / Light / Dark, or the account menu's) overrides
// it and survives a reload with no frame in the wrong theme, and the main routes in the light theme
// have no serious or critical axe violation at 390 and 1280 px.
import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { axeViolations } from './axe.ts';
import { demoEmail, devtoolsSignIn, e2eWorld } from './harness.ts';

const world = e2eWorld();

/** The page's --bg per theme (src/app/theme.css), as getComputedStyle gives it, and the theme-color. */
const LOOK = {
  light: { background: 'rgb(244, 245, 249)', themeColor: '#f4f5f9' },
  dark: { background: 'rgb(15, 17, 21)', themeColor: '#0f1115' },
} as const;

const CELESTE = 26226;
const COZY = 3;

/** What a page shows: its theme attribute, body background and theme-color. */
async function look(page: Page) {
  return page.evaluate(() => ({
    theme: document.documentElement.dataset.theme,
    background: getComputedStyle(document.body).backgroundColor,
    themeColor: document.querySelector('meta[name="theme-color"]')?.getAttribute('content'),
  }));
}

async function openHome(context: BrowserContext): Promise<Page> {
  const page = await context.newPage();
  await page.goto(`${world.gateway.url}/`);
  await page.locator('main h1').waitFor();
  return page;
}

describe('theme', () => {
  it("follows the system's preference, light or dark, and its changes", async () => {
    for (const colorScheme of ['light', 'dark'] as const) {
      const context = await world.browser.newContext({ colorScheme });
      try {
        const page = await openHome(context);
        expect(await look(page)).toEqual({ theme: colorScheme, ...LOOK[colorScheme] });
        await expect.poll(() => page.getByRole('radio', { name: 'System' }).isChecked()).toBe(true);
        const other = colorScheme === 'light' ? 'dark' : 'light';
        await page.emulateMedia({ colorScheme: other });
        await expect.poll(() => look(page)).toEqual({ theme: other, ...LOOK[other] });
      } finally {
        await context.close();
      }
    }
  }, 60_000);

  it("holds the member's choice over the system's, through a reload with no frame in the wrong theme", async () => {
    const context = await world.browser.newContext({ colorScheme: 'light' });
    // From the document's first moment: every theme the page ever takes, and the body's background
    // on the first animation frame (just before the first paint) and at DOMContentLoaded.
    await context.addInitScript(() => {
      const seen: string[] = [];
      const record = { themes: seen, firstFrame: '', domContentLoaded: '' };
      Object.assign(window, { themeRecord: record });
      new MutationObserver(() => {
        const theme = document.documentElement?.dataset.theme;
        if (theme && seen.at(-1) !== theme) seen.push(theme);
      }).observe(document, { subtree: true, attributes: true, attributeFilter: ['data-theme'] });
      const onFrame = () => {
        if (document.body) record.firstFrame = getComputedStyle(document.body).backgroundColor;
        else requestAnimationFrame(onFrame);
      };
      requestAnimationFrame(onFrame);
      document.addEventListener('DOMContentLoaded', () => {
        record.domContentLoaded = getComputedStyle(document.body).backgroundColor;
      });
    });
    const recorded = (page: Page) =>
      page.evaluate(
        () =>
          (window as unknown as { themeRecord: { themes: string[]; firstFrame: string; domContentLoaded: string } })
            .themeRecord,
      );
    try {
      const page = await openHome(context);
      expect(await look(page)).toEqual({ theme: 'light', ...LOOK.light });

      await page.getByRole('radio', { name: 'Dark' }).check();
      expect(await look(page)).toEqual({ theme: 'dark', ...LOOK.dark });
      expect(await page.evaluate(() => localStorage.getItem('checkpoint:theme'))).toBe('dark');

      await page.reload();
      await page.locator('main h1').waitFor();
      expect(await recorded(page)).toEqual({
        themes: ['dark'],
        firstFrame: LOOK.dark.background,
        domContentLoaded: LOOK.dark.background,
      });
      expect(await look(page)).toEqual({ theme: 'dark', ...LOOK.dark });
      expect(await page.getByRole('radio', { name: 'Dark' }).isChecked()).toBe(true);
      // A change of the system's preference leaves a chosen theme alone.
      await page.emulateMedia({ colorScheme: 'dark' });
      await page.emulateMedia({ colorScheme: 'light' });
      expect((await look(page)).theme).toBe('dark');

      // Light on a dark system, then back to System.
      await page.emulateMedia({ colorScheme: 'dark' });
      await page.getByRole('radio', { name: 'Light' }).check();
      await page.reload();
      await page.locator('main h1').waitFor();
      expect(await recorded(page)).toEqual({
        themes: ['light'],
        firstFrame: LOOK.light.background,
        domContentLoaded: LOOK.light.background,
      });
      await page.getByRole('radio', { name: 'System' }).check();
      expect(await look(page)).toEqual({ theme: 'dark', ...LOOK.dark });
      expect(await page.evaluate(() => localStorage.getItem('checkpoint:theme'))).toBeNull();
    } finally {
      await context.close();
    }
  }, 60_000);

  it("is a choice in a member's account menu too", async () => {
    const context = await world.browser.newContext({ colorScheme: 'dark', viewport: { width: 390, height: 800 } });
    try {
      const page = await openHome(context);
      await devtoolsSignIn(page, world.gateway.url, demoEmail('pixel_pilgrim'));
      await page.getByRole('button', { name: /Account menu/ }).click();
      const light = page.getByRole('menuitemradio', { name: 'Light' });
      expect(await page.getByRole('menuitemradio', { name: 'System' }).getAttribute('aria-checked')).toBe('true');
      await light.click();
      expect(await look(page)).toEqual({ theme: 'light', ...LOOK.light });
      expect(await light.getAttribute('aria-checked')).toBe('true');
      // The menu stays open, and its arrow keys reach the theme items.
      await page.getByRole('menuitemradio', { name: 'Dark' }).focus();
      await page.keyboard.press('ArrowUp');
      expect(await page.evaluate(() => document.activeElement?.textContent)).toContain('Light');
      expect(await axeViolations(page.getByRole('menu'))).toEqual([]);
    } finally {
      await context.close();
    }
  }, 60_000);
});

/** The main routes, each with what shows once it has rendered (as in axe-routes.test.ts). */
const ROUTES = [
  { path: '/', ready: 'main h1' },
  { path: '/search', ready: '.browse-game' },
  { path: `/game/${CELESTE}`, ready: 'main h1' },
  { path: '/users', ready: '.directory-card:not(.directory-card--skeleton)' },
  { path: `/user/${COZY}`, ready: 'main h1' },
  { path: `/review/${COZY}/${CELESTE}`, ready: 'main h1' },
  { path: '/faq', ready: 'main h1' },
] as const;

for (const width of [390, 1280]) {
  it(`the main routes and the sign-in dialog in the light theme have no serious or critical axe violation at ${width} px`, async () => {
    const context = await world.browser.newContext({ colorScheme: 'light', viewport: { width, height: 900 } });
    const page = await context.newPage();
    const found: string[] = [];
    try {
      for (const route of ROUTES) {
        await page.goto(`${world.gateway.url}${route.path}`);
        await page.locator(route.ready).first().waitFor({ timeout: 20_000 });
        await page.waitForLoadState('networkidle').catch(() => undefined);
        expect((await look(page)).theme).toBe('light');
        for (const v of await axeViolations(page.locator('body')))
          found.push(`${route.path} @${width}px: ${v.impact} ${v.id} (${v.help}): ${v.targets.join(', ')}`);
      }
      // A dialog over the light page: the sign-in modal.
      await page.goto(`${world.gateway.url}/`);
      await page.locator('.account__signin:not(:disabled)').click();
      for (const v of await axeViolations(page.getByRole('dialog')))
        found.push(`sign-in dialog @${width}px: ${v.impact} ${v.id} (${v.help}): ${v.targets.join(', ')}`);
    } finally {
      await context.close();
    }
    expect(found, found.join('\n')).toEqual([]);
  }, 240_000);
}
