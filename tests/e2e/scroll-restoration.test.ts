// Scroll positions across visits (src/app/scroll-restoration.tsx), which the app keeps itself since
// it uses React Router's declarative router: a new visit opens at the top, Back does not.
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { startGateway, type Gateway } from '../../supabase/local/gateway.ts';
import { launchChromium } from './browser.ts';

let gateway: Gateway;
let browser: Browser;

beforeAll(async () => {
  gateway = await startGateway({ port: 0, inMemory: true, log: () => undefined });
  browser = await launchChromium();
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await gateway?.close();
});

/** Far enough down the home page at 390 × 600 that the top and this position cannot be confused. */
const SCROLLED_Y = 400;

it('opens a new visit at the top, and Back on a scrolled page', async () => {
  const context = await browser.newContext({ viewport: { width: 390, height: 600 } });
  const page = await context.newPage();
  await page.goto(gateway.url);
  await expect.poll(() => page.locator('.home-recent .review-card').count(), { timeout: 15_000 }).toBeGreaterThan(0);
  await page.evaluate((y) => window.scrollTo(0, y), SCROLLED_Y);
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(SCROLLED_Y);

  await page.locator('footer').getByRole('link', { name: 'FAQ' }).click();
  await expect.poll(() => page.locator('#faq-title').count()).toBe(1);
  expect(await page.evaluate(() => window.scrollY)).toBe(0);

  // Back returns to a scrolled page, not to the top. (Not to the very position: the home page comes
  // back at 1,031 px, with React Router's data router as with the app's own restoration.)
  await page.goBack();
  await expect.poll(() => page.locator('.home-recent .review-card').count()).toBeGreaterThan(0);
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
  await context.close();
}, 60_000);
