// Screenshots of 'Discover Users' (/users) at 390 and 1280 px, to look at the directory by eye: its
// first page, the top of the screen, the phone's Filters sheet, a signed-in search and a second
// page. A script, not a test: it asserts nothing (tests/e2e/users-directory.test.ts holds the
// directory's behaviour). 18 members are signed up beside the demo members, so there is a page 2.
// Run: NODE_OPTIONS=--experimental-websocket npx tsx tests/support/screenshot-users.ts [dir] (after npx vite build).
import { mkdirSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { DEMO_PASSWORD } from '../../supabase/local/demo.ts';
import { startGateway } from '../../supabase/local/gateway.ts';
import { launchChromium } from '../e2e/browser.ts';
import { gatewayHelpers, signUpMember } from './gateway.ts';

const DIR = process.argv[2] ?? '/tmp/shots';
/** Enough extra members that the directory has more than one page of 20. */
const EXTRA = 18;

/** Waits until the directory has its answer and the page has stopped loading. */
async function settled(page: Page): Promise<void> {
  await page.locator('.directory-all[aria-busy="false"]').waitFor({ timeout: 20_000 });
  await page.waitForLoadState('networkidle').catch(() => undefined);
}

async function main(): Promise<void> {
  mkdirSync(DIR, { recursive: true });
  const gateway = await startGateway({ port: 0, inMemory: true, rateLimits: 'relaxed', log: () => undefined });
  const browser = await launchChromium();
  try {
    const helpers = gatewayHelpers(gateway);
    for (let i = 1; i <= EXTRA; i += 1) await signUpMember(helpers, `dir_member_${String(i).padStart(2, '0')}`);
    for (const width of [390, 1280]) {
      const context = await browser.newContext({ viewport: { width, height: width === 390 ? 844 : 900 } });
      const page = await context.newPage();
      await page.goto(`${gateway.url}/users`);
      await settled(page);
      await page.screenshot({ path: `${DIR}/directory-${width}.png`, fullPage: true });
      await page.screenshot({ path: `${DIR}/directory-${width}-top.png` });
      if (width < 768) {
        await page.getByRole('button', { name: 'Filters' }).click();
        await page.screenshot({ path: `${DIR}/directory-${width}-filters.png` });
      }
      await page.evaluate(() => localStorage.setItem('checkpoint.devtools', '1'));
      await page.reload();
      await page.waitForFunction(() => typeof window.checkpoint === 'object', null, { timeout: 15_000 });
      await page.evaluate(
        ([email, password]) => window.checkpoint!.signIn(email ?? '', password ?? ''),
        ['pixel_pilgrim@demo.checkpoint.local', DEMO_PASSWORD],
      );
      await page.goto(`${gateway.url}/users?q=a`);
      await settled(page);
      await page.screenshot({ path: `${DIR}/directory-${width}-search.png` });
      await page.goto(`${gateway.url}/users?sort=recent&page=2`);
      await settled(page);
      await page.screenshot({ path: `${DIR}/directory-${width}-page2.png`, fullPage: true });
      await context.close();
    }
    console.log(`screenshots in ${DIR}`);
  } finally {
    await browser.close();
    await gateway.close();
  }
}

await main();
