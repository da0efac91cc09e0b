// Search inside a member's library in Chromium, against the gateway's demo member
// pixel_pilgrim given 150 more wishlisted games: the Library tab's filter box and filters at 1280
// and 390 px, the view kept in the address (a reload shows it again), a typo still finding the game,
// the long list windowed yet Tab walking its rows in order, a modal's filter box; axe on each.
// Screenshots at 390 and 1280 px when LIBRARY_SHOTS_DIR is set.
import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { expectAccessible } from './axe.ts';
import { deviceRow } from './device-db.ts';
import { demoEmail, devtoolsSignIn, e2eWorld, screenshots, type Opened } from './harness.ts';

const pageShot = screenshots(process.env.LIBRARY_SHOTS_DIR, 'library');
const PIXEL = 1;
const EXTRA = 150;

const world = e2eWorld({
  async seed(gateway) {
    await gateway.db.query(`
      insert into public.game (igdb_id, name, slug, release_date, platforms)
      select 900000 + g, 'Starfall Odyssey ' || g, 'starfall-odyssey-' || g, date '2000-01-01' + g * 30, array['PC (Microsoft Windows)']
      from generate_series(1, ${EXTRA}) g`);
    await gateway.db.query(`
      insert into public.user_wishlist (user_id, igdb_id, game_id, added_at)
      select ${PIXEL}, igdb_id, id, now() - (igdb_id - 900000) * interval '1 minute' from public.game where igdb_id > 900000`);
  },
});

const shot = (page: Page, name: string) => pageShot(page, name, { fullPage: name.endsWith('390') });

async function signedIn(width: number): Promise<Opened> {
  const opened = await world.open(width);
  expect(await devtoolsSignIn(opened.page, world.gateway.url, demoEmail('pixel_pilgrim'))).toBe(PIXEL);
  return opened;
}

const rowNames = (page: Page) => page.locator('.library-list .library-row__name').allTextContents();
const params = (page: Page) => new URL(page.url()).searchParams;

for (const width of [1280, 390]) {
  it(`filters the library at ${width} px: typos, filters and sort in the address, kept by a reload`, async () => {
    const { page, errors } = await signedIn(width);
    await page.goto(`${world.gateway.url}/user/${PIXEL}?tab=library`);
    const library = page.getByRole('region', { name: 'Library' });
    const count = library.locator('.library-bar__count');
    await expect
      .poll(async () => Number(/^(\d+) games$/.exec((await count.textContent({ timeout: 20_000 })) ?? '')?.[1] ?? 0), {
        timeout: 30_000,
      })
      .toBeGreaterThan(EXTRA);

    // A typo (two letters swapped, one missing) still finds the game.
    await library.getByRole('searchbox', { name: 'Filter games' }).fill('strafall odysey 42');
    await expect.poll(() => rowNames(page)).toEqual(['Starfall Odyssey 42']);
    expect(params(page).get('q')).toBe('strafall odysey 42');

    // Filters and sort.
    await library.getByRole('searchbox', { name: 'Filter games' }).fill('starfall');
    await library.getByRole('button', { name: /^Filters/ }).click();
    await library.getByLabel('Status').selectOption('wishlist');
    await library.getByLabel('Release year').selectOption('2001');
    await library.getByLabel('Sort by').selectOption('name');
    // Released in 2001: numbers 13 to 24 (day 30 × n after 2000-01-01).
    await expect.poll(() => rowNames(page)).toEqual(Array.from({ length: 12 }, (_, i) => `Starfall Odyssey ${13 + i}`));
    // Polled: the address follows the rows (it lagged them once under load).
    await expect
      .poll(() => Object.fromEntries(params(page)))
      .toEqual({
        tab: 'library',
        q: 'starfall',
        status: 'wishlist',
        year: '2001',
        sort: 'name',
      });
    expect(await count.textContent()).toMatch(/^Showing 12 of \d+ games$/);
    expect(await library.locator('.library-badge').textContent()).toBe('2');
    await expectAccessible(library);
    await shot(page, `filtered-${width}`);

    // A rating range leaves out the unrated wishlist.
    await library.getByLabel('Lowest rating').selectOption('8');
    await expect.poll(() => library.getByText('No games match these filters.').isVisible()).toBe(true);
    expect(params(page).get('rating')).toBe('8-');
    await library.getByLabel('Lowest rating').selectOption('');

    // A reload (or the link shared) opens the same view.
    await page.reload();
    await expect.poll(() => rowNames(page), { timeout: 20_000 }).toHaveLength(12);
    expect(await page.getByRole('searchbox', { name: 'Filter games' }).inputValue()).toBe('starfall');
    expect(await page.getByLabel('Sort by').inputValue()).toBe('name');
    expect(await page.getByLabel('Status').inputValue()).toBe('wishlist');

    // Another tab opens unfiltered; coming back, the plain list.
    await page.getByRole('tab', { name: 'Want to Play' }).click();
    expect(params(page).get('q')).toBeNull();
    expect(params(page).get('status')).toBeNull();
    expect(errors).toEqual([]);
  });
}

