// The shared modal (src/ui/modal) in Chromium on three different screens: Tab and Shift+Tab
// cycle inside the dialog, Escape closes only the topmost of stacked dialogs, the page behind does
// not scroll while one is open and gets its inline styles back after, focus returns to the opener,
// the backdrop closes, and axe finds nothing serious in any of them.
import { expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { expectAccessible, PICKER_EXCUSED } from './axe.ts';
import { e2eWorld, type Opened } from './harness.ts';

const world = e2eWorld();

async function open(path: string, width = 1280): Promise<Opened> {
  const opened = await world.open(width, { viewport: { width, height: 700 } });
  await opened.page.goto(`${world.gateway.url}${path}`);
  return opened;
}

/** What has focus: a short name, and whether it sits inside `dialog`. */
async function focused(dialog: Locator): Promise<{ name: string; inside: boolean }> {
  const inside = await dialog.evaluate((el) => el.contains(document.activeElement) && el !== document.activeElement);
  const name = await dialog.page().evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    const label = el instanceof HTMLInputElement ? el.labels?.[0]?.textContent : null;
    return `${el?.tagName.toLowerCase()}:${el?.getAttribute('aria-label') ?? label ?? el?.textContent?.trim().slice(0, 30) ?? ''}`;
  });
  return { name, inside };
}

/** Presses Tab (or Shift+Tab) `count` times and returns where focus went each time. */
async function tabs(dialog: Locator, count: number, shift = false): Promise<Array<{ name: string; inside: boolean }>> {
  const seen = [];
  for (let i = 0; i < count; i += 1) {
    await dialog.page().keyboard.press(shift ? 'Shift+Tab' : 'Tab');
    seen.push(await focused(dialog));
  }
  return seen;
}

/** Every stop is inside the dialog and the walk comes back round to where it started. */
function expectCycle(walk: Array<{ name: string; inside: boolean }>, stops: number) {
  expect(
    walk.every((s) => s.inside),
    JSON.stringify(walk),
  ).toBe(true);
  expect(walk[stops]?.name).toBe(walk[0]?.name);
  expect(new Set(walk.slice(0, stops).map((s) => s.name)).size).toBe(stops);
}

const bodyStyle = (page: Page) =>
  page.evaluate(() => ({ overflow: document.body.style.overflow, scrollY: window.scrollY }));

it('auth modal with the terms over it: Tab cycles, Escape closes the top one only, scroll lock and focus come back', async () => {
  const { context, page, errors } = await open('/');
  await page.evaluate(() => {
    document.body.style.overflow = 'auto';
  });
  const opener = page.locator('header .account button').first();
  await expect.poll(() => opener.textContent(), { timeout: 10_000 }).toBe('Sign In');
  await page.evaluate(() => window.scrollTo(0, 120));
  expect(await bodyStyle(page)).toEqual({ overflow: 'auto', scrollY: 120 });
  await opener.focus();
  await page.keyboard.press('Enter');
  const auth = page.getByRole('dialog', { name: 'Sign in to your account' });
  await auth.waitFor();
  expect(await auth.getAttribute('aria-modal')).toBe('true');
  expect(await bodyStyle(page)).toEqual({ overflow: 'hidden', scrollY: 120 });
  await expectAccessible(auth);

  // Close, Email, Password, Show, Remember me, Forgot password?, Sign In, GitHub, Google, Discord, Sign up.
  const stops = await tabs(auth, 30);
  const period = stops.findIndex((s, i) => i > 0 && s.name === stops[0]?.name);
  expect(period).toBeGreaterThan(5);
  expectCycle(stops, period);
  // Shift+Tab walks the same stops backwards.
  const back = await tabs(auth, period);
  expect(back.every((s) => s.inside)).toBe(true);
  expect(new Set(back.map((s) => s.name))).toEqual(new Set(stops.slice(0, period).map((s) => s.name)));

  // Sign up, then the terms over it.
  await auth.getByRole('button', { name: 'Sign up' }).click();
  const signup = page.getByRole('dialog', { name: 'Create your account' });
  await signup.getByRole('button', { name: 'Terms of Service and Privacy Policy' }).click();
  const terms = page.getByRole('dialog', { name: 'Terms of Service and Privacy Policy' });
  await terms.waitFor();
  await expectAccessible(terms);
  expect((await tabs(terms, 12)).every((s) => s.inside)).toBe(true);
  expect((await tabs(terms, 12, true)).every((s) => s.inside)).toBe(true);
  await page.keyboard.press('Escape');
  await expect.poll(() => terms.count()).toBe(0);
  expect(await signup.isVisible()).toBe(true);
  expect(await bodyStyle(page)).toEqual({ overflow: 'hidden', scrollY: 120 });
  // Focus went back to the terms button, inside the sign-up form.
  expect((await focused(signup)).name).toContain('Terms of Service');

  await page.keyboard.press('Escape');
  await expect.poll(() => signup.count()).toBe(0);
  expect(await bodyStyle(page)).toEqual({ overflow: 'auto', scrollY: 120 });
  expect(await opener.evaluate((el) => el === document.activeElement)).toBe(true);
  expect(errors).toEqual([]);
  await context.close();
});

