// Browse Games (/search, spec 001 §2) in a real browser against the gateway's seeded catalogue of
// 385 games and its demo members' ratings: typing, Enter, filters, paging, the second parameter
// set, and answering from the device when offline.
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { startGateway, type Gateway } from '../../supabase/local/gateway.ts';
import { BROWSE_DEBOUNCE_MS } from '../../src/core/search/constants.ts';
import { launchChromium } from './browser.ts';

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

  await searchBox(page).pressSequentially('zelda', { delay: 50 });
  const typed = Date.now();
  await page.waitForTimeout(BROWSE_DEBOUNCE_MS - 600);
  expect(search(page)).toBe('');
  await expect.poll(() => search(page), { timeout: 5000 }).toBe('?q=zelda');
  expect(Date.now() - typed).toBeGreaterThanOrEqual(BROWSE_DEBOUNCE_MS - 100);
  await expect.poll(() => total(page), { timeout: 15_000 }).toBeLessThan(CATALOGUE_SIZE);
  const found = await names(page);
  expect(found.length).toBeGreaterThanOrEqual(10);
  expect(found.every((n) => /zelda/i.test(n))).toBe(true);
  // Each result goes to /game/{igdb_id}: Breath of the Wild is 7346 in the catalogue.
  await expect.poll(() => page.getByRole('link', { name: /Breath of the Wild/ }).getAttribute('href')).toBe('/game/7346');
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

  await expect.poll(() => select(page, 'Platform').locator('option', { hasText: /^Nintendo Switch$/ }).count()).toBe(1);
  const switchId = await select(page, 'Platform').locator('option', { hasText: /^Nintendo Switch$/ }).getAttribute('value');
  await select(page, 'Platform').selectOption({ label: 'Nintendo Switch' });
  await expect.poll(() => search(page)).toBe(`?platform=${switchId}&year=2017`);
  await expect.poll(() => total(page), { timeout: 15_000 }).toBeLessThan(inYear);
  expect(await names(page)).toContain('The Legend of Zelda: Breath of the Wild');
  expect((await page.locator('.browse-game__meta').allTextContents()).every((m) => m.includes('Nintendo Switch'))).toBe(true);

  // The view toggle is on desktop, and says which view is on.
  await page.getByRole('button', { name: 'List' }).click();
  await expect.poll(() => page.getByRole('button', { name: 'List' }).getAttribute('aria-pressed')).toBe('true');
  expect(await page.getByRole('button', { name: 'Grid' }).getAttribute('aria-pressed')).toBe('false');
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
  await expect.poll(() => counter(page), { timeout: 15_000 }).toBe(`Showing 381 - ${CATALOGUE_SIZE} of ${CATALOGUE_SIZE} games`);
  expect(await pager.getByRole('link', { name: /^Page \d+$/ }).allTextContents()).toEqual(['16', '17', '18', '19', '20']);
  expect(await pager.getByText('Next').getAttribute('aria-disabled')).toBe('true');
});

it('accepts the second parameter set (genres, platforms, rating, sort=rating) and rewrites it canonically', async () => {
  const probe = await open('/search?year=x&page=banana&sort=nonsense');
  // Garbage falls back to the defaults, and the address is cleaned.
  await expect.poll(() => counter(probe), { timeout: 15_000 }).toBe(`Showing 1 - 20 of ${CATALOGUE_SIZE} games`);
  expect(search(probe)).toBe('');
  await probe.getByRole('button', { name: 'Filters' }).click();
  await expect.poll(() => select(probe, 'Platform').locator('option', { hasText: /^Nintendo Switch$/ }).count()).toBe(1);
  const switchId = await select(probe, 'Platform').locator('option', { hasText: /^Nintendo Switch$/ }).getAttribute('value');

  await probe.goto(`${gateway.url}/search?genres=Adventure&platforms=${switchId}&rating=9&sort=rating`);
  // Demo members rated six Switch adventures 9 or more; Breath of the Wild (10) leads, then The Witcher 3 (9.75).
  await expect.poll(() => counter(probe), { timeout: 15_000 }).toBe('Showing 1 - 6 of 6 games');
  expect((await names(probe)).slice(0, 2)).toEqual(['The Legend of Zelda: Breath of the Wild', 'The Witcher 3: Wild Hunt']);
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
  await expect.poll(() => page.evaluate(async () => (await navigator.serviceWorker.ready).active?.state), { timeout: 15_000 }).toBe('activated');

  await context?.setOffline(true);
  await page.reload();
  await expect.poll(() => page.locator('h1').textContent()).toBe('Browse Games');
  await expect.poll(() => page.locator('.device-note').textContent(), { timeout: 15_000 }).toContain("You're offline: these results are from this device.");
  await expect.poll(() => counter(page)).toMatch(/^Showing 1 - \d+ of \d+ games$/);
  expect(await names(page)).toContain('The Legend of Zelda: Breath of the Wild');

  // Filters narrow the device's answer too.
  await page.getByRole('button', { name: 'Filters' }).click();
  await select(page, 'Release year').selectOption('2017');
  await expect.poll(() => search(page)).toBe('?q=zelda&year=2017');
  await expect.poll(async () => (await page.locator('.browse-game__meta').allTextContents()).every((m) => m.startsWith('2017'))).toBe(true);
  expect(await names(page)).toContain('The Legend of Zelda: Breath of the Wild');
  expect(await page.locator('.device-note').count()).toBe(1);
});