it('keeps every key typed on a slow phone, and each of two filters chosen at once', async () => {
  const { page, errors } = await signedIn(390);
  await page.goto(`${world.gateway.url}/user/${PIXEL}?tab=library`);
  const library = page.getByRole('region', { name: 'Library' });
  await page.locator('.library[data-pass="full"] .library-list').waitFor({ timeout: 30_000 });
  const box = library.getByRole('searchbox', { name: 'Filter games' });

  // Each key changes the address, which the page renders a moment later (a transition). On a
  // slow CPU that render used to put the box back to an older text: "starfall odyssey 4" left "s4".
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 6 });
  await box.click();
  await page.keyboard.type('starfall odyssey 4');
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
  await expect.poll(() => params(page).get('q'), { timeout: 20_000 }).toBe('starfall odyssey 4');
  expect(await box.inputValue()).toBe('starfall odyssey 4');
  await expect.poll(() => rowNames(page)).toContain('Starfall Odyssey 4');

  // Escape clears the box and the address.
  await page.keyboard.press('Escape');
  await expect.poll(() => params(page).get('q')).toBeNull();
  expect(await box.inputValue()).toBe('');

  // Two filters chosen in one task, before the page can render the first: both stay. Each select
  // shows its choice as soon as it is made (it used to show the old value until the address had
  // rendered: 400 ms at 6x slowdown); read back right after each change.
  await library.getByRole('button', { name: /^Filters/ }).click();
  await library.getByLabel('Release year').waitFor();
  const shownAtOnce = await page.evaluate(() => {
    const choose = (label: string, value: string) => {
      const select = Array.from(document.querySelectorAll('label')).find((l) => l.textContent === label)?.control as
        HTMLSelectElement | null | undefined;
      if (!select) throw new Error(`no select labelled ${label}`);
      select.value = value;
      select.dispatchEvent(new Event('change', { bubbles: true }));
      return select.value;
    };
    return [choose('Release year', '2001'), choose('Sort by', 'name')];
  });
  expect(shownAtOnce).toEqual(['2001', 'name']);
  await expect.poll(() => Object.fromEntries(params(page))).toEqual({ tab: 'library', year: '2001', sort: 'name' });
  // Sorted by name, 2001's games: the twelve Starfall ones (13 to 24) among the demo's own.
  await expect
    .poll(async () => (await rowNames(page)).filter((name) => name.startsWith('Starfall')))
    .toEqual(Array.from({ length: 12 }, (_, i) => `Starfall Odyssey ${13 + i}`));
  expect(await library.getByLabel('Release year').inputValue()).toBe('2001');
  expect(await library.getByLabel('Sort by').inputValue()).toBe('name');
  expect(errors).toEqual([]);
});

it('windows the long library yet Tab walks its rows in order, and filters a modal', async () => {
  const { page, errors } = await signedIn(1280);
  await page.goto(`${world.gateway.url}/user/${PIXEL}?tab=library&q=starfall&status=wishlist&sort=name`);
  const list = page.locator('.library-list');
  await list.waitFor({ timeout: 30_000 });
  await expect
    .poll(() => page.locator('.library-bar__count').textContent())
    .toMatch(new RegExp(`^Showing ${EXTRA} of \\d+ games$`));
  // Far fewer rows in the page than in the list.
  const rendered = await list.locator(':scope > li').count();
  expect(rendered).toBeLessThan(60);
  expect(await list.locator(':scope > li').first().getAttribute('aria-setsize')).toBe(String(EXTRA));

  await list.locator('a').first().focus();
  const seen: number[] = [];
  for (let i = 0; i < 90; i++) {
    seen.push(
      await page.evaluate(() => Number(document.activeElement?.closest('li')?.getAttribute('aria-posinset') ?? 0)),
    );
    await page.keyboard.press('Tab');
  }
  expect(seen).toEqual(Array.from({ length: 90 }, (_, i) => i + 1));
  expect(await list.locator(':scope > li').count()).toBeLessThan(60);
  await shot(page, 'windowed-1280');

  // The reviews modal's filter box.
  await page.getByRole('button', { name: /Reviews$/ }).click();
  const dialog = page.getByRole('dialog', { name: /Reviews/ });
  await dialog.waitFor();
  const first = (await dialog.locator('.profile-reviews__game').first().textContent()) ?? '';
  const word = first.split(/[^A-Za-z]+/).find((w) => w.length >= 6) ?? first;
  // One letter dropped from a word of the game's name.
  await dialog.getByRole('searchbox', { name: 'Filter reviews' }).fill(word.slice(0, 2) + word.slice(3));
  await expect.poll(() => dialog.locator('.profile-reviews__game').allTextContents()).toContain(first);
  await expectAccessible(dialog);
  await shot(page, 'reviews-modal-1280');
  expect(errors).toEqual([]);
});

