// Spoiler tags in Chromium against the gateway: a member marks part of a review as a
// spoiler with the form's Spoiler button, the review page shows it blurred (hidden from screen
// readers, not selectable) until it is revealed by a click or from the keyboard, one spoiler at a
// time; cards, the activity feed and the page's description never hold its text; it works the
// same written offline; and a comment can hold one too, written or added while editing it.
// Screenshots go to /tmp/shots.
import { mkdir } from 'node:fs/promises';
import type { BrowserContext, Page } from 'playwright-core';
import { beforeAll, expect, it } from 'vitest';
import { devtoolsSignIn, e2eWorld } from './harness.ts';
import { setOffline } from './browser.ts';

const world = e2eWorld();

const PASSWORD = 'Checkpoint-demo1';
const email = (username: string) => `${username}@demo.checkpoint.local`;
const SHOTS = '/tmp/shots';
const LABEL = 'Spoiler, tap to reveal';

// Catalogue games (igdb ids) the members below have not reviewed (supabase/local/demo.ts).
const CELESTE = 26226; // pixel_pilgrim
const HOLLOW_KNIGHT = 14593; // combo_breaker

/** The review page the first test writes; the comment test answers it. */
let reviewWithSpoilers = '';

beforeAll(async () => {
  await mkdir(SHOTS, { recursive: true });
});

interface Session {
  context: BrowserContext;
  page: Page;
  errors: string[];
  memberId: number;
}

async function signedIn(username: string, width: number): Promise<Session> {
  const opened = await world.open(width);
  return { ...opened, memberId: await devtoolsSignIn(opened.page, world.gateway.url, email(username), PASSWORD) };
}

const radio = (page: Page, group: string, label: string) =>
  page.getByRole('group', { name: group, exact: true }).getByRole('radio', { name: label, exact: true });

async function openForm(page: Page, igdbId: number): Promise<void> {
  await page.goto(`${world.gateway.url}/review/${igdbId}`);
  await expect.poll(() => page.locator('.review-form').count(), { timeout: 15_000 }).toBe(1);
}

/**
 * Types "{before}" then uses the Spoiler button twice: once with nothing selected (it inserts
 * ||spoiler|| with the word selected, typed over), once on a selected word.
 */
async function writeWithSpoilers(page: Page, secrets: { typed: string; selected: string }): Promise<string> {
  const box = page.getByLabel(/Your review/);
  await box.fill(`Loved the climb. `);
  await box.press('End');
  await page.getByRole('button', { name: 'Spoiler' }).click();
  // The sample word is selected in the box: typing replaces it.
  await expect
    .poll(() => box.evaluate((el: HTMLTextAreaElement) => el.value.slice(el.selectionStart, el.selectionEnd)))
    .toBe('spoiler');
  await page.keyboard.type(secrets.typed);
  await box.press('End');
  await page.keyboard.type(` Also ${secrets.selected} at the end.`);
  // Select the word and wrap it from the keyboard: Tab-free, the button keeps the box's selection.
  await box.evaluate((el: HTMLTextAreaElement, word: string) => {
    const at = el.value.indexOf(word);
    el.setSelectionRange(at, at + word.length);
  }, secrets.selected);
  await page.getByRole('button', { name: 'Spoiler' }).focus();
  await page.keyboard.press('Enter');
  const value = await box.inputValue();
  expect(value).toBe(`Loved the climb. ||${secrets.typed}|| Also ||${secrets.selected}|| at the end.`);
  return value;
}

/** Everything the page holds as text or markup, including the document head (meta tags). */
const wholePage = (page: Page) =>
  page.evaluate(() => `${document.documentElement.outerHTML}\n${document.body.innerText}`);

