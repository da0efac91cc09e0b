// Issue 20 §3: a first visit to a game page paints the game's header with the page's shell (the
// local gateway writes it into index.html: supabase/local/first-paint.ts), not once the app's code
// and the game's data are in. In Chromium, at 390 and 1280 px: the header is in the page before any
// script runs (the document's title and link-preview tags too); with the app, its title shows from
// the first paint to the loaded page without a skeleton in between, the page's largest paint is
// the painted header, and the header's words do not move when React takes over.
import { describe, expect, it } from 'vitest';
import type { BrowserContext } from 'playwright-core';
import { e2eWorld } from './harness.ts';

const world = e2eWorld();

const SUMMARY = /^An open-world action-adventure game set in the fictional state of San Andreas/;

interface Watch {
  /** Each change seen, as `ms what`: the header's title and summary, a skeleton, the loaded page. */
  readonly log: string[];
  /** Each position of the title and the summary seen while the page loads (`title x,y summary x,y`). */
  readonly places: string[];
  readonly largestPaints: string[];
  readonly shifts: string[];
}

/** Watches the page from its first byte: what shows, where the header's words are, the largest paints, layout shifts. */
async function watch(context: BrowserContext): Promise<void> {
  await context.addInitScript(() => {
    const state: Watch = { log: [], places: [], largestPaints: [], shifts: [] };
    (window as unknown as { watch: Watch }).watch = state;
    const shown = (selector: string) =>
      Array.from(document.querySelectorAll<HTMLElement>(selector)).some((e) => e.getClientRects().length > 0);
    const at = (selector: string) => {
      const box = document.querySelector(selector)?.getBoundingClientRect();
      return box ? `${Math.round(box.x)},${Math.round(box.y)}` : '-';
    };
    const look = () => {
      // Frames before the parser has reached the screen show the header bar alone.
      if (!document.querySelector('#root main')) return;
      const seen = [
        shown('h1.game-header__title') ? 'title' : 'no title',
        shown('.game-header__summary-text') ? 'summary' : 'no summary',
        shown('.boot__hero, .game-page__skeleton-line') ? 'skeleton' : '',
        shown('.action-bar') ? 'loaded' : '',
      ]
        .filter(Boolean)
        .join(' + ');
      if (state.log.at(-1)?.endsWith(` ${seen}`) !== true) state.log.push(`${Math.round(performance.now())} ${seen}`);
      const place = `title ${at('h1.game-header__title')} summary ${at('.game-header__summary-text')}`;
      if (state.places.at(-1) !== place) state.places.push(place);
    };
    // Looked at just before the frame paints (an animation frame runs only once the stylesheets,
    // which block rendering, are in): what each frame shows.
    let asked = false;
    new MutationObserver(() => {
      if (asked) return;
      asked = true;
      requestAnimationFrame(() => {
        asked = false;
        look();
      });
    }).observe(document, { childList: true, subtree: true, attributes: true });
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as Array<PerformanceEntry & { element?: Element | null }>)
        state.largestPaints.push(`${entry.element?.tagName.toLowerCase()}.${entry.element?.className}`);
    }).observe({ type: 'largest-contentful-paint', buffered: true });
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as Array<
        PerformanceEntry & { value: number; sources?: Array<{ node?: Node | null }> }
      >)
        for (const source of entry.sources ?? [])
          state.shifts.push(
            `${(source.node as Element | null)?.className ?? source.node?.nodeName} ${entry.value.toFixed(4)}`,
          );
    }).observe({ type: 'layout-shift', buffered: true });
  });
}

