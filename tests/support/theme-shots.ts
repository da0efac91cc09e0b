// Screenshots of the main screens in both themes at 390 and 1280 px, to look at:
// home, browse, a game page, a profile with a Top 5, the members' directory, a review, the sign-in
// dialog and a member's account menu.
// Run: NODE_OPTIONS=--experimental-websocket npx tsx tests/support/theme-shots.ts [dir] (after npx vite build).
import { mkdirSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { startGateway } from '../../supabase/local/gateway.ts';
import { DEMO_PASSWORD } from '../../supabase/local/demo.ts';
import { launchChromium } from '../e2e/browser.ts';

const DIR = process.argv[2] ?? '/tmp/light-theme-shots';
const SCREENS = [
  { name: 'home', path: '/', ready: 'main h1' },
  { name: 'browse', path: '/search', ready: '.browse-game' },
  { name: 'game', path: '/game/26226', ready: 'main h1' },
  { name: 'profile-top5', path: '/user/3', ready: '.top5-slot, main h1' },
  { name: 'users', path: '/users', ready: '.directory-card:not(.directory-card--skeleton)' },
  { name: 'review', path: '/review/3/26226', ready: 'main h1' },
] as const;

async function settle(page: Page, ready: string): Promise<void> {
  await page.locator(ready).first().waitFor({ timeout: 20_000 });
  await page.waitForLoadState('networkidle').catch(() => undefined);
  await page.waitForTimeout(400);
}

async function main(): Promise<void> {
  mkdirSync(DIR, { recursive: true });
  const gateway = await startGateway({ port: 0, inMemory: true, rateLimits: 'relaxed', log: () => undefined });
  const browser = await launchChromium();
  try {
    for (const theme of ['light', 'dark'] as const) {
      for (const width of [390, 1280]) {
        const context = await browser.newContext({
          colorScheme: theme,
          viewport: { width, height: width === 390 ? 844 : 900 },
        });
        const page = await context.newPage();
        for (const screen of SCREENS) {
          await page.goto(`${gateway.url}${screen.path}`);
          await settle(page, screen.ready);
          await page.screenshot({
            path: `${DIR}/${screen.name}-${theme}-${width}.png`,
            fullPage: screen.name !== 'home' || width === 1280,
          });
        }
        await page.goto(`${gateway.url}/`);
        await settle(page, 'main h1');
        await page.locator('.account__signin').click();
        await page.getByRole('dialog').waitFor();
        await page.waitForTimeout(400);
        await page.screenshot({ path: `${DIR}/dialog-${theme}-${width}.png` });
        await page.evaluate(() => localStorage.setItem('checkpoint.devtools', '1'));
        await page.reload();
        await page.waitForFunction(() => typeof window.checkpoint === 'object', null, { timeout: 15_000 });
        await page.evaluate(
          ([e, p]) => window.checkpoint!.signIn(e ?? '', p ?? ''),
          ['pixel_pilgrim@demo.checkpoint.local', DEMO_PASSWORD],
        );
        await page.getByRole('button', { name: /Account menu/ }).click();
        await page.waitForTimeout(300);
        await page.screenshot({ path: `${DIR}/account-menu-${theme}-${width}.png` });
        await context.close();
      }
    }
  } finally {
    await browser.close();
    await gateway.close();
  }
}

await main();
