// The review reading page (/review/{userId}/{gameId}) in Chromium against the gateway and its demo
// members (supabase/local/demo.ts): reading a demo review, likes (optimistic, kept over a reload,
// reaching the server), comments (post, reply to a reply with an @mention, edit, delete with the
// dialog), guests' messages, bad and unknown addresses, the 500-character cut with its modal, and
// likes and comments made offline that reach the server once the browser is back online.
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import type { BrowserContext, Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { DEFAULT_DIST_DIR, type Gateway } from '../../supabase/local/gateway.ts';
import { chunkGraph, memberOnlyChunks } from '../bench/bundle.bench.ts';
import { expectAccessible } from './axe.ts';
import { demoEmail, devtoolsSignIn, e2eWorld, synced } from './harness.ts';
import { setOffline } from './browser.ts';

const ELDEN_RING = 119133;
const WITCHER_3 = 1942;
const SEKIRO = 76882;
const CELESTE = 26226;
const DISCO_ELYSIUM = 26472;

let server: SupabaseClient;
const memberIds = new Map<string, number>();

interface ServerReview {
  review: { id: number; like_count: number; comment_count: number };
  comments: Array<{ id: number; content: string; parent_comment_id: number | null; author: { username: string } }>;
}

/** An anonymous client of the file's gateway, and the demo members' ids from their reviews. */
async function readMembers(gateway: Gateway): Promise<void> {
  server = createClient(gateway.url, gateway.anonKey, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
  });
  const { data, error } = await server.rpc('get_recent_reviews', { p_limit: 50 });
  if (error) throw new Error(error.message);
  for (const r of data as Array<{ user_id: number; author: { username: string } }>)
    memberIds.set(r.author.username, r.user_id);
}

// The gateway's own rate limits, not the harness's relaxed ones.
const world = e2eWorld({ gateway: { rateLimits: {} }, seed: readMembers });

function member(username: string): number {
  const id = memberIds.get(username);
  if (id === undefined) throw new Error(`no demo member ${username}`);
  return id;
}

/** The id of a member's like of a review on the server, or null when they do not like it. */
async function serverLikeId(userId: number, reviewId: number): Promise<number | null> {
  const [row] = await world.gateway.db.query<{ id: string }>(
    'select id::text from public.content_like where user_id = $1 and rating_id = $2',
    [userId, reviewId],
  );
  return row ? Number(row.id) : null;
}

/** The review as the server has it now (anonymous read). */
async function serverReview(userId: number, igdbId: number): Promise<ServerReview | null> {
  const { data, error } = await server.rpc('get_review', { p_user_id: userId, p_game_id: igdbId });
  if (error) throw new Error(error.message);
  return data as ServerReview | null;
}

async function open(
  path: string,
  options: { width?: number; signInAs?: string; blockWorker?: boolean } = {},
): Promise<{ context: BrowserContext; page: Page; errors: string[] }> {
  const { context, page, errors } = await world.open(options.width ?? 1280, {
    // The offline test cuts the page's network; a service worker would keep its own.
    serviceWorkers: options.blockWorker ? 'block' : 'allow',
  });
  if (options.signInAs) await devtoolsSignIn(page, world.gateway.url, demoEmail(options.signInAs));
  await page.goto(`${world.gateway.url}${path}`);
  // The console API installs itself once the app has started, after the page's load event.
  if (options.signInAs) await expect.poll(() => page.evaluate(() => typeof window.checkpoint)).toBe('object');
  return { context, page, errors };
}

const likeButton = (page: Page) => page.locator('.review-card__actions .like-button');
const likeCount = async (page: Page) => Number(await likeButton(page).getAttribute('data-count'));
/** Whether the device holds the member's like of the review: what the like button shows once it has rendered it. */
const likedOnDevice = (page: Page, me: number, reviewId: number) =>
  page.evaluate(
    async ([m, r]) =>
      (await window.checkpoint?.mirrors('likes'))?.some((l) => l.user_id === m && l.rating_id === r) ?? false,
    [me, reviewId] as const,
  );