describe("a first visit to a game page (issue 20 §3: the game's header with the first paint)", () => {
  for (const width of [390, 1280]) {
    it(`at ${width} px: shows the header before any script runs`, async () => {
      const context = await world.browser.newContext({ viewport: { width, height: 900 }, javaScriptEnabled: false });
      try {
        const page = await context.newPage();
        await page.goto(`${world.gateway.url}/game/grand-theft-auto-v`);
        await expect.poll(() => page.locator('h1.game-header__title').textContent()).toBe('Grand Theft Auto V');
        expect(await page.locator('h1.game-header__title').isVisible()).toBe(true);
        expect(await page.locator('.game-header__summary-text').textContent()).toMatch(SUMMARY);
        expect(await page.getByText('Sep 17, 2013').isVisible()).toBe(true);
        // The tab's title and a link preview's words are the game's.
        expect(await page.title()).toBe('Grand Theft Auto V | Checkpoint');
        expect(await page.locator('meta[property="og:description"]').getAttribute('content')).toMatch(SUMMARY);
        // The shell's skeleton is hidden by the header's side.
        expect(await page.locator('.boot__hero').isVisible()).toBe(false);
      } finally {
        await context.close();
      }
    });

    it(`at ${width} px: keeps the header on show, in place, from the first paint to the loaded page`, async () => {
      const context = await world.browser.newContext({ viewport: { width, height: 900 }, serviceWorkers: 'block' });
      try {
        await watch(context);
        const page = await context.newPage();
        await page.goto(`${world.gateway.url}/game/grand-theft-auto-v`);
        await page.locator('.action-bar').waitFor();
        await page.waitForTimeout(300);
        const seen = await page.evaluate(() => (window as unknown as { watch: Watch }).watch);
        const states = seen.log.map((line) => line.replace(/^\d+ /, ''));
        // From the first styled look: the header's words, then the loaded page; never a skeleton.
        expect(states[0], seen.log.join('\n')).toBe('title + summary');
        expect(states.at(-1), seen.log.join('\n')).toBe('title + summary + loaded');
        expect(
          states.filter((state) => state !== 'title + summary' && state !== 'title + summary + loaded'),
          seen.log.join('\n'),
        ).toEqual([]);
        // The words stay where they were painted.
        expect(new Set(seen.places).size, seen.places.join('\n')).toBe(1);
        expect(
          seen.shifts.filter((shift) => shift.startsWith('game-header')),
          seen.shifts.join('\n'),
        ).toEqual([]);
        // The page's largest paint is the painted header's, and nothing larger follows it.
        expect(seen.largestPaints.at(-1)).toMatch(/^(p\.game-header__summary-text|h1\.game-header__title)/);
        expect(await page.locator('h1.game-header__title').count()).toBe(1);
        // The app set the same title and tags over the painted ones, adding none twice.
        expect(await page.title()).toBe('Grand Theft Auto V | Checkpoint');
        expect(await page.locator('meta[name="description"]').count()).toBe(1);
        expect(await page.locator('meta[property="og:title"]').count()).toBe(1);
      } finally {
        await context.close();
      }
    });
  }

  it("by the game's id: paints it, then names the game by its slug, without a skeleton", async () => {
    const context = await world.browser.newContext({ viewport: { width: 390, height: 844 }, serviceWorkers: 'block' });
    try {
      await watch(context);
      const page = await context.newPage();
      const [game] = await world.gateway.db.query<{ igdb_id: number }>(
        `select igdb_id from public.game where slug = 'grand-theft-auto-v'`,
      );
      expect(game).toBeDefined();
      const id = game?.igdb_id;
      await page.goto(`${world.gateway.url}/game/${id}`);
      await expect.poll(() => new URL(page.url()).pathname).toBe('/game/grand-theft-auto-v');
      await page.locator('.action-bar').waitFor();
      const seen = await page.evaluate(() => (window as unknown as { watch: Watch }).watch);
      expect(
        seen.log.filter((line) => line.includes('skeleton') || line.includes('no title')),
        seen.log.join('\n'),
      ).toEqual([]);
      expect(await page.locator('.game-header__summary-text').textContent()).toMatch(SUMMARY);
    } finally {
      await context.close();
    }
  });
});
