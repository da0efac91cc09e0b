// Browse Games (/search) in a real browser against the gateway's seeded catalogue of
// 385 games and its demo members' ratings: typing, Enter, filters, paging, the second parameter
// set, answering from the device when offline, the tiles' generated covers and real covers offline.
import { readFileSync } from 'node:fs';
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { startGateway, type Gateway } from '../../supabase/local/gateway.ts';
import { BROWSE_DEBOUNCE_MS } from '../../src/core/search/constants.ts';
import { launchChromium, setOffline } from './browser.ts';

const CATALOGUE_SIZE = 385;

let gateway: Gateway;
let browser: Browser;
let context: BrowserContext | undefined;
let errors: string[] = [];

beforeAll(async () => {
  gateway = await startGateway({ port: 0, inMemory: true, log: () => undefined });
  browser = await launchChromium();
});

afterEach(async () => {
  expect(errors).toEqual([]);
  await context?.close();
  context = undefined;
  errors = [];
});

afterAll(async () => {
  await browser?.close();
  await gateway?.close();
});

async function open(path: string, width = 1280): Promise<Page> {
  context = await browser.newContext({ viewport: { width, height: 900 } });
  const page = await context.newPage();
  page.on('pageerror', (e) => errors.push(e.message));
  await page.goto(gateway.url + path);
  await expect.poll(() => page.locator('h1').textContent()).toBe('Browse Games');
  return page;
}

const counter = (page: Page) => page.locator('.browse-status__counter').textContent();
/** n of "Showing x - y of n games", or NaN while there is none. */
const total = async (page: Page) => Number(/^Showing \d+ - \d+ of (\d+) games$/.exec((await counter(page)) ?? '')?.[1]);
const search = (page: Page) => new URL(page.url()).search;
const names = (page: Page) => page.locator('.browse-game__name').allTextContents();
const searchBox = (page: Page) => page.getByRole('main').getByLabel('Search games', { exact: true });
const select = (page: Page, label: string) => page.getByRole('main').getByLabel(label, { exact: true });

it('lists the whole catalogue by name with no term, and auto-searches 2 s after typing stops, replacing the address', async () => {
  const page = await open('/search');
  await expect.poll(() => counter(page), { timeout: 15_000 }).toBe(`Showing 1 - 20 of ${CATALOGUE_SIZE} games`);
  const listed = await names(page);
  expect(listed).toEqual([...listed].sort((a, b) => a.localeCompare(b, undefined, { sensitivity: 'base' })));
  await expect.poll(() => page.locator('.browse-source').textContent()).toContain('database');
  const entries = await page.evaluate(() => history.length);

  // Timed in the page, from the last keystroke to the address changing: the test's own clock runs
  // late by however long the browser took to answer it, and under a busy CI that was enough to
  // read a search that waited its 2 s as early.
  await page.evaluate(() => {
    const timing = { lastInput: 0, searched: 0 };
    Object.assign(window, { __searchTiming: timing });
    document.addEventListener('input', () => (timing.lastInput = performance.now()), true);
    const replace = history.replaceState.bind(history);
    history.replaceState = (data: unknown, unused: string, url?: string | URL | null) => {
      if (!timing.searched && String(url ?? '').includes('q=')) timing.searched = performance.now();
      replace(data, unused, url);
    };
  });
  await searchBox(page).pressSequentially('zelda', { delay: 50 });
  await expect.poll(() => search(page), { timeout: 5000 }).toBe('?q=zelda');
  const timing = await page.evaluate(
    () => (window as unknown as { __searchTiming: { lastInput: number; searched: number } }).__searchTiming,
  );
  expect(timing.lastInput).toBeGreaterThan(0);
  // (5 ms for the clocks' coarse resolution; a timer never fires early.)
  expect(timing.searched - timing.lastInput).toBeGreaterThanOrEqual(BROWSE_DEBOUNCE_MS - 5);
  expect(timing.searched - timing.lastInput).toBeLessThan(BROWSE_DEBOUNCE_MS + 1500);
  await expect.poll(() => total(page), { timeout: 15_000 }).toBeLessThan(CATALOGUE_SIZE);
  const found = await names(page);
  expect(found.length).toBeGreaterThanOrEqual(10);
  expect(found.every((n) => /zelda/i.test(n))).toBe(true);
  // Each result goes to /game/{igdb_id}: Breath of the Wild is 7346 in the catalogue.
  await expect
    .poll(() => page.getByRole('link', { name: /Breath of the Wild/ }).getAttribute('href'))
    .toBe('/game/7346');
  // Typing replaced the entry instead of adding one.
  expect(await page.evaluate(() => history.length)).toBe(entries);
});

