// Installing Checkpoint in a real Chromium against the built app: the manifest as built,
// the member menu's 'Install app' driven by a synthetic beforeinstallprompt (the browser boundary:
// headless Chromium never offers installation itself), the iOS Add to Home Screen how-to, and a cold
// start with the network off in a browser profile that visited the app once online.
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { chromium, type Page } from 'playwright-core';
import { DEFAULT_DIST_DIR } from '../../supabase/local/gateway.ts';
import { CHROMIUM_PATH, setOffline } from './browser.ts';
import { expectAccessible } from './axe.ts';
import { demoEmail, devtoolsSignIn, e2eWorld } from './harness.ts';

const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];
const IPHONE_UA =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Mobile/15E148 Safari/604.1';

// The gateway's own rate limits, not the harness's relaxed ones.
const world = e2eWorld({ gateway: { rateLimits: {} } });

async function signIn(page: Page, username = 'pixel_pilgrim'): Promise<void> {
  await devtoolsSignIn(page, world.gateway.url, demoEmail(username));
  await expect
    .poll(() => page.getByRole('button', { name: /^Account menu for / }).count(), { timeout: 15_000 })
    .toBe(1);
}

const menuItem = (page: Page) =>
  page.getByRole('menu', { name: 'Account' }).getByRole('menuitem', { name: 'Install app' });
const openMenu = (page: Page) => page.getByRole('button', { name: /^Account menu for / }).click();

