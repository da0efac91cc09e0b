// Every dialog outside the profile and sign-in ones (no-overflow.test.ts has those), against the
// gateway's demo data: the game page's action sheet, a long review's full text, the game pickers,
// the review form's Delete and Unpublish, a comment's Delete, the account's Delete confirm and the
// iOS install how-to. Each is measured at 360 and 390 px (nothing wider than the viewport, the
// dialog inside it) and audited by axe over the whole document in the dark and the light theme,
// signed out where a visitor can open it, and signed in.
import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { PICKER_EXCUSED } from './axe.ts';
import { demoEmail, devtoolsSignIn, e2eWorld, synced } from './harness.ts';
import { check, escape, loaded, OPEN_DIALOG, WIDTHS } from './phone-screens.ts';

// Demo members in seeding order (supabase/local/demo.ts): 1 pixel_pilgrim (signs in), 2 combo_breaker,
// 3 cozy_quests. pixel_pilgrim commented on combo_breaker's Elden Ring review.
const PIXEL = 1;
const COMBO = 2;
const COZY = 3;
const CELESTE = 26226;
const HOLLOW_KNIGHT = 14593;
const ELDEN_RING = 119133;

const IPHONE_UA =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Mobile/15E148 Safari/604.1';

// cozy_quests's Celeste review made longer than the 500 characters the review page shows, so it has
// a 'more' control that opens the full text.
const LONG_REVIEW = 'Tight controls and a genuinely kind story about anxiety; the B-sides are no joke. '.repeat(9);

const world = e2eWorld({
  seed: (gateway) =>
    gateway.db.query('update public.rating set review = $1 where user_id = $2 and igdb_id = $3', [
      LONG_REVIEW.trim(),
      COZY,
      CELESTE,
    ]),
});

const go = async (page: Page, path: string, ready: string) => {
  await page.goto(`${world.gateway.url}${path}`);
  await page.locator(ready).first().waitFor({ timeout: 20_000 });
};

/** The dialogs a visitor can open too: the game page's action sheet and a long review's full text. */
async function walkShared(page: Page, who: string, found: string[]) {
  await go(page, `/game/${CELESTE}`, 'main h1');
  await page.locator('.action-bar__icons button').nth(2).click();
  await page.getByRole('dialog', { name: 'Game actions' }).waitFor();
  await check(page, `${who}: game actions sheet`, found);
  await escape(page);

  await go(page, `/review/${COZY}/${CELESTE}`, 'main h1');
  await page.getByRole('button', { name: /^more/ }).click();
  await page.getByRole('dialog', { name: /review$/ }).waitFor();
  await check(page, `${who}: full review`, found);
  await escape(page);
}

it('signed out: the action sheet and the full review fit a 360 or 390 px phone and pass axe in both themes', async () => {
  const { context, page, errors } = await world.open(WIDTHS[1]);
  const found: string[] = [];
  try {
    await walkShared(page, 'signed out', found);
  } finally {
    await context.close();
  }
  expect(found, found.join('\n')).toEqual([]);
  expect(errors).toEqual([]);
}, 120_000);

it('signed in: every review, comment, picker, confirm and sheet dialog fits a 360 or 390 px phone and passes axe in both themes', async () => {
  const { context, page, errors } = await world.open(WIDTHS[1]);
  const found: string[] = [];
  try {
    expect(await devtoolsSignIn(page, world.gateway.url, demoEmail('pixel_pilgrim'))).toBe(PIXEL);
    await walkShared(page, 'signed in', found);

    // The catalogue picker a review starts from, with results.
    await go(page, '/review', 'main h1');
    const chooser = page.getByRole('dialog', { name: 'Select a game to review' });
    await chooser.getByRole('combobox').fill('zelda');
    await expect.poll(() => chooser.getByRole('option').count(), { timeout: 20_000 }).toBeGreaterThan(0);
    await loaded(chooser);
    await check(page, 'review game picker', found, PICKER_EXCUSED);
    await escape(page);

    // The review form's confirmations, on a review of pixel_pilgrim's own that nobody liked or
    // commented on yet (Unpublish is shut once someone has).
    await page.evaluate(
      ([igdbId]) =>
        window.checkpoint!.mutate('review.create', {
          igdb_id: igdbId ?? 0,
          game: { name: 'Hollow Knight' },
          rating: 9,
          review: 'Quiet, vast and precise.',
          is_recommended: true,
          platform: 'PC',
        }),
      [HOLLOW_KNIGHT],
    );
    await synced(page);
    await go(page, `/review/${HOLLOW_KNIGHT}`, '.review-form');
    await expect.poll(() => page.locator('h1').first().textContent(), { timeout: 15_000 }).toBe('Edit Review');
    for (const [button, title] of [
      ['Delete review', 'Delete Review'],
      ['Unpublish', 'Unpublish Review'],
    ] as const) {
      await page.getByRole('button', { name: button, exact: true }).click();
      const dialog = page.getByRole('dialog', { name: title });
      await dialog.waitFor();
      await check(page, `${title} dialog`, found);
      await dialog.getByRole('button', { name: 'Cancel' }).click();
      await expect.poll(() => page.locator(OPEN_DIALOG).count()).toBe(0);
    }

    // A comment's Delete.
    await go(page, `/review/${COMBO}/${ELDEN_RING}`, 'main h1');
    await page.locator('.comment').filter({ hasText: 'stress ball' }).getByRole('button', { name: 'Delete' }).click();
    const deleteComment = page.getByRole('alertdialog', { name: 'Delete Comment' });
    await deleteComment.waitFor();
    await check(page, 'Delete Comment dialog', found);
    await deleteComment.getByRole('button', { name: 'Cancel' }).click();
    await expect.poll(() => page.locator(OPEN_DIALOG).count()).toBe(0);

    // The Want to Play picker (the member's own games) on one's own profile.
    await go(page, `/user/${PIXEL}`, 'main:not([data-first-paint]) .profile-header h1');
    await page.getByRole('tab', { name: 'Want to Play', exact: true }).click();
    await page.getByRole('button', { name: '+ Add Games' }).first().click();
    const wanted = page.locator(OPEN_DIALOG).last();
    await loaded(wanted);
    await check(page, 'Want to Play picker', found, PICKER_EXCUSED);
    await escape(page);

    // The account's Delete confirm.
    await page.getByRole('button', { name: /^Account menu for / }).click();
    await page.getByRole('menuitem', { name: 'Delete account' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Delete your account?' });
    await confirm.waitFor();
    await check(page, 'Delete your account? dialog', found);
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await expect.poll(() => page.locator(OPEN_DIALOG).count()).toBe(0);
  } finally {
    await context.close();
  }

  // The iOS how-to, offered in the account menu where Safari has no install prompt.
  const phone = await world.open(WIDTHS[1], {
    viewport: { width: WIDTHS[1], height: 844 },
    userAgent: IPHONE_UA,
    isMobile: true,
    hasTouch: true,
  });
  try {
    await devtoolsSignIn(phone.page, world.gateway.url, demoEmail('pixel_pilgrim'));
    await phone.page.getByRole('button', { name: /^Account menu for / }).click();
    await phone.page.getByRole('menuitem', { name: 'Install app' }).click();
    await phone.page.getByRole('dialog', { name: 'Install Checkpoint' }).waitFor();
    await check(phone.page, 'iOS install how-to', found);
    await escape(phone.page);
  } finally {
    await phone.context.close();
  }
  expect(found, found.join('\n')).toEqual([]);
  expect([...errors, ...phone.errors]).toEqual([]);
}, 240_000);
