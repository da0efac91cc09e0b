import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { startGateway, type Gateway } from '../../supabase/local/gateway.ts';
import { launchChromium, setOffline } from './browser.ts';

let gateway: Gateway;
let browser: Browser;

beforeAll(async () => {
  gateway = await startGateway({ port: 0, inMemory: true, log: () => undefined });
  browser = await launchChromium();
});

afterAll(async () => {
  await browser?.close();
  await gateway?.close();
});

it('serves the built app with the demo community, and starts again offline from the service worker', async () => {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await page.goto(gateway.url);
  await expect.poll(() => page.locator('#main-content h1').textContent()).toBe('Track Your Games, Find the Next');
  // Demo reviews come through supabase-js → gateway → get_recent_reviews.
  await expect.poll(() => page.locator('.home-recent .review-card').count(), { timeout: 15_000 }).toBeGreaterThan(0);

  await expect
    .poll(() => page.evaluate(async () => (await navigator.serviceWorker.ready).active?.state))
    .toBe('activated');
  await setOffline(context, true);
  await page.reload();
  await expect.poll(() => page.locator('#main-content h1').textContent()).toBe('Track Your Games, Find the Next');
  // The reviews seen online are kept on the device.
  await expect.poll(() => page.locator('.home-recent .review-card').count()).toBeGreaterThan(0);
  expect(errors).toEqual([]);
  await context.close();
});

it('answers unknown paths with the app (single-page fallback), not a 404 page', async () => {
  const response = await fetch(`${gateway.url}/game/the-witcher-3-wild-hunt`);
  expect(response.status).toBe(200);
  // The app's index.html: its root, with the static shell that paints before the scripts run.
  const html = await response.text();
  expect(html).toContain('<div id="root">');
  expect(html).toMatch(/<script type="module"[^>]*src="\/assets\/index-[^"]+\.js"/);
});