const comment = (page: Page, text: string) => page.locator('.comment').filter({ hasText: text });
const toasts = (page: Page) => page.locator('.toast__message').allTextContents();
/** The member's id is known: the like button is no longer waiting for it. */
const ready = (page: Page) =>
  expect.poll(() => likeButton(page).getAttribute('title'), { timeout: 15_000 }).not.toBe('Loading user data...');

it('shows a demo review with its author, game, likes and comments, newest thread first', async () => {
  const story = member('story_first');
  const { context, page, errors } = await open(`/review/${story}/${DISCO_ELYSIUM}`);
  const card = page.locator('.review-card--full');
  await expect.poll(() => card.locator('.review-card__author').textContent(), { timeout: 15_000 }).toBe('story_first');
  expect(await card.locator('.review-card__game').textContent()).toBe('Disco Elysium');
  expect(await card.locator('.review-card__text').textContent()).toBe(
    'The best-written RPG ever made. Your own mind is the most interesting character.',
  );
  // Review details: a guest (not the author) sees the Platform row too.
  const platformRow = page
    .locator('.review-page__facts > div')
    .filter({ has: page.locator('dt', { hasText: /^Platform$/ }) });
  await expect.poll(() => platformRow.locator('dd').textContent(), { timeout: 15_000 }).toBe('PC');
  const onServer = await serverReview(story, DISCO_ELYSIUM);
  await expect.poll(() => likeCount(page)).toBe(onServer?.review.like_count);
  // Two top-level demo comments: the later one (the author's answer) comes first.
  await expect
    .poll(() => page.locator('.comments__list > li > .comment .comment__text').allTextContents())
    .toEqual([
      'Absolutely. You barely fight at all; it is all conversation and choices.',
      'Adding this to my list. Is it good for a first-time RPG player?',
    ]);
  expect(await page.locator('.comments__title').textContent()).toBe('Comments (2)');
  expect(await page.getByRole('link', { name: 'Edit Review' }).count()).toBe(0);
  expect(await page.locator('.review-page__more').count()).toBe(0);
  expect(await page.title()).toBe("story_first's review of Disco Elysium | Checkpoint");
  // The comment toggle hides and shows the thread.
  await page.getByRole('button', { name: /^Hide comments/ }).click();
  await expect.poll(() => page.locator('.comments').count()).toBe(0);
  await page.getByRole('button', { name: /^Show comments, 2 comments/ }).click();
  await expect.poll(() => page.locator('.comment').count()).toBe(2);
  expect(errors).toEqual([]);
  await context.close();
});

it('opens a shared review link for a visitor over plain fetch: the review, its Platform row and comments without supabase-js or the engine', async () => {
  // The chunks a visitor who only reads must not download (as budgets.test.ts for home).
  const forbidden = new Set(memberOnlyChunks(await chunkGraph(DEFAULT_DIST_DIR)).map((n) => n.file));
  expect(forbidden.size).toBeGreaterThan(0);
  const { context, page, errors } = await open(`/review/${member('story_first')}/${DISCO_ELYSIUM}`);
  const card = page.locator('.review-card--full');
  await expect.poll(() => card.locator('.review-card__author').textContent(), { timeout: 15_000 }).toBe('story_first');
  // The Platform row's names come from get_platforms, a device that never opened the review form has none.
  await expect
    .poll(() => page.locator('.review-page__facts dd').allTextContents(), { timeout: 15_000 })
    .toContain('PC');
  await expect.poll(() => page.locator('.comment').count(), { timeout: 15_000 }).toBe(2);
  await page.waitForLoadState('networkidle');
  await page.waitForTimeout(1500);
  const scripts = await page.evaluate(() =>
    performance
      .getEntriesByType('resource')
      .map((e) => new URL(e.name).pathname)
      .filter((file) => file.endsWith('.js')),
  );
  // Before: get_review and the review's read-through waited for supabase-js, and the platform list
  // went through it.
  expect(scripts.filter((file) => forbidden.has(file))).toEqual([]);
  expect(errors).toEqual([]);
  await context.close();
});

