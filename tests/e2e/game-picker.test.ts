// The game picker in a real Chromium against the built app and the local gateway (seeded
// 385-game catalogue, demo community), driven through the /enhanced-search-test playground:
// debounced catalogue search, keyboard picking, closing and focus, the started/finished rule,
// the Top 5 choices filter, failures, and offline search from the device's catalogue.
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { PICKER_DEBOUNCE_MS, PICKER_RESULT_LIMIT } from '../../src/core/search/constants.ts';
import { deviceRows } from './device-db.ts';
import { e2eWorld, type Opened } from './harness.ts';

const world = e2eWorld();
import { expectAccessible, PICKER_EXCUSED } from './axe.ts';
import { setOffline } from './browser.ts';

const TEXT = {
  noEligible: 'No eligible games found. Try a different search.',
  noMatch: 'No games found matching your search',
  blocked: 'This game has already been started or finished and cannot be added to collection or wishlist.',
  loadFailed: 'Failed to load games',
  addFailed: 'Failed to add game',
  offline: "You're offline: these results are from this device.",
};

async function openPlayground(width = 1280, height = 800): Promise<Opened> {
  const { context, page, errors } = await world.open(width, { viewport: { width, height } });
  await page.goto(`${world.gateway.url}/enhanced-search-test`);
  await page.getByRole('heading', { name: 'Search playground' }).waitFor();
  return { page, context, errors };
}

/** Opens the picker from the playground's mode button; the search box has focus. */
async function openPicker(page: Page, mode: 'Review' | 'Collection' | 'Wishlist' | 'Top 5', title: string) {
  await page.getByRole('button', { name: mode, exact: true }).click();
  const dialog = page.getByRole('dialog', { name: title });
  await dialog.waitFor();
  await expectAccessible(dialog, PICKER_EXCUSED);
  return dialog;
}

const setStarted = (page: Page, names: string) =>
  page.locator('textarea[name="started"]').evaluate((el, value) => {
    (el as HTMLTextAreaElement).value = value;
  }, names);

const focusedLabel = (page: Page) =>
  page.evaluate(
    () => document.activeElement?.getAttribute('aria-label') ?? document.activeElement?.textContent ?? null,
  );

describe('catalogue search', () => {
  it('waits for the debounce, lists at most 20 games, and picks one with the keyboard', async () => {
    const { page, errors } = await openPlayground();
    const dialog = await openPicker(page, 'Review', 'Choose a game to review');
    expect(await dialog.getAttribute('aria-modal')).toBe('true');
    expect(await focusedLabel(page)).toBe('Search games');
    expect(await page.evaluate(() => document.body.style.overflow)).toBe('hidden');

    const typedAt = Date.now();
    await page.keyboard.type('zelda');
    const options = dialog.getByRole('option');
    // Nothing is asked before the member pauses for the debounce.
    expect(await options.count()).toBe(0);
    await options.first().waitFor({ timeout: 15_000 });
    expect(Date.now() - typedAt).toBeGreaterThanOrEqual(PICKER_DEBOUNCE_MS);
    // The device's answer may be replaced by the merged one: wait for the search to settle.
    await expect.poll(() => dialog.locator('.picker__spinner').count(), { timeout: 15_000 }).toBe(0);
    const names = await dialog.locator('.picker-row__name').allTextContents();
    expect(names.length).toBeGreaterThan(1);
    expect(names.length).toBeLessThanOrEqual(PICKER_RESULT_LIMIT);
    expect(names).toContain('The Legend of Zelda: Breath of the Wild');
    expect(names.every((name) => /zelda/i.test(name))).toBe(true);

    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowUp');
    const active = dialog.locator('[role="option"][aria-selected="true"]');
    expect(await active.count()).toBe(1);
    const chosen = await active.locator('.picker-row__name').textContent();
    expect(chosen).toBe(names[1]);
    expect(await dialog.getByRole('combobox').getAttribute('aria-activedescendant')).toBe(
      await active.getAttribute('id'),
    );

    await page.keyboard.press('Enter');
    // The row is busy while the (simulated) save runs, then the picker closes.
    await expect.poll(() => active.getAttribute('aria-busy')).toBe('true');
    await expect.poll(() => page.getByRole('dialog').count()).toBe(0);
    expect(await page.getByRole('list', { name: 'Picked games' }).textContent()).toContain(chosen);
    expect(await focusedLabel(page)).toBe('Review');
    expect(await page.evaluate(() => document.body.style.overflow)).toBe('');
    expect(errors).toEqual([]);
  });

  it('says when nothing matches', async () => {
    const { page } = await openPlayground();
    const dialog = await openPicker(page, 'Review', 'Choose a game to review');
    await page.keyboard.type('qqxyzzyq');
    await expect.poll(() => dialog.getByText(TEXT.noMatch, { exact: true }).count(), { timeout: 15_000 }).toBe(1);
    expect(await dialog.getByRole('option').count()).toBe(0);
  });

  it('closes on Escape and on the backdrop, keeps Tab inside, and gives focus back to the opener', async () => {
    const { page } = await openPlayground();
    let dialog = await openPicker(page, 'Wishlist', 'Add a game to your wishlist');
    for (let i = 0; i < 4; i += 1) {
      await page.keyboard.press('Tab');
      expect(await dialog.evaluate((el) => el.contains(document.activeElement))).toBe(true);
    }
    await page.keyboard.press('Shift+Tab');
    expect(await dialog.evaluate((el) => el.contains(document.activeElement))).toBe(true);
    await page.keyboard.press('Escape');
    await expect.poll(() => page.getByRole('dialog').count()).toBe(0);
    expect(await focusedLabel(page)).toBe('Wishlist');

    dialog = await openPicker(page, 'Collection', 'Add a game to your collection');
    await page.mouse.click(8, 400); // the backdrop beside the centred dialog
    await expect.poll(() => page.getByRole('dialog').count()).toBe(0);
    expect(await focusedLabel(page)).toBe('Collection');
  });
});

