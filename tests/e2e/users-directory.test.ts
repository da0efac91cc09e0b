// 'Discover Users' (/users) in Chromium against the gateway: the demo members (the own member
// hidden once signed in), ?q= search (case-insensitive, bio), the four sorts, Top Reviewers only
// without a search, pages of 20 in the address (extra members signed up through the auth API),
// following from a card, recent searches shared with the header, and the offline directory.
import { createClient } from '@supabase/supabase-js';
import { expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { Gateway } from '../../supabase/local/gateway.ts';
import { signUpMember, type Mail, type TestGateway } from '../support/gateway.ts';
import { demoEmail, devtoolsSignIn, e2eWorld } from './harness.ts';
import { setOffline } from './browser.ts';

const DEMO = ['pixel_pilgrim', 'combo_breaker', 'cozy_quests', 'retro_ranger', 'speedrun_sage', 'story_first'];
/** Enough extra members that the directory has more than one page of 20. */
const EXTRA = 18;

/** The test-support helpers' view of a gateway started with the demo seed. */
function asTestGateway(gw: Gateway): TestGateway {
  const mailbox = async (): Promise<Mail[]> => (await (await fetch(`${gw.url}/_dev/mailbox.json`)).json()) as Mail[];
  return {
    ...gw,
    client: () =>
      createClient(gw.url, gw.anonKey, {
        auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
      }),
    mailbox,
    async lastMail(to, kind) {
      const mail = (await mailbox()).find((m) => m.to === to && (kind === undefined || m.kind === kind));
      if (!mail) throw new Error(`no mail to ${to}`);
      return mail;
    },
  };
}

// The gateway's own rate limits, not the harness's relaxed ones.
const world = e2eWorld({
  gateway: { rateLimits: {} },
  async seed(gateway) {
    const gw = asTestGateway(gateway);
    // In order, so their join dates (the 'recent' sort) are known.
    for (let i = 1; i <= EXTRA; i += 1) await signUpMember(gw, `dir_member_${String(i).padStart(2, '0')}`);
  },
  setupTimeout: 300_000,
});

async function open(path = '/users', width = 1280) {
  const opened = await world.open(width);
  await opened.page.goto(`${world.gateway.url}${path}`);
  await expect.poll(() => opened.page.locator('h1').first().textContent()).toBe('Discover Users');
  return opened;
}

const signIn = (page: Page, username: string): Promise<number> =>
  devtoolsSignIn(page, world.gateway.url, demoEmail(username));

/** The usernames on the cards, in order. */
const handles = (page: Page) =>
  page
    .locator('.directory-card:not(.directory-card--skeleton)')
    .evaluateAll((cards) =>
      cards.map((c) =>
        (
          c.querySelector('.directory-card__handle')?.textContent ??
          c.querySelector('.directory-card__link')?.textContent ??
          ''
        ).replace(/^@/, ''),
      ),
    );
const count = (page: Page) => page.locator('.directory-section__count').textContent();
const settled = (page: Page) =>
  expect.poll(() => page.locator('.directory-all').getAttribute('aria-busy'), { timeout: 10_000 }).toBe('false');

it('lists the demo members with counts and averages, Top Reviewers and community stats', async () => {
  const { context, page, errors } = await open('/users?sort=reviews');
  await settled(page);
  const names = await handles(page);
  expect(names.slice(0, DEMO.length).sort()).toEqual([...DEMO].sort());
  expect(await count(page)).toBe(`Showing 1 - 20 of ${DEMO.length + EXTRA} users`);
  await expect.poll(() => page.locator('.directory-top__item').count()).toBe(3);
  // Every demo member has reviews: their cards carry a one-decimal average.
  const first = page.locator('.directory-card').first();
  expect(await first.locator('.directory-card__avg dd').textContent()).toMatch(/^★ \d{1,2}\.\d avg$/);
  const stats = await page
    .locator('.directory-stats__tile')
    .evaluateAll((tiles) => tiles.map((t) => [t.querySelector('dt')?.textContent, t.querySelector('dd')?.textContent]));
  expect(stats.map(([label]) => label)).toEqual(['Total Users', 'Active Reviewers', 'Total Reviews', 'You Follow']);
  expect(stats[0]?.[1]).toBe(String(DEMO.length + EXTRA));
  // Visitors get the disabled 'Login' button instead of Follow.
  expect(await first.getByRole('button', { name: 'Login' }).isDisabled()).toBe(true);
  expect(errors).toEqual([]);
  await context.close();
});

it('hides the own member once signed in', async () => {
  const { context, page } = await open('/users?sort=reviews');
  await signIn(page, 'pixel_pilgrim');
  await page.goto(`${world.gateway.url}/users?sort=reviews`);
  await settled(page);
  await expect.poll(() => count(page)).toBe(`Showing 1 - 20 of ${DEMO.length + EXTRA - 1} users`);
  const names = await handles(page);
  expect(names).not.toContain('pixel_pilgrim');
  expect(names).toContain('combo_breaker');
  await context.close();
});

it('searches ?q= case-insensitively on username and bio, and hides Top Reviewers while searching', async () => {
  const { context, page } = await open('/users?q=CARTRIDGES');
  await settled(page);
  expect(await handles(page)).toEqual(['retro_ranger']);
  expect(await page.locator('.directory-top').count()).toBe(0);
  // Typing writes the search into the address.
  await page.getByLabel('Search users').fill('Combo_');
  await expect.poll(() => new URL(page.url()).searchParams.get('q')).toBe('Combo_');
  // Polled: the address changes a moment before the router renders the search.
  await expect.poll(() => handles(page), { timeout: 10_000 }).toEqual(['combo_breaker']);
  await settled(page);
  await page.getByLabel('Search users').fill('zzzz-nobody');
  await page.getByLabel('Search users').press('Enter');
  await expect.poll(() => page.locator('.directory-empty__title').textContent()).toBe('No users found');
  // Clearing the search brings Top Reviewers back.
  await page.getByRole('button', { name: 'Clear search' }).click();
  await expect.poll(() => page.url()).toBe(`${world.gateway.url}/users`);
  await expect.poll(() => page.locator('.directory-top__item').count()).toBe(3);
  await context.close();
});

it('sorts by followers, reviews and join date, written to the address', async () => {
  const { context, page } = await open();
  await settled(page);
  const sort = page.getByLabel('Sort by');
  expect(await sort.locator('option').allTextContents()).toEqual([
    'Most Relevant',
    'Most Followers',
    'Most Reviews',
    'Recently Joined',
  ]);
  await sort.selectOption('recent');
  await expect.poll(() => new URL(page.url()).searchParams.get('sort')).toBe('recent');
  await settled(page);
  // The members signed up in this test joined last, newest first.
  await expect.poll(async () => (await handles(page))[0]).toBe(`dir_member_${EXTRA}`);
  await sort.selectOption('reviews');
  await settled(page);
  await expect.poll(async () => (await handles(page)).slice(0, DEMO.length).sort()).toEqual([...DEMO].sort());
  // Quick Filters: New Members sorts by recent, Most Popular by followers.
  await page.getByRole('button', { name: /Most Popular/ }).click();
  await expect.poll(() => new URL(page.url()).searchParams.get('sort')).toBe('followers');
  await expect.poll(() => page.getByRole('button', { name: /Most Popular/ }).getAttribute('aria-pressed')).toBe('true');
  expect(await sort.inputValue()).toBe('followers');
  await context.close();
});

it('keeps a sort and a quick filter chosen at once, and shows both at once', async () => {
  const { context, page } = await open();
  await settled(page);
  // Both in one task: the page cannot render the first address before the second change is made.
  const sortShown = await page.evaluate(async () => {
    const sort = Array.from(document.querySelectorAll('select')).find((s) => s.textContent?.includes('Most Reviews'));
    if (!sort) throw new Error('no sort select');
    sort.value = 'reviews';
    sort.dispatchEvent(new Event('change', { bubbles: true }));
    const pro = Array.from(document.querySelectorAll('button')).find((b) => b.textContent?.includes('Pro Reviewers'));
    if (!pro) throw new Error('no Pro Reviewers button');
    pro.click();
    // React renders a click's urgent update in the microtask after it; the address's render, a
    // transition, comes tasks later.
    await Promise.resolve();
    return { sort: sort.value, pro: pro.getAttribute('aria-pressed') };
  });
  // The select does not go back to its old value while the address renders, and the quick filter
  // shows pressed as it is clicked.
  expect(sortShown).toEqual({ sort: 'reviews', pro: 'true' });
  await expect
    .poll(() => Object.fromEntries(new URL(page.url()).searchParams))
    .toEqual({ q: 'reviewer', sort: 'reviews' });
  // The address changes before the page renders it (a transition): wait for the page.
  await expect
    .poll(() => page.getByRole('button', { name: /Pro Reviewers/ }).getAttribute('aria-pressed'), { timeout: 15_000 })
    .toBe('true');
  expect(await page.getByLabel('Sort by').inputValue()).toBe('reviews');
  await context.close();
});

it('pages 20 at a time with the page number in the address', async () => {
  const { context, page } = await open('/users?sort=recent');
  await settled(page);
  const firstPage = await handles(page);
  expect(firstPage).toHaveLength(20);
  await page.getByRole('navigation', { name: 'Pagination' }).getByRole('link', { name: 'Page 2' }).click();
  await expect.poll(() => new URL(page.url()).searchParams.get('page')).toBe('2');
  // The address changes a moment before the router renders it: until then the first page still
  // shows, not busy. The count names the page the list shows.
  await expect
    .poll(() => count(page), { timeout: 10_000 })
    .toBe(`Showing 21 - ${DEMO.length + EXTRA} of ${DEMO.length + EXTRA} users`);
  await settled(page);
  const secondPage = await handles(page);
  expect(secondPage).toHaveLength(DEMO.length + EXTRA - 20);
  expect(secondPage.filter((u) => firstPage.includes(u))).toEqual([]);
  expect(await count(page)).toBe(`Showing 21 - ${DEMO.length + EXTRA} of ${DEMO.length + EXTRA} users`);
  expect(await page.getByRole('link', { name: 'Page 2' }).getAttribute('aria-current')).toBe('page');
  // Back returns to page 1; an address past the end becomes the last page.
  await page.goBack();
  await expect.poll(() => new URL(page.url()).searchParams.get('page')).toBeNull();
  await page.goto(`${world.gateway.url}/users?sort=recent&page=9`);
  await expect.poll(() => new URL(page.url()).searchParams.get('page'), { timeout: 10_000 }).toBe('2');
  await context.close();
});

it('follows from a card (counted, synced once) and keeps it through a reload, then unfollows', async () => {
  const { context, page, errors } = await open();
  const me = await signIn(page, 'cozy_quests');
  await page.goto(`${world.gateway.url}/users?q=jonas`);
  await settled(page);
  const card = page.locator('.directory-card').filter({ hasText: 'story_first' });
  const followers = async () =>
    Number((await card.locator('.directory-card__stats dd').first().textContent())?.match(/\d+/)?.[0]);
  const before = await followers();
  const youFollow = () =>
    page.locator('.directory-stats__tile').filter({ hasText: 'You Follow' }).locator('dd').textContent();
  const followsBefore = Number(await youFollow());
  await card.getByRole('button', { name: 'Follow story_first' }).click();
  await expect
    .poll(() => card.getByRole('button', { name: 'Following story_first' }).getAttribute('aria-pressed'))
    .toBe('true');
  expect(await followers()).toBe(before + 1);
  await expect.poll(youFollow).toBe(String(followsBefore + 1));
  // Synced to the server exactly once.
  await expect.poll(() => page.evaluate(() => window.checkpoint!.pending()), { timeout: 10_000 }).toBe(0);
  const rows = await page.evaluate(() => window.checkpoint!.mirrors('follows'));
  expect(rows.filter((r) => r.follower_id === me)).toHaveLength(followsBefore + 1);
  await page.reload();
  await settled(page);
  await expect.poll(() => card.getByRole('button', { name: 'Following story_first' }).isVisible()).toBe(true);
  expect(await followers()).toBe(before + 1);
  // Unfollow.
  await card.getByRole('button', { name: 'Following story_first' }).click();
  await expect.poll(() => card.getByRole('button', { name: 'Follow story_first' }).isVisible()).toBe(true);
  expect(await followers()).toBe(before);
  expect(errors).toEqual([]);
  await context.close();
});

it('keeps recent searches shared with the header Users tab, and runs one when picked', async () => {
  const { context, page } = await open();
  await page.getByLabel('Search users').fill('retro');
  await page.getByLabel('Search users').press('Enter');
  await settled(page);
  await page.getByLabel('Search users').fill('sage');
  await page.getByLabel('Search users').press('Enter');
  await settled(page);
  const recent = page.locator('.directory-recent__list button');
  await expect.poll(() => recent.allTextContents()).toEqual(['↺ sage', '↺ retro']);
  await recent.filter({ hasText: 'retro' }).click();
  await expect.poll(() => new URL(page.url()).searchParams.get('q')).toBe('retro');
  await settled(page);
  // "Settled" can be read before the search the click started marks the list busy: under load the
  // list may still show the last search's members for a moment (a CI run read 'speedrun_sage').
  await expect.poll(() => handles(page)).toEqual(['retro_ranger']);
  // The header's Users tab lists the same searches.
  const box = page.getByRole('combobox', { name: 'Search games' });
  await box.click();
  await page.getByRole('tab', { name: 'Users' }).click();
  await expect
    .poll(() => page.getByRole('option').allTextContents())
    .toEqual(expect.arrayContaining([expect.stringContaining('retro'), expect.stringContaining('sage')]));
  await page.keyboard.press('Escape');
  await page.getByRole('button', { name: 'Clear' }).first().click();
  await expect.poll(() => page.locator('.directory-recent__list').count()).toBe(0);
  await context.close();
});

it('offline, shows the directory saved on this device and says so; a search falls back to device members', async () => {
  const { context, page } = await open();
  await settled(page);
  const online = await handles(page);
  // The device learns one member as a profile visit would (read-through into its users table).
  const retroId = Number(
    (await page.locator('.directory-card', { hasText: '@retro_ranger' }).locator('a').getAttribute('href'))
      ?.split('/')
      .pop(),
  );
  await page.evaluate(() => localStorage.setItem('checkpoint.devtools', '1'));
  await page.reload();
  await expect.poll(() => page.evaluate(() => typeof window.checkpoint)).toBe('object');
  await page.evaluate((id) => window.checkpoint!.readThrough({ user_ids: [id] }), retroId);
  await settled(page);
  await expect
    .poll(() => page.evaluate(async () => (await navigator.serviceWorker.ready).active?.state), { timeout: 15_000 })
    .toBe('activated');
  await setOffline(context, true);
  await page.reload();
  await expect.poll(() => page.locator('h1').first().textContent(), { timeout: 10_000 }).toBe('Discover Users');
  await settled(page);
  await expect
    .poll(() => page.locator('.directory-banner--device').textContent())
    .toContain("You're offline: these results are from this device");
  expect(await handles(page)).toEqual(online);
  // Another sort offline: the last directory loaded here, said so.
  await page.getByLabel('Sort by').selectOption('recent');
  await settled(page);
  await expect
    .poll(() => page.locator('.directory-banner--device').textContent())
    .toContain('the directory as last loaded');
  // A search offline answers from the members this device has seen (read through the profile's data).
  await page.getByLabel('Search users').fill('cartridges');
  await page.getByLabel('Search users').press('Enter');
  await settled(page);
  await expect
    .poll(() => page.locator('.directory-banner--device').textContent())
    .toContain('from this device (members it has seen)');
  await expect.poll(() => handles(page)).toEqual(['retro_ranger']);
  expect(await count(page)).toBe('1 user on this device');
  await setOffline(context, false);
  await expect.poll(() => page.locator('.directory-banner--device').count(), { timeout: 10_000 }).toBe(0);
  await expect.poll(() => handles(page)).toEqual(['retro_ranger']);
  await context.close();
});
