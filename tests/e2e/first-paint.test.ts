// A first visit to a game page paints the game's header with the page's shell (the
// local gateway writes it into index.html: supabase/local/first-paint.ts), not once the app's code
// and the game's data are in; a profile's, its header, tabs and Top 5. In Chromium, at 390 and
// 1280 px: the screen's words are in the page before any script runs (the document's title and a
// game's link-preview tags too); with the app, they show from the first paint to the loaded page
// without a skeleton (or an empty Top 5) in between, the page's largest paint is the painted one,
// and the words do not move when React takes over.
import { describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { e2eWorld } from './harness.ts';

const world = e2eWorld();

const SUMMARY = /^An open-world action-adventure game set in the fictional state of San Andreas/;

/** What a screen's watch looks for: two of its painted words, its placeholders, what only the app adds. */
interface Looks {
  readonly first: readonly [name: string, selector: string];
  readonly second: readonly [name: string, selector: string];
  readonly skeleton: string;
  readonly loaded: string;
}

const GAME: Looks = {
  first: ['title', 'h1.game-header__title'],
  second: ['summary', '.game-header__summary-text'],
  skeleton: '.boot__hero, .game-page__skeleton-line',
  loaded: '.action-bar',
};

const BROWSE: Looks = {
  first: ['title', 'h1.browse__title'],
  second: ['results', '.browse-game__name'],
  skeleton: '.boot__hero, .browse-game--skeleton',
  loaded: 'main.browse:not([data-first-paint])',
};

const PROFILE: Looks = {
  first: ['title', 'h1.profile-header__username'],
  second: ['top5', '.top5-slot__name'],
  skeleton: '.boot__hero, .profile-skeleton, .profile-tabs__pending, .top5__skeleton, .top5__others-empty',
  loaded: '.profile-header__action button',
};

interface Watch {
  /** Each change seen, as `ms what`: the two words (a game's title and summary), a skeleton, the loaded page. */
  readonly log: string[];
  /** Each position of the two words seen while the page loads (`title x,y summary x,y`). */
  readonly places: string[];
  readonly largestPaints: string[];
  readonly shifts: string[];
}

/** Watches the page from its first byte: what shows, where the screen's words are, the largest paints, layout shifts. */
async function watch(context: BrowserContext, looks: Looks = GAME): Promise<void> {
  await context.addInitScript((looks: Looks) => {
    const state: Watch = { log: [], places: [], largestPaints: [], shifts: [] };
    (window as unknown as { watch: Watch }).watch = state;
    const shown = (selector: string) =>
      Array.from(document.querySelectorAll<HTMLElement>(selector)).some((e) => e.getClientRects().length > 0);
    // The first one shown (a first paint may hold another, hidden at this width).
    const at = (selector: string) => {
      const box = Array.from(document.querySelectorAll(selector))
        .find((e) => e.getClientRects().length > 0)
        ?.getBoundingClientRect();
      return box ? `${Math.round(box.x)},${Math.round(box.y)}` : '-';
    };
    const look = () => {
      // Frames before the parser has reached the screen show the header bar alone.
      if (!document.querySelector('#root main')) return;
      const [[first, firstAt], [second, secondAt]] = [looks.first, looks.second];
      const seen = [
        shown(firstAt) ? first : `no ${first}`,
        shown(secondAt) ? second : `no ${second}`,
        shown(looks.skeleton) ? 'skeleton' : '',
        shown(looks.loaded) ? 'loaded' : '',
      ]
        .filter(Boolean)
        .join(' + ');
      if (state.log.at(-1)?.endsWith(` ${seen}`) !== true) state.log.push(`${Math.round(performance.now())} ${seen}`);
      const place = `${first} ${at(firstAt)} ${second} ${at(secondAt)}`;
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
        PerformanceEntry & {
          value: number;
          sources?: Array<{ node?: Node | null; previousRect: DOMRectReadOnly; currentRect: DOMRectReadOnly }>;
        }
      >)
        for (const source of entry.sources ?? []) {
          const rect = (r: DOMRectReadOnly) => `${r.x},${r.y} ${r.width}x${r.height}`;
          state.shifts.push(
            `${(source.node as Element | null)?.className ?? source.node?.nodeName} ${entry.value.toFixed(4)}` +
              ` at ${Math.round(entry.startTime)} ms: ${rect(source.previousRect)} to ${rect(source.currentRect)}`,
          );
        }
    }).observe({ type: 'layout-shift', buffered: true });
  }, looks);
}

