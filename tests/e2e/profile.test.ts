// The profile (/user/{id}) in Chromium against the gateway's demo members: header and stats, tabs,
// the games, reviews (sorts, Show more) and followers modals, following and unfollowing (counts,
// reload, server), editing one's own profile (validation, save), the /user, /profile and /settings
// redirects, and ids that are not a member's.
import { expect, it } from 'vitest';
import type { BrowserContextOptions, Page } from 'playwright-core';
import { holdAppCode, setOffline } from './browser.ts';
import { SYNC_PROTOCOL } from '../../src/core/constants.ts';
import { expectAccessible } from './axe.ts';
import { demoEmail, devtoolsSignIn, e2eWorld, synced } from './harness.ts';

// The gateway's own rate limits, not the harness's relaxed ones.
const world = e2eWorld({ gateway: { rateLimits: {} } });

// Demo members in seeding order (supabase/local/demo.ts): ids 1 to 6.
const PIXEL = 1;
const COMBO = 2;
const SPEEDRUN = 5;

const open = (width = 1280, options?: BrowserContextOptions) => world.open(width, options);

const signIn = (page: Page, username: string): Promise<number> =>
  devtoolsSignIn(page, world.gateway.url, demoEmail(username));

/** A stat as the app shows it (a first visit's first paint shows the server's, before the device has the profile). */
const stat = (page: Page, key: string) =>
  page.locator(`main:not([data-first-paint]) [data-stat="${key}"] .profile-stats__value`).textContent();
const dialog = (page: Page) => page.getByRole('dialog');

