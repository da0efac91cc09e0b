// Issue 18 §4: opening a profile and its tabs with a big library (5,000 games, 2,000 reviews)
// beside the same with a small one (50 games), in one run, in headless Chromium against the
// gateway: the time to each tab's first screen (the data already on the device, as on a second
// visit), and the longest task while scrolling the big lists (PerformanceObserver 'longtask').
import type { Page } from 'playwright-core';
import type { Gateway } from '../../supabase/local/gateway.ts';
import { launchChromium } from '../e2e/browser.ts';
import { quantile } from './stats.ts';

const TABS = ['top5', 'top10', 'want', 'library', 'journal'] as const;
const RUNS = 5;
const BIG = { games: 5000, reviews: 2000 };
const SMALL = { games: 50, reviews: 15 };

/** Two demo members given a library each: games split over wishlist, collection and finished, some reviewed. */
export async function seed(gateway: Gateway): Promise<{ big: number; small: number }> {
  const users = await gateway.db.query<{ id: number }>('select id from public."user" order by id limit 2');
  const [big, small] = users.map((u) => Number(u.id));
  if (big === undefined || small === undefined) throw new Error('the demo members are missing');
  await gateway.db.query(`insert into public.game (igdb_id, name, slug, release_date, platforms)
    select 800000 + g, 'Bench Quest ' || g, 'bench-quest-' || g, date '1990-01-01' + g * 3, array['PC (Microsoft Windows)']
    from generate_series(1, ${BIG.games}) g`);
  for (const [user, size, offset] of [[big, BIG, 0], [small, SMALL, BIG.games]] as const) {
    const third = Math.floor(size.games / 3);
    const ids = (from: number, to: number) => `select id, igdb_id from public.game where igdb_id > ${800000 + from} and igdb_id <= ${800000 + to}`;
    // The small member's games are the first 50 too (another member may hold the same games).
    void offset;
    await gateway.db.query(`insert into public.user_wishlist (user_id, igdb_id, game_id) select ${user}, igdb_id, id from (${ids(0, third)}) g`);
    await gateway.db.query(`insert into public.user_collection (user_id, igdb_id, game_id) select ${user}, igdb_id, id from (${ids(third, 2 * third)}) g`);
    await gateway.db.query(`insert into public.game_progress (user_id, game_id, igdb_id, started, completed, started_date, completed_date)
      select ${user}, id, igdb_id, true, true, now() - interval '30 days', now() from (${ids(2 * third, size.games)}) g`);
    await gateway.db.query(`insert into public.rating (user_id, game_id, igdb_id, rating, review, post_date_time)
      select ${user}, id, igdb_id, 1 + (igdb_id % 19) / 2.0, 'A bench review of game ' || igdb_id || ', long enough to wrap over two lines on a phone.', now() - (igdb_id % 1000) * interval '1 hour'
      from (${ids(size.games - size.reviews, size.games)}) g`);
  }
  return { big, small };
}

/**
 * Marks, in the page, when the tab's panel first holds its content (no skeleton, nothing busy):
 * `__firstScreen`, ms since the navigation began. Timed by the page itself: the gateway shares this
 * process with the browser's driver, and its work on the read-through would otherwise be counted.
 * (A plain script: the bench's transpiler would wrap named functions in helpers the page lacks.)
 */
const FIRST_SCREEN_PROBE = `
  (function () {
    function ready() {
      var panel = document.querySelector('.profile-tabs__panel');
      return document.querySelector('.profile-header') !== null && panel !== null && panel.children.length > 0
        && panel.querySelector('[aria-busy="true"]') === null && panel.querySelector('.skeleton') === null
        && !/Loading/.test(panel.textContent || '');
    }
    function poll() { if (ready()) window.__firstScreen = performance.now(); else requestAnimationFrame(poll); }
    requestAnimationFrame(poll);
  })();
`;

/** The time to the tab's first screen, as the page measured it. */
async function firstScreen(page: Page, url: string): Promise<number> {
  await page.goto(url);
  const handle = await page.waitForFunction(() => (window as unknown as { __firstScreen?: number }).__firstScreen, undefined, { timeout: 120_000 });
  return Number(await handle.jsonValue());
}

/** The longest task while the list scrolls down (the window, or a modal's body), after the screen has settled. */
async function longestWhileScrolling(page: Page, box: string | null): Promise<{ longest: number; count: number }> {
  await page.waitForTimeout(1500);
  await page.evaluate(() => { (window as unknown as { __longtasks: number[] }).__longtasks = []; });
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

export async function benchProfileOpen(gateway: Gateway, report: (name: string, value: number, unit: string) => void): Promise<void> {
  const { big, small } = await seed(gateway);
  const browser = await launchChromium();
  try {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    await context.addInitScript(() => {
      const w = window as unknown as { __longtasks: number[] };
      w.__longtasks = [];
      new PerformanceObserver((list) => { for (const e of list.getEntries()) w.__longtasks.push(e.duration); }).observe({ type: 'longtask', buffered: true });
    });
    await context.addInitScript({ content: FIRST_SCREEN_PROBE });
    const page = await context.newPage();
    // First visits bring each member's rows onto the device (read-through); then every open is timed.
    for (const id of [big, small]) {
      await page.goto(`${gateway.url}/user/${id}?tab=library`);
      await page.locator('.library-bar__count').waitFor({ timeout: 120_000 });
      await page.waitForTimeout(3000);
    }
    report('library.profile.big_library_items', Number(/\d+/.exec(await (async () => {
      await page.goto(`${gateway.url}/user/${big}?tab=library`);
      return (await page.locator('.library-bar__count').textContent({ timeout: 60_000 })) ?? '';
    })())?.[0] ?? 0), 'games');
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
    report('library.profile_open.all_tabs.ratio', bigTotal / smallTotal, 'x');

    // Scrolling each list that grows, the big library beside the small one.
    const views: Array<{ name: string; tab: string; modal?: string; box?: string }> = [
      { name: 'library', tab: 'library' },
      { name: 'want', tab: 'want' },
      { name: 'journal', tab: 'journal' },
      { name: 'top10', tab: 'top10' },
      { name: 'reviews_modal', tab: 'top5', modal: 'reviews', box: '.profile-modal__body' },
      { name: 'games_modal', tab: 'top5', modal: 'games', box: '.profile-modal__body' },
    ];
    for (const view of views) {
      for (const [size, id] of [['big', big], ['small', small]] as const) {
        await firstScreen(page, `${gateway.url}/user/${id}?tab=${view.tab}`);
        if (view.modal) {
          await page.locator(`.profile-stats__item[data-stat="${view.modal}"] button`).click();
          await page.locator('.profile-modal__body li').first().waitFor({ timeout: 60_000 });
        }
        const { longest, count } = await longestWhileScrolling(page, view.box ?? null);
        report(`library.scroll.${view.name}.${size}.longest_task`, longest, 'ms');
        report(`library.scroll.${view.name}.${size}.long_tasks`, count, 'tasks');
      }
    }
  } finally {
    await browser.close();
  }
}