it('searches at once on Enter, pushing a history entry; back returns to the catalogue', async () => {
  const page = await open('/search', 390);
  await expect.poll(() => counter(page), { timeout: 15_000 }).toBe(`Showing 1 - 20 of ${CATALOGUE_SIZE} games`);
  await expect.poll(() => page.getByRole('button', { name: 'Search', exact: true }).isDisabled()).toBe(true);
  await searchBox(page).fill('celeste');
  await expect.poll(() => page.getByRole('button', { name: 'Search', exact: true }).isDisabled()).toBe(false);
  const pressed = Date.now();
  await searchBox(page).press('Enter');
  await expect.poll(() => search(page)).toBe('?q=celeste');
  expect(Date.now() - pressed).toBeLessThan(BROWSE_DEBOUNCE_MS);
  await expect.poll(async () => (await names(page))[0], { timeout: 15_000 }).toBe('Celeste');
  // Small screens get the list and no grid/list toggle.
  expect(await page.getByRole('group', { name: 'View' }).count()).toBe(0);
  expect(await page.locator('.browse-list--list').count()).toBe(1);

  await page.goBack();
  await expect.poll(() => search(page)).toBe('');
  await expect.poll(() => searchBox(page).inputValue()).toBe('');
  await expect.poll(() => counter(page), { timeout: 15_000 }).toBe(`Showing 1 - 20 of ${CATALOGUE_SIZE} games`);
});

it('keeps the keys typed while the page renders the search it has just written, on a slow phone', async () => {
  const page = await open('/search', 390);
  await expect.poll(() => counter(page), { timeout: 15_000 }).toBe(`Showing 1 - 20 of ${CATALOGUE_SIZE} games`);
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 6 });
  await searchBox(page).pressSequentially('zel');
  // The pause writes "zel" to the address; the page renders it a moment later (a transition). The
  // keys typed in that moment were wiped when "zel" came back.
  await expect.poll(() => search(page), { timeout: 10_000, interval: 10 }).toBe('?q=zel');
  await page.keyboard.type('da is great', { delay: 60 });
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
  expect(await searchBox(page).inputValue()).toBe('zelda is great');
  await expect.poll(() => search(page), { timeout: 10_000 }).toBe('?q=zelda+is+great');
  expect(await searchBox(page).inputValue()).toBe('zelda is great');
});

it('narrows by release year and platform, writing each filter to the address', async () => {
  const page = await open('/search');
  await expect.poll(() => counter(page), { timeout: 15_000 }).toBe(`Showing 1 - 20 of ${CATALOGUE_SIZE} games`);
  await page.getByRole('button', { name: 'Filters' }).click();
  await select(page, 'Release year').selectOption('2017');
  await expect.poll(() => search(page)).toBe('?year=2017');
  // The address changes before the screen does (navigation is a transition): wait for the new total.
  await expect.poll(() => total(page), { timeout: 15_000 }).toBeLessThan(CATALOGUE_SIZE);
  const inYear = await total(page);
  expect(inYear).toBeGreaterThan(0);
  expect((await page.locator('.browse-game__meta').allTextContents()).every((m) => m.startsWith('2017'))).toBe(true);

  await expect
    .poll(() =>
      select(page, 'Platform')
        .locator('option', { hasText: /^Nintendo Switch$/ })
        .count(),
    )
    .toBe(1);
  const switchId = await select(page, 'Platform')
    .locator('option', { hasText: /^Nintendo Switch$/ })
    .getAttribute('value');
  await select(page, 'Platform').selectOption({ label: 'Nintendo Switch' });
  await expect.poll(() => search(page)).toBe(`?platform=${switchId}&year=2017`);
  await expect.poll(() => total(page), { timeout: 15_000 }).toBeLessThan(inYear);
  expect(await names(page)).toContain('The Legend of Zelda: Breath of the Wild');
  expect((await page.locator('.browse-game__meta').allTextContents()).every((m) => m.includes('Nintendo Switch'))).toBe(
    true,
  );

  // The view toggle is on desktop, and says which view is on.
  await page.getByRole('button', { name: 'List' }).click();
  await expect.poll(() => page.getByRole('button', { name: 'List' }).getAttribute('aria-pressed')).toBe('true');
  expect(await page.getByRole('button', { name: 'Grid' }).getAttribute('aria-pressed')).toBe('false');
});

