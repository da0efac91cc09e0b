// The header search box in Chromium against the gateway: device suggestions, the 800 ms pause
// before the network, keyboard use, submitting, recent searches, the Users tab, no-match, offline.
import { expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { e2eWorld, type Opened } from './harness.ts';
import { setOffline } from './browser.ts';

const world = e2eWorld();

async function open(width = 1280): Promise<Opened> {
  const { context, page, errors } = await world.open(width, { viewport: { width, height: 860 } });
  await page.goto(world.gateway.url);
  await expect.poll(() => page.locator('#main-content h1').textContent()).toBe('Track Your Games, Find the Next');
  return { context, page, errors };
}

const box = (page: Page) => page.getByRole('combobox');
const options = (page: Page) => page.getByRole('option');

it('waits 800 ms after the last keystroke before asking the network, then lists up to 8 suggestions', async () => {
  const { context, page, errors } = await open();
  const searches: number[] = [];
  page.on('request', (r) => {
    if (r.url().includes('/rpc/search_games_secure')) searches.push(Date.now());
  });
  await expect(box(page).getAttribute('placeholder')).resolves.toBe('Search games or users...');
  await box(page).click();
  await expect.poll(() => box(page).getAttribute('placeholder')).toBe('Search games...');
  await box(page).pressSequentially('zelda', { delay: 120 });
  const lastKey = Date.now();
  await expect.poll(() => searches.length, { timeout: 5000 }).toBeGreaterThan(0);
  expect((searches[0] ?? 0) - lastKey).toBeGreaterThanOrEqual(600);
  await expect.poll(() => options(page).first().textContent(), { timeout: 10_000 }).toContain('Zelda');
  const rows = await options(page).allTextContents();
  // 8 suggestions at most, plus the footer.
  expect(rows.length).toBeLessThanOrEqual(9);
  expect(rows.at(-1)).toBe('Search all games for "zelda"');
  expect(errors).toEqual([]);
  await context.close();
});

it('moves through suggestions with the arrows, opens one with Enter and closes with Escape', async () => {
  const { context, page } = await open();
  await box(page).click();
  await box(page).fill('breath of the wild');
  await expect.poll(() => options(page).first().textContent(), { timeout: 10_000 }).toContain('Breath of the Wild');
  await box(page).press('ArrowDown');
  await expect.poll(() => options(page).first().getAttribute('aria-selected')).toBe('true');
  await box(page).press('Escape');
  await expect.poll(() => box(page).getAttribute('aria-expanded')).toBe('false');
  await box(page).press('ArrowDown');
  await expect.poll(() => box(page).getAttribute('aria-expanded')).toBe('true');
  await box(page).press('Enter');
  // The game opens by its id, and its page then puts the slug in the address (either may be seen).
  await expect
    .poll(() => new URL(page.url()).pathname)
    .toMatch(/^\/game\/(\d+|the-legend-of-zelda-breath-of-the-wild)$/);
  await expect.poll(() => box(page).inputValue()).toBe('');
  await context.close();
});

it('submits to /search-results, clears the box, and keeps the search among the recent ones until cleared', async () => {
  const { context, page } = await open(390);
  await box(page).click();
  await box(page).fill('mario kart 8');
  await box(page).press('Enter');
  await expect.poll(() => page.url()).toContain('/search-results?q=mario%20kart%208');
  await expect.poll(() => box(page).inputValue()).toBe('');
  await expect
    .poll(() => page.locator('.result-row__name').first().textContent(), { timeout: 10_000 })
    .toMatch(/^Mario Kart 8/);
  await box(page).click();
  await expect.poll(() => page.getByText('Recent Game Searches').isVisible()).toBe(true);
  await expect.poll(() => options(page).allTextContents()).toEqual([expect.stringContaining('mario kart 8')]);
  await page.getByRole('button', { name: 'Clear' }).click();
  await expect.poll(() => page.getByText('Recent Game Searches').count()).toBe(0);
  await context.close();
});

it('searches members on the Users tab and sends Enter to /users?q=', async () => {
  const { context, page } = await open();
  await box(page).click();
  await page.getByRole('tab', { name: 'Users' }).click();
  await expect.poll(() => box(page).getAttribute('placeholder')).toBe('Search users...');
  await box(page).fill('PIXEL');
  await expect.poll(() => options(page).first().textContent(), { timeout: 10_000 }).toContain('pixel_pilgrim');
  await box(page).press('Enter');
  await expect.poll(() => page.url()).toContain('/users?q=PIXEL');
  // The directory (users-directory-page.tsx) lists the match as a card with its @handle.
  await expect
    .poll(() => page.locator('.directory-card__handle').allTextContents(), { timeout: 10_000 })
    .toEqual(['@pixel_pilgrim']);
  await context.close();
});

it('offers to search anyway when nothing matches', async () => {
  const { context, page } = await open();
  await box(page).click();
  await box(page).fill('qxqxzzv');
  await expect.poll(() => page.getByText('No games found').isVisible(), { timeout: 10_000 }).toBe(true);
  await page.getByRole('option', { name: 'Search "qxqxzzv" anyway' }).click();
  await expect.poll(() => page.url()).toContain('/search-results?q=qxqxzzv');
  await expect
    .poll(() => page.getByText('No games found matching your criteria').isVisible(), { timeout: 10_000 })
    .toBe(true);
  await context.close();
});

it('still answers offline, from the catalogue the device downloaded, and says so', async () => {
  const { context, page } = await open(390);
  await expect
    .poll(() => page.evaluate(async () => (await navigator.serviceWorker.ready).active?.state), { timeout: 15_000 })
    .toBe('activated');
  // The device downloads the catalogue some seconds after start, when the page is idle.
  await expect
    .poll(() => page.evaluate(() => localStorage.getItem('checkpoint.catalogue-downloaded-at')), { timeout: 40_000 })
    .not.toBeNull();
  await setOffline(context, true);
  await page.reload();
  await box(page).click();
  await box(page).fill('hades');
  await expect.poll(() => options(page).first().textContent(), { timeout: 10_000 }).toContain('Hades');
  await expect
    .poll(() => page.getByText('Offline: results from this device').isVisible(), { timeout: 5000 })
    .toBe(true);
  await box(page).press('Enter');
  await expect.poll(() => page.locator('.result-row__name').first().textContent(), { timeout: 10_000 }).toBe('Hades');
  await expect.poll(() => page.getByRole('status').first().textContent()).toContain('from this device');
  await context.close();
});