it('tells guests to sign in to like reviews, comment and like comments', async () => {
  const { context, page } = await open(`/review/${member('combo_breaker')}/${ELDEN_RING}`);
  await expect
    .poll(() => likeButton(page).getAttribute('title'), { timeout: 15_000 })
    .toBe('You must be logged in to like reviews');
  const before = await likeCount(page);
  await likeButton(page).click();
  await expect.poll(() => toasts(page)).toContain('You must be logged in to like reviews');
  expect(await likeCount(page)).toBe(before);
  // The sign-in modal opened for the like; closing it drops the like.
  await expect.poll(() => page.locator('.auth-backdrop').count()).toBe(1);
  await page.keyboard.press('Escape');
  await expect.poll(() => page.locator('.auth-backdrop').count()).toBe(0);
  await page.getByLabel('Add a comment').fill('Hello there');
  await page.getByRole('button', { name: 'Post Comment' }).click();
  await expect.poll(() => page.locator('.comment-form__error').textContent()).toBe('You must be logged in to comment');
  await page.keyboard.press('Escape');
  await expect.poll(() => page.locator('.auth-backdrop').count()).toBe(0);
  await page.locator('.comment .like-button').first().click();
  await expect.poll(() => toasts(page)).toContain('You must be logged in to like comments');
  await context.close();
});

it('refuses an address whose ids are not numbers and says when a review is not found', async () => {
  const { context, page } = await open('/review/abc/12');
  await expect
    .poll(() => page.getByRole('alert').textContent())
    .toBe('Invalid review URL parameters. User ID and Game ID must be numbers.');
  await page.goto(`${world.gateway.url}/review/${member('pixel_pilgrim')}/999999`);
  await expect.poll(() => page.locator('h1').textContent(), { timeout: 15_000 }).toBe('Review not found');
  expect(await page.locator('.review-page__problem-text').textContent()).toContain(
    `Review not found for user ${member('pixel_pilgrim')} and game 999999.`,
  );
  await page.getByRole('link', { name: 'Browse Games' }).click();
  await expect.poll(() => new URL(page.url()).pathname).toBe('/search');
  await context.close();
});

/**
 * Waits for the like button to show the member's like. When it does not, the failure says why: who
 * the page takes the viewer for (the button's tooltip), what the device holds (the member's like
 * rows on the review, every like row on it, the outbox, the shadows, the sync cursor and scope, the
 * sync status), what the server logged for the review's likes (with each change's transaction id,
 * beside the cursor), what the page reported, and whether one more sync brings the like back.
 */
