// The write/edit review page (/review/{gameId?}) in Chromium against the gateway: a guest gets the
// login modal; a demo member writes a review online and offline (it reaches the server once synced),
// edits one (Update only after a change), deletes one, picks the game in the picker, and cannot
// submit without a platform and the finished answer; what was typed and not saved outlives a reload.
// Screenshots go to /tmp/shots.
import { mkdir } from 'node:fs/promises';
import { createClient } from '@supabase/supabase-js';
import type { BrowserContext, Page } from 'playwright-core';
import { beforeAll, expect, it } from 'vitest';
import { e2eWorld, withDevtools, type Opened } from './harness.ts';

const world = e2eWorld();
import { expectAccessible } from './axe.ts';
import { setOffline } from './browser.ts';

const PASSWORD = 'Checkpoint-demo1';
const email = (username: string) => `${username}@demo.checkpoint.local`;
const SHOTS = '/tmp/shots';

// Catalogue games (igdb ids) and who among the demo members reviewed them (supabase/local/demo.ts).
const CELESTE = 26226; // not reviewed by pixel_pilgrim
const WITCHER_3 = 1942; // reviewed by pixel_pilgrim (9.5, PC)
const BREATH_OF_THE_WILD = 7346; // reviewed and finished by pixel_pilgrim
const HOLLOW_KNIGHT = 14593; // not reviewed by combo_breaker
const CYBERPUNK = 1877; // not reviewed by story_first
const HADES = 113112; // reviewed by speedrun_sage

beforeAll(async () => {
  await mkdir(SHOTS, { recursive: true });
});

interface Session {
  context: BrowserContext;
  page: Page;
  errors: string[];
  memberId: number;
}

async function open(width = 1280): Promise<Opened> {
  const opened = await world.open(width);
  await withDevtools(opened.page, world.gateway.url);
  return opened;
}

async function signedIn(username: string, width = 1280): Promise<Session> {
  const { context, page, errors } = await open(width);
  const { memberId } = await page.evaluate(([e, p]) => window.checkpoint!.signIn(e, p), [
    email(username),
    PASSWORD,
  ] as const);
  return { context, page, errors, memberId };
}

/** The member's review of a game as the server has it (get_review), or null. */
async function serverReview(
  userId: number,
  igdbId: number,
): Promise<{
  rating: number;
  review: string | null;
  playtime_hours: number | null;
  is_recommended: boolean | null;
  platform?: { name: string } | null;
} | null> {
  const client = createClient(world.gateway.url, world.gateway.anonKey, {
    auth: { persistSession: false, autoRefreshToken: false },
  });
  const { data, error } = await client.rpc('get_review', { p_user_id: userId, p_game_id: igdbId });
  if (error) throw new Error(error.message);
  const doc = data as { review?: Record<string, unknown> } | null;
  if (!doc) return null;
  return (doc.review ?? doc) as never;
}

const submit = (page: Page) => page.locator('.review-form__submit');
const radio = (page: Page, group: string, label: string) =>
  page.getByRole('group', { name: group, exact: true }).getByRole('radio', { name: label, exact: true });

async function waitForForm(page: Page, heading: 'Write a Review' | 'Edit Review') {
  await expect.poll(() => page.locator('h1').textContent(), { timeout: 15_000 }).toBe(heading);
  await expect.poll(() => page.locator('.review-form').count(), { timeout: 15_000 }).toBe(1);
}

it('shows a guest the login modal and "Authentication Required", then the form once signed in', async () => {
  const { context, page, errors } = await open(390);
  await page.goto(`${world.gateway.url}/review/${CELESTE}`);
  await expect.poll(() => page.getByText('Authentication Required').isVisible(), { timeout: 10_000 }).toBe(true);
  await expect.poll(() => page.getByRole('dialog').isVisible()).toBe(true);
  await expectAccessible(page.getByRole('dialog'));
  expect(await page.locator('.review-form').count()).toBe(0);
  await page.screenshot({ path: `${SHOTS}/reviewform-guest-390.png` });
  await page.evaluate(([e, p]) => window.checkpoint!.signIn(e, p), [email('retro_ranger'), PASSWORD] as const);
  await waitForForm(page, 'Write a Review');
  expect(errors).toEqual([]);
  await context.close();
});