describe('collection and wishlist', () => {
  it('leaves started or finished games out, and alerts when one is picked anyway', async () => {
    const { page } = await openPlayground();
    await setStarted(page, 'Hades');
    let dialog = await openPicker(page, 'Collection', 'Add a game to your collection');
    await page.keyboard.type('hades');
    // Hades is the only match, and it is started: nothing is eligible.
    await expect.poll(() => dialog.getByText(TEXT.noEligible, { exact: true }).count(), { timeout: 15_000 }).toBe(1);
    expect(await dialog.getByRole('option').count()).toBe(0);
    await page.keyboard.press('Escape');

    // Listed while it was not started; the member's status changes (another device) before the pick.
    await setStarted(page, '');
    dialog = await openPicker(page, 'Wishlist', 'Add a game to your wishlist');
    await page.keyboard.type('hades');
    const hades = dialog.getByRole('option', { name: /^Hades/ });
    await hades.waitFor({ timeout: 15_000 });
    await setStarted(page, 'Hades');
    await hades.click();
    expect(await dialog.getByRole('alert').textContent()).toBe(TEXT.blocked);
    expect(await page.getByRole('dialog').count()).toBe(1);
    expect(await page.getByRole('list', { name: 'Picked games' }).count()).toBe(0);
    // Pressing a row kept focus in the search box, so the keyboard still works.
    expect(await focusedLabel(page)).toBe('Search games');
    await page.keyboard.press('Escape');
    await expect.poll(() => page.getByRole('dialog').count()).toBe(0);
    expect(await focusedLabel(page)).toBe('Wishlist');
  });

  it('keeps the picker open with an error when adding fails', async () => {
    const { page } = await openPlayground();
    await page.getByLabel('Adding fails').check();
    const dialog = await openPicker(page, 'Collection', 'Add a game to your collection');
    await page.keyboard.type('hades');
    await dialog.getByRole('option', { name: /^Hades/ }).click({ timeout: 15_000 });
    await expect
      .poll(() =>
        dialog
          .getByRole('alert')
          .textContent()
          .catch(() => null),
      )
      .toBe(TEXT.addFailed);
    expect(await page.getByRole('dialog').count()).toBe(1);
  });
});