/** Holds back the download of a screen's chunk (`name`-{hash}.js) until the returned function is called. */
async function holdBack(page: Page, name: string): Promise<() => void> {
  let release = () => undefined as void;
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(new RegExp(`/assets/${name}-[^/]+\\.js$`), async (route) => {
    await held;
    await route.continue();
  });
  return release;
}

/**
 * What `watch` saw, checked: from the first styled look the two painted words (or the first alone,
 * or neither, while the page is parsed), then the loaded page and nothing else between (no
 * skeleton); the words never moved, and no shift touched `shifted` (the page's own parts, and the
 * header's account area: its button keeps one width from 'Loading...' to 'Sign In').
 */
async function steadyFromFirstPaint(page: Page, looks: Looks, shifted: RegExp): Promise<Watch> {
  const seen = await page.evaluate(() => (window as unknown as { watch: Watch }).watch);
  const painted = `${looks.first[0]} + ${looks.second[0]}`;
  // A long painted page can show its top a frame before the parser reaches its lower part (the
  // first words without the second), and under load its opening a frame before either: before them
  // only. (A row half parsed grows downward, so the shifts below still catch anything that moved.)
  const parsing = [`${looks.first[0]} + no ${looks.second[0]}`, `no ${looks.first[0]} + no ${looks.second[0]}`];
  const logged = seen.log.map((line) => line.replace(/^\d+ /, ''));
  const states = logged.slice(
    Math.max(
      0,
      logged.findIndex((state) => !parsing.includes(state)),
    ),
  );
  expect(states[0], seen.log.join('\n')).toBe(painted);
  expect(states.at(-1), seen.log.join('\n')).toBe(`${painted} + loaded`);
  expect(
    states.filter((state) => state !== painted && state !== `${painted} + loaded`),
    seen.log.join('\n'),
  ).toEqual([]);
  // (Where the second words are not yet parsed, they have no place.)
  const places = seen.places.filter((place) => !place.endsWith(` ${looks.second[0]} -`));
  expect(new Set(places).size, seen.places.join('\n')).toBe(1);
  expect(
    seen.shifts.filter((shift) => shifted.test(shift)),
    seen.shifts.join('\n') + '\n' + seen.log.join('\n'),
  ).toEqual([]);
  return seen;
}