it("shows a demo member's header, stats, tabs and modals to a visitor", async () => {
  const { context, page, errors } = await open();
  await page.goto(`${world.gateway.url}/user/${COMBO}`);
  await expect.poll(() => page.locator('h1').textContent(), { timeout: 15_000 }).toBe('combo_breaker');
  const header = page.locator('.profile-header');
  await expect.poll(() => header.textContent()).toContain('Soulslikes and fighting games. I read the frame data.');
  const text = await header.textContent();
  expect(text).toMatch(/Joined [A-Z][a-z]+ \d{4}/);
  expect(text).toContain('Malmö');
  expect(await header.locator('.profile-chip').allTextContents()).toEqual(['PS5', 'PC']);
  await expect.poll(() => stat(page, 'reviews')).toBe('4');
  expect([
    await stat(page, 'games'),
    await stat(page, 'lists'),
    await stat(page, 'following'),
    await stat(page, 'followers'),
  ]).toEqual(['2', '1', '2', '2']);
  // Lists is not clickable; the other four are.
  expect(await page.locator('[data-stat="lists"] button').count()).toBe(0);
  expect(await page.locator('.profile-stats button').count()).toBe(4);
  // A visitor's follow button says Login and is disabled.
  const login = header.getByRole('button', { name: 'Login' });
  expect(await login.isDisabled()).toBe(true);

  // Tabs: Top 5 first; Want to Play lists the wishlist; Activity mounts the feed.
  expect(await page.getByRole('tab', { selected: true }).textContent()).toBe('Top 5');
  await page.getByRole('tab', { name: 'Want to Play' }).click();
  await expect.poll(() => page.locator('.want-to-play').textContent()).toContain('Hollow Knight: Silksong');
  expect(await page.locator('.want-to-play').textContent()).toContain(
    "combo_breaker hasn't added any games to their collection yet.",
  );
  expect(await page.getByRole('button', { name: /Remove/ }).count()).toBe(0);
  expect(new URL(page.url()).searchParams.get('tab')).toBe('want');
  await page.getByRole('tab', { name: 'Want to Play' }).press('ArrowRight');
  await expect.poll(() => page.getByRole('tab', { selected: true }).textContent()).toBe('Activity');
  expect(await page.getByRole('tabpanel').count()).toBe(1);

  // Games modal: All Games / Started / Finished.
  await page.locator('[data-stat="games"] button').click();
  await expect.poll(() => dialog(page).locator('h2').textContent()).toBe("combo_breaker's Games");
  await expectAccessible(dialog(page));
  // The list is the modal's own live query: it may render after the modal's title.
  await expect.poll(() => dialog(page).locator('.profile-game-list li').count()).toBe(2);
  await dialog(page)
    .getByRole('button', { name: /^Started/ })
    .click();
  await expect.poll(() => dialog(page).textContent()).toContain('No games in progress.');
  await dialog(page)
    .getByRole('button', { name: /^Finished/ })
    .click();
  await expect.poll(() => dialog(page).locator('.profile-badge').allTextContents()).toEqual(['Finished', 'Finished']);
  await page.keyboard.press('Escape');
  await expect.poll(() => dialog(page).count()).toBe(0);

  // Reviews modal: the four sorts.
  await page.locator('[data-stat="reviews"] button').click();
  const ratings = () => dialog(page).locator('.profile-reviews__rating').allTextContents();
  await expect.poll(() => dialog(page).locator('.profile-reviews__item').count()).toBe(4);
  await expectAccessible(dialog(page));
  await dialog(page).getByRole('button', { name: 'Highest' }).click();
  await expect.poll(ratings).toEqual(['10/10', '9.5/10', '9.0/10', '8.5/10']);
  await dialog(page).getByRole('button', { name: 'Lowest' }).click();
  await expect.poll(ratings).toEqual(['8.5/10', '9.0/10', '9.5/10', '10/10']);
  await dialog(page).getByRole('button', { name: 'Oldest' }).click();
  const oldest = await dialog(page).locator('.profile-reviews__game').allTextContents();
  await dialog(page).getByRole('button', { name: 'Recent' }).click();
  await expect
    .poll(() => dialog(page).locator('.profile-reviews__game').allTextContents())
    .toEqual([...oldest].reverse());
  await dialog(page).getByRole('button', { name: 'Close' }).click();

  // Followers modal: both followers, a visitor's buttons disabled.
  await page.locator('[data-stat="followers"] button').click();
  await expect.poll(() => dialog(page).locator('.follow-list__name').allTextContents()).toHaveLength(2);
  await expectAccessible(dialog(page));
  expect((await dialog(page).locator('.follow-list__name').allTextContents()).sort()).toEqual([
    'pixel_pilgrim',
    'speedrun_sage',
  ]);
  expect(await dialog(page).getByRole('button', { name: 'Login' }).count()).toBe(2);
  await dialog(page)
    .getByRole('link', { name: /speedrun_sage/ })
    .click();
  await expect.poll(() => page.locator('h1').textContent(), { timeout: 10_000 }).toBe('speedrun_sage');
  expect(new URL(page.url()).pathname).toBe(`/user/${SPEEDRUN}`);
  expect(errors).toEqual([]);
  await context.close();
});

it("reads a first visit's profile once, sent by the page's first script before the app's code is in", async () => {
  const { context, page, errors } = await open(390);
  const snapshots: unknown[] = [];
  let readSent: () => void = () => undefined;
  const firstRead = new Promise<void>((resolve) => {
    readSent = resolve;
  });
  page.on('request', (request) => {
    if (!request.url().endsWith('/rest/v1/rpc/sync_pull')) return;
    const body = JSON.parse(request.postData() ?? '{}') as { p_own?: unknown };
    // The read-through's snapshot (p_own: false), not the sync engine's pulls (its first one has no cursor either).
    if (body.p_own !== false) return;
    snapshots.push(body);
    readSent();
  });
  // React, the router and Dexie wait until the read has gone out (5 s at most: the test then fails).
  const heldUntilRead = await holdAppCode(context, firstRead);
  await page.goto(`${world.gateway.url}/user/${COMBO}`);
  await expect.poll(() => page.locator('h1').textContent(), { timeout: 15_000 }).toBe('combo_breaker');
  await expect.poll(() => stat(page, 'reviews'), { timeout: 10_000 }).toBe('4');
  expect(heldUntilRead.length).toBeGreaterThan(0);
  expect(heldUntilRead.every(Boolean)).toBe(true);
  expect(snapshots).toEqual([
    { p_cursor: null, p_scope: { user_ids: [COMBO] }, p_limit: 5000, p_own: false, p_protocol: SYNC_PROTOCOL },
  ]);
  expect(errors).toEqual([]);
  await context.close();
});