describe('Top 5 choices', () => {
  it('lists rated games not in the Top 5, filters them as the member types, and says when none is eligible', async () => {
    const { page } = await openPlayground();
    const dialog = await openPicker(page, 'Top 5', 'Add a game to your Top 5');
    const names = () => dialog.locator('.picker-row__name').allTextContents();
    await dialog.getByRole('option').first().waitFor({ timeout: 15_000 });
    const all = await names();
    expect(all.length).toBeGreaterThan(3);
    // The five best rated stand in for the Top 5, and are not offered.
    const note = (await page.locator('.search-lab__note').textContent()) ?? '';
    expect(note).toContain('The Legend of Zelda: Breath of the Wild');
    expect(all).not.toContain('The Legend of Zelda: Breath of the Wild');
    expect(await dialog.locator('.picker-row__rating--none').count()).toBe(0);

    // Filtered here, with no search: case and accents folded.
    await page.keyboard.type('HADÈS');
    await expect.poll(names).toEqual(['Hades']);
    await page.keyboard.press('Enter'); // nothing is active yet: Enter picks nothing
    expect(await dialog.locator('.picker-row--busy').count()).toBe(0);
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    await expect.poll(() => page.getByRole('dialog').count()).toBe(0);
    expect(await page.getByRole('list', { name: 'Picked games' }).textContent()).toContain('Hades');

    await openPicker(page, 'Top 5', 'Add a game to your Top 5');
    await page.getByRole('dialog').getByRole('option').first().waitFor({ timeout: 15_000 });
    await page.keyboard.type('not a rated game');
    await expect.poll(() => page.getByRole('dialog').getByText(TEXT.noEligible, { exact: true }).count()).toBe(1);
    expect(await page.getByRole('dialog').getByRole('option').count()).toBe(0);
  });

  it('says when the games cannot be loaded', async () => {
    const { page } = await openPlayground();
    await page.getByLabel('Loading the Top 5 choices fails').check();
    const dialog = await openPicker(page, 'Top 5', 'Add a game to your Top 5');
    await expect
      .poll(() =>
        dialog
          .getByRole('alert')
          .textContent()
          .catch(() => null),
      )
      .toBe(TEXT.loadFailed);
  });
});

/** Whether the device's catalogue (IndexedDB) holds a game of this name; false while it has none. */
async function deviceHasGame(page: Page, name: string): Promise<boolean> {
  return (await deviceRows<{ name?: unknown }>(page, 'games')).some((game) => game.name === name);
}

describe('layout and offline', () => {
  it('is a full-screen sheet on a phone, and lists games from the device offline with the device note', async () => {
    const { page, context, errors } = await openPlayground(390, 844);
    await expect
      .poll(() => page.evaluate(() => navigator.serviceWorker.controller?.state ?? null), { timeout: 15_000 })
      .toBe('activated');

    let dialog = await openPicker(page, 'Review', 'Choose a game to review');
    // Polled: the sheet slides in.
    const rounded = async () => Object.values((await dialog.boundingBox()) ?? {}).map(Math.round);
    await expect.poll(rounded).toEqual([0, 0, 390, 844]);
    // Online once, so the service keeps the games it found on the device.
    await page.keyboard.type('super mario');
    await dialog.getByRole('option').first().waitFor({ timeout: 15_000 });
    await expect.poll(() => dialog.locator('.picker__spinner').count()).toBe(0);
    // The games found are written to the device once the page is idle (at most 2 s later, more
    // under load): a reload before that would find none.
    await expect.poll(() => deviceHasGame(page, 'Super Mario Odyssey'), { timeout: 15_000 }).toBe(true);
    await page.keyboard.press('Escape');

    await setOffline(context, true);
    await page.reload();
    await page.getByRole('heading', { name: 'Search playground' }).waitFor();
    dialog = await openPicker(page, 'Review', 'Choose a game to review');
    await page.keyboard.type('super mario');
    await dialog.getByRole('option').first().waitFor({ timeout: 15_000 });
    expect(await dialog.getByText(TEXT.offline).count()).toBe(1);
    const names = await dialog.locator('.picker-row__name').allTextContents();
    expect(names).toContain('Super Mario Odyssey');
    expect(errors).toEqual([]);
  });

  it('is a centred dialog on a desktop', async () => {
    const { page } = await openPlayground(1280, 800);
    const dialog = await openPicker(page, 'Review', 'Choose a game to review');
    const box = await dialog.boundingBox();
    expect(box?.width).toBeLessThanOrEqual(640);
    expect(Math.abs((box?.x ?? 0) + (box?.width ?? 0) / 2 - 640)).toBeLessThan(2);
  });
});
