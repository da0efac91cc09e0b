// Private review drafts in Chromium against the gateway: a member saves a draft offline, it is
// still there after a reload, it syncs once online, yet another member and a visitor never see it
// (review page, game page, the server's reads); the author publishes it and then everyone does.
// Then the author unpublishes it offline (after a confirmation) and other devices lose it; once
// liked it cannot be unpublished: the form shuts the button, and an Unpublish made offline before
// the device knew of the like comes back refused by the server.
// Screenshots (390 and 1280 px) go to /tmp/shots.
import { mkdir } from 'node:fs/promises';
import { createClient } from '@supabase/supabase-js';
import type { BrowserContext, Page } from 'playwright-core';
import { beforeAll, expect, it } from 'vitest';
import { expectAccessible } from './axe.ts';
import { devtoolsSignIn, e2eWorld, withDevtools } from './harness.ts';
import { setOffline } from './browser.ts';

const world = e2eWorld();

const PASSWORD = 'Checkpoint-demo1';
const email = (username: string) => `${username}@demo.checkpoint.local`;
const SHOTS = '/tmp/shots';
const HOLLOW_KNIGHT = 14593; // not reviewed by combo_breaker (supabase/local/demo.ts)
const DRAFT = 'Half-way through: the City of Tears is something else.';
const MORE = 'More once I reach the Abyss.';

beforeAll(async () => {
  await mkdir(SHOTS, { recursive: true });
});

interface Session {
  context: BrowserContext;
  page: Page;
  errors: string[];
  memberId: number | null;
}

async function open(width: number, username: string | null): Promise<Session> {
  const opened = await world.open(width);
  if (username === null) {
    await withDevtools(opened.page, world.gateway.url);
    return { ...opened, memberId: null };
  }
  return { ...opened, memberId: await devtoolsSignIn(opened.page, world.gateway.url, email(username), PASSWORD) };
}

/** The author's review row as the database holds it (past RLS), or null. */
async function storedReview(
  userId: number,
): Promise<{ id: number; is_draft: boolean; review: string | null; post_date_time: string } | null> {
  const rows = await world.gateway.db.query<{
    id: number;
    is_draft: boolean;
    review: string | null;
    post_date_time: string;
  }>(
    `select r.id, r.is_draft, r.review, r.post_date_time::text from public.rating r join public.game g on g.id = r.game_id
     where r.user_id = $1 and g.igdb_id = $2`,
    [userId, HOLLOW_KNIGHT],
  );
  return rows[0] ?? null;
}

/** What a visitor's get_review answers for the author's review of the game. */
async function visitorReview(userId: number): Promise<unknown> {
  const client = createClient(world.gateway.url, world.gateway.anonKey, {
    auth: { persistSession: false, autoRefreshToken: false },
  });
  const { data, error } = await client.rpc('get_review', { p_user_id: userId, p_game_id: HOLLOW_KNIGHT });
  if (error) throw new Error(error.message);
  return data;
}

/** The member's review.update pushes the server answered, as [status, is_draft of the row | refusal code], in order. */
async function appliedUpdates(userId: number): Promise<Array<[string, boolean | string]>> {
  const rows = await world.gateway.db.query<{ status: string; draft: boolean | null; code: string | null }>(
    `select status, (result -> 'result' ->> 'is_draft')::boolean as draft, result ->> 'code' as code from public.sync_applied
     where user_id = $1 and name = 'review.update' order by applied_at`,
    [userId],
  );
  return rows.map((r) => [r.status, r.draft ?? r.code ?? '?']);
}

/** The author's edit form, opened and ready (the service worker in control, for an offline reload). */
async function openEditForm(page: Page): Promise<void> {
  await page.goto(`${world.gateway.url}/review/${HOLLOW_KNIGHT}`);
  await expect.poll(() => page.locator('h1').first().textContent(), { timeout: 15_000 }).toBe('Edit Review');
  await expect
    .poll(() => page.evaluate(() => navigator.serviceWorker.controller?.state ?? null), { timeout: 15_000 })
    .toBe('activated');
}