it('needs a platform and the finished answer before Submit, and keeps the rating and playtime in range', async () => {
  const { context, page, errors } = await signedIn('story_first', 390);
  await page.goto(`${world.gateway.url}/review/${CYBERPUNK}`);
  await waitForForm(page, 'Write a Review');
  await expect.poll(() => submit(page).isDisabled()).toBe(true);
  expect(await page.locator('.review-form__todo li').allTextContents()).toEqual([
    'Choose the platform you played on.',
    'Tell us whether you finished the game.',
  ]);
  // The mapped, de-duplicated, sorted platform names.
  const platforms = await page
    .getByRole('group', { name: /Platform/ })
    .getByRole('radio')
    .evaluateAll((els) => els.map((e) => (e as HTMLInputElement).value));
  expect(platforms).toEqual([
    'Google Stadia',
    'Mac',
    'Nintendo Switch 2',
    'PC',
    'PlayStation 4',
    'PS5',
    'Xbox One',
    'Xbox Series X/S',
  ]);
  await page.screenshot({ path: `${SHOTS}/reviewform-create-390.png`, fullPage: true });

  await radio(page, 'Platform', 'PS5').check();
  expect(await page.locator('.review-form__todo li').allTextContents()).toEqual([
    'Tell us whether you finished the game.',
  ]);
  await expect.poll(() => submit(page).isDisabled()).toBe(true);
  await radio(page, 'Did you finish the game?', 'No').check();
  await expect.poll(() => submit(page).isDisabled()).toBe(false);

  // Typed ratings are clamped and rounded when the box is left; a cleared box returns to 5.
  const box = page.getByLabel('Rating (1 to 10)');
  await box.fill('7.3');
  await box.press('Tab');
  await expect.poll(() => page.locator('.review-form__rating-value').textContent()).toBe('7.5/10');
  await box.fill('42');
  await box.press('Enter');
  await expect.poll(() => box.inputValue()).toBe('10');
  await box.fill('');
  await box.press('Tab');
  await expect.poll(() => box.inputValue()).toBe('5');
  // Only digits can be typed into the playtime box; 0 is out of range.
  const playtime = page.getByLabel(/Playtime/);
  await playtime.pressSequentially('1a2.b');
  expect(await playtime.inputValue()).toBe('12');
  await playtime.fill('0');
  await expect.poll(() => submit(page).isDisabled()).toBe(true);
  expect(await page.locator('.review-form__todo li').allTextContents()).toEqual([
    'Playtime must be whole hours from 1 to 99999',
  ]);
  expect(errors).toEqual([]);
  await context.close();
});

