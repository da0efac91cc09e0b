// The app shell in Chromium against the gateway: every route renders (no blank page, no page
// errors), the not-found page, the global error screen on a screen that cannot be downloaded
// offline (Copy Error Details, Try Again), the home page's Recent Reviews (3 on a phone, 4 on a
// desktop, kept on the device for offline), the FAQ accordion and the page meta tags.
import { expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { e2eWorld, type Opened } from './harness.ts';
import { setOffline } from './browser.ts';

const world = e2eWorld();

async function open(width: number, path = '/'): Promise<Opened> {
  const opened = await world.open(width);
  await opened.page.goto(`${world.gateway.url}${path}`);
  return opened;
}

const main = (page: Page) => page.locator('#main-content');
const cards = (page: Page) => page.locator('.home-recent .review-card');

it('renders every route with content in the shell, never a blank page or the error screen', async () => {
  const { context, page, errors } = await open(1280);
  const paths = [
    '/',
    '/search',
    '/search-results?q=zelda',
    '/enhanced-search-test',
    '/game/1942',
    '/users',
    '/user',
    '/user/1',
    '/profile',
    '/settings',
    '/review',
    '/review/1/1942',
    '/reset-password',
    '/debug-auth',
    '/faq',
    '/contact',
    '/terms',
    '/privacy',
    '/somewhere/else',
  ];
  for (const path of paths) {
    await page.goto(`${world.gateway.url}${path}`);
    await expect
      .poll(async () => ((await main(page).textContent()) ?? '').trim().length, { message: path })
      .toBeGreaterThan(10);
    await expect.poll(() => page.locator('main h1, main h2').count(), { message: path }).toBeGreaterThan(0);
    expect(await page.getByText('Something went wrong').count(), path).toBe(0);
    expect(await page.locator('header.topbar').isVisible(), path).toBe(true);
    expect(await page.locator('footer.footer').textContent(), path).toContain('IGDB.com');
  }
  expect(errors).toEqual([]);
  await context.close();
});

it('answers an unknown path with Page Not Found, showing the path, and its own title', async () => {
  const { context, page, errors } = await open(390, '/no/such/page?x=1');
  await expect.poll(() => page.locator('h1').textContent()).toBe('Page Not Found');
  expect(await page.locator('.not-found__path').textContent()).toBe('/no/such/page');
  await expect.poll(() => page.title()).toBe('Page Not Found | Checkpoint');
  expect(await page.locator('meta[name="robots"]').getAttribute('content')).toBe('noindex');
  await page.getByRole('link', { name: 'Go Home' }).click();
  await expect.poll(() => page.locator('#main-content h1').textContent()).toBe('Track Your Games, Find the Next');
  // The meta tags follow the screen in an effect, after the render that showed it (a transition).
  await expect.poll(() => page.locator('meta[name="robots"]').count()).toBe(0);
  expect(errors).toEqual([]);
  await context.close();
});

it('shows the error screen when a screen cannot be downloaded offline, copies the details, and tries again', async () => {
  const context = await world.browser.newContext({ viewport: { width: 1280, height: 900 }, serviceWorkers: 'block' });
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: world.gateway.url });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await page.goto(world.gateway.url);
  await expect.poll(() => page.locator('#main-content h1').textContent()).toBe('Track Your Games, Find the Next');
  // No service worker and no connection: the FAQ screen's files cannot be fetched.
  await setOffline(context, true);
  await page.getByRole('contentinfo').getByRole('link', { name: 'FAQ' }).click();
  await expect.poll(() => page.locator('h1').textContent()).toBe('Something went wrong');
  const screen = page.getByRole('alert');
  expect(await screen.textContent()).toContain(
    "We're sorry, but something unexpected happened. Please try refreshing the page.",
  );
  expect(await screen.textContent()).toContain("this page isn't available offline yet");
  expect(await page.locator('header.topbar').isVisible()).toBe(true);
  const id = (await page.locator('.error-screen__id').textContent()) ?? '';
  expect(id).toMatch(/^ERR-[0-9A-Z]+-[0-9A-Z]{4}$/);
  const message = (await page.locator('.error-screen__message').textContent()) ?? '';
  expect(message.length).toBeGreaterThan(0);

  await page.getByRole('button', { name: 'Copy Error Details' }).click();
  await expect
    .poll(() => page.getByRole('status').filter({ hasText: 'copied' }).textContent())
    .toBe('Error details copied to the clipboard.');
  const copied = await page.evaluate(() => navigator.clipboard.readText());
  expect(copied).toContain(`Error ID: ${id}`);
  expect(copied).toContain(`Message: ${message}`);
  expect(copied).toContain(`URL: ${world.gateway.url}/faq`);
  expect(copied).toMatch(/Timestamp: \d{4}-\d\d-\d\dT/);
  expect(copied).toMatch(/Browser: Mozilla\/5\.0 .*Chrome/);
  expect(copied).toContain('Stack:');

  await setOffline(context, false);
  await page.getByRole('button', { name: 'Try Again' }).click();
  await expect.poll(() => page.locator('h1').textContent(), { timeout: 10_000 }).toBe('Frequently Asked Questions');
  expect(errors).toEqual([]);
  await context.close();
});