it('keeps two filters chosen at once, and shows each at once', async () => {
  const page = await open('/search');
  await expect.poll(() => counter(page), { timeout: 15_000 }).toBe(`Showing 1 - 20 of ${CATALOGUE_SIZE} games`);
  await page.getByRole('button', { name: 'Filters' }).click();
  const platform = select(page, 'Platform').locator('option', { hasText: /^Nintendo Switch$/ });
  await expect.poll(() => platform.count(), { timeout: 15_000 }).toBe(1);
  const switchId = await platform.getAttribute('value');
  // Both in one task: the page cannot render the first address before the second change is made.
  const shownAtOnce = await page.evaluate((id) => {
    const choose = (label: string, value: string) => {
      const field = Array.from(document.querySelectorAll('main label')).find((l) => l.textContent === label);
      const control = (field as HTMLLabelElement | undefined)?.control as HTMLSelectElement | null | undefined;
      if (!control) throw new Error(`no select labelled ${label}`);
      control.value = value;
      control.dispatchEvent(new Event('change', { bubbles: true }));
      return control.value;
    };
    return [choose('Release year', '2017'), choose('Platform', String(id))];
  }, switchId);
  expect(shownAtOnce).toEqual(['2017', switchId]);
  await expect.poll(() => search(page)).toBe(`?platform=${switchId}&year=2017`);
  // The page may render the year alone first: wait for the list of both.
  const bothHold = async () => {
    const metas = await page.locator('.browse-game__meta').allTextContents();
    return metas.length > 0 && metas.every((m) => m.startsWith('2017') && m.includes('Nintendo Switch'));
  };
  await expect.poll(bothHold, { timeout: 15_000 }).toBe(true);
  expect(await names(page)).toContain('The Legend of Zelda: Breath of the Wild');
  expect(await select(page, 'Release year').inputValue()).toBe('2017');
  expect(await select(page, 'Platform').inputValue()).toBe(switchId);
});

it('pages by 20: page 2 shows "Showing 21 - 40", up to 5 page buttons, Previous and Next', async () => {
  const page = await open('/search');
  await expect.poll(() => counter(page), { timeout: 15_000 }).toBe(`Showing 1 - 20 of ${CATALOGUE_SIZE} games`);
  const firstPage = await names(page);
  const pager = page.getByRole('navigation', { name: 'Pagination' });
  expect(await pager.getByRole('link', { name: /^Page \d+$/ }).allTextContents()).toEqual(['1', '2', '3', '4', '5']);
  await pager.getByRole('link', { name: 'Next' }).click();
  await expect.poll(() => search(page)).toBe('?page=2');
  await expect.poll(() => counter(page), { timeout: 15_000 }).toBe(`Showing 21 - 40 of ${CATALOGUE_SIZE} games`);
  const secondPage = await names(page);
  expect(secondPage).toHaveLength(20);
  expect(secondPage.filter((n) => firstPage.includes(n))).toEqual([]);
  expect(await pager.getByRole('link', { name: 'Page 2' }).getAttribute('aria-current')).toBe('page');

  await page.goto(`${gateway.url}/search?page=20`);
  await expect
    .poll(() => counter(page), { timeout: 15_000 })
    .toBe(`Showing 381 - ${CATALOGUE_SIZE} of ${CATALOGUE_SIZE} games`);
  expect(await pager.getByRole('link', { name: /^Page \d+$/ }).allTextContents()).toEqual([
    '16',
    '17',
    '18',
    '19',
    '20',
  ]);
  expect(await pager.getByText('Next').getAttribute('aria-disabled')).toBe('true');
});