describe('manifest', () => {
  it('is built with names, colours, standalone display, scope, icons, screenshots and both shortcuts', async () => {
    const manifest = JSON.parse(await readFile(path.join(DEFAULT_DIST_DIR, 'manifest.webmanifest'), 'utf8')) as Record<
      string,
      unknown
    > & {
      icons: Array<{ src: string; sizes: string; purpose?: string }>;
      screenshots: Array<{ form_factor: string }>;
      shortcuts: Array<{ short_name: string; url: string }>;
    };
    expect(manifest).toMatchObject({
      name: 'Checkpoint',
      short_name: 'Checkpoint',
      display: 'standalone',
      start_url: '/',
      scope: '/',
    });
    expect(String(manifest['description']).length).toBeGreaterThan(20);
    expect(manifest['theme_color']).toMatch(/^#[0-9a-f]{6}$/i);
    expect(manifest['background_color']).toMatch(/^#[0-9a-f]{6}$/i);
    const icons = manifest.icons.map((i) => `${i.sizes} ${i.purpose ?? 'any'}`);
    expect(icons).toEqual(expect.arrayContaining(['192x192 any', '512x512 any', '512x512 maskable']));
    expect(manifest.screenshots.map((s) => s.form_factor).sort()).toEqual(['narrow', 'wide']);
    expect(manifest.shortcuts.map((s) => [s.short_name, s.url])).toEqual([
      ['Search', '/search'],
      ['Profile', '/user'],
    ]);
  });
});

describe('install button', () => {
  it('appears in the member menu when the browser offers installation, prompts on click, and goes after appinstalled', async () => {
    const { page } = await world.open(1280, { viewport: { width: 1280, height: 800 } });
    await signIn(page);
    await openMenu(page);
    await expect.poll(() => page.getByRole('menuitem', { name: 'Settings' }).count()).toBe(1);
    expect(await menuItem(page).count()).toBe(0);
    await page.keyboard.press('Escape');

    // The browser offers installation: a beforeinstallprompt whose prompt() records its calls.
    const prevented = await page.evaluate(() => {
      const event = new Event('beforeinstallprompt', { cancelable: true });
      window.installPrompts = 0;
      Object.assign(event, {
        prompt: () => {
          window.installPrompts = (window.installPrompts ?? 0) + 1;
          return Promise.resolve();
        },
        userChoice: Promise.resolve({ outcome: 'dismissed', platform: 'web' }),
      });
      window.dispatchEvent(event);
      return event.defaultPrevented;
    });
    expect(prevented).toBe(true);
    await openMenu(page);
    await expect.poll(() => menuItem(page).count()).toBe(1);
    await menuItem(page).click();
    await expect.poll(() => page.evaluate(() => window.installPrompts)).toBe(1);
    // The menu closed; the used prompt is gone until the browser offers a new one.
    expect(await page.getByRole('menu', { name: 'Account' }).count()).toBe(0);
    await openMenu(page);
    expect(await menuItem(page).count()).toBe(0);
    await page.keyboard.press('Escape');

    // A new offer, then the app gets installed (from the browser's own menu): no item any more.
    await page.evaluate(() => {
      const event = new Event('beforeinstallprompt', { cancelable: true });
      Object.assign(event, { prompt: () => Promise.resolve(), userChoice: Promise.resolve({ outcome: 'accepted' }) });
      window.dispatchEvent(event);
    });
    await openMenu(page);
    await expect.poll(() => menuItem(page).count()).toBe(1);
    await page.keyboard.press('Escape');
    await page.evaluate(() => window.dispatchEvent(new Event('appinstalled')));
    await openMenu(page);
    await expect.poll(() => page.getByRole('menuitem', { name: 'Settings' }).count()).toBe(1);
    expect(await menuItem(page).count()).toBe(0);
  });

  it('on iOS Safari (no install prompt) shows the Share → Add to Home Screen how-to', async () => {
    const { page } = await world.open(390, {
      viewport: { width: 390, height: 844 },
      userAgent: IPHONE_UA,
      isMobile: true,
      hasTouch: true,
    });
    await signIn(page);
    await openMenu(page);
    await expect.poll(() => menuItem(page).count()).toBe(1);
    await menuItem(page).click();
    const help = page.getByRole('dialog', { name: 'Install Checkpoint' });
    await expect.poll(() => help.count()).toBe(1);
    await expectAccessible(help);
    const text = await help.textContent();
    expect(text).toContain('tap Share');
    expect(text).toContain('Add to Home Screen');
    await page.screenshot({ path: '/tmp/shots/pwa-ios-help-390.png' }).catch(() => undefined);
    await page.keyboard.press('Escape');
    await expect.poll(() => help.count()).toBe(0);
  });
});

describe('cold start offline', () => {
  it('after one online visit, a restarted browser with the network off opens the shell and the cached pages', async () => {
    const userDataDir = await mkdtemp(path.join(tmpdir(), 'checkpoint-profile-'));
    const launch = (offline: boolean) =>
      chromium.launchPersistentContext(userDataDir, {
        executablePath: CHROMIUM_PATH,
        args: CHROMIUM_ARGS,
        viewport: { width: 390, height: 844 },
        offline,
      });
    try {
      // Online: sign in, wait for the worker, visit home, a game page and a profile.
      let context = await launch(false);
      let page = context.pages()[0] ?? (await context.newPage());
      await signIn(page);
      await expect
        .poll(() => page.evaluate(() => navigator.serviceWorker.controller?.state ?? null), { timeout: 15_000 })
        .toBe('activated');
      const reviews = page.locator('.review-card');
      await expect.poll(() => reviews.count(), { timeout: 15_000 }).toBeGreaterThan(0);
      const firstReview = await reviews.first().getAttribute('aria-label');
      await page.goto(`${world.gateway.url}/game/the-witcher-3-wild-hunt`);
      await expect.poll(() => page.locator('h1').first().textContent(), { timeout: 15_000 }).toContain('The Witcher 3');
      await page.goto(`${world.gateway.url}/user/1`);
      await expect.poll(() => page.locator('.profile-header__username').count(), { timeout: 15_000 }).toBe(1);
      const username = await page.locator('.profile-header__username').textContent();
      await context.close();

      // Offline from the first request: a cold start served by the worker and IndexedDB only.
      context = await launch(true);
      await setOffline(context, true);
      page = context.pages()[0] ?? (await context.newPage());
      const home = await page.goto(`${world.gateway.url}/`);
      expect(home?.fromServiceWorker()).toBe(true);
      await expect.poll(() => page.locator('header .brand').textContent()).toBe('Checkpoint');
      await expect.poll(() => page.locator('.sync-badge__pill').textContent()).toContain('Offline');
      // Still signed in: the session and the backend's settings are read from the device.
      await expect
        .poll(() => page.locator('.account__trigger').getAttribute('aria-label'), { timeout: 15_000 })
        .toContain('Account menu for');
      await expect.poll(() => page.locator('.review-card').count(), { timeout: 15_000 }).toBeGreaterThan(0);
      expect(await page.locator(`.review-card[aria-label="${firstReview}"]`).count()).toBe(1);

      await page.goto(`${world.gateway.url}/game/the-witcher-3-wild-hunt`);
      await expect.poll(() => page.locator('h1').first().textContent(), { timeout: 15_000 }).toContain('The Witcher 3');
      await page.goto(`${world.gateway.url}/user/1`);
      await expect
        .poll(() => page.locator('.profile-header__username').textContent(), { timeout: 15_000 })
        .toBe(username);
      await context.close();
    } finally {
      await rm(userDataDir, { recursive: true, force: true });
    }
  });
});

declare global {
  interface Window {
    installPrompts?: number;
  }
}