it('follows and unfollows another member: the counts change, survive a reload and reach the server', async () => {
  const { context, page, errors } = await open(390);
  expect(await signIn(page, 'pixel_pilgrim')).toBe(PIXEL);
  await page.goto(`${world.gateway.url}/user/${SPEEDRUN}`);
  const follow = page.locator('.profile-header').getByRole('button', { name: 'Follow speedrun_sage' });
  await expect.poll(() => follow.getAttribute('aria-pressed'), { timeout: 15_000 }).toBe('false');
  await expect.poll(() => stat(page, 'followers')).toBe('2');
  await follow.click();
  await expect.poll(() => page.locator('.profile-header .follow-button').textContent()).toBe('Following');
  expect(await stat(page, 'followers')).toBe('3');
  await synced(page, 15_000);
  await page.reload();
  await expect
    .poll(() => page.locator('.profile-header .follow-button').textContent(), { timeout: 15_000 })
    .toBe('Following');
  expect(await stat(page, 'followers')).toBe('3');
  // My own Following count went up too.
  await page.goto(`${world.gateway.url}/user/${PIXEL}`);
  await expect.poll(() => stat(page, 'following'), { timeout: 15_000 }).toBe('3');

  // The server has it: a visitor elsewhere sees 3 followers, pixel_pilgrim among them.
  const visitor = await open();
  await visitor.page.goto(`${world.gateway.url}/user/${SPEEDRUN}`);
  await expect.poll(() => stat(visitor.page, 'followers'), { timeout: 15_000 }).toBe('3');
  await visitor.page.locator('[data-stat="followers"] button').click();
  await expect
    .poll(() => dialog(visitor.page).locator('.follow-list__name').allTextContents())
    .toContain('pixel_pilgrim');

  // Unfollow (from the followers modal of a member pixel_pilgrim does not own).
  await page.goto(`${world.gateway.url}/user/${SPEEDRUN}`);
  await expect
    .poll(() => page.locator('.profile-header .follow-button').textContent(), { timeout: 15_000 })
    .toBe('Following');
  await page.locator('.profile-header .follow-button').click();
  await expect.poll(() => page.locator('.profile-header .follow-button').textContent()).toBe('Follow');
  expect(await stat(page, 'followers')).toBe('2');
  await synced(page, 15_000);
  await visitor.page.reload();
  await expect.poll(() => stat(visitor.page, 'followers'), { timeout: 15_000 }).toBe('2');
  await visitor.context.close();

  // One's own profile has no Follow button, and its follower list none either.
  await page.goto(`${world.gateway.url}/user/${PIXEL}`);
  await expect.poll(() => page.getByRole('button', { name: 'Edit Profile' }).count(), { timeout: 15_000 }).toBe(1);
  expect(await page.locator('.profile-header .follow-button').count()).toBe(0);
  await page.locator('[data-stat="followers"] button').click();
  await expect.poll(() => dialog(page).locator('.follow-list__name').count()).toBe(3);
  expect(await dialog(page).locator('.follow-button').count()).toBe(0);
  expect(errors).toEqual([]);
  await context.close();
});