it('accepts the second parameter set (genres, platforms, rating, sort=rating) and rewrites it canonically', async () => {
  const probe = await open('/search?year=x&page=banana&sort=nonsense');
  // Garbage falls back to the defaults, and the address is cleaned.
  await expect.poll(() => counter(probe), { timeout: 15_000 }).toBe(`Showing 1 - 20 of ${CATALOGUE_SIZE} games`);
  expect(search(probe)).toBe('');
  await probe.getByRole('button', { name: 'Filters' }).click();
  await expect
    .poll(() =>
      select(probe, 'Platform')
        .locator('option', { hasText: /^Nintendo Switch$/ })
        .count(),
    )
    .toBe(1);
  const switchId = await select(probe, 'Platform')
    .locator('option', { hasText: /^Nintendo Switch$/ })
    .getAttribute('value');

  await probe.goto(`${gateway.url}/search?genres=Adventure&platforms=${switchId}&rating=9&sort=rating`);
  // Demo members rated six Switch adventures 9 or more; Breath of the Wild (10) leads, then The Witcher 3 (9.75).
  await expect.poll(() => counter(probe), { timeout: 15_000 }).toBe('Showing 1 - 6 of 6 games');
  expect((await names(probe)).slice(0, 2)).toEqual([
    'The Legend of Zelda: Breath of the Wild',
    'The Witcher 3: Wild Hunt',
  ]);
  expect(search(probe)).toBe(`?platform=${switchId}&genres=Adventure&rating=9&sort=avg_rating:desc`);
  // The filters panel opens on a filtered link and shows every filter.
  expect(await select(probe, 'Sort by').inputValue()).toBe('avg_rating');
  expect(await select(probe, 'Order').inputValue()).toBe('desc');
  expect(await select(probe, 'Member rating').inputValue()).toBe('9');
  expect(await probe.locator('.browse-chip').allTextContents()).toEqual([expect.stringContaining('Adventure')]);
});

it('answers from the device when offline, and says so', async () => {
  const page = await open('/search?q=zelda');
  await expect.poll(() => counter(page), { timeout: 15_000 }).toMatch(/^Showing 1 - \d+ of \d+ games$/);
  expect(await page.locator('.device-note').count()).toBe(0);
  await expect
    .poll(() => page.evaluate(async () => (await navigator.serviceWorker.ready).active?.state), { timeout: 15_000 })
    .toBe('activated');

  if (context) await setOffline(context, true);
  await page.reload();
  await expect.poll(() => page.locator('h1').textContent()).toBe('Browse Games');
  await expect
    .poll(() => page.locator('.device-note').textContent(), { timeout: 15_000 })
    .toContain("You're offline: these results are from this device.");
  await expect.poll(() => counter(page)).toMatch(/^Showing 1 - \d+ of \d+ games$/);
  expect(await names(page)).toContain('The Legend of Zelda: Breath of the Wild');

  // Filters narrow the device's answer too.
  await page.getByRole('button', { name: 'Filters' }).click();
  await select(page, 'Release year').selectOption('2017');
  await expect.poll(() => search(page)).toBe('?q=zelda&year=2017');
  await expect
    .poll(async () => (await page.locator('.browse-game__meta').allTextContents()).every((m) => m.startsWith('2017')))
    .toBe(true);
  expect(await names(page)).toContain('The Legend of Zelda: Breath of the Wild');
  expect(await page.locator('.device-note').count()).toBe(1);
});

/** Each tile's cover box, rounded to the pixel: [x, y, width, height]. */
const coverBoxes = (page: Page) =>
  page.locator('.browse-game__cover').evaluateAll((els) =>
    els.map((el) => {
      const r = el.getBoundingClientRect();
      return [r.x, r.y + window.scrollY, r.width, r.height].map(Math.round);
    }),
  );