async function expectLiked(
  page: Page,
  owner: number,
  errors: readonly string[],
  logged: readonly string[],
  steps: string,
): Promise<void> {
  try {
    await expect.poll(() => likeButton(page).getAttribute('aria-pressed'), { timeout: 15_000 }).toBe('true');
  } catch (failure) {
    const button = likeButton(page);
    const server = await serverReview(owner, SEKIRO);
    const reviewId = server?.review.id ?? -1;
    const device = () =>
      page
        .evaluate(
          async ([me, review, dbName]) => {
            const api = window.checkpoint;
            if (!api) return 'window.checkpoint is not installed';
            const all = (await api.mirrors('likes')).filter((l) => l.rating_id === review);
            // The sync bookkeeping, read straight from IndexedDB (the console API does not offer it).
            const raw = await new Promise<Record<string, unknown>>((resolve, reject) => {
              const open = indexedDB.open(dbName);
              open.onerror = () => reject(open.error);
              open.onsuccess = () => {
                const idb = open.result;
                const tx = idb.transaction(['syncState', 'shadows'], 'readonly');
                const state = tx.objectStore('syncState').get('main');
                const shadows = tx.objectStore('shadows').getAll();
                tx.oncomplete = () => {
                  idb.close();
                  const s = state.result as { cursor?: unknown; user_id?: unknown; scope?: { rating_ids?: number[] } };
                  resolve({
                    cursor: s?.cursor,
                    user_id: s?.user_id,
                    reviewInScope: s?.scope?.rating_ids?.includes(review) ?? false,
                    shadows: (shadows.result as Array<{ table: string; id: number }>).map((x) => `${x.table}:${x.id}`),
                  });
                };
                tx.onerror = () => reject(tx.error);
              };
            });
            return JSON.stringify({
              likes: all.filter((l) => l.user_id === me),
              likesOnReview: all.map((l) => `${l.id}:${l.user_id}`),
              ...raw,
              outbox: await api.outbox(),
              status: api.status(),
            });
          },
          [member('story_first'), reviewId, 'checkpoint'] as const,
        )
        .catch((error: unknown) => `device not read: ${String(error)}`);
    const before = await device();
    const log = await world.gateway.db
      .query<{ id: string; xid: string; op: string; row_id: string; user_id: string }>(
        `select id::text, xid::text, op, row_id::text, user_id::text from public.sync_change
          where tbl = 'content_like' and rating_id = $1 order by id`,
        [reviewId],
      )
      .then((rows) => rows.map((r) => `#${r.id} xid ${r.xid} ${r.op} like ${r.row_id} by ${r.user_id}`).join('; '))
      .catch((error: unknown) => `log not read: ${String(error)}`);
    await page.evaluate(() => window.checkpoint?.syncNow()).catch(() => undefined);
    const after = await device();
    throw new Error(
      [
        `like not shown after the reload (aria-pressed ${await button.getAttribute('aria-pressed')}); ${steps}`,
        `button title: ${await button.getAttribute('title')}; label: ${await button.getAttribute('aria-label')}`,
        `device: ${before}`,
        `server like_count: ${server?.review.like_count}; change log of the review's likes: ${log}`,
        `page errors: ${JSON.stringify(errors)}; console: ${JSON.stringify(logged)}`,
        `device after one more sync: ${after}`,
      ].join('\n'),
      { cause: failure },
    );
  }
}

it('likes and unlikes at once, keeps the like over a reload, and the server gets it', async () => {
  const owner = member('combo_breaker');
  const { context, page, errors } = await open(`/review/${owner}/${SEKIRO}`, { signInAs: 'story_first' });
  const logged: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error' || m.type() === 'warning') logged.push(`${m.type()}: ${m.text()}`);
  });
  await ready(page);
  // The member's own likes reach the device with the first pull, which may end after the review
  // shows: read the starting state only once a pull has run to its end.
  await page.evaluate(() => window.checkpoint?.syncNow());
  const onServer = (await serverReview(owner, SEKIRO))?.review;
  const reviewId = onServer?.id ?? -1;
  const start = onServer?.like_count ?? -1;
  await expect.poll(() => likeCount(page)).toBe(start);
  // A like the pull stored shows a render later (a transition), and the count need not move with
  // it: wait until the button shows what the device holds before reading the starting state.
  const stored = await likedOnDevice(page, member('story_first'), reviewId);
  await expect.poll(() => likeButton(page).getAttribute('aria-pressed')).toBe(String(stored));
  const wasLiked = (await likeButton(page).getAttribute('aria-pressed')) === 'true';
  const likeBefore = await serverLikeId(member('story_first'), reviewId);
  const liked = wasLiked ? start : start + 1;
  if (wasLiked) {
    // demo likes depend on the seed: start from "not liked"
    await likeButton(page).click();
    await expect.poll(() => likeCount(page)).toBe(start - 1);
    // The button ignores a tap while its write runs (aria-busy), as a double tap should be.
    await expect.poll(() => likeButton(page).getAttribute('aria-busy')).toBe('false');
  }
  await likeButton(page).click();
  await expect.poll(() => likeButton(page).getAttribute('aria-pressed')).toBe('true');
  expect(await likeCount(page)).toBe(liked);
  // The heart shows at once; the like is on the device once its write has run (aria-busy goes).
  // A reload before that would lose it: the next test has the page ask first.
  await expect.poll(() => likeButton(page).getAttribute('aria-busy')).toBe('false');
  // The server has it once the member's like row is new: an unlike and a like leave the count as it
  // was, so the count alone passed before either had been sent (CI reloaded then, and lost the like).
  await expect
    .poll(async () => (await serverLikeId(member('story_first'), reviewId)) ?? likeBefore, { timeout: 15_000 })
    .not.toBe(likeBefore);
  expect((await serverReview(owner, SEKIRO))?.review.like_count).toBe(liked);
  await page.reload();
  await expectLiked(page, owner, errors, logged, wasLiked ? 'unliked, then liked' : 'liked');
  expect(await likeCount(page)).toBe(liked);
  await likeButton(page).click();
  await expect.poll(() => likeCount(page)).toBe(liked - 1);
  await expect
    .poll(async () => (await serverReview(owner, SEKIRO))?.review.like_count, { timeout: 15_000 })
    .toBe(liked - 1);
  expect(errors).toEqual([]);
  await context.close();
});