/**
 * A page script: records, from the page's first render on, what the Library tab showed first
 * (`window.__libraryFirst`: its pass, its count and the first rows with their places) and whether a
 * list was ever shown from the kept head (`window.__headList`).
 */
const FIRST_PASS_PROBE = `
  (function () {
    window.__headList = false;
    function look() {
      var section = document.querySelector('.library');
      if (!section) return;
      var list = section.querySelector('.library-list');
      if (section.getAttribute('data-pass') === 'head' && list) window.__headList = true;
      if (window.__libraryFirst) return;
      var count = section.querySelector('.library-bar__count');
      window.__libraryFirst = {
        pass: section.getAttribute('data-pass'),
        count: count ? count.textContent : null,
        busy: section.querySelector('[aria-busy="true"]') !== null,
        rows: list ? Array.prototype.slice.call(list.querySelectorAll(':scope > li'), 0, 8).map(function (li) {
          return Math.round(li.getBoundingClientRect().top + window.scrollY) + ' ' + li.getAttribute('aria-posinset') + '/' +
            li.getAttribute('aria-setsize') + ' ' + li.querySelector('.library-row__name').textContent;
        }) : [],
      };
    }
    new MutationObserver(look).observe(document, { childList: true, subtree: true, attributes: true, attributeFilter: ['data-pass'] });
  })();
`;

interface LibraryScreen {
  readonly pass: string | null;
  readonly count: string | null;
  readonly busy: boolean;
  readonly rows: string[];
}

it('opens a long library from its kept head, then the full pass with the same rows in the same places', async () => {
  const { page, context, errors } = await signedIn(1280);
  await context.addInitScript({ content: FIRST_PASS_PROBE });
  const url = `${world.gateway.url}/user/${PIXEL}?tab=library`;
  // A first open: the full pass, which keeps the head.
  await page.goto(url);
  await page.locator('.library[data-pass="full"] .library-list').waitFor({ timeout: 30_000 });
  await expect.poll(async () => (await deviceRow(page, 'libraryHeads', PIXEL)) !== undefined).toBe(true);

  // The next open shows the head first, then the full pass: the same count, rows and places.
  await page.reload();
  await page.locator('.library[data-pass="full"] .library-list').waitFor({ timeout: 30_000 });
  const first = await page.evaluate(() => (window as unknown as { __libraryFirst: LibraryScreen }).__libraryFirst);
  expect(first.pass).toBe('head');
  expect(first.busy).toBe(false);
  expect(first.count).toMatch(/^\d+ games$/);
  expect(first.rows.length).toBeGreaterThan(4);
  const full = await page.evaluate(() =>
    Array.from(document.querySelectorAll('.library-list > li'), (li) => {
      const top = Math.round(li.getBoundingClientRect().top + window.scrollY);
      const name = li.querySelector('.library-row__name')?.textContent ?? '';
      return `${top} ${li.getAttribute('aria-posinset')}/${li.getAttribute('aria-setsize')} ${name}`;
    }).slice(0, 8),
  );
  expect(full).toEqual(first.rows);
  expect(await page.locator('.library-bar__count').textContent()).toBe(first.count);

  // With a filter in the address the head is not a list: the filtered rows wait for the full pass.
  await page.goto(`${url}&q=starfall&status=wishlist&sort=name`);
  await expect
    .poll(() => page.locator('.library-bar__count').textContent(), { timeout: 30_000 })
    .toMatch(new RegExp(`^Showing ${EXTRA} of \\d+ games$`));
  const filtered = await page.evaluate(() => ({
    first: (window as unknown as { __libraryFirst: LibraryScreen }).__libraryFirst,
    headList: (window as unknown as { __headList: boolean }).__headList,
  }));
  expect(filtered.headList).toBe(false);
  if (filtered.first.pass === 'head') {
    expect(filtered.first.count).toMatch(/^Filtering \d+ games…$/);
    expect(filtered.first.busy).toBe(true);
  }
  expect(await rowNames(page).then((names) => names[0])).toBe('Starfall Odyssey 1');
  await expectAccessible(page.getByRole('region', { name: 'Library' }));
  expect(errors).toEqual([]);
});