/** What each tile's generated cover shows, and every text of it that pokes out of its 300 × 400 drawing. */
const generatedCovers = (page: Page) =>
  page.locator('.browse-game__cover').evaluateAll((els) =>
    els.map((el) => {
      const svg = el.querySelector('svg.generated-cover');
      const texts = svg ? ([...svg.querySelectorAll('text')] as SVGTextElement[]) : [];
      const outside = texts.filter((t) => {
        const b = t.getBBox();
        return b.x < 0 || b.y < 0 || b.x + b.width > 300 || b.y + b.height > 400;
      });
      return {
        hidden: el.getAttribute('aria-hidden'),
        tier: svg?.getAttribute('data-tier') ?? null,
        top: svg?.querySelector('stop')?.getAttribute('stop-color') ?? null,
        title: [...(svg?.querySelectorAll('.generated-cover__title tspan') ?? [])].map((t) => t.textContent).join(' '),
        texts: texts.map((t) => t.textContent ?? ''),
        outside: outside.map((t) => t.textContent),
      };
    }),
  );

it('gives every game a generated cover made from it: the title fits inside, colours differ, and nothing moves', async () => {
  const page = await open('/search');
  await expect.poll(() => counter(page), { timeout: 15_000 }).toBe(`Showing 1 - 20 of ${CATALOGUE_SIZE} games`);
  // Layout shifts from here on (the list is on screen) are recorded by the element that moved (the
  // header's search box may: it is not a tile's).
  await page.evaluate(() => {
    const w = window as Window & { shifted?: string[] };
    w.shifted = [];
    new PerformanceObserver((list) => {
      for (const e of list.getEntries() as (PerformanceEntry & { sources?: { node?: Node | null }[] })[]) {
        for (const source of e.sources ?? []) {
          const el = source.node instanceof Element ? source.node : source.node?.parentElement;
          w.shifted?.push(
            el?.closest('.browse-game') ? `tile: ${el.className.toString()}` : (el?.className.toString() ?? '?'),
          );
        }
      }
    }).observe({ type: 'layout-shift' });
  });
  const before = await coverBoxes(page);
  const listed = await names(page);
  const covers = await generatedCovers(page);
  expect(covers).toHaveLength(20);
  // The grid's tiles are posters: the title set in the drawing, in a 3:4 box, and decorative (the name is beside it).
  for (const [i, cover] of covers.entries()) {
    expect(cover.hidden).toBe('true');
    expect(cover.tier).toBe('poster');
    expect(cover.outside, listed[i]).toEqual([]);
    const title = cover.title.toLowerCase().replace(/- /g, '').replace(/…$/, '');
    expect(title.length, listed[i]).toBeGreaterThan(0);
    expect(listed[i]?.toLowerCase().startsWith(title), `${listed[i]} / ${cover.title}`).toBe(true);
    const [, , width = 0, height = 0] = before[i] ?? [];
    expect(Math.abs(height - (width * 4) / 3)).toBeLessThanOrEqual(1);
  }
  expect(new Set(covers.map((c) => c.top)).size).toBeGreaterThanOrEqual(6);

  // No layout shift: after the browser has settled, scrolled the whole list and come back, every box is where it was.
  await page.waitForTimeout(1000);
  await page.mouse.wheel(0, 4000);
  await page.waitForTimeout(500);
  await page.mouse.wheel(0, -4000);
  await page.waitForTimeout(300);
  expect(await coverBoxes(page)).toEqual(before);
  const shifted = await page.evaluate(() => (window as Window & { shifted?: string[] }).shifted ?? []);
  expect(shifted.filter((s) => s.startsWith('tile:'))).toEqual([]);

  // The same game gets the same cover on the next visit.
  await page.reload();
  await expect.poll(() => counter(page), { timeout: 15_000 }).toBe(`Showing 1 - 20 of ${CATALOGUE_SIZE} games`);
  expect(await generatedCovers(page)).toEqual(covers);
});