it('blurs a spoiler on the review page until clicked or opened from the keyboard, and hides it in cards, the feed and the description', async () => {
  const { context, page, errors, memberId } = await signedIn('pixel_pilgrim', 1280);
  const secrets = { typed: 'Madeline befriends her shadow', selected: 'Granny' };
  await openForm(page, CELESTE);
  await radio(page, 'Platform', 'Switch').check();
  await radio(page, 'Did you finish the game?', 'Yes').check();
  await writeWithSpoilers(page, secrets);
  await page.screenshot({ path: `${SHOTS}/spoilers-form-1280.png`, fullPage: true });
  await page.locator('.review-form__submit').click();
  await expect.poll(() => new URL(page.url()).pathname).toBe(`/review/${memberId}/${CELESTE}`);
  reviewWithSpoilers = `/review/${memberId}/${CELESTE}`;

  // Two spoilers, each a button named for what it is; their words blurred, unselectable, hidden from screen readers.
  const spoilers = page.getByRole('button', { name: LABEL });
  await expect.poll(() => spoilers.count(), { timeout: 15_000 }).toBe(2);
  const look = await page
    .locator('.spoiler__text')
    .first()
    .evaluate((el) => {
      const style = getComputedStyle(el);
      return { filter: style.filter, select: style.userSelect, hidden: el.getAttribute('aria-hidden') };
    });
  expect(look).toEqual({ filter: 'blur(6px)', select: 'none', hidden: 'true' });
  // The description is written in an effect after the render that showed the review.
  await expect
    .poll(() => page.evaluate(() => document.querySelector('meta[name="description"]')?.getAttribute('content') ?? ''))
    .toBe('Loved the climb. [spoiler] Also [spoiler] at the end.');
  await page.screenshot({ path: `${SHOTS}/spoilers-blurred-1280.png` });
  await page.setViewportSize({ width: 390, height: 900 });
  await page.screenshot({ path: `${SHOTS}/spoilers-blurred-390.png`, fullPage: true });

  // A click reveals the first only.
  await spoilers.first().click();
  await expect.poll(() => page.locator('.spoiler--revealed').allTextContents()).toEqual([secrets.typed]);
  expect(await page.locator('.spoiler--revealed').evaluate((el) => getComputedStyle(el).animationName)).toBe(
    'spoiler-reveal',
  );
  expect(await spoilers.count()).toBe(1);
  // The second from the keyboard: focus, then Space.
  await spoilers.first().focus();
  await page.keyboard.press('Space');
  await expect
    .poll(() => page.locator('.spoiler--revealed').allTextContents())
    .toEqual([secrets.typed, secrets.selected]);
  expect(await page.getByRole('button', { name: LABEL }).count()).toBe(0);
  await page.screenshot({ path: `${SHOTS}/spoilers-revealed-390.png`, fullPage: true });
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.screenshot({ path: `${SHOTS}/spoilers-revealed-1280.png` });
  await expect.poll(() => page.evaluate(() => window.checkpoint!.pending()), { timeout: 20_000 }).toBe(0);

  // The game page's compact card: "[spoiler]", never the words.
  await page.locator('.review-page__back').click();
  await expect.poll(() => new URL(page.url()).pathname).toMatch(/^\/game\//);
  const card = page.locator('.review-card--compact', { hasText: 'Loved the climb.' });
  await expect.poll(() => card.count(), { timeout: 15_000 }).toBe(1);
  expect(await card.locator('.review-card__text').textContent()).toBe(
    'Loved the climb. [spoiler] Also [spoiler] at the end.',
  );
  const game = await wholePage(page);
  expect(game).not.toContain(secrets.typed);
  expect(game).not.toContain(secrets.selected);

  // The home page's recent reviews, the member's activity feed and their profile's reviews list.
  const hidden = async (where: string) => {
    await expect
      .poll(() => page.getByText('Loved the climb.').count(), { timeout: 15_000, message: where })
      .toBeGreaterThan(0);
    const text = await wholePage(page);
    expect(text, where).toContain('[spoiler]');
    expect(text, where).not.toContain(secrets.typed);
    expect(text, where).not.toContain(secrets.selected);
  };
  await page.goto(`${world.gateway.url}/`);
  await hidden('home');
  await page.goto(`${world.gateway.url}/user/${memberId}?tab=activity`);
  await hidden('activity feed');
  await page
    .locator('.profile-stats')
    .getByRole('button', { name: /Reviews/ })
    .click();
  await expect
    .poll(() => page.locator('.profile-reviews__item', { hasText: 'Loved the climb.' }).count(), { timeout: 15_000 })
    .toBe(1);
  await hidden('reviews list');
  expect(errors).toEqual([]);
  await context.close();
});

it('works offline: a review written without a network shows its spoiler blurred and its card hides it', async () => {
  const { context, page, errors, memberId } = await signedIn('combo_breaker', 390);
  // This member asked for less motion: the reveal is instant.
  await page.emulateMedia({ reducedMotion: 'reduce' });
  const secrets = { typed: 'The Radiance is the final boss', selected: 'Hornet' };
  await openForm(page, HOLLOW_KNIGHT);
  await expect.poll(() => page.evaluate(async () => (await indexedDB.databases()).length)).toBeGreaterThan(0);
  // The app's screens are cached once the service worker is active (its install precaches them).
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  await setOffline(context, true);
  await expect.poll(() => page.locator('.review-form__offline').isVisible()).toBe(true);
  await radio(page, 'Platform', 'PC').check();
  await radio(page, 'Did you finish the game?', 'No').check();
  await writeWithSpoilers(page, secrets);
  await page.locator('.review-form__submit').click();
  await expect.poll(() => new URL(page.url()).pathname).toBe(`/review/${memberId}/${HOLLOW_KNIGHT}`);
  const spoilers = page.getByRole('button', { name: LABEL });
  await expect.poll(() => spoilers.count(), { timeout: 30_000 }).toBe(2);
  await page.screenshot({ path: `${SHOTS}/spoilers-offline-390.png`, fullPage: true });
  await spoilers.first().focus();
  await page.keyboard.press('Enter');
  await expect.poll(() => page.locator('.spoiler--revealed').allTextContents()).toEqual([secrets.typed]);
  expect(await page.locator('.spoiler--revealed').evaluate((el) => getComputedStyle(el).animationName)).toBe('none');

  // Still offline, the game page's card from this device hides it.
  await page.locator('.review-page__back').click();
  await expect.poll(() => new URL(page.url()).pathname).toMatch(/^\/game\//);
  const card = page.locator('.review-card--compact', { hasText: 'Loved the climb.' });
  await expect.poll(() => card.count(), { timeout: 15_000 }).toBe(1);
  expect(await wholePage(page)).not.toContain(secrets.typed);
  await setOffline(context, false);
  await expect.poll(() => page.evaluate(() => window.checkpoint!.pending()), { timeout: 20_000 }).toBe(0);
  expect(errors).toEqual([]);
  await context.close();
});

it('lets a comment hold a spoiler, blurred in the thread until revealed', async () => {
  expect(reviewWithSpoilers).not.toBe('');
  const { context, page, errors } = await signedIn('story_first', 1280);
  await page.goto(`${world.gateway.url}${reviewWithSpoilers}`);
  const box = page.getByLabel('Add a comment');
  await expect.poll(() => box.count(), { timeout: 15_000 }).toBe(1);
  await box.fill('The ending! ');
  await box.press('End');
  await page.locator('.comment-form').getByRole('button', { name: 'Spoiler' }).click();
  await page.keyboard.type('she climbs it together');
  expect(await box.inputValue()).toBe('The ending! ||she climbs it together||');
  await page.getByRole('button', { name: 'Post Comment' }).click();
  const comment = page.locator('.comment__text', { hasText: 'The ending!' });
  await expect.poll(() => comment.count(), { timeout: 15_000 }).toBe(1);
  const spoiler = comment.getByRole('button', { name: LABEL });
  expect(await spoiler.count()).toBe(1);
  await page.screenshot({ path: `${SHOTS}/spoilers-comment-1280.png` });
  await spoiler.click();
  await expect.poll(() => comment.locator('.spoiler--revealed').textContent()).toBe('she climbs it together');
  // On the server before the device goes away: the next test edits it from another one.
  await expect.poll(() => page.evaluate(() => window.checkpoint!.pending()), { timeout: 20_000 }).toBe(0);
  expect(errors).toEqual([]);
  await context.close();
});

it('lets the author hide a word of their comment as a spoiler while editing it, from the keyboard', async () => {
  expect(reviewWithSpoilers).not.toBe('');
  const { context, page, errors } = await signedIn('story_first', 1280);
  await page.goto(`${world.gateway.url}${reviewWithSpoilers}`);
  const mine = page.locator('.comment', { hasText: 'The ending!' });
  await expect.poll(() => mine.count(), { timeout: 15_000 }).toBe(1);
  await mine.getByRole('button', { name: 'Edit' }).click();
  const box = page.getByLabel('Edit your comment');
  expect(await box.inputValue()).toBe('The ending! ||she climbs it together||');
  const edit = page.locator('.comment-form--edit');
  await page.screenshot({ path: `${SHOTS}/spoilers-comment-edit-1280.png` });
  await page.setViewportSize({ width: 390, height: 900 });
  await edit.scrollIntoViewIfNeeded();
  await page.screenshot({ path: `${SHOTS}/spoilers-comment-edit-390.png` });

  // Select "ending", then Tab to the form's Spoiler button (the next control after the box) and press it.
  await box.evaluate((el: HTMLTextAreaElement) => {
    const at = el.value.indexOf('ending');
    el.setSelectionRange(at, at + 'ending'.length);
  });
  await page.keyboard.press('Tab');
  const button = edit.getByRole('button', { name: 'Spoiler' });
  expect(await button.evaluate((el) => el === document.activeElement)).toBe(true);
  await page.keyboard.press('Enter');
  expect(await box.inputValue()).toBe('The ||ending||! ||she climbs it together||');
  // Focus is back in the box with the wrapped word selected.
  await expect
    .poll(() =>
      box.evaluate((el: HTMLTextAreaElement) =>
        el === document.activeElement ? el.value.slice(el.selectionStart, el.selectionEnd) : null,
      ),
    )
    .toBe('ending');
  await edit.getByRole('button', { name: 'Save' }).click();

  // The saved comment shows the word blurred, as a spoiler of its own, and the server holds the markers.
  await expect.poll(() => edit.count()).toBe(0);
  await expect.poll(() => mine.getByRole('button', { name: LABEL }).count(), { timeout: 15_000 }).toBe(2);
  const first = mine.locator('.spoiler').first();
  expect(await first.textContent()).toBe('ending');
  expect(await first.locator('.spoiler__text').evaluate((el) => getComputedStyle(el).filter)).toBe('blur(6px)');
  expect(await mine.locator('.comment__text').textContent()).not.toMatch(/\|\|/);
  await expect
    .poll(
      async () =>
        (
          await world.gateway.db.query<{ content: string }>(
            "select content from public.comment where content like '%she climbs it together%'",
          )
        ).map((r) => r.content),
      { timeout: 20_000 },
    )
    .toEqual(['The ||ending||! ||she climbs it together||']);
  await page.screenshot({ path: `${SHOTS}/spoilers-comment-edited-390.png` });
  expect(errors).toEqual([]);
  await context.close();
});