const radio = (page: Page, group: string, label: string) =>
  page.getByRole('group', { name: group, exact: true }).getByRole('radio', { name: label, exact: true });

let authorId = 0;

it('saves a draft offline that survives a reload, syncs once online, and stays private', async () => {
  const author = await open(390, 'combo_breaker');
  const { context, page, errors } = author;
  authorId = author.memberId ?? 0;
  await page.goto(`${world.gateway.url}/review/${HOLLOW_KNIGHT}`);
  await expect.poll(() => page.locator('.review-form').count(), { timeout: 15_000 }).toBe(1);
  await expect.poll(() => page.evaluate(async () => (await indexedDB.databases()).length)).toBeGreaterThan(0);
  // The service worker has the app's code (every screen's) before the network goes.
  await expect
    .poll(() => page.evaluate(() => navigator.serviceWorker.controller?.state ?? null), { timeout: 15_000 })
    .toBe('activated');
  await setOffline(context, true);
  await expect.poll(() => page.locator('.review-form__offline').isVisible()).toBe(true);

  const saveDraft = page.getByRole('button', { name: 'Save draft', exact: true });
  // The existing buttons keep their texts; Save draft sits beside Submit.
  expect(await page.locator('.review-form__submit').textContent()).toBe('Submit Review');
  await radio(page, 'Platform', 'PC').check();
  await page.getByLabel(/Your review/).fill(DRAFT);
  // A draft needs no finished answer (Submit still does).
  expect(await page.locator('.review-form__submit').isDisabled()).toBe(true);
  expect(await saveDraft.isEnabled()).toBe(true);
  // Nothing to unpublish on a new review.
  expect(await page.getByRole('button', { name: 'Unpublish' }).count()).toBe(0);
  await page.screenshot({ path: `${SHOTS}/drafts-form-390.png`, fullPage: true });
  await saveDraft.click();

  await expect.poll(() => new URL(page.url()).pathname).toBe(`/review/${authorId}/${HOLLOW_KNIGHT}`);
  await expect
    .poll(() => page.getByText('Draft saved. Only you can see it until you publish it.').isVisible())
    .toBe(true);
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
  await page.goto(`${world.gateway.url}/review/${HOLLOW_KNIGHT}`);
  await expect.poll(() => page.locator('h1').first().textContent(), { timeout: 15_000 }).toBe('Edit Draft');
  expect(await page.getByLabel(/Your review/).inputValue()).toBe(DRAFT);
  expect(await page.locator('.review-form__submit').textContent()).toBe('Publish Review');
  expect(await storedReview(authorId)).toBeNull();

  await setOffline(context, false);
  await expect.poll(() => page.evaluate(() => window.checkpoint!.pending()), { timeout: 20_000 }).toBe(0);
  await expect.poll(async () => (await storedReview(authorId))?.is_draft, { timeout: 10_000 }).toBe(true);
  expect((await storedReview(authorId))?.review).toBe(DRAFT);
  expect(await visitorReview(authorId)).toBeNull();
  await page.screenshot({ path: `${SHOTS}/drafts-edit-390.png`, fullPage: true });

  // The author's game page says so, with Publish.
  await page.goto(`${world.gateway.url}/game/${HOLLOW_KNIGHT}`);
  await expect.poll(() => page.locator('.draft-note').isVisible(), { timeout: 15_000 }).toBe(true);
  // The page's own Edit Review controls (action bar, reviews list) open the draft; the note adds no third.
  await page.setViewportSize({ width: 1280, height: 900 });
  await expect
    .poll(() => page.getByRole('link', { name: /^Edit/ }).allTextContents())
    .toEqual(['Edit Review', 'Edit Review']);
  expect(await page.locator('.draft-note').getByRole('link').count()).toBe(0);
  await page.screenshot({ path: `${SHOTS}/drafts-game-1280.png`, fullPage: true });
  expect(errors).toEqual([]);
  await context.close();
});