it('shows the 3 newest reviews on a phone and 4 on a desktop as compact cards linking to the review', async () => {
  for (const [width, shown] of [
    [390, 3],
    [1280, 4],
  ] as const) {
    const { context, page, errors } = await open(width);
    await expect.poll(() => cards(page).count(), { timeout: 15_000 }).toBe(shown);
    const first = cards(page).first();
    expect(await first.locator('.review-card__link').getAttribute('href')).toMatch(/^\/review\/\d+\/\d+$/);
    expect(await first.locator('.review-card__author').getAttribute('href')).toMatch(/^\/user\/\d+$/);
    expect(await first.locator('.review-card__rating').textContent()).toMatch(/^(10|\d\.\d)\/10$/);
    expect(await page.getByRole('link', { name: /View All/ }).getAttribute('href')).toBe('/users');
    // A guest joining the community gets the sign-up form.
    await page.getByRole('button', { name: 'Join Community' }).click();
    await expect.poll(() => page.getByRole('dialog').textContent()).toContain('Create your account');
    await page.keyboard.press('Escape');
    await expect.poll(() => page.getByRole('dialog').count()).toBe(0);
    await page.getByRole('link', { name: 'Explore Games' }).click();
    await expect.poll(() => new URL(page.url()).pathname).toBe('/search');
    expect(errors).toEqual([]);
    await context.close();
  }
});

it('keeps the recent reviews on the device, so the home page shows them offline', async () => {
  const { context, page, errors } = await open(1280);
  await expect.poll(() => cards(page).count(), { timeout: 15_000 }).toBe(4);
  const online = await cards(page).locator('.review-card__author').allTextContents();
  await expect
    .poll(() => page.evaluate(async () => (await navigator.serviceWorker.ready).active?.state))
    .toBe('activated');
  await setOffline(context, true);
  await page.reload();
  await expect.poll(() => cards(page).count(), { timeout: 10_000 }).toBe(4);
  expect(await cards(page).locator('.review-card__author').allTextContents()).toEqual(online);
  expect(await page.locator('.home-recent__note').textContent()).toContain("You're offline");
  expect(errors).toEqual([]);
  await context.close();
});

it('opens FAQ answers one by one, links to Contact Us, and sets each page title', async () => {
  const { context, page, errors } = await open(390, '/faq');
  await expect.poll(() => page.locator('.faq__item').count()).toBe(11);
  await expect.poll(() => page.title()).toBe('Frequently Asked Questions | Checkpoint');
  expect(await page.locator('meta[property="og:title"]').getAttribute('content')).toBe(
    'Frequently Asked Questions | Checkpoint',
  );
  const question = page.getByText('Can I use Checkpoint offline?');
  const answer = page.locator('.faq__item').first().locator('.faq__answer');
  expect(await answer.isVisible()).toBe(false);
  await question.click();
  await expect.poll(() => answer.isVisible()).toBe(true);
  await question.press('Enter');
  await expect.poll(() => answer.isVisible()).toBe(false);
  await page.getByRole('link', { name: 'Contact Us' }).click();
  await expect.poll(() => new URL(page.url()).pathname).toBe('/contact');
  await expect.poll(() => page.getByText('Contact page coming soon').isVisible()).toBe(true);
  await expect.poll(() => page.title()).toBe('Contact | Checkpoint');
  expect(errors).toEqual([]);
  await context.close();
});

it("sends a member's Join Community to /users and shows 0 likes and comments on their own review", async () => {
  const { context, page, errors } = await open(1280);
  await page.evaluate(() => localStorage.setItem('checkpoint.devtools', '1'));
  await page.reload();
  await expect.poll(() => page.evaluate(() => typeof window.checkpoint?.signIn)).toBe('function');
  await page.evaluate(() => window.checkpoint?.signIn('pixel_pilgrim@demo.checkpoint.local', 'Checkpoint-demo1'));
  const own = cards(page)
    .filter({ has: page.locator('.review-card__author', { hasText: /^pixel_pilgrim$/ }) })
    .first();
  await expect
    .poll(() => own.locator('.review-card__count').allTextContents(), { timeout: 15_000 })
    .toEqual([' 0', ' 0']);
  const other = cards(page)
    .filter({ hasNot: page.locator('.review-card__author', { hasText: /^pixel_pilgrim$/ }) })
    .first();
  expect(Number((await other.locator('.review-card__count').first().textContent())?.trim())).toBeGreaterThan(0);
  await page.getByRole('button', { name: 'Join Community' }).click();
  await expect.poll(() => new URL(page.url()).pathname).toBe('/users');
  expect(errors).toEqual([]);
  await context.close();
});
