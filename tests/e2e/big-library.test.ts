// Big libraries stay fast in Chromium: a member with 5,000 games and 2,000 reviews
// beside one with 50, opened side by side in this test (the machine is shared: absolute times say
// little, the same screens alternated do). The goals are the bench's (`npm run bench -- profile`):
// the first screen within 1.5× of the small library's, no long task over 200 ms while scrolling.
// Here each is printed as met or missed, and what is asserted holds with margin on a loaded
// 2-core machine while still catching a list that renders every row or a screen that waits on the
// whole library: the big library's first screen within 3× of the small one's, and no task while
// scrolling the big Library tab longer than the small library's whole first screen. The reviews
// modal's longest task is printed, not asserted: it still misses (over a second on a loaded
// machine, 2026-11-26), and the bench reports it too.
// Not in the default e2e run yet: it has passed once, and on a loaded 2-core machine seeding 5,000
// games alone has taken over two minutes. Run it with CHECKPOINT_BIG_LIBRARY_E2E=1
// (docs/performance.md, "big library"); `npm run bench -- profile` measures the same goals.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startGateway, type Gateway } from '../../supabase/local/gateway.ts';
import { FIRST_SCREEN_PROBE, LONG_TASKS_PROBE, profileStored, seedLibraries } from '../support/big-library.ts';
import { launchChromium } from './browser.ts';
import { median } from '../bench/stats.ts';

/** The bench's goals (docs/decisions/0008-big-libraries-yield-to-the-page.md). */
const GOAL = { firstScreenRatio: 1.5, scrollTaskMs: 200 };
/** What is asserted here (see the file's opening comment). */
const ASSERTED_RATIO = 3;
const TABS = ['library', 'want', 'top10'] as const;
const ROUNDS = 2;

/** Opt-in (see the opening comment). */
const RUN = process.env.CHECKPOINT_BIG_LIBRARY_E2E === '1';

let gateway: Gateway;
let browser: Browser;
let ids: { big: number; small: number };

beforeAll(async () => {
  if (!RUN) return;
  gateway = await startGateway({ port: 0, inMemory: true, rateLimits: 'relaxed', log: () => undefined });
  ids = await seedLibraries(gateway, { games: 5000, reviews: 2000 }, { games: 50, reviews: 15 });
  browser = await launchChromium();
}, 300_000);

afterAll(async () => {
  await browser?.close();
  await gateway?.close();
});

/** Opens a profile tab; the time to its first screen, as the page measured it (ms). */
async function firstScreen(page: Page, id: number, tab: string): Promise<number> {
  await page.goto(`${gateway.url}/user/${id}?tab=${tab}`, { waitUntil: 'commit', timeout: 60_000 });
  const handle = await page.waitForFunction(
    () => (window as unknown as { __firstScreen?: number }).__firstScreen,
    undefined,
    { timeout: 60_000 },
  );
  return Number(await handle.jsonValue());
}

/** The longest task while the list scrolls down (the window, or a modal's body), once the screen has settled. */
async function longestWhileScrolling(page: Page, box: string | null): Promise<number> {
  await page.waitForTimeout(1000);
  await page.evaluate(() => {
    (window as unknown as { __longtasks: number[] }).__longtasks = [];
  });
  if (box) await page.locator(box).hover();
  else await page.mouse.move(640, 600);
  for (let step = 0; step < 30; step++) {
    await page.mouse.wheel(0, 900);
    await page.waitForTimeout(40);
  }
  await page.waitForTimeout(300);
  const tasks = await page.evaluate(() => (window as unknown as { __longtasks: number[] }).__longtasks);
  return Math.max(0, ...tasks);
}

const verdict = (met: boolean) => (met ? 'goal met' : 'GOAL MISSED');

it.skipIf(!RUN)(
  'opens a 5,000-game profile nearly as fast as a 50-game one, pages and windows its lists, and scrolls them without a long stall',
  async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    await context.addInitScript({ content: LONG_TASKS_PROBE + FIRST_SCREEN_PROBE });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));

    // First visits bring each member's rows onto the device; every later open shows what it holds.
    for (const id of [ids.big, ids.small]) {
      await page.goto(`${gateway.url}/user/${id}?tab=library`, { timeout: 60_000 });
      await page.waitForFunction(profileStored(id), undefined, { timeout: 60_000, polling: 500 });
    }
    await firstScreen(page, ids.big, 'library');
    await expect.poll(() => page.locator('.library-bar__count').textContent()).toMatch(/5,?0\d\d games/);

    // Paged and windowed: a page of covers per list, a window of rows, each row saying its place.
    await firstScreen(page, ids.big, 'want');
    await expect.poll(() => page.locator('#wtp-list-collection > li').count()).toBe(24);
    await expect(page.getByRole('button', { name: /Show more of Collection/ }).textContent()).resolves.toMatch(
      /\(1,?6\d\d left\)/,
    );
    await firstScreen(page, ids.big, 'library');
    expect(await page.locator('.library-list > li').count()).toBeLessThan(60);
    await firstScreen(page, ids.big, 'top5');
    await page.locator('.profile-stats__item[data-stat="reviews"] button').click();
    await page.locator('.profile-reviews > li').first().waitFor();
    expect(await page.locator('.profile-reviews > li').count()).toBeLessThan(40);
    // (2,000 and the demo member's own few.)
    expect(await page.locator('.profile-reviews > li').first().getAttribute('aria-setsize')).toMatch(/^20\d\d$/);

    // The first screen of each tab, big and small alternated so drift on a busy machine hits both.
    const times = { big: [] as number[], small: [] as number[] };
    for (let round = 0; round < ROUNDS; round++) {
      for (const tab of TABS) {
        times.big.push(await firstScreen(page, ids.big, tab));
        times.small.push(await firstScreen(page, ids.small, tab));
      }
    }
    const [big, small] = [median(times.big), median(times.small)];
    const ratio = big / small;

    // Scrolling the big lists: the Library tab (window-scrolled) and the reviews modal (its body).
    const longest = { library: 0, reviews: 0 };
    await firstScreen(page, ids.big, 'library');
    longest.library = await longestWhileScrolling(page, null);
    await firstScreen(page, ids.big, 'top5');
    await page.locator('.profile-stats__item[data-stat="reviews"] button').click();
    await page.locator('.profile-reviews > li').first().waitFor();
    longest.reviews = await longestWhileScrolling(page, '.profile-modal__body');
    const worst = Math.max(longest.library, longest.reviews);

    console.log(
      `big library first screen: ${Math.round(big)} ms against ${Math.round(small)} ms (median of ${TABS.join(', ')} × ${ROUNDS}): ${ratio.toFixed(2)}×, ${verdict(ratio <= GOAL.firstScreenRatio)} (≤ ${GOAL.firstScreenRatio}×; asserted ≤ ${ASSERTED_RATIO}×)`,
    );
    console.log(
      `longest task while scrolling the big library: Library ${Math.round(longest.library)} ms, reviews modal ${Math.round(longest.reviews)} ms, ${verdict(worst < GOAL.scrollTaskMs)} (< ${GOAL.scrollTaskMs} ms; Library asserted < the small library's first screen, ${Math.round(small)} ms; the modal not asserted)`,
    );
    expect(ratio).toBeLessThan(ASSERTED_RATIO);
    expect(longest.library).toBeLessThan(small);
    expect(errors).toEqual([]);
    await context.close();
  },
  300_000,
);