it('edits one’s own profile: the spec messages for bad input, then a save that survives a reload and syncs', async () => {
  const { context, page, errors } = await open();
  const me = await signIn(page, 'cozy_quests');
  await page.goto(`${world.gateway.url}/user`);
  await expect.poll(() => new URL(page.url()).pathname, { timeout: 10_000 }).toBe(`/user/${me}`);
  await page.getByRole('button', { name: 'Edit Profile' }).click({ timeout: 15_000 });
  const form = dialog(page);
  await expect.poll(() => form.getByLabel('Username').inputValue()).toBe('cozy_quests');
  await expectAccessible(form);

  await form.getByLabel('Username').fill('ab');
  await form.getByLabel('Website').fill('javascript:alert(1)');
  await form.getByRole('button', { name: 'Save Changes' }).click();
  await expect
    .poll(() => form.locator('.profile-form__error').allTextContents())
    .toEqual(['Username must be at least 3 characters', 'Please enter a valid URL (http or https)']);
  await form.getByLabel('Username').fill('cozy quests!');
  await form.getByRole('button', { name: 'Save Changes' }).click();
  await expect
    .poll(() => form.locator('.profile-form__error').first().textContent())
    .toBe('Username can only contain letters, numbers, and underscores');
  await form.getByLabel('Username').fill('pixel_pilgrim');
  await form.getByLabel('Website').fill('');
  await form.getByRole('button', { name: 'Save Changes' }).click();
  await expect
    .poll(() => form.locator('.profile-form__error').allTextContents())
    .toEqual(['Username is already taken']);

  await form.getByLabel('Username').fill('cozy_quests');
  await form.getByLabel('Bio').fill('Tea, tiny farms and cats.');
  await form.getByLabel('Location').fill('Kyoto');
  await form.getByLabel('Website').fill('cozy.example');
  await form.getByText('PC', { exact: true }).click();
  await form.getByRole('button', { name: 'Save Changes' }).click();
  await expect.poll(() => dialog(page).count()).toBe(0);
  const header = page.locator('.profile-header');
  await expect.poll(() => header.locator('.profile-header__bio').textContent()).toBe('Tea, tiny farms and cats.');
  expect(await header.getByRole('link', { name: 'cozy.example' }).getAttribute('href')).toBe('https://cozy.example/');
  expect(await header.locator('.profile-chip').allTextContents()).toEqual(['Switch', 'PC']);
  await synced(page, 15_000);
  await page.reload();
  await expect.poll(() => header.textContent(), { timeout: 15_000 }).toContain('Kyoto');

  const visitor = await open();
  await visitor.page.goto(`${world.gateway.url}/user/${me}`);
  await expect
    .poll(() => visitor.page.locator('.profile-header__bio').textContent(), { timeout: 15_000 })
    .toBe('Tea, tiny farms and cats.');
  await visitor.context.close();
  expect(errors).toEqual([]);
  await context.close();
});

it('shows a long review cut to 150 characters with Show more and Show less', async () => {
  const { context, page } = await open(390);
  const me = await signIn(page, 'retro_ranger');
  const long = `${'Blast processing and parallax scrolling. '.repeat(6)}The end.`;
  await page.evaluate(
    ([text]) =>
      window.checkpoint!.mutate('review.create', {
        igdb_id: 26226,
        rating: 7.5,
        review: text as string,
        game: { name: 'Celeste' },
      }),
    [long] as const,
  );
  await page.goto(`${world.gateway.url}/user/${me}`);
  await page.locator('[data-stat="reviews"] button').click({ timeout: 15_000 });
  const item = dialog(page).locator('.profile-reviews__item', { hasText: '7.5/10' });
  await expect.poll(() => item.getByRole('button', { name: 'Show more' }).count()).toBe(1);
  const short = (await item.locator('.profile-reviews__text').textContent()) ?? '';
  expect(short.replace('Show more', '').length).toBeLessThanOrEqual(151);
  expect(short).not.toContain('The end.');
  await item.getByRole('button', { name: 'Show more' }).click();
  await expect.poll(() => item.locator('.profile-reviews__text').textContent()).toContain('The end.');
  await item.getByRole('button', { name: 'Show less' }).click();
  await expect.poll(() => item.locator('.profile-reviews__text').textContent()).not.toContain('The end.');
  await context.close();
});