it('another member and a visitor see no trace of the draft', async () => {
  for (const who of ['story_first', null] as const) {
    const { context, page, errors } = await open(1280, who);
    await page.goto(`${world.gateway.url}/review/${authorId}/${HOLLOW_KNIGHT}`);
    await expect
      .poll(() => page.getByRole('heading', { name: 'Review not found' }).isVisible(), { timeout: 15_000 })
      .toBe(true);
    await page.goto(`${world.gateway.url}/game/${HOLLOW_KNIGHT}`);
    await expect.poll(() => page.locator('.game-reviews__list > li').count(), { timeout: 15_000 }).toBeGreaterThan(0);
    expect(await page.content()).not.toContain('City of Tears');
    expect(await page.locator('.draft-note').count()).toBe(0);
    const rows = await page.evaluate(() => window.checkpoint!.mirrors('reviews'));
    expect(rows.filter((r) => (r.review === null ? false : r.review.includes('City of Tears')))).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  }
});

it('publishing makes it everyone’s, dated when it was published', async () => {
  const author = await open(1280, 'combo_breaker');
  const saved = await storedReview(authorId);
  await author.page.goto(`${world.gateway.url}/game/${HOLLOW_KNIGHT}`);
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
  await reader.page.goto(`${world.gateway.url}/review/${authorId}/${HOLLOW_KNIGHT}`);
  await expect.poll(() => reader.page.getByText(DRAFT).isVisible(), { timeout: 15_000 }).toBe(true);
  expect(await reader.page.locator('.draft-note').count()).toBe(0);
  expect(await visitorReview(authorId)).toMatchObject({ review: { review: DRAFT, is_draft: false } });
  expect(reader.errors).toEqual([]);
  await reader.context.close();
});

