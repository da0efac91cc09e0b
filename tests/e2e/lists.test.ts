// Top 5, Top 10 and the activity feed on the profile (/user/{id}) in Chromium against the gateway's
// demo members: the owner removes a game with the confirmation, adds it back from the picker,
// reorders by keyboard (Space, arrows, Space; at 1280 and 390 px, announced) and the order survives a reload and reaches the
// server; another member's empty Top 5; the Top 10's order and 'Rate More Games'; the activity
// list and 'Load More Activity' disabled (coming soon). Screenshots at 390 and 1280 px.
import { expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { SEED_ROWS } from '../../supabase/functions/igdb-search/seed-catalogue.ts';
import { demoEmail, devtoolsSignIn, e2eWorld, screenshots, synced } from './harness.ts';

const world = e2eWorld();
import { expectAccessible, PICKER_EXCUSED } from './axe.ts';
import { setOffline } from './browser.ts';

const pageShot = screenshots(process.env.LISTS_SHOTS_DIR, 'lists');

// Demo members in seeding order (supabase/local/demo.ts): ids 1 to 6.
const PIXEL = 1;
const SPEEDRUN = 5;
const STORY = 6;
// pixel_pilgrim's Top 5 as seeded: their rated games, best first.
const PIXEL_TOP = [
  'The Legend of Zelda: Breath of the Wild',
  'The Witcher 3: Wild Hunt',
  'Elden Ring',
  'Stardew Valley',
];

const open = (width = 1280) => world.open(width);

const signIn = (page: Page, username: string) => devtoolsSignIn(page, world.gateway.url, demoEmail(username));

/**
 * Writes through the devtools as `username`. The app's own start-up (no session yet when the page
 * loaded) can forget the member the devtools sign-in recorded on the device; a refused write
 * changes nothing, so it signs in again and retries.
 */
async function mutate(page: Page, username: string, steps: Array<[string, Record<string, unknown>]>): Promise<void> {
  await expect
    .poll(
      () =>
        page
          .evaluate(
            async ([email, list]) => {
              await window.checkpoint!.signIn(email as string, 'Checkpoint-demo1');
              for (const [name, args] of list as Array<[string, Record<string, unknown>]>)
                await window.checkpoint!.mutate(name as 'top5.replace', args as { games: [] });
              return 'written';
            },
            [`${username}@demo.checkpoint.local`, steps] as const,
          )
          .catch((e: unknown) => String(e)),
      { timeout: 15_000 },
    )
    .toBe('written');
}

/** Focuses a game's handle in the Top 5 editor and picks it up with Space. */
async function pickUp(page: Page, name: string): Promise<void> {
  const section = page.locator('section.top5');
  const handle = section.getByRole('button', {
    name: new RegExp(`^Reorder ${name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`),
  });
  // The handles are disabled while the previous move saves.
  await expect.poll(() => handle.isEnabled(), { timeout: 15_000 }).toBe(true);
  await handle.focus();
  await page.keyboard.press('Space');
  await expect.poll(() => section.locator('.top5-slot--dragging').count()).toBe(1);
  // dnd-kit starts listening for arrows a task after the pick-up.
  await page.evaluate(() => new Promise((resolve) => setTimeout(resolve, 50)));
}

async function arrow(page: Page, key: 'ArrowLeft' | 'ArrowRight' | 'ArrowUp' | 'ArrowDown'): Promise<void> {
  await page.keyboard.press(key);
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
}

/** What dnd-kit's live region (role status, aria-live assertive) last said. */
const liveRegion = (page: Page) => page.locator('[id^="DndLiveRegion-"]').textContent();

const topNames = (page: Page) =>
  page
    .locator('.top5__slots .top5-slot--filled .top5-slot__name')
    .evaluateAll((links) => links.map((a) => a.textContent?.replace(/^Number \d+: /, '') ?? ''));

const shot = (page: Page, name: string) => pageShot(page, name, { fullPage: true });

it('lets the owner remove (confirmed), add from the picker and reorder by keyboard; the order persists and reaches the server', async () => {
  const { page, errors } = await open();
  expect(await signIn(page, 'pixel_pilgrim')).toBe(PIXEL);
  await page.goto(`${world.gateway.url}/user/${PIXEL}`);
  await expect.poll(() => topNames(page), { timeout: 15_000 }).toEqual(PIXEL_TOP);
  const section = page.locator('section.top5');
  expect(await section.locator('.top5-slot--empty').count()).toBe(1);
  await shot(page, 'top5-own-1280');

  // Every rated game is already in: the spec's text instead of an empty picker.
  await section.getByRole('button', { name: 'Add game' }).click();
  await expect
    .poll(() => section.locator('.top5__notice').textContent())
    .toBe('All your reviewed games are already in your Top 5');

  // Remove The Witcher 3, confirming in the modal (Cancel first changes nothing).
  await section.getByRole('button', { name: 'Edit' }).click();
  await section.getByRole('button', { name: 'Remove The Witcher 3: Wild Hunt from Top 5' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Remove from Top 5?' });
  await confirm.waitFor();
  await expectAccessible(confirm);
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  expect(await confirm.count()).toBe(0);
  expect(await topNames(page)).toEqual(PIXEL_TOP);
  await section.getByRole('button', { name: 'Remove The Witcher 3: Wild Hunt from Top 5' }).click();
  await shot(page, 'top5-confirm-1280');
  await confirm.getByRole('button', { name: 'Remove' }).click();
  await expect
    .poll(() => topNames(page))
    .toEqual(['The Legend of Zelda: Breath of the Wild', 'Elden Ring', 'Stardew Valley']);

  // Add it back from the picker: it lists only rated games not in the Top 5.
  await section.getByRole('button', { name: 'Done' }).click();
  await section.getByRole('button', { name: 'Add game' }).click();
  const picker = page.getByRole('dialog', { name: 'Add to your Top 5' });
  await picker.waitFor();
  await expect.poll(() => picker.locator('.picker-row__name').allTextContents()).toEqual(['The Witcher 3: Wild Hunt']);
  await expectAccessible(picker, PICKER_EXCUSED);
  await picker.locator('.picker-row__name', { hasText: 'The Witcher 3: Wild Hunt' }).click();
  await expect.poll(async () => ((await picker.count()) === 0 ? 'closed' : await picker.textContent())).toBe('closed');
  await expect
    .poll(() => topNames(page))
    .toEqual(['The Legend of Zelda: Breath of the Wild', 'Elden Ring', 'Stardew Valley', 'The Witcher 3: Wild Hunt']);

  // Keyboard: Space picks a game up, each arrow moves it one position (Left/Up back, Right/Down on,
  // in the one-row grid at 1280 px too), Space drops it; a screen reader hears every move.
  await section.getByRole('button', { name: 'Edit' }).click();
  await pickUp(page, 'The Witcher 3: Wild Hunt');
  await expect.poll(() => liveRegion(page)).toBe('Picked up The Witcher 3: Wild Hunt, position 4 of 4.');
  await arrow(page, 'ArrowLeft');
  await arrow(page, 'ArrowLeft');
  await expect.poll(() => liveRegion(page)).toBe('The Witcher 3: Wild Hunt moved to position 2 of 4.');
  await arrow(page, 'ArrowDown');
  await expect.poll(() => liveRegion(page)).toBe('The Witcher 3: Wild Hunt moved to position 3 of 4.');
  await page.keyboard.press('Space');
  const reordered = [
    'The Legend of Zelda: Breath of the Wild',
    'Elden Ring',
    'The Witcher 3: Wild Hunt',
    'Stardew Valley',
  ];
  await expect.poll(() => topNames(page)).toEqual(reordered);
  await expect.poll(() => liveRegion(page)).toBe('The Witcher 3: Wild Hunt dropped at position 3 of 4.');
  // Right moves on, Up moves back.
  await pickUp(page, 'The Legend of Zelda: Breath of the Wild');
  await arrow(page, 'ArrowRight');
  await page.keyboard.press('Space');
  await expect
    .poll(() => topNames(page))
    .toEqual(['Elden Ring', 'The Legend of Zelda: Breath of the Wild', 'The Witcher 3: Wild Hunt', 'Stardew Valley']);
  await pickUp(page, 'The Legend of Zelda: Breath of the Wild');
  await arrow(page, 'ArrowUp');
  await page.keyboard.press('Space');
  await expect.poll(() => topNames(page)).toEqual(reordered);
  await section.getByRole('button', { name: 'Done' }).click();
  await synced(page);

  await page.reload();
  await expect.poll(() => topNames(page), { timeout: 15_000 }).toEqual(reordered);

  // A visitor's browser reads it from the server.
  const visitor = await open();
  await visitor.page.goto(`${world.gateway.url}/user/${PIXEL}`);
  await expect.poll(() => topNames(visitor.page), { timeout: 15_000 }).toEqual(reordered);
  expect(await visitor.page.locator('section.top5').getByRole('button', { name: 'Edit' }).count()).toBe(0);
  expect(errors).toEqual([]);
});

it('tells a visitor when another member has no Top 5 yet', async () => {
  const owner = await open();
  expect(await signIn(owner.page, 'story_first')).toBe(STORY);
  await mutate(owner.page, 'story_first', [['top5.replace', { games: [] }]]);
  await synced(owner.page);

  const { page } = await open(390);
  await page.goto(`${world.gateway.url}/user/${STORY}`);
  await expect
    .poll(() => page.locator('.top5__others-empty').textContent(), { timeout: 15_000 })
    .toBe("They haven't decided on a Top 5 yet! How sad!");
  expect(await page.locator('.top5-slot').count()).toBe(0);
  await shot(page, 'top5-empty-390');
});

it('reorders the Top 5 by keyboard in the 390 px list: Down moves a game on, Up moves it back', async () => {
  const { page, errors } = await open(390);
  expect(await signIn(page, 'pixel_pilgrim')).toBe(PIXEL);
  await page.goto(`${world.gateway.url}/user/${PIXEL}`);
  const before = [
    'The Legend of Zelda: Breath of the Wild',
    'Elden Ring',
    'The Witcher 3: Wild Hunt',
    'Stardew Valley',
  ];
  await expect.poll(() => topNames(page), { timeout: 15_000 }).toEqual(before);
  const section = page.locator('section.top5');
  await section.getByRole('button', { name: 'Edit' }).click();
  await pickUp(page, 'Elden Ring');
  await arrow(page, 'ArrowDown');
  await expect.poll(() => liveRegion(page)).toBe('Elden Ring moved to position 3 of 4.');
  await page.keyboard.press('Space');
  await expect
    .poll(() => topNames(page))
    .toEqual(['The Legend of Zelda: Breath of the Wild', 'The Witcher 3: Wild Hunt', 'Elden Ring', 'Stardew Valley']);
  await shot(page, 'top5-keyboard-390');
  await pickUp(page, 'Elden Ring');
  await arrow(page, 'ArrowUp');
  await page.keyboard.press('Space');
  await expect.poll(() => topNames(page)).toEqual(before);
  await expect.poll(() => liveRegion(page)).toBe('Elden Ring dropped at position 2 of 4.');
  await section.getByRole('button', { name: 'Done' }).click();
  await synced(page);
  expect(errors).toEqual([]);
});

it('orders the Top 10 by rating and offers Rate More Games on the own profile only', async () => {
  const { page } = await open(390);
  await signIn(page, 'pixel_pilgrim');
  await page.goto(`${world.gateway.url}/user/${PIXEL}`);
  await expect.poll(async () => (await topNames(page)).length, { timeout: 15_000 }).toBe(4);
  await page.locator('section.top5').getByRole('button', { name: 'Edit' }).click();
  await shot(page, 'top5-edit-390');
  await page.getByRole('tab', { name: 'Top 10' }).click();
  const rows = page.locator('.top10-row');
  await expect.poll(() => rows.count(), { timeout: 15_000 }).toBe(4);
  expect(await rows.locator('.top10-row__rating').allTextContents()).toEqual([
    '★ 10/10',
    '★ 9.5/10',
    '★ 9.0/10',
    '★ 8.5/10',
  ]);
  expect(
    await rows
      .locator('.top10-row__name')
      .evaluateAll((l) => l.map((a) => a.textContent?.replace(/^Number \d+: /, ''))),
  ).toEqual(PIXEL_TOP);
  const rateMore = page.getByRole('link', { name: 'Rate More Games' });
  expect(await rateMore.getAttribute('href')).toBe('/search');
  await shot(page, 'top10-own-390');

  const visitor = await open();
  await visitor.page.goto(`${world.gateway.url}/user/${PIXEL}`);
  await visitor.page.getByRole('tab', { name: 'Top 10' }).click();
  await expect.poll(() => visitor.page.locator('.top10-row').count(), { timeout: 15_000 }).toBe(4);
  expect(await visitor.page.getByRole('link', { name: 'Rate More Games' }).count()).toBe(0);
  await shot(visitor.page, 'top10-visitor-1280');
});

it('lists activity newest first with readable items; Load More Activity is disabled (coming soon)', async () => {
  // speedrun_sage adds 30 games to Want to Play, so the feed is longer than one page.
  const member = await open();
  expect(await signIn(member.page, 'speedrun_sage')).toBe(SPEEDRUN);
  const ids = SEED_ROWS.map((row) => Number(row.id))
    .filter((id) => ![26226, 14593, 113112, 7346].includes(id))
    .slice(0, 30);
  await mutate(
    member.page,
    'speedrun_sage',
    ids.map((id) => ['wishlist.set', { igdb_id: id, in: true }]),
  );
  await synced(member.page);

  const { page, errors } = await open();
  await page.goto(`${world.gateway.url}/user/${SPEEDRUN}`);
  await page.getByRole('tab', { name: 'Activity' }).click();
  const items = page.locator('.activity-item');
  await expect.poll(() => items.count(), { timeout: 15_000 }).toBeGreaterThan(0);
  const first = await items.count();
  expect(first).toBeGreaterThanOrEqual(20);
  expect(first).toBeLessThanOrEqual(25);
  // The newest are the 30 wishlist additions, read as sentences with game links and times.
  const text = await items.first().textContent();
  expect(text).toMatch(/^.?Added .+ to Want to Play/);
  expect(text).toMatch(/just now|\dm ago/);
  expect(await items.first().locator('a.activity-item__game').getAttribute('href')).toMatch(/^\/game\/\d+$/);
  await shot(page, 'activity-1280');

  // Spec 002: "'Load More Activity' is disabled (coming soon)": it stays, disabled, saying so, and
  // a click (forced past the disabled state) loads nothing and hides nothing.
  const more = page.getByRole('button', { name: 'Load More Activity' });
  expect(await more.isDisabled()).toBe(true);
  expect(await more.getAttribute('aria-describedby')).toBe('activity-more-soon');
  expect(await page.locator('#activity-more-soon').textContent()).toBe('Coming soon');
  await more.click({ force: true });
  await page.waitForTimeout(500);
  expect(await items.count()).toBe(first);
  expect(await more.count()).toBe(1);
  expect(await more.isDisabled()).toBe(true);
  expect(errors).toEqual([]);

  const phone = await open(390);
  await phone.page.goto(`${world.gateway.url}/user/${SPEEDRUN}`);
  await phone.page.getByRole('tab', { name: 'Activity' }).click();
  await expect.poll(() => phone.page.locator('.activity-item').count(), { timeout: 15_000 }).toBeGreaterThan(0);
  await shot(phone.page, 'activity-390');

  // Offline, the feed shows what this device kept and says so, also when the tab opens afresh.
  await setOffline(phone.context, true);
  await expect
    .poll(() => phone.page.locator('.activity__offline').textContent(), { timeout: 15_000 })
    .toContain("You're offline");
  await phone.page.getByRole('tab', { name: 'Top 5' }).click();
  await phone.page.getByRole('tab', { name: 'Activity' }).click();
  await expect.poll(() => phone.page.locator('.activity__offline').textContent()).toContain("You're offline");
  expect(await phone.page.locator('.activity-item').count()).toBeGreaterThan(0);
  expect(await phone.page.getByRole('button', { name: 'Load More Activity' }).isDisabled()).toBe(true);
  await shot(phone.page, 'activity-offline-390');
});