it('posts a comment, replies to a reply with an @mention under the same thread, edits and deletes', async () => {
  const owner = member('pixel_pilgrim');
  const { context, page, errors } = await open(`/review/${owner}/${WITCHER_3}`, { signInAs: 'cozy_quests' });
  await ready(page);
  const count = async () => Number((await page.locator('.comments__count').textContent())?.replace(/\D/g, ''));
  await expect.poll(() => page.locator('.comment').count(), { timeout: 10_000 }).toBe(1);
  const initial = await count();

  // Validation first: an empty comment and the live counter.
  await page.getByRole('button', { name: 'Post Comment' }).click();
  await expect.poll(() => page.locator('.comment-form__error').textContent()).toBe('Comment cannot be empty');
  await page.getByLabel('Add a comment').fill('x'.repeat(505));
  expect(await page.locator('.comment-form__count').first().textContent()).toBe('-5 characters remaining');
  expect(await page.locator('.comment-form__count--over').count()).toBe(1);
  await page.getByRole('button', { name: 'Post Comment' }).click();
  await expect.poll(() => page.locator('.comment-form__error').textContent()).toBe('Comment exceeds 500 characters');

  const first = 'Blood and Wine is the best expansion ever made.';
  await page.getByLabel('Add a comment').fill(first);
  expect(await page.locator('.comment-form__count').first().textContent()).toBe(
    `${500 - first.length} characters remaining`,
  );
  await page.getByRole('button', { name: 'Post Comment' }).click();
  await expect
    .poll(() => page.locator('.comments__list > li > .comment .comment__text').first().textContent())
    .toBe('Blood and Wine is the best expansion ever made.');
  // The heading's count comes from the review's row, a query of its own: it may render a moment later.
  await expect.poll(count).toBe(initial + 1);

  // Reply to story_first's top-level comment, then reply to that reply: both land under the thread.
  const thread = page.locator('.comments__thread').filter({ hasText: 'Hearts of Stone has the best villain' });
  await thread.locator('.comment').first().getByRole('button', { name: 'Reply' }).click();
  await page.getByLabel('Reply to story_first').fill("Gaunter O'Dimm is terrifying.");
  await page.getByRole('button', { name: 'Reply', exact: true }).last().click();
  await expect
    .poll(() => thread.locator('.comments__replies .comment__text').allTextContents())
    .toEqual(["Gaunter O'Dimm is terrifying."]);
  await thread.locator('.comments__replies .comment').first().getByRole('button', { name: 'Reply' }).click();
  const replyBox = page.getByLabel('Reply to cozy_quests');
  expect(await replyBox.inputValue()).toBe('@cozy_quests ');
  await replyBox.pressSequentially('and so polite about it');
  await replyBox.press('Control+Enter');
  await expect
    .poll(() => thread.locator('.comments__replies .comment__text').allTextContents())
    .toEqual(["Gaunter O'Dimm is terrifying.", '@cozy_quests and so polite about it']);
  expect(await thread.locator('.comments__replies .comment__mention').textContent()).toBe('@cozy_quests');
  // Two displayed levels: the reply to a reply is indented like the first reply (24 px).
  expect(
    await thread
      .locator('.comments__replies .comment')
      .evaluateAll((els) => els.map((e) => getComputedStyle(e).marginInlineStart)),
  ).toEqual(['24px', '24px']);

  // Edit: '(edited)' appears.
  const mine = comment(page, 'Blood and Wine is the best expansion ever made.');
  await mine.getByRole('button', { name: 'Edit' }).click();
  await page.getByLabel('Edit your comment').fill('Blood and Wine is the best expansion I have played.');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect.poll(() => comment(page, 'I have played').locator('.comment__edited').textContent()).toBe('(edited)');

  // The server has the thread as shown.
  await expect
    .poll(
      async () => {
        const r = await serverReview(owner, WITCHER_3);
        return r?.comments.map((c) => [c.content, c.parent_comment_id === null ? 'top' : 'reply']);
      },
      { timeout: 15_000 },
    )
    .toEqual(
      expect.arrayContaining([
        ['Blood and Wine is the best expansion I have played.', 'top'],
        ["Gaunter O'Dimm is terrifying.", 'reply'],
        ['@cozy_quests and so polite about it', 'reply'],
      ]),
    );
  const onServer = await serverReview(owner, WITCHER_3);
  const top = onServer?.comments.find((c) => c.content.startsWith('Hearts of Stone'));
  expect(
    onServer?.comments.filter((c) => c.parent_comment_id !== null).every((c) => c.parent_comment_id === top?.id),
  ).toBe(true);

  // Delete: the dialog, Cancel keeps it, Delete removes it.
  await comment(page, 'I have played').getByRole('button', { name: 'Delete' }).click();
  const dialog = page.getByRole('alertdialog', { name: 'Delete Comment' });
  await expect.poll(() => dialog.isVisible()).toBe(true);
  expect(await dialog.textContent()).toContain('Are you sure you want to delete this comment?');
  await expectAccessible(dialog);
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect.poll(() => dialog.isVisible()).toBe(false);
  expect(await comment(page, 'I have played').count()).toBe(1);
  await comment(page, 'I have played').getByRole('button', { name: 'Delete' }).click();
  await dialog.getByRole('button', { name: 'Delete' }).click();
  await expect.poll(() => comment(page, 'I have played').count()).toBe(0);
  await expect.poll(count).toBe(initial + 2);
  await expect
    .poll(
      async () => (await serverReview(owner, WITCHER_3))?.comments.some((c) => c.content.includes('I have played')),
      { timeout: 15_000 },
    )
    .toBe(false);
  expect(errors).toEqual([]);
  await context.close();
});