it('shows a monogram on the small list covers, and a real cover over the generated one only once it has loaded', async () => {
  // The seed has no cover images: two of the first page's games get one, the second a broken address.
  context = await browser.newContext({ viewport: { width: 390, height: 900 } });
  const page = await context.newPage();
  page.on('pageerror', (e) => errors.push(e.message));
  await page.route('**/rest/v1/rpc/browse_games', async (route) => {
    const response = await route.fetch();
    const body = (await response.json()) as { games: { cover_url: string | null }[] };
    const [first, second] = body.games;
    if (first) first.cover_url = `${gateway.url}/icon-512.png`;
    if (second) second.cover_url = `${gateway.url}/no-such-cover.png`;
    await route.fulfill({ response, json: body });
  });
  await page.goto(`${gateway.url}/search`);
  await expect.poll(() => counter(page), { timeout: 15_000 }).toBe(`Showing 1 - 20 of ${CATALOGUE_SIZE} games`);
  const before = await coverBoxes(page);
  expect(before[0]?.slice(2)).toEqual([56, 75]);

  const tiles = page.locator('.browse-game__cover');
  await expect.poll(() => tiles.nth(0).getAttribute('class')).toContain('game-cover--image');
  expect(
    await tiles
      .nth(0)
      .locator('img')
      .evaluate((img: HTMLImageElement) => img.naturalWidth),
  ).toBe(512);
  // The broken one falls back to its generated cover, without a broken-image icon.
  await expect.poll(() => tiles.nth(1).locator('img').count()).toBe(0);
  expect(await tiles.nth(1).getAttribute('class')).toContain('game-cover--generated');
  const covers = await generatedCovers(page);
  for (const cover of covers) {
    expect(cover.tier).toBe('mark');
    expect(cover.texts).toHaveLength(1);
    expect(cover.texts[0]).toMatch(/^[\p{Lu}\p{N}?]{1,2}$/u);
    expect(cover.outside).toEqual([]);
  }
  expect(await coverBoxes(page)).toEqual(before);
});

it('keeps the real covers it has shown in the service worker, so they show offline', async () => {
  const cover = 'https://images.igdb.com/igdb/image/upload/t_cover_big/cotest.jpg';
  const png = readFileSync(new URL('../../public/icon-512.png', import.meta.url));
  context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  // IGDB's image host, played by the test (the service worker's requests go through it too).
  const served: string[] = [];
  await context.route('https://images.igdb.com/**', (route) => {
    served.push(route.request().url());
    return route.fulfill({ status: 200, contentType: 'image/png', body: png });
  });
  const page = await context.newPage();
  page.on('pageerror', (e) => errors.push(e.message));
  await page.route('**/rest/v1/rpc/browse_games', async (route) => {
    const response = await route.fetch();
    const body = (await response.json()) as { games: { cover_url: string | null }[] };
    if (body.games[0]) body.games[0].cover_url = cover;
    await route.fulfill({ response, json: body });
  });
  await page.goto(`${gateway.url}/search`);
  await expect
    .poll(() => page.evaluate(async () => (await navigator.serviceWorker.ready).active?.state), { timeout: 15_000 })
    .toBe('activated');
  // The worker controls the page from the next load on.
  await page.reload();
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
  const first = page.locator('.browse-game__cover').first();
  await expect.poll(() => first.getAttribute('class'), { timeout: 15_000 }).toContain('game-cover--image');
  expect(served.length).toBeGreaterThan(0);
  const shown = await first.locator('img').evaluate((img: HTMLImageElement) => img.currentSrc);
  expect(shown).toMatch(/^https:\/\/images\.igdb\.com\/igdb\/image\/upload\/t_[a-z0-9_]+\/cotest\.jpg$/);
  await expect
    .poll(() => page.evaluate(async () => (await (await caches.open('checkpoint-covers')).keys()).map((r) => r.url)))
    .toContain(shown);

  // Offline, and IGDB gone: the cover still loads, from the worker's cache.
  await context.unroute('https://images.igdb.com/**');
  await setOffline(context, true);
  const width = await page.evaluate(
    (src) =>
      new Promise<number>((resolve) => {
        const img = new Image();
        img.onload = () => resolve(img.naturalWidth);
        img.onerror = () => resolve(-1);
        img.src = src;
      }),
    shown,
  );
  expect(width).toBe(512);
});