describe("a first visit to a game page: the game's header with the first paint", () => {
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
        // From the first styled look: the header's words, then the loaded page; never a skeleton.
        // The words stay where they were painted.
        const seen = await steadyFromFirstPaint(page, GAME, /^game-header|^account /);
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

describe('a first visit to a profile: the header, the tabs and the Top 5 with the first paint', () => {
  const TOP_FIVE = /^Number 1: .+/;
  /** The seed's first member, with the Top 5 they keep (demo seed). */
  const member = async () => {
    const [row] = await world.gateway.db.query<{ id: number; username: string; games: number }>(
      `select u.id, u.username, count(t.id)::int as games from public."user" u
       join public.user_top_games t on t.user_id = u.id group by u.id order by u.id limit 1`,
    );
    expect(row).toBeDefined();
    expect(row!.games).toBeGreaterThan(0);
    return row!;
  };

  for (const width of [390, 1280]) {
    it(`at ${width} px: shows the header, the tabs and the Top 5 before any script runs`, async () => {
      const { id, username, games } = await member();
      const context = await world.browser.newContext({ viewport: { width, height: 900 }, javaScriptEnabled: false });
      try {
        const page = await context.newPage();
        await page.goto(`${world.gateway.url}/user/${id}`);
        expect(await page.locator('h1.profile-header__username').textContent()).toBe(username);
        expect(await page.locator('h1.profile-header__username').isVisible()).toBe(true);
        expect(await page.getByRole('tab', { name: 'Top 5' }).getAttribute('aria-selected')).toBe('true');
        expect(await page.locator('.top5-slot__name').count()).toBe(games);
        expect(await page.locator('.top5-slot__name').first().textContent()).toMatch(TOP_FIVE);
        expect(await page.locator('.top5-slot__name').first().isVisible()).toBe(true);
        expect(await page.title()).toBe(`${username} | Checkpoint`);
        expect(await page.locator('.boot__hero').isVisible()).toBe(false);
      } finally {
        await context.close();
      }
    });

    it(`at ${width} px: keeps each painted stat and tab in place while the ones after it are still being parsed`, async () => {
      const { id } = await member();
      const context = await world.browser.newContext({ viewport: { width, height: 900 }, serviceWorkers: 'block' });
      try {
        const page = await context.newPage();
        // No app code runs: the page is the first paint alone, as the parser leaves it.
        await holdBack(page, 'main');
        await page.goto(`${world.gateway.url}/user/${id}`, { waitUntil: 'commit' });
        await page.locator('main[data-first-paint] .top5-slot').first().waitFor();
        // A frame painted before the parser reached the last stats or tabs (a loaded machine's
        // parser yields anywhere) must show the first ones where and as wide as the whole row does.
        for (const row of ['.profile-stats__item', '.profile-tabs__tab']) {
          const boxes = await page.evaluate((row) => {
            const items = () => Array.from(document.querySelectorAll(`main[data-first-paint] ${row}`));
            const box = (e: Element) => {
              const r = e.getBoundingClientRect();
              return `${r.x},${r.y} ${r.width}x${r.height}`;
            };
            const whole = items().map(box);
            const partial: string[][] = [];
            while (items().length > 1) {
              items().at(-1)?.remove();
              partial.push(items().map(box));
            }
            return { whole, partial };
          }, row);
          expect(boxes.whole.length, row).toBeGreaterThan(4);
          expect(boxes.partial, row).toEqual(
            boxes.partial.map((_, i) => boxes.whole.slice(0, boxes.whole.length - 1 - i)),
          );
        }
      } finally {
        await context.close();
      }
    });

    it(`at ${width} px: keeps the profile on show, in place, from the first paint to the loaded page`, async () => {
      const { id, username } = await member();
      const context = await world.browser.newContext({ viewport: { width, height: 900 }, serviceWorkers: 'block' });
      try {
        await watch(context, PROFILE);
        const page = await context.newPage();
        await page.goto(`${world.gateway.url}/user/${id}`);
        await page.locator(PROFILE.loaded).waitFor();
        // The app's own Top 5 (its covers drawn) is in.
        await page.locator('.top5-slot__cover > *').first().waitFor();
        await page.waitForTimeout(300);
        // From the first styled look: the member and their Top 5, then the loaded page; never a
        // skeleton, nor a Top 5 said to be empty while its rows were on their way; nothing moves.
        const seen = await steadyFromFirstPaint(page, PROFILE, /profile|top5|^account /);
        // On a phone the page's largest paint is a painted one. Wider, the Top 5's covers are large
        // and their generated art (the game's initials, drawn by the app's code) is larger still.
        const painted = /^(a\.top5-slot__name|h1\.profile-header__username|p\.profile-header__bio)/;
        if (width < 768) expect(seen.largestPaints.at(-1), seen.largestPaints.join('\n')).toMatch(painted);
        else expect(seen.largestPaints[0], seen.largestPaints.join('\n')).toMatch(painted);
        expect(await page.locator('h1.profile-header__username').count()).toBe(1);
        expect(await page.locator('[data-first-paint]').count()).toBe(0);
        expect(await page.title()).toBe(`${username} | Checkpoint`);
        // The app's tabs work: another tab opens (its code loaded on demand or when idle).
        await page.getByRole('tab', { name: 'Top 10' }).click();
        await expect.poll(() => new URL(page.url()).searchParams.get('tab')).toBe('top10');
        await page.locator('.top5-slot__name').waitFor({ state: 'detached' });
      } finally {
        await context.close();
      }
    });
  }

  // A tap while the app's own code runs but the screen's is not in (it holds the tap), and one
  // before any of the app's code runs (index.html's script holds it, then hands it over).
  for (const { when, held, running } of [
    { when: "made while the screen's code loads", held: 'profile-page', running: true },
    { when: "made before any of the app's code runs", held: 'main', running: false },
  ]) {
    it(`makes a tap on a painted button, ${when}, again on the page's own once it is in, with the focus`, async () => {
      const { id, username } = await member();
      const context = await world.browser.newContext({
        viewport: { width: 390, height: 844 },
        serviceWorkers: 'block',
      });
      try {
        const page = await context.newPage();
        // That code is held back: the page shows the first paint alone meanwhile.
        const release = await holdBack(page, held);
        // The page's load waits for its module scripts, and they are held.
        await page.goto(`${world.gateway.url}/user/${id}`, { waitUntil: 'commit' });
        const painted = page.locator('main[data-first-paint] [data-stat="reviews"] button');
        await painted.waitFor();
        if (running) await page.waitForFunction(() => document.querySelector('.shell__main') !== null);
        else expect(await page.evaluate(() => document.querySelector('.shell__main') === null)).toBe(true);
        await painted.click();
        expect(await page.getByRole('dialog').count()).toBe(0);
        release();
        const dialog = page.getByRole('dialog', { name: `${username}'s Reviews` });
        await dialog.waitFor({ timeout: 15_000 });
        expect(await page.locator('[data-first-paint]').count()).toBe(0);
        await page.keyboard.press('Escape');
        await expect.poll(() => dialog.count()).toBe(0);
        // Focus went back to the page's own stat, which the tap was made on.
        expect(
          await page.evaluate(() => document.activeElement?.closest('[data-stat]')?.getAttribute('data-stat') ?? null),
        ).toBe('reviews');
      } finally {
        await context.close();
      }
    });
  }
});

describe('a first visit to Browse Games: the first page of games with the first paint', () => {
  /** The first game of the catalogue by name, as the page lists it. */
  const firstGame = async () => {
    const [row] = await world.gateway.db.query<{ name: string }>(
      `select name from public.game order by name, id limit 1`,
    );
    expect(row).toBeDefined();
    return row!.name;
  };

  for (const width of [390, 1280]) {
    it(`at ${width} px: shows the page and its first games before any script runs, as the app lays them out at that width`, async () => {
      const name = await firstGame();
      const context = await world.browser.newContext({ viewport: { width, height: 900 }, javaScriptEnabled: false });
      try {
        const page = await context.newPage();
        await page.goto(`${world.gateway.url}/search`);
        expect(await page.locator('h1.browse__title').isVisible()).toBe(true);
        expect(await page.title()).toBe('Browse Games | Checkpoint');
        // A phone shows the list and no Grid/List switch; a wider screen the grid and the switch.
        const shown = width < 768 ? 'list' : 'grid';
        const first = page.locator(`.browse-list--${shown} .browse-game__name`).first();
        expect(await first.textContent()).toBe(name);
        expect(await first.isVisible()).toBe(true);
        expect(await page.locator(`.browse-list--${shown === 'list' ? 'grid' : 'list'}`).isVisible()).toBe(false);
        expect(await page.getByRole('group', { name: 'View' }).isVisible()).toBe(width >= 768);
        expect(await page.locator('.browse-status__counter:visible').textContent()).toMatch(
          /^Showing 1 - 20 of \d+ games$/,
        );
      } finally {
        await context.close();
      }
    });

    it(`at ${width} px: keeps the games on show, in place, from the first paint to the loaded page`, async () => {
      const context = await world.browser.newContext({ viewport: { width, height: 900 }, serviceWorkers: 'block' });
      try {
        await watch(context, BROWSE);
        const page = await context.newPage();
        await page.goto(`${world.gateway.url}/search`);
        await page.locator(BROWSE.loaded).waitFor();
        await page.locator('.browse-game__cover > *').first().waitFor();
        await page.waitForTimeout(300);
        const seen = await steadyFromFirstPaint(page, BROWSE, /browse|^account /);
        if (width < 768) {
          expect(seen.largestPaints.at(-1), seen.largestPaints.join('\n')).toMatch(
            /^(span\.browse-game__name|h1\.browse__title)/,
          );
        }
        expect(await page.locator('h1.browse__title').count()).toBe(1);
        expect(await page.locator('.browse-list').count()).toBe(1);
        expect(await page.title()).toBe('Browse Games | Checkpoint');
      } finally {
        await context.close();
      }
    });
  }

  it("keeps what is typed into the painted search box, and its focus, for the page's own box", async () => {
    const context = await world.browser.newContext({ viewport: { width: 390, height: 844 }, serviceWorkers: 'block' });
    try {
      const page = await context.newPage();
      const release = await holdBack(page, 'browse-page');
      await page.goto(`${world.gateway.url}/search`);
      await page.waitForFunction(() => document.querySelector('.shell__main') !== null);
      const painted = page.locator('main[data-first-paint] .browse-search__input');
      await painted.click();
      await page.keyboard.type('zelda');
      expect(await painted.inputValue()).toBe('zelda');
      release();
      const own = page.locator('main:not([data-first-paint]) .browse-search__input');
      await own.waitFor({ timeout: 15_000 });
      await expect.poll(() => own.inputValue()).toBe('zelda');
      expect(await own.evaluate((input) => input === document.activeElement)).toBe(true);
      // The page took it as typed: its search runs (2 s after typing stops) and goes to the address.
      await expect.poll(() => new URL(page.url()).searchParams.get('q'), { timeout: 10_000 }).toBe('zelda');
    } finally {
      await context.close();
    }
  });
});