it('cuts a long review at 500 characters with a more control that opens the full review; the author can edit', async () => {
  const words =
    'Celeste rewards patience and precision in equal measure, and its story about anxiety lands with real warmth. ';
  const long = words.repeat(8).trim();
  const { context, page } = await open('/', { signInAs: 'retro_ranger' });
  await page.evaluate(
    ([text]) =>
      window.checkpoint?.mutate('review.create', {
        igdb_id: 26226,
        game: { name: 'Celeste' },
        rating: 9,
        review: text ?? '',
        is_recommended: true,
        platform: 'Switch',
      }),
    [long],
  );
  const me = member('retro_ranger');
  await page.goto(`${world.gateway.url}/review/${me}/${CELESTE}`);
  const text = page.locator('.review-card__text');
  await expect.poll(() => text.textContent(), { timeout: 15_000 }).toMatch(/\.\.\.$/);
  const shown = (await text.textContent()) ?? '';
  expect(shown.length).toBeLessThanOrEqual(503);
  expect(long.startsWith(shown.slice(0, -3))).toBe(true);
  expect(await page.getByRole('link', { name: 'Edit Review' }).getAttribute('href')).toBe(`/review/${CELESTE}`);
  await page.getByRole('button', { name: /^more/ }).click();
  const modal = page.getByRole('dialog');
  await expect.poll(() => modal.locator('.full-review__text').textContent()).toBe(long);
  await expectAccessible(modal);
  await page.keyboard.press('Escape');
  await expect.poll(() => modal.isVisible()).toBe(false);
  await context.close();
});

