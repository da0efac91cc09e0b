// Private review drafts in Chromium against the gateway: a member saves a draft offline, it is
// still there after a reload, it syncs once online, yet another member and a visitor never see it
// (review page, game page, the server's reads); the author publishes it and then everyone does.
// Screenshots (390 and 1280 px) go to /tmp/shots.
import { mkdir } from 'node:fs/promises';
import { createClient } from '@supabase/supabase-js';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startGateway, type Gateway } from '../../supabase/local/gateway.ts';
import { launchChromium } from './browser.ts';

const PASSWORD = 'Checkpoint-demo1';
const email = (username: string) => `${username}@demo.checkpoint.local`;
const SHOTS = '/tmp/shots';
const HOLLOW_KNIGHT = 14593; // not reviewed by combo_breaker (supabase/local/demo.ts)
const DRAFT = 'Half-way through: the City of Tears is something else.';

let gateway: Gateway;
let browser: Browser;

beforeAll(async () => {
  gateway = await startGateway({ port: 0, inMemory: true, log: () => undefined });
  browser = await launchChromium();
  await mkdir(SHOTS, { recursive: true });
});

afterAll(async () => {
  await browser?.close();
  await gateway?.close();
});

interface Session { context: BrowserContext; page: Page; errors: string[]; memberId: number | null }

async function open(width: number, username: string | null): Promise<Session> {
  const context = await browser.newContext({ viewport: { width, height: 900 } });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await page.goto(gateway.url);
  await page.evaluate(() => localStorage.setItem('checkpoint.devtools', '1'));
  await page.reload();
  await expect.poll(() => page.evaluate(() => typeof window.checkpoint?.signIn), { timeout: 15_000 }).toBe('function');
  if (username === null) return { context, page, errors, memberId: null };
  const { memberId } = await page.evaluate(([e, p]) => window.checkpoint!.signIn(e, p), [email(username), PASSWORD] as const);
  return { context, page, errors, memberId };
}

/** The author's review row as the database holds it (past RLS), or null. */
async function storedReview(userId: number): Promise<{ id: number; is_draft: boolean; review: string | null; post_date_time: string } | null> {
  const rows = await gateway.db.query<{ id: number; is_draft: boolean; review: string | null; post_date_time: string }>(
    `select r.id, r.is_draft, r.review, r.post_date_time::text from public.rating r join public.game g on g.id = r.game_id
     where r.user_id = $1 and g.igdb_id = $2`, [userId, HOLLOW_KNIGHT]);
  return rows[0] ?? null;
}

/** What a visitor's get_review answers for the author's review of the game. */
async function visitorReview(userId: number): Promise<unknown> {
  const client = createClient(gateway.url, gateway.anonKey, { auth: { persistSession: false, autoRefreshToken: false } });
  const { data, error } = await client.rpc('get_review', { p_user_id: userId, p_game_id: HOLLOW_KNIGHT });
  if (error) throw new Error(error.message);
  return data;
}

const radio = (page: Page, group: string, label: string) =>
  page.getByRole('group', { name: group, exact: true }).getByRole('radio', { name: label, exact: true });

let authorId = 0;