it('profile games modal: first focus, Tab cycle, Escape and the backdrop close it and focus returns to the stat', async () => {
  const { context, page, errors } = await open('/user/2', 390);
  // The app's stat, not a first paint's (first-paint.test.ts covers a tap made on that).
  const stat = page.locator('main:not([data-first-paint]) [data-stat="games"] button');
  await stat.waitFor({ timeout: 10_000 });
  await stat.focus();
  await page.keyboard.press('Enter');
  const games = page.getByRole('dialog', { name: "combo_breaker's Games" });
  await games.waitFor();
  // The two games are the modal's own live query: they may render after the modal.
  await expect.poll(() => games.locator('.profile-game-list li').count()).toBe(2);
  await expectAccessible(games);
  expect(await bodyStyle(page)).toMatchObject({ overflow: 'hidden' });
  // The panel has the focus first; Tab enters it: Close, All Games, Started, Finished, the filter
  // box, the two games (a short list: not windowed), then round.
  expect(await games.evaluate((el) => el === document.activeElement)).toBe(true);
  const forward = await tabs(games, 8);
  expectCycle(forward, 7);
  // The tab buttons end in their counts (demo data): compared without them.
  expect(forward.slice(0, 5).map((s) => s.name.replace(/\d+$/, ''))).toEqual([
    'button:Close',
    'button:All Games',
    'button:Started',
    'button:Finished',
    "input:Filter combo_breaker's games",
  ]);
  expectCycle(await tabs(games, 8, true), 7);
  await page.keyboard.press('Escape');
  await expect.poll(() => games.count()).toBe(0);
  expect(await stat.evaluate((el) => el === document.activeElement)).toBe(true);
  expect(await bodyStyle(page)).toMatchObject({ overflow: '' });

  // The backdrop (above the sheet, at the top of the screen) closes it too.
  await stat.click();
  await games.waitFor();
  await page.mouse.click(195, 10);
  await expect.poll(() => games.count()).toBe(0);
  expect(await stat.evaluate((el) => el === document.activeElement)).toBe(true);
  expect(errors).toEqual([]);
  await context.close();
});

it('game picker and the bottom sheet: focus starts in the right place, stays in, and comes back', async () => {
  const { context, page, errors } = await open('/enhanced-search-test');
  await page.getByRole('heading', { name: 'Search playground' }).waitFor({ timeout: 10_000 });
  const review = page.getByRole('button', { name: 'Review', exact: true });
  await review.click();
  const picker = page.getByRole('dialog', { name: 'Choose a game to review' });
  await picker.waitFor();
  expect(await focused(picker)).toEqual({ name: 'input:Search games', inside: true });
  // The search box and Close; the results list is a scroll box Chromium would stop on: never reached.
  expectCycle(await tabs(picker, 3), 2);
  await picker.getByRole('combobox').fill('witcher');
  await expect.poll(() => picker.getByRole('option').count(), { timeout: 10_000 }).toBeGreaterThan(0);
  await expectAccessible(picker, PICKER_EXCUSED);
  expectCycle(await tabs(picker, 3, true), 2);
  await page.keyboard.press('Escape');
  await expect.poll(() => picker.count()).toBe(0);
  expect(await review.evaluate((el) => el === document.activeElement)).toBe(true);
  expect(errors).toEqual([]);
  await context.close();

  const phone = await open('/game/the-witcher-3-wild-hunt', 390);
  const icon = phone.page.locator('.action-bar__icons button').nth(2);
  await icon.waitFor({ timeout: 10_000 });
  await icon.focus();
  await phone.page.keyboard.press('Enter');
  const sheet = phone.page.getByRole('dialog', { name: 'Game actions' });
  await sheet.waitFor();
  await expectAccessible(sheet);
  expect((await focused(sheet)).name).toBe('button:Write Review');
  expect(await bodyStyle(phone.page)).toMatchObject({ overflow: 'hidden' });
  expectCycle(await tabs(sheet, 7), 6);
  await phone.page.keyboard.press('Escape');
  await expect.poll(() => sheet.count()).toBe(0);
  expect(await icon.evaluate((el) => el === document.activeElement)).toBe(true);
  expect(await bodyStyle(phone.page)).toMatchObject({ overflow: '' });
  expect(phone.errors).toEqual([]);
  await phone.context.close();
});

it('a native <dialog> modal (the full review) gives focus back to its "more" control on Escape', async () => {
  const { context, page, errors } = await open('/');
  await page.evaluate(() => localStorage.setItem('checkpoint.devtools', '1'));
  await page.reload();
  await page.waitForFunction(() => window.checkpoint !== undefined, undefined, { timeout: 15_000 });
  const { memberId } = await page.evaluate(() =>
    window.checkpoint!.signIn('retro_ranger@demo.checkpoint.local', 'Checkpoint-demo1'),
  );
  const long = 'Celeste rewards patience and precision in equal measure, and its story lands with real warmth. '
    .repeat(8)
    .trim();
  await page.evaluate(
    (text) =>
      window.checkpoint!.mutate('review.create', {
        igdb_id: 26226,
        game: { name: 'Celeste' },
        rating: 9,
        review: text,
        is_recommended: true,
        platform: 'Switch',
      }),
    long,
  );
  await page.goto(`${world.gateway.url}/review/${memberId}/26226`);
  const more = page.getByRole('button', { name: /^more/ });
  await more.waitFor({ timeout: 15_000 });
  await more.focus();
  await page.keyboard.press('Enter');
  const full = page.getByRole('dialog', { name: /review$/ });
  await full.waitFor();
  expect(await focused(full)).toEqual({ name: 'button:Close full review', inside: true });
  expect(await bodyStyle(page)).toMatchObject({ overflow: 'hidden' });
  await page.keyboard.press('Escape');
  await expect.poll(() => full.count()).toBe(0);
  expect(await more.evaluate((el) => el === document.activeElement)).toBe(true);
  expect(await bodyStyle(page)).toMatchObject({ overflow: '' });
  expect(errors).toEqual([]);
  await context.close();
});