it('likes and comments offline at once, then sends them when the browser is back online', async () => {
  const owner = member('speedrun_sage');
  const { context, page } = await open(`/review/${owner}/${CELESTE}`, { signInAs: 'story_first', blockWorker: true });
  await ready(page);
  await page.evaluate(() => window.checkpoint?.syncNow()); // the member's own likes are in
  const before = await serverReview(owner, CELESTE);
  const likes = before?.review.like_count ?? -1;
  await expect.poll(() => likeCount(page)).toBe(likes);
  // As above: the button shows the pulled like a render after it is stored.
  const stored = await likedOnDevice(page, member('story_first'), before?.review.id ?? -1);
  await expect.poll(() => likeButton(page).getAttribute('aria-pressed')).toBe(String(stored));
  const liked = (await likeButton(page).getAttribute('aria-pressed')) === 'true';

  await setOffline(context, true);
  await expect.poll(() => page.locator('.review-page__note').textContent()).toContain("You're offline");
  await likeButton(page).click();
  await expect.poll(() => likeCount(page)).toBe(liked ? likes - 1 : likes + 1);
  await page.getByLabel('Add a comment').fill('Written on a train with no signal.');
  await page.getByRole('button', { name: 'Post Comment' }).click();
  await expect.poll(() => comment(page, 'Written on a train').locator('.comment__pending').count()).toBe(1);
  expect(await page.evaluate(() => window.checkpoint?.pending())).toBeGreaterThanOrEqual(2);
  expect((await serverReview(owner, CELESTE))?.review.like_count).toBe(likes);

  await setOffline(context, false);
  await expect.poll(() => page.evaluate(() => window.checkpoint?.pending()), { timeout: 20_000 }).toBe(0);
  const after = await serverReview(owner, CELESTE);
  expect(after?.review.like_count).toBe(liked ? likes - 1 : likes + 1);
  expect(after?.comments.map((c) => c.content)).toContain('Written on a train with no signal.');
  await expect
    .poll(() => comment(page, 'Written on a train').locator('.comment__pending').count(), { timeout: 15_000 })
    .toBe(0);
  await context.close();
});