it('writes a review online: saved as typed, progress marked, on the server, and the review page shows the allowed tags as formatting and the rest as text', async () => {
  const { context, page, errors, memberId } = await signedIn('pixel_pilgrim');
  // A script that ran would open an alert: every dialog is recorded (and dismissed).
  const dialogs: string[] = [];
  page.on('dialog', (dialog) => {
    dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  await page.goto(`${world.gateway.url}/review/${CELESTE}`);
  await waitForForm(page, 'Write a Review');
  await page.getByLabel('Rating slider').fill('8.5');
  await radio(page, 'Platform', 'Switch').check();
  await radio(page, 'Did you finish the game?', 'Yes').check();
  await radio(page, 'Would you recommend it?', 'Yes').check();
  await page.getByLabel(/Playtime/).fill('35');
  const typed = 'Tight & kind. <b>Chapter 7</b> is a climb<script>alert(1)</script>!';
  await page.getByLabel(/Your review/).fill(typed);
  await expect
    .poll(() => page.locator('.review-form__count').textContent())
    .toBe(`${typed.length} / 10,000 characters`);
  await page.screenshot({ path: `${SHOTS}/reviewform-create-1280.png`, fullPage: true });
  await submit(page).click();
  await expect.poll(() => new URL(page.url()).pathname).toBe(`/review/${memberId}/${CELESTE}`);
  await expect.poll(() => page.evaluate(() => window.checkpoint!.pending()), { timeout: 15_000 }).toBe(0);
  const saved = await serverReview(memberId, CELESTE);
  // Stored exactly as typed: safety is where it is rendered, not in the stored text.
  expect(saved).toMatchObject({ rating: 8.5, review: typed, playtime_hours: 35, is_recommended: true });
  const progress = await page.evaluate(() => window.checkpoint!.mirrors('progress'));
  expect(progress.find((p) => p.igdb_id === CELESTE)).toMatchObject({ completed: true, started: true });

  // The review page: <b> is bold; <script> is literal visible text, never an element, never run.
  const text = page.locator('.review-card__text');
  await expect
    .poll(() => text.innerText(), { timeout: 15_000 })
    .toBe('Tight & kind. Chapter 7 is a climb<script>alert(1)</script>!');
  expect(await text.locator('b').allTextContents()).toEqual(['Chapter 7']);
  expect(await text.locator('b').evaluate((el) => Number(getComputedStyle(el).fontWeight))).toBeGreaterThanOrEqual(600);
  expect(await text.locator('script').count()).toBe(0);
  expect(await text.getByText('<script>alert(1)</script>').isVisible()).toBe(true);
  expect(dialogs).toEqual([]);

  // A second visit is edit mode.
  await page.goto(`${world.gateway.url}/review/${CELESTE}`);
  await waitForForm(page, 'Edit Review');
  expect(errors).toEqual([]);
  await context.close();
});

it('edits a review: Update is enabled only while a field differs, and the change reaches the server', async () => {
  const { context, page, errors, memberId } = await signedIn('pixel_pilgrim');
  await page.goto(`${world.gateway.url}/review/${WITCHER_3}`);
  await waitForForm(page, 'Edit Review');
  await expect.poll(() => page.getByLabel('Rating (1 to 10)').inputValue()).toBe('9.5');
  await expect.poll(() => radio(page, 'Platform', 'PC').isChecked()).toBe(true);
  expect(await submit(page).textContent()).toBe('Update Review');
  await expect.poll(() => submit(page).isDisabled()).toBe(true);
  await page.screenshot({ path: `${SHOTS}/reviewform-edit-1280.png`, fullPage: true });

  await page.getByLabel('Rating slider').fill('8');
  await expect.poll(() => submit(page).isDisabled()).toBe(false);
  await page.getByLabel('Rating slider').fill('9.5');
  await expect.poll(() => submit(page).isDisabled()).toBe(true);
  await page.getByLabel('Rating slider').fill('9');
  await page.getByLabel(/Playtime/).fill('120');
  await submit(page).click();
  await expect.poll(() => new URL(page.url()).pathname).toBe(`/review/${memberId}/${WITCHER_3}`);
  await expect.poll(() => page.evaluate(() => window.checkpoint!.pending()), { timeout: 15_000 }).toBe(0);
  await expect.poll(async () => (await serverReview(memberId, WITCHER_3))?.rating).toBe(9);
  expect((await serverReview(memberId, WITCHER_3))?.playtime_hours).toBe(120);

  // A finished game locks the finished answer.
  await page.goto(`${world.gateway.url}/review/${BREATH_OF_THE_WILD}`);
  await waitForForm(page, 'Edit Review');
  await expect.poll(() => radio(page, 'Did you finish the game?', 'Yes').isChecked()).toBe(true);
  expect(await radio(page, 'Did you finish the game?', 'No').isDisabled()).toBe(true);
  await page.setViewportSize({ width: 390, height: 900 });
  await page.screenshot({ path: `${SHOTS}/reviewform-edit-390.png`, fullPage: true });
  expect(errors).toEqual([]);
  await context.close();
});

it('deletes a review after confirming', async () => {
  const { context, page, memberId } = await signedIn('speedrun_sage');
  await page.goto(`${world.gateway.url}/review/${HADES}`);
  await waitForForm(page, 'Edit Review');
  await page.getByRole('button', { name: 'Delete review' }).click();
  await expect.poll(() => page.getByRole('dialog', { name: 'Delete Review' }).isVisible()).toBe(true);
  await expectAccessible(page.getByRole('dialog', { name: 'Delete Review' }));
  await page
    .getByRole('dialog', { name: 'Delete Review' })
    .getByRole('button', { name: 'Delete', exact: true })
    .click();
  await expect.poll(() => new URL(page.url()).pathname).toMatch(/^\/game\//);
  await expect.poll(() => page.evaluate(() => window.checkpoint!.pending()), { timeout: 15_000 }).toBe(0);
  expect(await serverReview(memberId, HADES)).toBeNull();
  await context.close();
});

it('writes a review offline, says it will sync, and the server has it once back online', async () => {
  const { context, page, errors, memberId } = await signedIn('combo_breaker', 390);
  await page.goto(`${world.gateway.url}/review/${HOLLOW_KNIGHT}`);
  await waitForForm(page, 'Write a Review');
  // The platform list is on the device before the network goes.
  await expect.poll(() => page.evaluate(async () => (await indexedDB.databases()).length)).toBeGreaterThan(0);
  await setOffline(context, true);
  await expect.poll(() => page.locator('.review-form__offline').isVisible()).toBe(true);
  await page.screenshot({ path: `${SHOTS}/reviewform-offline-390.png`, fullPage: true });
  await radio(page, 'Platform', 'PC').check();
  await radio(page, 'Did you finish the game?', 'No').check();
  await page.getByLabel(/Your review/).fill('Written on a train.');
  await submit(page).click();
  await expect.poll(() => new URL(page.url()).pathname).toBe(`/review/${memberId}/${HOLLOW_KNIGHT}`);
  await expect
    .poll(() => page.getByText("Saved on this device. Your review will sync when you're back online.").isVisible())
    .toBe(true);
  const queued = await page.evaluate(() => window.checkpoint!.outbox());
  expect(queued.map((m) => m.name)).toEqual(['review.create', 'progress.set']);
  expect(await serverReview(memberId, HOLLOW_KNIGHT)).toBeNull();

  await setOffline(context, false);
  await expect.poll(() => page.evaluate(() => window.checkpoint!.pending()), { timeout: 20_000 }).toBe(0);
  await expect.poll(async () => (await serverReview(memberId, HOLLOW_KNIGHT))?.review).toBe('Written on a train.');
  await expect.poll(() => page.evaluate(() => window.checkpoint!.status().lastError)).toBeNull();
  expect(errors).toEqual([]);
  await context.close();
});

it('with no game in the address, the picker chooses it', async () => {
  const { context, page, errors } = await signedIn('cozy_quests', 1280);
  await page.goto(`${world.gateway.url}/review`);
  await expect.poll(() => page.getByRole('dialog').isVisible(), { timeout: 10_000 }).toBe(true);
  await page
    .getByRole('dialog')
    .getByRole('searchbox')
    .or(page.getByRole('dialog').getByRole('combobox'))
    .first()
    .fill('hollow knight');
  const option = page.getByRole('dialog').getByRole('option').filter({ hasText: 'Hollow Knight' }).first();
  await expect.poll(() => option.isVisible(), { timeout: 10_000 }).toBe(true);
  await page.screenshot({ path: `${SHOTS}/reviewform-picker-1280.png` });
  await option.click();
  await expect.poll(() => new URL(page.url()).pathname).toBe(`/review/${HOLLOW_KNIGHT}`);
  await waitForForm(page, 'Write a Review');
  await expect.poll(() => page.locator('.review-page__game-name').textContent()).toBe('Hollow Knight');
  expect(errors).toEqual([]);
  await context.close();
});

it('keeps what a member typed through a reload until they discard it or save it', async () => {
  const { context, page, errors, memberId } = await signedIn('retro_ranger', 390);
  const text = page.getByLabel(/Your review/);
  const rating = page.getByLabel('Rating (1 to 10)');
  const notice = page.getByRole('status').filter({ hasText: 'We kept what you were writing.' });
  await page.goto(`${world.gateway.url}/review/${HADES}`);
  await waitForForm(page, 'Write a Review');
  expect(await notice.count()).toBe(0);

  // Typed, then the page reloads at once: nothing was saved, nothing is lost.
  const typed = 'Written on a train, then the tab was gone. Every run felt new.';
  await page.getByLabel('Rating slider').fill('7.5');
  await text.fill(typed);
  await page.reload();
  await waitForForm(page, 'Write a Review');
  await expect.poll(() => notice.isVisible()).toBe(true);
  expect(await text.inputValue()).toBe(typed);
  expect(await rating.inputValue()).toBe('7.5');
  await page.screenshot({ path: `${SHOTS}/reviewform-kept-390.png` });
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.screenshot({ path: `${SHOTS}/reviewform-kept-1280.png` });

  // Discard changes: the form as it would have opened, and it stays so after another reload.
  await notice.getByRole('button', { name: 'Discard changes' }).click();
  await expect.poll(() => notice.count()).toBe(0);
  expect(await text.inputValue()).toBe('');
  expect(await rating.inputValue()).toBe('5');
  await page.reload();
  await waitForForm(page, 'Write a Review');
  expect(await notice.count()).toBe(0);
  expect(await text.inputValue()).toBe('');

  // Published: nothing is kept any more.
  await radio(page, 'Platform', 'PC').check();
  await radio(page, 'Did you finish the game?', 'Yes').check();
  await text.fill(typed);
  await submit(page).click();
  await expect.poll(() => new URL(page.url()).pathname).toBe(`/review/${memberId}/${HADES}`);
  await page.goto(`${world.gateway.url}/review/${HADES}`);
  await waitForForm(page, 'Edit Review');
  await expect.poll(() => text.inputValue()).toBe(typed);
  expect(await notice.count()).toBe(0);

  // Editing it keeps the change over a reload too, with Update ready; Discard changes goes back to the saved review.
  await text.fill(`${typed} Then I beat it.`);
  await page.reload();
  await waitForForm(page, 'Edit Review');
  await expect.poll(() => notice.isVisible()).toBe(true);
  expect(await text.inputValue()).toBe(`${typed} Then I beat it.`);
  expect(await submit(page).isDisabled()).toBe(false);
  await notice.getByRole('button', { name: 'Discard changes' }).click();
  expect(await text.inputValue()).toBe(typed);
  await expect.poll(() => submit(page).isDisabled()).toBe(true);
  expect(errors).toEqual([]);
  await context.close();
});