it('unpublishes the review offline after a confirmation; it syncs once and other devices lose it', async () => {
  // Another member's device holds the published review first.
  const reader = await open(1280, 'story_first');
  await reader.page.goto(`${world.gateway.url}/review/${authorId}/${HOLLOW_KNIGHT}`);
  await expect.poll(() => reader.page.getByText(DRAFT).isVisible(), { timeout: 15_000 }).toBe(true);

  const { context, page, errors } = await open(390, 'combo_breaker');
  // A published review's page: one edit control (Edit Review), no draft note.
  await page.goto(`${world.gateway.url}/review/${authorId}/${HOLLOW_KNIGHT}`);
  await expect.poll(() => page.getByText(DRAFT).isVisible(), { timeout: 15_000 }).toBe(true);
  // (The page knows it is the author's once the session is read.)
  await expect.poll(() => page.getByRole('link', { name: /^Edit/ }).allTextContents()).toEqual(['Edit Review']);
  expect(await page.locator('.draft-note').count()).toBe(0);

  await openEditForm(page);
  await setOffline(context, true);
  await expect.poll(() => page.locator('.review-form__offline').isVisible()).toBe(true);
  const unpublish = page.getByRole('button', { name: 'Unpublish', exact: true });
  expect(await unpublish.isEnabled()).toBe(true);
  expect(await page.locator('.review-form__unpublish-why').count()).toBe(0);
  await page.screenshot({ path: `${SHOTS}/drafts-unpublish-form-390.png`, fullPage: true });

  // Cancel writes nothing.
  await unpublish.click();
  const dialog = page.getByRole('dialog', { name: 'Unpublish Review' });
  await expect.poll(() => dialog.isVisible()).toBe(true);
  expect(await dialog.textContent()).toContain(
    'Your review will become a draft again: it disappears for everyone else until you publish it again.',
  );
  expect(await dialog.textContent()).not.toContain('The changes you made here');
  await expectAccessible(dialog);
  await page.screenshot({ path: `${SHOTS}/drafts-unpublish-dialog-390.png` });
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect.poll(() => dialog.count()).toBe(0);
  expect(await page.evaluate(() => window.checkpoint!.pending())).toBe(0);
  // Focus goes back to the button that opened it.
  expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Unpublish');

  // An edit made in the form goes into the draft with it, and the dialog says so.
  await page.getByLabel(/Your review/).fill(`${DRAFT} ${MORE}`);
  await unpublish.click();
  await expect.poll(() => dialog.textContent()).toContain('The changes you made here are saved in the draft.');
  await dialog.getByRole('button', { name: 'Unpublish', exact: true }).click();
  await expect.poll(() => new URL(page.url()).pathname).toBe(`/review/${authorId}/${HOLLOW_KNIGHT}`);
  await expect
    .poll(() => page.getByText('Review unpublished. Only you can see it until you publish it again.').isVisible())
    .toBe(true);
  // The draft state everywhere it shows: the note with its badge, one edit control (Edit Draft).
  await expect.poll(() => page.locator('.draft-note').isVisible()).toBe(true);
  expect(await page.locator('.draft-note .draft-badge').textContent()).toBe('Draft');
  await expect.poll(() => page.getByRole('link', { name: /^Edit/ }).allTextContents()).toEqual(['Edit Draft']);
  expect(await page.locator('.like-button, .review-page__toggle').count()).toBe(0);
  const queued = await page.evaluate(() => window.checkpoint!.outbox());
  expect(queued.map((m) => [m.name, m.args])).toEqual([
    ['review.update', { igdb_id: HOLLOW_KNIGHT, draft: true, review: `${DRAFT} ${MORE}` }],
  ]);
  expect(await page.getByText(MORE).isVisible()).toBe(true);
  expect((await storedReview(authorId))?.is_draft).toBe(false);
  await page.getByRole('link', { name: 'Edit Draft' }).click();
  await expect.poll(() => page.locator('h1').first().textContent(), { timeout: 15_000 }).toBe('Edit Draft');
  expect(await page.getByRole('button', { name: 'Unpublish' }).count()).toBe(0);

  await setOffline(context, false);
  await expect.poll(() => page.evaluate(() => window.checkpoint!.pending()), { timeout: 20_000 }).toBe(0);
  await expect.poll(async () => (await storedReview(authorId))?.is_draft, { timeout: 10_000 }).toBe(true);
  expect((await storedReview(authorId))?.review).toBe(`${DRAFT} ${MORE}`);
  // Applied once: the publish of the test before, then this Unpublish.
  expect(await appliedUpdates(authorId)).toEqual([
    ['ok', false],
    ['ok', true],
  ]);
  expect(await visitorReview(authorId)).toBeNull();
  expect(errors).toEqual([]);
  await context.close();

  // The reader's device drops it: the review page, the game page and the mirrors.
  await reader.page.reload();
  await expect
    .poll(() => reader.page.getByRole('heading', { name: 'Review not found' }).isVisible(), { timeout: 20_000 })
    .toBe(true);
  await expect
    .poll(
      async () =>
        (await reader.page.evaluate(() => window.checkpoint!.mirrors('reviews'))).filter(
          (r) => r.review?.includes('City of Tears') ?? false,
        ).length,
      { timeout: 20_000 },
    )
    .toBe(0);
  await reader.page.goto(`${world.gateway.url}/game/${HOLLOW_KNIGHT}`);
  await expect
    .poll(() => reader.page.locator('.game-reviews__list > li').count(), { timeout: 15_000 })
    .toBeGreaterThan(0);
  expect(await reader.page.content()).not.toContain('City of Tears');
  expect(reader.errors).toEqual([]);
  await reader.context.close();
});

