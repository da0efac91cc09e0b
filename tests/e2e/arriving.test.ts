// A first visit never shows a list's "nothing here" before its rows (a finished product does not
// flicker). The screens read their lists from the device; a read from the server stores the rows,
// and the screen's query reads them back a moment after the read has ended. In that moment the home
// page said "No recent reviews yet" and a game page "No written reviews yet. Be the first to write
// a review for this game!", for a frame, before the reviews (data/live.ts: useArriving, and
// useReadThrough refreshing from its first render).
import type { BrowserContext } from 'playwright-core';
import { expect, it } from 'vitest';
import { e2eWorld } from './harness.ts';

const world = e2eWorld();

const WITCHER_3 = 1942; // two demo reviews

interface Looks {
  /** The section watched. */
  readonly section: string;
  /** Each state by the selector that shows it, the first found winning. */
  readonly states: ReadonlyArray<readonly [name: string, selector: string]>;
}

/** Records what `looks.section` shows in each frame, from the page's first byte, as `window.arriving`. */
async function watch(context: BrowserContext, looks: Looks): Promise<void> {
  await context.addInitScript((looks: Looks) => {
    const seen: string[] = [];
    (window as unknown as { arriving: string[] }).arriving = seen;
    const look = () => {
      const section = document.querySelector(`#main-content ${looks.section}`);
      if (!section) return;
      const state = looks.states.find(([, selector]) => section.querySelector(selector))?.[0] ?? 'nothing';
      if (seen.at(-1) !== state) seen.push(state);
    };
    new MutationObserver(() => requestAnimationFrame(look)).observe(document, { childList: true, subtree: true });
  }, looks);
}

async function firstVisit(path: string, looks: Looks, settled: string): Promise<string[]> {
  const context = await world.browser.newContext({ viewport: { width: 1280, height: 900 }, serviceWorkers: 'block' });
  try {
    await watch(context, looks);
    const page = await context.newPage();
    await page.goto(`${world.gateway.url}${path}`);
    await page.locator(settled).first().waitFor({ timeout: 15_000 });
    // Longer than useArriving's wait for a read-back that never comes.
    await page.waitForTimeout(600);
    return await page.evaluate(() => (window as unknown as { arriving: string[] }).arriving);
  } finally {
    await context.close();
  }
}

const GAME_REVIEWS: Looks = {
  section: 'section.game-reviews',
  states: [
    ['list', '.game-reviews__list'],
    ['empty', '.game-reviews__empty'],
    ['loading', '[aria-label="Loading reviews"]'],
  ],
};

it("a game page with reviews: loading, then the reviews, never 'No written reviews yet' between", async () => {
  // Before the fix: loading, empty, list.
  expect(await firstVisit(`/game/${WITCHER_3}`, GAME_REVIEWS, '.game-reviews__list')).toEqual(['loading', 'list']);
});

it("a game page without reviews: loading, then 'No written reviews yet', once", async () => {
  // Before the fix: empty (no read had started yet), loading, empty.
  expect(await firstVisit('/game/grand-theft-auto-v', GAME_REVIEWS, '.game-reviews__empty')).toEqual([
    'loading',
    'empty',
  ]);
});

it("home's Recent Reviews: their placeholders, then the reviews, never 'No recent reviews yet' between", async () => {
  const looks: Looks = {
    section: 'section.home-recent',
    states: [
      ['list', '.review-card'],
      ['empty', '.home-recent__state'],
      ['loading', '.home-recent__grid'],
    ],
  };
  // Before the fix: loading, empty, list.
  expect(await firstVisit('/', looks, '#main-content .home-recent .review-card')).toEqual(['loading', 'list']);
});
