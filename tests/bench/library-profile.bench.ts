// Opening a profile and its tabs with a big library (5,000 games, 2,000 reviews)
// beside the same with a small one (50 games), in one run, in headless Chromium against the
// gateway: the time to each tab's first screen (the data already on the device, as on a second
// visit), and the longest task while scrolling the big lists (PerformanceObserver 'longtask').
import type { Page } from 'playwright-core';
import type { Gateway } from '../../supabase/local/gateway.ts';
import { launchChromium } from '../e2e/browser.ts';
import { quantile } from './stats.ts';
import { seedLibraries, FIRST_SCREEN_PROBE, LONG_TASKS_PROBE, profileStored } from '../support/big-library.ts';

const ALL_TABS = ['top5', 'top10', 'want', 'library', 'journal'] as const;
/**
 * A lighter run: CHECKPOINT_BENCH_TABS=library (a comma list) opens and scrolls only those tabs.
 * The all-tabs ratio is then over those tabs alone.
 */
const TABS: ReadonlyArray<(typeof ALL_TABS)[number]> = (() => {
  const asked = (process.env.CHECKPOINT_BENCH_TABS ?? '').split(',').filter((t) => t !== '');
  if (asked.length === 0) return ALL_TABS;
  const unknown = asked.filter((t) => !(ALL_TABS as readonly string[]).includes(t));
  if (unknown.length > 0) throw new Error(`CHECKPOINT_BENCH_TABS: unknown tab(s) ${unknown.join(', ')}`);
  return ALL_TABS.filter((t) => asked.includes(t));
})();
const RUNS = 5;
const BIG = { games: 5000, reviews: 2000 };
const SMALL = { games: 50, reviews: 15 };

const seed = (gateway: Gateway) => seedLibraries(gateway, BIG, SMALL);

/** The time to the tab's first screen, as the page measured it. */
async function firstScreen(page: Page, url: string): Promise<number> {
  // (Under way once the page commits: the gateway, busy with read-throughs, may hold 'load' back.)
  await page.goto(url, { waitUntil: 'commit', timeout: 120_000 });
  const handle = await page.waitForFunction(
    () => (window as unknown as { __firstScreen?: number }).__firstScreen,
    undefined,
    { timeout: 120_000 },
  );
  return Number(await handle.jsonValue());
}

/** The longest task while the list scrolls down (the window, or a modal's body), after the screen has settled. */
async function longestWhileScrolling(page: Page, box: string | null): Promise<{ longest: number; count: number }> {
  await page.waitForTimeout(1500);
  await page.evaluate(() => {
    (window as unknown as { __longtasks: number[] }).__longtasks = [];
  });
  if (box) await page.locator(box).hover();
  else await page.mouse.move(640, 600);
  for (let step = 0; step < 60; step++) {
    await page.mouse.wheel(0, 900);
    await page.waitForTimeout(40);
  }
  await page.waitForTimeout(300);
  const tasks = await page.evaluate(() => (window as unknown as { __longtasks: number[] }).__longtasks);
  return { longest: tasks.length === 0 ? 0 : Math.max(...tasks), count: tasks.length };
}

export async function benchProfileOpen(
  gateway: Gateway,
  report: (name: string, value: number, unit: string) => void,
): Promise<void> {
  const { big, small } = await seed(gateway);
  const browser = await launchChromium();
  try {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    await context.addInitScript({ content: LONG_TASKS_PROBE + FIRST_SCREEN_PROBE });
    const page = await context.newPage();
    // First visits bring each member's rows onto the device (read-through); then every open is timed.
    for (const id of [big, small]) {
      await page.goto(`${gateway.url}/user/${id}?tab=library`);
      await page.locator('.library-bar__count').waitFor({ timeout: 120_000 });
      await page.waitForFunction(profileStored(id), undefined, { timeout: 120_000, polling: 500 });
    }
    report(
      'library.profile.big_library_items',
      Number(
        /\d+/.exec(
          await (async () => {
            await page.goto(`${gateway.url}/user/${big}?tab=library`, { timeout: 120_000 });
            return (await page.locator('.library-bar__count').textContent({ timeout: 60_000 })) ?? '';
          })(),
        )?.[0] ?? 0,
      ),
      'games',
    );
    let bigTotal = 0;
    let smallTotal = 0;
    for (const tab of TABS) {
      const times: Record<'big' | 'small', number[]> = { big: [], small: [] };
      for (let run = 0; run < RUNS; run++) {
        // Alternated, so drift on a noisy machine hits both alike.
        times.big.push(await firstScreen(page, `${gateway.url}/user/${big}?tab=${tab}`));
        times.small.push(await firstScreen(page, `${gateway.url}/user/${small}?tab=${tab}`));
      }
      const b = quantile(times.big, 0.5);
      const s = quantile(times.small, 0.5);
      bigTotal += b;
      smallTotal += s;
      report(`library.profile_open.${tab}.big.p50`, b, 'ms');
      report(`library.profile_open.${tab}.small.p50`, s, 'ms');
      report(`library.profile_open.${tab}.ratio`, b / s, 'x');
    }
    // (One tab alone: its own ratio line above is the figure.)
    if (TABS.length > 1) {
      const over = TABS.length === ALL_TABS.length ? 'all_tabs' : TABS.join('+');
      report(`library.profile_open.${over}.ratio`, bigTotal / smallTotal, 'x');
    }
    report('library.profile_open.all_tabs.goal_at_most', 1.5, 'x');

    // Scrolling each list that grows, the big library beside the small one.
    const views: Array<{ name: string; tab: string; modal?: string; box?: string }> = [
      { name: 'library', tab: 'library' },
      { name: 'want', tab: 'want' },
      { name: 'journal', tab: 'journal' },
      { name: 'top10', tab: 'top10' },
      { name: 'reviews_modal', tab: 'top5', modal: 'reviews', box: '.profile-modal__body' },
      { name: 'games_modal', tab: 'top5', modal: 'games', box: '.profile-modal__body' },
    ];
    let bigLongest = 0;
    for (const view of views.filter(
      (v) => TABS.includes(v.tab as (typeof ALL_TABS)[number]) && (TABS.length === ALL_TABS.length || !v.modal),
    )) {
      for (const [size, id] of [
        ['big', big],
        ['small', small],
      ] as const) {
        await firstScreen(page, `${gateway.url}/user/${id}?tab=${view.tab}`);
        if (view.modal) {
          await page.locator(`.profile-stats__item[data-stat="${view.modal}"] button`).click();
          await page.locator('.profile-modal__body li').first().waitFor({ timeout: 60_000 });
        }
        const { longest, count } = await longestWhileScrolling(page, view.box ?? null);
        report(`library.scroll.${view.name}.${size}.longest_task`, longest, 'ms');
        report(`library.scroll.${view.name}.${size}.long_tasks`, count, 'tasks');
        if (size === 'big') bigLongest = Math.max(bigLongest, longest);
      }
    }
    report('library.scroll.big.longest_task', bigLongest, 'ms');
    report('library.scroll.big.goal_under', 200, 'ms');
  } finally {
    await browser.close();
  }
}