it('a liked review cannot be unpublished: the server refuses an offline Unpublish, then the form shuts it', async () => {
  const { context, page, errors } = await open(1280, 'combo_breaker');
  await page.goto(`${world.gateway.url}/review/${authorId}/${HOLLOW_KNIGHT}`);
  await expect.poll(() => page.locator('.draft-note').isVisible(), { timeout: 15_000 }).toBe(true);
  await page.locator('.draft-note').getByRole('button', { name: 'Publish', exact: true }).click();
  await expect.poll(() => page.evaluate(() => window.checkpoint!.pending()), { timeout: 20_000 }).toBe(0);
  await expect.poll(async () => (await storedReview(authorId))?.is_draft, { timeout: 10_000 }).toBe(false);
  await openEditForm(page);
  await setOffline(context, true);

  // While the author is offline, another member likes the review.
  const reviewId = (await storedReview(authorId))?.id ?? 0;
  const liker = await open(390, 'story_first');
  await liker.page.evaluate(
    (id) => window.checkpoint!.mutate('review_like.set', { rating_id: id, liked: true }),
    reviewId,
  );
  await expect.poll(() => liker.page.evaluate(() => window.checkpoint!.pending()), { timeout: 20_000 }).toBe(0);
  await expect
    .poll(
      async () =>
        (
          await world.gateway.db.query<{ n: number }>('select like_count as n from public.rating where id = $1', [
            reviewId,
          ])
        )[0]?.n,
    )
    .toBe(1);
  await liker.context.close();

  // The device does not know yet: Unpublish is offered and applies here...
  const unpublish = page.getByRole('button', { name: 'Unpublish', exact: true });
  expect(await unpublish.isEnabled()).toBe(true);
  await unpublish.click();
  const dialog = page.getByRole('dialog', { name: 'Unpublish Review' });
  await expect.poll(() => dialog.isVisible()).toBe(true);
  await page.screenshot({ path: `${SHOTS}/drafts-unpublish-dialog-1280.png` });
  await dialog.getByRole('button', { name: 'Unpublish', exact: true }).click();
  await expect.poll(() => page.locator('.draft-note').isVisible(), { timeout: 15_000 }).toBe(true);

  // ...and the server refuses it: the sync's rejection toast says why, and the review is published again.
  // (A toast lasts 7 s from the push that refused it: it is waited for from before the connection
  // comes back, so however long the push takes, it cannot come and go unseen.)
  const refused = page
    .locator('.toast__message', { hasText: 'A review with likes or comments cannot go back to being a draft' })
    .waitFor({ state: 'visible', timeout: 30_000 });
  await setOffline(context, false);
  await refused;
  await expect.poll(() => page.evaluate(() => window.checkpoint!.pending()), { timeout: 30_000 }).toBe(0);
  await expect.poll(() => page.locator('.draft-note').count(), { timeout: 15_000 }).toBe(0);
  expect(await storedReview(authorId)).toMatchObject({ is_draft: false });
  expect(await appliedUpdates(authorId)).toEqual([
    ['ok', false],
    ['ok', true],
    ['ok', false],
    ['rejected', 'review_has_replies'],
  ]);

  // Now the device knows of the like: the form shows Unpublish shut, with the reason.
  await openEditForm(page);
  await expect
    .poll(() => page.getByRole('button', { name: 'Unpublish', exact: true }).isDisabled(), { timeout: 15_000 })
    .toBe(true);
  const why = page.locator('#review-form-unpublish-why');
  expect(await why.textContent()).toBe('A review with likes or comments cannot go back to being a draft');
  expect(await page.getByRole('button', { name: 'Unpublish', exact: true }).getAttribute('aria-describedby')).toBe(
    'review-form-unpublish-why',
  );
  await page.screenshot({ path: `${SHOTS}/drafts-unpublish-shut-1280.png`, fullPage: true });
  await page.setViewportSize({ width: 390, height: 900 });
  await page.screenshot({ path: `${SHOTS}/drafts-unpublish-shut-390.png`, fullPage: true });
  expect(errors).toEqual([]);
  await context.close();
});