it('saves a draft offline that survives a reload, syncs once online, and stays private', async () => {
  const author = await open(390, 'combo_breaker');
  const { context, page, errors } = author;
  authorId = author.memberId ?? 0;
  await page.goto(`${gateway.url}/review/${HOLLOW_KNIGHT}`);
  await expect.poll(() => page.locator('.review-form').count(), { timeout: 15_000 }).toBe(1);
  await expect.poll(() => page.evaluate(async () => (await indexedDB.databases()).length)).toBeGreaterThan(0);
  // The service worker has the app's code (every screen's) before the network goes.
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller?.state ?? null), { timeout: 15_000 }).toBe('activated');
  await context.setOffline(true);
  await expect.poll(() => page.locator('.review-form__offline').isVisible()).toBe(true);

  const saveDraft = page.getByRole('button', { name: 'Save draft', exact: true });
  // The existing buttons keep their texts; Save draft sits beside Submit.
  expect(await page.locator('.review-form__submit').textContent()).toBe('Submit Review');
  await radio(page, 'Platform', 'PC').check();
  await page.getByLabel(/Your review/).fill(DRAFT);
  // A draft needs no finished answer (Submit still does).
  expect(await page.locator('.review-form__submit').isDisabled()).toBe(true);
  expect(await saveDraft.isEnabled()).toBe(true);
  await page.screenshot({ path: `${SHOTS}/drafts-form-390.png`, fullPage: true });
  await saveDraft.click();

  await expect.poll(() => new URL(page.url()).pathname).toBe(`/review/${authorId}/${HOLLOW_KNIGHT}`);
  await expect.poll(() => page.getByText('Draft saved. Only you can see it until you publish it.').isVisible()).toBe(true);
  await expect.poll(() => page.locator('.draft-note').isVisible()).toBe(true);
  expect(await page.locator('.draft-note .draft-badge').textContent()).toBe('Draft');
  // No likes or comments on a draft.
  expect(await page.locator('.like-button, .review-page__toggle').count()).toBe(0);
  const queued = await page.evaluate(() => window.checkpoint!.outbox());
  expect(queued.map((m) => [m.name, (m.args as { draft?: boolean }).draft])).toEqual([['review.create', true]]);

  // Still offline: the reload comes from the service worker and the device, the draft with it.
  const reloaded = await page.reload();
  expect(reloaded?.fromServiceWorker()).toBe(true);
  await expect.poll(() => page.locator('.draft-note').isVisible(), { timeout: 15_000 }).toBe(true);
  await expect.poll(() => page.getByText(DRAFT).isVisible()).toBe(true);
  await page.goto(`${gateway.url}/review/${HOLLOW_KNIGHT}`);
  await expect.poll(() => page.locator('h1').first().textContent(), { timeout: 15_000 }).toBe('Edit Draft');
  expect(await page.getByLabel(/Your review/).inputValue()).toBe(DRAFT);
  expect(await page.locator('.review-form__submit').textContent()).toBe('Publish Review');
  expect(await storedReview(authorId)).toBeNull();

  await context.setOffline(false);
  await expect.poll(() => page.evaluate(() => window.checkpoint!.pending()), { timeout: 20_000 }).toBe(0);
  await expect.poll(async () => (await storedReview(authorId))?.is_draft, { timeout: 10_000 }).toBe(true);
  expect((await storedReview(authorId))?.review).toBe(DRAFT);
  expect(await visitorReview(authorId)).toBeNull();
  await page.screenshot({ path: `${SHOTS}/drafts-edit-390.png`, fullPage: true });

  // The author's game page says so, with Publish.
  await page.goto(`${gateway.url}/game/${HOLLOW_KNIGHT}`);
  await expect.poll(() => page.locator('.draft-note').isVisible(), { timeout: 15_000 }).toBe(true);
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.screenshot({ path: `${SHOTS}/drafts-game-1280.png`, fullPage: true });
  expect(errors).toEqual([]);
  await context.close();
});

it('another member and a visitor see no trace of the draft', async () => {
  for (const who of ['story_first', null] as const) {
    const { context, page, errors } = await open(1280, who);
    await page.goto(`${gateway.url}/review/${authorId}/${HOLLOW_KNIGHT}`);
    await expect.poll(() => page.getByRole('heading', { name: 'Review not found' }).isVisible(), { timeout: 15_000 }).toBe(true);
    await page.goto(`${gateway.url}/game/${HOLLOW_KNIGHT}`);
    await expect.poll(() => page.locator('.game-reviews__list > li').count(), { timeout: 15_000 }).toBeGreaterThan(0);
    expect(await page.content()).not.toContain('City of Tears');
    expect(await page.locator('.draft-note').count()).toBe(0);
    const rows = await page.evaluate(() => window.checkpoint!.mirrors('reviews'));
    expect(rows.filter((r) => r.review === null ? false : r.review.includes('City of Tears'))).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  }
});

it('publishing makes it everyone’s, dated when it was published', async () => {
  const author = await open(1280, 'combo_breaker');
  const saved = await storedReview(authorId);
  await author.page.goto(`${gateway.url}/game/${HOLLOW_KNIGHT}`);
  await expect.poll(() => author.page.locator('.draft-note').isVisible(), { timeout: 15_000 }).toBe(true);
  await author.page.locator('.draft-note').getByRole('button', { name: 'Publish', exact: true }).click();
  await expect.poll(() => author.page.getByText('Review published').isVisible()).toBe(true);
  await expect.poll(() => author.page.locator('.draft-note').count()).toBe(0);
  await expect.poll(() => author.page.evaluate(() => window.checkpoint!.pending()), { timeout: 20_000 }).toBe(0);
  await expect.poll(async () => (await storedReview(authorId))?.is_draft, { timeout: 10_000 }).toBe(false);
  const published = await storedReview(authorId);
  expect(Date.parse(published?.post_date_time ?? '')).toBeGreaterThan(Date.parse(saved?.post_date_time ?? ''));
  expect(author.errors).toEqual([]);
  await author.context.close();

  const reader = await open(390, 'story_first');
  await reader.page.goto(`${gateway.url}/review/${authorId}/${HOLLOW_KNIGHT}`);
  await expect.poll(() => reader.page.getByText(DRAFT).isVisible(), { timeout: 15_000 }).toBe(true);
  expect(await reader.page.locator('.draft-note').count()).toBe(0);
  expect(await visitorReview(authorId)).toMatchObject({ review: { review: DRAFT, is_draft: false } });
  expect(reader.errors).toEqual([]);
  await reader.context.close();
});
