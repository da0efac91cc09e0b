// The game page in Chromium against the gateway: the address moving to the slug,
// slugs, the error view, the Ratings card of a demo-reviewed game, the status rules through the
// real write path (and the server), the guest's sign-in modal, the mobile bottom sheet, the
// carousels of a game with DLCs in the seed, opening a cached game offline, and the release year
// of a game known only to the year (famous games once showed "TBA").
import { mkdirSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { APP_CODE, holdAppCode, setOffline } from './browser.ts';
import { demoEmail, devtoolsSignIn, e2eWorld, type Opened } from './harness.ts';
import { expectAccessible } from './axe.ts';

const PASSWORD = 'Checkpoint-demo1';
const WITCHER_3 = 1942;
const GTA_4 = 731;
const BALLAD_OF_GAY_TONY = 3174;
const LOST_AND_DAMNED = 3265;
const OCARINA_OF_TIME = 1000000095; // the seed knows only its year, 1998
/** Where the release-year screenshots go (RELEASE_YEAR_SHOTS_DIR=/tmp/shots/release-year); none when unset. */
const SHOTS = process.env.RELEASE_YEAR_SHOTS_DIR;

const world = e2eWorld();

async function open(path: string, width = 1280): Promise<Opened> {
  const opened = await world.open(width);
  await opened.page.goto(`${world.gateway.url}${path}`);
  return opened;
}

const signIn = (page: Page, username: string) => devtoolsSignIn(page, world.gateway.url, demoEmail(username));

/** The game page's heading once the page is in (a first visit's first paint shows it busy before: first-paint.test.ts). */
const heading = (page: Page) => page.locator('main:not([aria-busy="true"]) h1').first().textContent();
const pathname = (page: Page) => new URL(page.url()).pathname;
const button = (page: Page, name: string) =>
  page.locator('.action-bar__row').getByRole('button', { name, exact: true });

it('opens by igdb id and replaces the address with the slug; opens by slug', async () => {
  const { context, page, errors } = await open('/');
  // React's home page (#main-content): index.html's shell shows the same heading before the app is in.
  await expect.poll(() => page.locator('#main-content h1').textContent()).toBe('Track Your Games, Find the Next');
  const before = await page.evaluate(() => history.length);
  await page.evaluate((id) => {
    history.pushState({}, '', `/game/${id}`);
    dispatchEvent(new PopStateEvent('popstate'));
  }, WITCHER_3);
  await expect.poll(() => heading(page), { timeout: 10_000 }).toBe('The Witcher 3: Wild Hunt');
  await expect.poll(() => pathname(page)).toBe('/game/the-witcher-3-wild-hunt');
  // Replaced, not pushed: one entry for the game, and Back returns home.
  expect(await page.evaluate(() => history.length)).toBe(before + 1);
  await expect.poll(() => page.title()).toBe('The Witcher 3: Wild Hunt | Checkpoint');
  await expect
    .poll(() => page.locator('meta[name="description"]').getAttribute('content'))
    .toMatch(/^An open-world action role-playing game/);
  await page.goBack();
  await expect.poll(() => pathname(page)).toBe('/');

  await page.goto(`${world.gateway.url}/game/half-life-2`);
  await expect.poll(() => heading(page), { timeout: 10_000 }).toBe('Half-Life 2');
  expect(pathname(page)).toBe('/game/half-life-2');
  expect(await page.locator('.game-header__facts').textContent()).toContain('Released');
  expect(errors).toEqual([]);
  await context.close();
});

it("asks for the game once on a first visit (the page's first script sends the read) and once on a return visit", async () => {
  const context = await world.browser.newContext({ viewport: { width: 390, height: 844 } });
  const page = await context.newPage();
  const reads: string[] = [];
  let readSent: () => void = () => undefined;
  const firstRead = new Promise<void>((resolve) => {
    readSent = resolve;
  });
  page.on('request', (request) => {
    if (!request.url().endsWith('/rest/v1/rpc/get_game_page')) return;
    reads.push(request.postData() ?? '');
    readSent();
  });
  // The app's code (React, the router, Dexie) is held back until the read has gone out: only the
  // page's first script can have sent it. Released after 5 s regardless, and the test then fails.
  const heldUntilRead = await holdAppCode(context, firstRead);
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await page.goto(`${world.gateway.url}/game/the-witcher-3-wild-hunt`);
  await expect.poll(() => heading(page), { timeout: 10_000 }).toBe('The Witcher 3: Wild Hunt');
  await expect
    .poll(() => page.locator('.game-header__summary-text').textContent())
    .toMatch(/^An open-world action role-playing game/);
  // Settled: the read-through has stored the game (its reviews are in) and the client is made.
  await expect.poll(() => page.locator('[aria-busy="true"]').count(), { timeout: 10_000 }).toBe(0);
  expect(heldUntilRead.length).toBeGreaterThan(0);
  expect(heldUntilRead.every(Boolean)).toBe(true);
  expect(reads.map((body) => JSON.parse(body) as unknown)).toEqual([
    { p_identifier: 'the-witcher-3-wild-hunt', p_review_limit: 5 },
  ]);
  await context.unroute(APP_CODE);

  // The device has its database now: the app asks itself (with the stored session, if any).
  await page.reload();
  await expect.poll(() => heading(page), { timeout: 10_000 }).toBe('The Witcher 3: Wild Hunt');
  await expect.poll(() => reads.length, { timeout: 10_000 }).toBe(2);
  await expect.poll(() => page.locator('[aria-busy="true"]').count(), { timeout: 10_000 }).toBe(0);
  expect(reads).toHaveLength(2);
  expect(errors).toEqual([]);
  await context.close();
});

it('shows the error view for an unknown game and an invalid identifier', async () => {
  const { context, page } = await open('/game/999999999');
  await expect.poll(() => heading(page), { timeout: 10_000 }).toBe('Game not found');
  expect(await page.locator('.game-error__debug').textContent()).toBe('Identifier: 999999999');
  expect(await page.getByRole('button', { name: 'Try Again' }).isVisible()).toBe(true);
  expect(await page.getByRole('link', { name: 'Browse Other Games' }).getAttribute('href')).toBe('/search');
  // Try Again asks again (and still finds nothing).
  const asked: string[] = [];
  page.on('request', (r) => {
    if (r.url().includes('/rpc/get_game_page')) asked.push(r.url());
  });
  await page.getByRole('button', { name: 'Try Again' }).click();
  await expect.poll(() => asked.length).toBeGreaterThan(0);
  await expect.poll(() => heading(page)).toBe('Game not found');
  await page.getByRole('link', { name: 'Browse Other Games' }).click();
  await expect.poll(() => pathname(page)).toBe('/search');

  await page.goto(`${world.gateway.url}/game/not_a_slug!`);
  await expect.poll(() => heading(page)).toBe('Invalid or missing game identifier');
  await context.close();
});

it('shows the Ratings card and the written reviews of a demo-reviewed game', async () => {
  const { context, page } = await open(`/game/${WITCHER_3}`);
  await expect.poll(() => page.locator('.game-reviews__list > li').count(), { timeout: 10_000 }).toBe(2);
  const [ratings] = await world.gateway.db.query<{ n: number; avg: string }>(
    'select count(*)::int as n, round(avg(rating), 1)::text as avg from public.rating r join public.game g on g.id = r.game_id where g.igdb_id = $1',
    [WITCHER_3],
  );
  expect(await page.locator('.ratings-card__count').textContent()).toBe(`${ratings?.n} ratings`);
  expect(await page.locator('.ratings-card__average').textContent()).toBe(ratings?.avg);
  // Demo ratings 9.5 and 10: buckets 9 and 10.
  expect(
    await page.locator('.ratings-card__bucket').evaluateAll((items) => items.map((i) => i.getAttribute('aria-label'))),
  ).toEqual([
    '1: 0 ratings',
    '2: 0 ratings',
    '3: 0 ratings',
    '4: 0 ratings',
    '5: 0 ratings',
    '6: 0 ratings',
    '7: 0 ratings',
    '8: 0 ratings',
    '9: 1 rating',
    '10: 1 rating',
  ]);
  const links = await page
    .locator('.game-reviews__list .review-card__link')
    .evaluateAll((as) => as.map((a) => a.getAttribute('href')));
  const authors = await world.gateway.db.query<{ id: number }>(
    'select r.user_id::int as id from public.rating r where r.igdb_id = $1 order by r.post_date_time desc',
    [WITCHER_3],
  );
  expect(links).toEqual(authors.map((a) => `/review/${a.id}/${WITCHER_3}`));

  // A game nobody reviewed: '-' and the invitation, with the guest's sign-in button.
  await page.goto(`${world.gateway.url}/game/${GTA_4}`);
  await expect.poll(() => heading(page), { timeout: 10_000 }).toBe('Grand Theft Auto IV');
  await expect
    .poll(() => page.locator('.game-reviews__empty p').textContent())
    .toBe('No written reviews yet. Be the first to write a review for this game!');
  expect(await page.locator('.ratings-card__average').textContent()).toBe('-');
  expect(await page.locator('.ratings-card__count').textContent()).toBe('0 ratings');
  await page.getByRole('button', { name: 'Sign in to write a review' }).click();
  await expect.poll(() => page.getByRole('dialog').count()).toBe(1);
  await expectAccessible(page.getByRole('dialog'));
  await context.close();
});

it('marks started then finished, which empties the lists and shuts their buttons; wishlist moves to the collection', async () => {
  const { context, page } = await open('/');
  const me = await signIn(page, 'retro_ranger');
  await page.goto(`${world.gateway.url}/game/${GTA_4}`);
  await expect.poll(() => heading(page), { timeout: 10_000 }).toBe('Grand Theft Auto IV');

  await button(page, 'Add to Wishlist').click();
  await expect.poll(() => button(page, 'In Wishlist').isVisible()).toBe(true);
  await button(page, 'Move to Collection').click();
  await expect.poll(() => button(page, 'In Collection').isVisible()).toBe(true);
  expect(await button(page, 'Add to Wishlist').isDisabled()).toBe(true);
  expect(await page.locator('.action-bar__note').count()).toBe(0);

  await button(page, 'Mark as Started').click();
  await expect.poll(() => button(page, 'Started').isDisabled()).toBe(true);
  // Started: out of the collection, and neither list takes it.
  expect(await button(page, 'Add to Collection').isDisabled()).toBe(true);
  expect(await button(page, 'Add to Wishlist').isDisabled()).toBe(true);
  expect(await page.locator('.action-bar__note').textContent()).toBe(
    'This game has already been started or finished and cannot be added to collection or wishlist.',
  );
  expect(await button(page, 'Mark as Finished').isDisabled()).toBe(false);
  await button(page, 'Mark as Finished').click();
  await expect.poll(() => button(page, 'Finished').isDisabled()).toBe(true);

  // The server agrees once the outbox is pushed.
  await page.evaluate(() => window.checkpoint?.syncNow());
  await expect.poll(() => page.evaluate(() => window.checkpoint?.pending())).toBe(0);
  const rows = await world.gateway.db.query<{ started: boolean; completed: boolean; wish: number; coll: number }>(
    `select p.started, p.completed,
            (select count(*)::int from public.user_wishlist w where w.user_id = $1 and w.igdb_id = $2) as wish,
            (select count(*)::int from public.user_collection c where c.user_id = $1 and c.igdb_id = $2) as coll
       from public.game_progress p where p.user_id = $1 and p.igdb_id = $2`,
    [me, GTA_4],
  );
  expect(rows).toEqual([{ started: true, completed: true, wish: 0, coll: 0 }]);
  await context.close();
});

it('asks a guest to sign in, then runs the action they asked for', async () => {
  const { context, page } = await open(`/game/${WITCHER_3}`);
  await expect.poll(() => heading(page), { timeout: 10_000 }).toBe('The Witcher 3: Wild Hunt');
  await button(page, 'Add to Wishlist').click();
  const dialog = page.getByRole('dialog');
  await expect.poll(() => dialog.count()).toBe(1);
  await dialog.getByLabel('Email').fill('cozy_quests@demo.checkpoint.local');
  await dialog.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await dialog.getByRole('button', { name: 'Sign In', exact: true }).click();
  await expect.poll(() => button(page, 'In Wishlist').isVisible(), { timeout: 15_000 }).toBe(true);
  await context.close();
});

it('opens a bottom sheet from the round icons below 768 px: Escape, a swipe down, and Cancel close it', async () => {
  const { context, page, errors } = await open(`/game/${WITCHER_3}`, 390);
  await expect.poll(() => heading(page), { timeout: 10_000 }).toBe('The Witcher 3: Wild Hunt');
  expect(await page.locator('.action-bar__row').isVisible()).toBe(false);
  const icons = page.locator('.action-bar__icons button');
  expect(await icons.evaluateAll((bs) => bs.map((b) => b.getAttribute('aria-label')))).toEqual([
    'Write Review',
    'Mark as Finished',
    'Mark as Started',
    'Add to Collection',
    'Add to Wishlist',
  ]);
  const sheet = page.getByRole('dialog', { name: 'Game actions' });

  await icons.nth(2).click();
  await expect.poll(() => sheet.isVisible()).toBe(true);
  expect(await sheet.getByRole('button').allTextContents()).toEqual([
    'Write Review',
    'Mark as Finished',
    'Mark as Started',
    'Add to Collection',
    'Add to Wishlist',
    'Cancel',
  ]);
  expect(await page.evaluate(() => document.body.style.overflow)).toBe('hidden');
  await expectAccessible(sheet);
  await page.keyboard.press('Escape');
  await expect.poll(() => sheet.count()).toBe(0);
  expect(await page.evaluate(() => document.body.style.overflow)).toBe('');

  // A short drag springs back; a drag of more than 50 px closes.
  await icons.nth(0).click();
  await expect.poll(() => sheet.isVisible()).toBe(true);
  // Measured once the slide-in has finished.
  await expect.poll(() => page.locator('.bottom-sheet__panel').evaluate((el) => el.getAnimations().length)).toBe(0);
  const handle = await page.locator('.bottom-sheet__handle').boundingBox();
  if (!handle) throw new Error('no sheet handle');
  const x = handle.x + handle.width / 2;
  const y = handle.y + handle.height / 2;
  await page.mouse.move(x, y);
  await page.mouse.down();
  await page.mouse.move(x, y + 30, { steps: 5 });
  await page.mouse.up();
  await page.waitForTimeout(400);
  expect(await sheet.isVisible()).toBe(true);
  await page.mouse.move(x, y);
  await page.mouse.down();
  await page.mouse.move(x, y + 120, { steps: 8 });
  await page.mouse.up();
  await expect.poll(() => sheet.count()).toBe(0);

  await icons.nth(4).click();
  await sheet.getByRole('button', { name: 'Cancel' }).click();
  await expect.poll(() => sheet.count()).toBe(0);
  // A guest's choice in the sheet closes it and asks them to sign in.
  await icons.nth(4).click();
  await sheet.getByRole('button', { name: 'Add to Wishlist' }).click();
  await expect.poll(() => sheet.count()).toBe(0);
  await expect.poll(() => page.getByRole('dialog').count()).toBe(1);
  expect(errors).toEqual([]);
  await context.close();
});

it("shows a main game's DLCs in 'Additional Content' and the 'Main Game' card on a DLC's page", async () => {
  const { context, page } = await open(`/game/${GTA_4}`);
  const carousel = page.getByRole('region', { name: 'Additional Content' });
  await expect
    .poll(() => carousel.locator('.carousel__title').textContent(), { timeout: 10_000 })
    .toBe('Additional Content (2)');
  // Oldest first; tiles link to the games-database id; no arrows for 6 items or fewer.
  expect(await carousel.locator('.carousel__tile').evaluateAll((as) => as.map((a) => a.getAttribute('href')))).toEqual([
    `/game/${LOST_AND_DAMNED}`,
    `/game/${BALLAD_OF_GAY_TONY}`,
  ]);
  expect(await carousel.locator('.carousel__arrow').count()).toBe(0);
  // The seed has no cover images: each game's generated cover stands in, with no spinner.
  await expect.poll(() => carousel.locator('.lazy-image--loaded').count()).toBe(2);
  expect(await carousel.locator('svg.generated-cover').count()).toBe(2);
  expect(await carousel.locator('.lazy-image__spinner').count()).toBe(0);

  await carousel.locator('.carousel__tile').nth(1).click();
  await expect.poll(() => heading(page), { timeout: 10_000 }).toBe('Grand Theft Auto IV: The Ballad of Gay Tony');
  await expect.poll(() => pathname(page)).toBe('/game/grand-theft-auto-iv-the-ballad-of-gay-tony');
  expect(await page.locator('.game-header__badge').textContent()).toBe('Expansion');
  const main = page.getByRole('region', { name: 'Main Game' });
  await expect
    .poll(() => main.locator('.main-game__name').textContent(), { timeout: 10_000 })
    .toBe('Grand Theft Auto IV');
  expect(await main.locator('a').getAttribute('href')).toBe(`/game/${GTA_4}`);
  expect(await main.locator('.main-game__year').textContent()).toBe('2008');

  // Half-Life: two standalone expansions, and a remake that the spec's filter counts as fan content.
  await page.goto(`${world.gateway.url}/game/half-life`);
  const extra = page.getByRole('region', { name: 'Additional Content' });
  await expect
    .poll(() => extra.locator('.carousel__name').allTextContents(), { timeout: 10_000 })
    .toEqual(['Half-Life: Opposing Force', 'Half-Life: Blue Shift']);
  const mods = page.getByRole('region', { name: 'Mods & Fan Content' });
  await expect.poll(() => mods.locator('.carousel__name').allTextContents()).toEqual(['Black Mesa']);
  expect(await mods.locator('.carousel__note').textContent()).toBe('Community-created content and modifications');
  expect(await mods.locator('.carousel__badge').allTextContents()).toEqual(['MOD']);
  await context.close();
});

it('opens a cached game offline from the device and says so', async () => {
  const { context, page } = await open(`/game/${WITCHER_3}`);
  await expect.poll(() => page.locator('.game-reviews__list > li').count(), { timeout: 10_000 }).toBe(2);
  await expect
    .poll(() => page.evaluate(() => navigator.serviceWorker.controller?.state ?? null), { timeout: 15_000 })
    .toBe('activated');
  await setOffline(context, true);
  await page.goto(`${world.gateway.url}/game/the-witcher-3-wild-hunt`);
  await expect.poll(() => heading(page), { timeout: 10_000 }).toBe('The Witcher 3: Wild Hunt');
  expect(await page.locator('.game-page__device-note').textContent()).toContain(
    "You're offline: showing this game as saved on this device.",
  );
  expect(await page.locator('.game-reviews__list > li').count()).toBe(2);
  expect(await page.locator('.ratings-card__count').textContent()).toBe('2 ratings');
  // A game this device never opened cannot be shown offline.
  await page.goto(`${world.gateway.url}/game/999999998`);
  await expect.poll(() => heading(page)).toBe("You're offline and this game isn't saved on this device yet.");
  await context.close();
});

for (const width of [390, 1280]) {
  it(`shows the release year of a game known only to the year, not TBA, at ${width} px`, async () => {
    const { context, page, errors } = await open(`/game/${OCARINA_OF_TIME}`, width);
    await expect.poll(() => heading(page), { timeout: 10_000 }).toBe('The Legend of Zelda: Ocarina of Time');
    await expect.poll(() => pathname(page)).toBe('/game/the-legend-of-zelda-ocarina-of-time');
    const released = page
      .locator('.game-header__facts > div')
      .filter({ has: page.locator('dt', { hasText: 'Released' }) })
      .locator('dd');
    await expect.poll(() => released.textContent(), { timeout: 10_000 }).toBe('1998');
    await expect.poll(() => page.locator('.game-header').textContent()).not.toContain('TBA');
    if (SHOTS) {
      mkdirSync(SHOTS, { recursive: true });
      await page.screenshot({ path: `${SHOTS}/game-page-year-only-${width}.png` });
    }
    // The same page again from the device's copy (the pull kept release_year): still the year.
    await page.reload();
    await expect.poll(() => heading(page), { timeout: 10_000 }).toBe('The Legend of Zelda: Ocarina of Time');
    await expect.poll(() => released.textContent(), { timeout: 10_000 }).toBe('1998');
    // A game known to the day still shows the day.
    await page.goto(`${world.gateway.url}/game/${WITCHER_3}`);
    await expect.poll(() => heading(page), { timeout: 10_000 }).toBe('The Witcher 3: Wild Hunt');
    await expect.poll(() => released.textContent(), { timeout: 10_000 }).toBe('May 19, 2015');
    expect(errors).toEqual([]);
    await context.close();
  });
}