it('asks before a reload while a like is being stored, and keeps the like when the member stays', async () => {
  const owner = member('combo_breaker');
  const { context, page, errors } = await open(`/review/${owner}/${ELDEN_RING}`, { signInAs: 'cozy_quests' });
  await ready(page);
  await page.evaluate(() => window.checkpoint?.syncNow());
  const review = (await serverReview(owner, ELDEN_RING))?.review;
  const stored = await likedOnDevice(page, member('cozy_quests'), review?.id ?? -1);
  await expect.poll(() => likeButton(page).getAttribute('aria-pressed')).toBe(String(stored));
  if (stored) {
    await likeButton(page).click();
    await expect.poll(() => likeButton(page).getAttribute('aria-busy')).toBe('false');
    await expect.poll(() => likeButton(page).getAttribute('aria-pressed')).toBe('false');
  }

  // A sync's transaction on the same tables makes a write wait (IndexedDB runs them one after the
  // other): here one is held open until released, so the like is shown but not stored yet.
  await page.evaluate(async () => {
    const w = window as Window & { holdWrites?: boolean; notReloaded?: boolean };
    w.holdWrites = true;
    w.notReloaded = true;
    const open = indexedDB.open('checkpoint');
    const idb = await new Promise<IDBDatabase>((resolve, reject) => {
      open.onsuccess = () => resolve(open.result);
      open.onerror = () => reject(open.error);
    });
    const store = idb.transaction('outbox', 'readwrite').objectStore('outbox');
    const keepOpen = () => {
      if (w.holdWrites) store.count().onsuccess = keepOpen;
      else idb.close();
    };
    keepOpen();
  });
  await likeButton(page).click();
  await expect.poll(() => likeButton(page).getAttribute('aria-pressed')).toBe('true');
  expect(await likeButton(page).getAttribute('aria-busy')).toBe('true');

  // The reload asks first ("Leave site?"); the member stays.
  const dialogs: string[] = [];
  page.on('dialog', (dialog) => {
    dialogs.push(dialog.type());
    void dialog.dismiss();
  });
  await page.reload({ timeout: 3_000 }).catch(() => undefined);
  expect(dialogs).toEqual(['beforeunload']);
  expect(await page.evaluate(() => (window as Window & { notReloaded?: boolean }).notReloaded)).toBe(true);

  // Once the write is stored, a reload goes without asking, and the like is there after it.
  await page.evaluate(() => {
    (window as Window & { holdWrites?: boolean }).holdWrites = false;
  });
  await expect.poll(() => likeButton(page).getAttribute('aria-busy')).toBe('false');
  await page.reload();
  expect(dialogs).toEqual(['beforeunload']);
  await expect.poll(() => likeButton(page).getAttribute('aria-pressed'), { timeout: 15_000 }).toBe('true');
  expect(await likedOnDevice(page, member('cozy_quests'), review?.id ?? -1)).toBe(true);
  await synced(page);
  expect(await serverLikeId(member('cozy_quests'), review?.id ?? -1)).not.toBeNull();
  expect(errors).toEqual([]);
  await context.close();
});

it('keeps an unposted comment and reply over a reload until they are posted or the reply cancelled', async () => {
  const { context, page, errors } = await open(`/review/${member('story_first')}/${DISCO_ELYSIUM}`, {
    signInAs: 'cozy_quests',
  });
  await ready(page);
  const box = page.getByLabel('Add a comment');
  const typed = 'Half a thought about Harry, still being written';
  await box.fill(typed);
  // A reply under the first thread, to its first comment (a reply to a reply would open with an @mention).
  const thread = page.locator('.comments__thread').first();
  const openReply = () => thread.locator('.comment').first().getByRole('button', { name: 'Reply' }).click();
  const replyBox = page.locator('.comment-form--reply textarea');
  await openReply();
  const mention = await replyBox.inputValue();
  expect(mention).toMatch(/^(@\w+ )?$/);
  await replyBox.pressSequentially('Kim is the best partner');
  // At once: nothing waits for a pause in the typing.
  await page.reload();
  await ready(page);
  await expect.poll(() => box.inputValue(), { timeout: 15_000 }).toBe(typed);
  expect(await page.locator('.comment-form__count').first().textContent()).toBe(
    `${500 - typed.length} characters remaining`,
  );
  // The reply's form is closed after the reload; opened again, it holds what was typed.
  await openReply();
  expect(await replyBox.inputValue()).toBe(`${mention}Kim is the best partner`);
  // Cancel gives the reply up: opened again, it is as it first opened.
  await page.locator('.comment-form--reply').getByRole('button', { name: 'Cancel' }).click();
  await openReply();
  expect(await replyBox.inputValue()).toBe(mention);
  await replyBox.press('Escape');
  // Posted, the comment is no longer kept: the box stays empty over a reload.
  await page.getByRole('button', { name: 'Post Comment' }).click();
  await expect.poll(() => comment(page, typed).count()).toBe(1);
  expect(await box.inputValue()).toBe('');
  await page.reload();
  await ready(page);
  await expect.poll(() => comment(page, typed).count(), { timeout: 15_000 }).toBe(1);
  expect(await box.inputValue()).toBe('');
  await openReply();
  expect(await replyBox.inputValue()).toBe(mention);
  expect(errors).toEqual([]);
  await context.close();
});