it('sends /user to the own profile or to /users, and guards /profile and /settings', async () => {
  const { context, page } = await open();
  await page.goto(`${world.gateway.url}/user`);
  await expect.poll(() => new URL(page.url()).pathname, { timeout: 10_000 }).toBe('/users');
  for (const path of ['/profile', '/settings']) {
    await page.goto(`${world.gateway.url}${path}`);
    await expect.poll(() => page.locator('main h1').textContent(), { timeout: 10_000 }).toBe('Authentication Required');
    expect(new URL(page.url()).pathname).toBe(path);
    // The login modal opens over it.
    await expect.poll(() => page.getByRole('dialog').getByLabel('Email').count(), { timeout: 10_000 }).toBe(1);
    await page.keyboard.press('Escape');
  }
  const me = await signIn(page, 'story_first');
  await page.goto(`${world.gateway.url}/user`);
  await expect.poll(() => new URL(page.url()).pathname, { timeout: 10_000 }).toBe(`/user/${me}`);
  await expect.poll(() => page.locator('h1').textContent(), { timeout: 15_000 }).toBe('story_first');
  for (const path of ['/profile', '/settings']) {
    await page.goto(`${world.gateway.url}${path}`);
    await expect.poll(() => new URL(page.url()).pathname, { timeout: 10_000 }).toBe('/users');
  }
  await context.close();
});

it("clears 'The server couldn't be reached' by itself once the server answers again, for a visitor too", async () => {
  // A visitor's device has no sync engine, whose reaching the server would ask again: the screen
  // asks again by itself, after a wait. The worker is blocked so that routing sees every request.
  const { context, page, errors } = await open(390, { serviceWorkers: 'block' });
  let refusing = false;
  await context.route('**/rest/v1/rpc/**', (route) => (refusing ? route.abort('connectionrefused') : route.continue()));
  await page.goto(`${world.gateway.url}/user/${COMBO}`);
  await expect.poll(() => stat(page, 'reviews'), { timeout: 15_000 }).toBe('4');
  refusing = true;
  await page.reload();
  await expect
    .poll(() => page.locator('.profile-note').textContent(), { timeout: 15_000 })
    .toBe("The server couldn't be reached: this profile is shown as last saved on this device.");
  expect(await page.locator('h1').textContent()).toBe('combo_breaker');
  refusing = false;
  await expect.poll(() => page.locator('.profile-note').count(), { timeout: 15_000 }).toBe(0);
  expect(errors).toEqual([]);
  await context.close();
});

it("says 'Invalid user ID' for a non-numeric id and 'User not found' for a missing one, then goes to /users", async () => {
  const { context, page } = await open(390);
  await page.goto(`${world.gateway.url}/user/abc`);
  await expect.poll(() => page.locator('h1').textContent(), { timeout: 10_000 }).toBe('Invalid user ID');
  await expect.poll(() => new URL(page.url()).pathname, { timeout: 8000 }).toBe('/users');
  await page.goto(`${world.gateway.url}/user/99999`);
  await expect.poll(() => page.locator('h1').textContent(), { timeout: 15_000 }).toBe('User not found');
  await expect.poll(() => new URL(page.url()).pathname, { timeout: 8000 }).toBe('/users');
  await context.close();
});

it('keeps showing a profile the device holds when the connection drops, and says so', async () => {
  const { context, page, errors } = await open(390);
  await page.goto(`${world.gateway.url}/user/${COMBO}`);
  await expect.poll(() => stat(page, 'reviews'), { timeout: 15_000 }).toBe('4');
  expect(await page.locator('.profile-note').count()).toBe(0);
  await setOffline(context, true);
  await expect
    .poll(() => page.locator('.profile-note').textContent())
    .toBe("You're offline: this profile is shown as last saved on this device.");
  expect(await page.locator('h1').textContent()).toBe('combo_breaker');
  await page.locator('[data-stat="followers"] button').click();
  await expect.poll(() => dialog(page).locator('.follow-list__name').count()).toBe(2);
  await setOffline(context, false);
  await expect.poll(() => page.locator('.profile-note').count(), { timeout: 10_000 }).toBe(0);
  expect(errors).toEqual([]);
  await context.close();
});
