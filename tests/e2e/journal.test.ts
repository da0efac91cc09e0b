// The play journal in Chromium against the gateway's demo members: a session logged
// offline on the game page shows at once as not synced, survives an offline reload, and reaches
// the server exactly once when the connection is back; the form's problems show beside the field;
// a private session and an edit; the profile's Journal tab groups sessions by month with the total
// and edits a session's platform among the game's (offline, synced once); another member sees only
// the public ones, offline too as last seen on the device. Screenshots at 390 and 1280 px (JOURNAL_SHOTS_DIR).
import { expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { platformName } from '../../src/core/platforms.ts';
import { demoEmail, devtoolsSignIn, e2eWorld, screenshots, synced } from './harness.ts';
import { setOffline } from './browser.ts';

const world = e2eWorld();

const shot = screenshots(process.env.JOURNAL_SHOTS_DIR, 'journal');

// Demo members in seeding order (supabase/local/demo.ts).
const PIXEL = 1;
const WITCHER_3 = 1942;

const open = (width = 1280) => world.open(width);

const signIn = (page: Page, username: string) => devtoolsSignIn(page, world.gateway.url, demoEmail(username));

const serverSessions = (note: string) =>
  world.gateway.db
    .query<{ n: number }>('select count(*)::int as n from public.play_session where note = $1', [note])
    .then((r) => r[0]?.n);

async function openJournal(page: Page): Promise<Locator> {
  await page.goto(`${world.gateway.url}/game/${WITCHER_3}`);
  const section = page.locator('section.game-journal');
  await section.waitFor({ timeout: 20_000 });
  return section;
}

async function logSession(
  section: Locator,
  chip: string,
  note: string,
  { private: hidden = false } = {},
): Promise<void> {
  await section.getByRole('button', { name: chip, exact: true }).click();
  await section.getByLabel('Note').fill(note);
  if (hidden) await section.getByLabel('Private').check();
  await section.getByRole('button', { name: 'Log session' }).click();
}

it('logs a session offline that survives a reload offline and reaches the server once; edits, privacy and the profile tab', async () => {
  const { context, page, errors } = await open();
  expect(await signIn(page, 'pixel_pilgrim')).toBe(PIXEL);
  let section = await openJournal(page);
  await expect.poll(() => section.getByText('No sessions logged yet').count()).toBe(1);

  // A problem shows beside its field, and nothing is written.
  await section.getByLabel('Minutes played').fill('0');
  await section.getByRole('button', { name: 'Log session' }).click();
  const minutes = section.getByLabel('Minutes played');
  expect(await minutes.getAttribute('aria-invalid')).toBe('true');
  expect(await section.locator('.journal-form__problem').textContent()).toBe(
    'Minutes played must be a whole number from 1 to 1440',
  );
  expect(await page.evaluate(() => window.checkpoint!.pending())).toBe(0);

  // Offline: the write shows at once, marked as not synced. (The service worker must be in charge
  // first: it is what serves the reload below.)
  await expect
    .poll(() => page.evaluate(() => navigator.serviceWorker.controller?.state ?? null), { timeout: 15_000 })
    .toBe('activated');
  await setOffline(context, true);
  await logSession(section, '1 h', 'Offline run through Velen');
  const entries = section.locator('.journal-entry');
  await expect.poll(() => entries.count()).toBe(1);
  expect(await entries.first().textContent()).toContain('Not synced yet');
  expect(await section.locator('.game-journal__total').textContent()).toBe('1 h played · 1 session');
  expect(await minutes.inputValue()).toBe('');

  // Reloaded offline (the service worker serves the app): still there, still pending.
  await page.reload();
  section = page.locator('section.game-journal');
  await section.waitFor({ timeout: 20_000 });
  await expect
    .poll(() => section.locator('.journal-entry').first().textContent())
    .toContain('Offline run through Velen');
  expect(await section.locator('.journal-entry').first().textContent()).toContain('Not synced yet');
  expect(await serverSessions('Offline run through Velen')).toBe(0);

  // Back online: it syncs, once.
  await setOffline(context, false);
  await synced(page);
  await expect.poll(() => section.locator('.journal-entry__mark--pending').count(), { timeout: 15_000 }).toBe(0);
  expect(await serverSessions('Offline run through Velen')).toBe(1);
  await page.evaluate(() => window.checkpoint!.syncNow());
  expect(await serverSessions('Offline run through Velen')).toBe(1);

  // A private session on one of the game's platforms, then an edit of the first one in place.
  const platform = section.getByLabel('Platform');
  await expect.poll(() => platform.locator('option').count(), { timeout: 15_000 }).toBeGreaterThan(1);
  const platformLabel = (await platform.locator('option').nth(1).textContent()) ?? '';
  const gamePlatformOptions = await platform.locator('option').allTextContents();
  await platform.selectOption({ index: 1 });
  await logSession(section, '30 min', 'Secret Gwent grind', { private: true });
  await expect.poll(() => section.locator('.journal-entry').count()).toBe(2);
  expect(
    await section
      .locator('.journal-entry', { hasText: 'Secret Gwent grind' })
      .locator('.journal-entry__platform')
      .textContent(),
  ).toBe(platformLabel);
  const first = section.locator('.journal-entry', { hasText: 'Offline run through Velen' });
  await first.getByRole('button', { name: /^Edit session/ }).click();
  const editing = section.locator('.journal-entry--editing');
  await editing.getByLabel('Minutes played').fill('75');
  await editing.getByRole('button', { name: 'Save changes' }).click();
  await expect.poll(() => section.locator('.game-journal__total').textContent()).toBe('1 h 45 min played · 2 sessions');
  await synced(page);
  expect(
    await world.gateway.db.query('select minutes, is_private from public.play_session where note = $1', [
      'Offline run through Velen',
    ]),
  ).toEqual([{ minutes: 75, is_private: false }]);
  expect(
    await world.gateway.db.query(
      `select p.name from public.play_session s join public.platform p on p.id = s.platform_id
    join public.platform_games pg on pg.platform_id = p.id and pg.game_id = s.game_id where s.note = $1`,
      ['Secret Gwent grind'],
    ),
  ).toHaveLength(1);
  await shot(section, 'game-1280');
  await page.setViewportSize({ width: 390, height: 900 });
  await shot(section, 'game-390');
  await page.setViewportSize({ width: 1280, height: 900 });

  // The profile's Journal tab: both sessions, the month, the total.
  await page.goto(`${world.gateway.url}/user/${PIXEL}?tab=journal`);
  const tab = page.getByRole('tabpanel');
  await expect
    .poll(() => tab.locator('.profile-journal__total').textContent(), { timeout: 15_000 })
    .toBe('1 h 45 min played · 2 sessions');
  await expect.poll(() => tab.locator('.profile-journal__month-title').count()).toBe(1);
  expect(await tab.locator('.journal-entry__game').first().textContent()).toBe('The Witcher 3: Wild Hunt');
  expect(await tab.getByText('Secret Gwent grind').count()).toBe(1);
  await shot(page, 'profile-own-1280', { fullPage: true });

  // Editing there offers the game's platforms too (from the device: offline here), and the change
  // reaches the server once when the connection is back.
  const [velen] = await world.gateway.db.query<{ id: number; platform_id: number | null }>(
    'select id, platform_id from public.play_session where note = $1',
    ['Offline run through Velen'],
  );
  expect(velen?.platform_id).toBeNull();
  const changes = () =>
    world.gateway.db
      .query<{ n: number }>(
        "select count(*)::int as n from public.sync_change where tbl = 'play_session' and row_id = $1",
        [velen?.id],
      )
      .then((r) => r[0]?.n);
  const changesBefore = await changes();
  await setOffline(context, true);
  const velenEntry = tab.locator('.journal-entry', { hasText: 'Offline run through Velen' });
  await velenEntry.getByRole('button', { name: /^Edit session/ }).click();
  const profileEdit = tab.locator('.journal-entry--editing');
  // The form names the game it edits a session of (the entry's own line is replaced by the form).
  expect(await profileEdit.locator('.journal-entry__game').textContent()).toBe('The Witcher 3: Wild Hunt');
  const profilePlatform = profileEdit.getByLabel('Platform');
  await expect.poll(() => profilePlatform.locator('option').allTextContents()).toEqual(gamePlatformOptions);
  expect(await profilePlatform.inputValue()).toBe('');
  await shot(profileEdit, 'profile-edit-1280');
  await page.setViewportSize({ width: 390, height: 900 });
  await profileEdit.scrollIntoViewIfNeeded();
  await shot(profileEdit, 'profile-edit-390');
  await page.setViewportSize({ width: 1280, height: 900 });
  const chosen = gamePlatformOptions.at(-1) ?? '';
  await profilePlatform.selectOption({ label: chosen });
  await profileEdit.getByRole('button', { name: 'Save changes' }).click();
  await expect.poll(() => velenEntry.locator('.journal-entry__platform').textContent()).toBe(chosen);
  // Focus is back on the session's Edit button.
  expect(
    await velenEntry.getByRole('button', { name: /^Edit session/ }).evaluate((el) => el === document.activeElement),
  ).toBe(true);
  expect(await velenEntry.textContent()).toContain('Not synced yet');
  expect(await changes()).toBe(changesBefore);
  await setOffline(context, false);
  await synced(page);
  await page.evaluate(() => window.checkpoint!.syncNow());
  const edited = await world.gateway.db.query<{ name: string; minutes: number }>(
    `select p.name, s.minutes from public.play_session s
    join public.platform p on p.id = s.platform_id where s.id = $1`,
    [velen?.id],
  );
  expect(edited.map((r) => [platformName(r.name), r.minutes])).toEqual([[chosen, 75]]);
  expect(await serverSessions('Offline run through Velen')).toBe(1);
  expect(await changes()).toBe((changesBefore ?? 0) + 1);
  await expect.poll(() => velenEntry.locator('.journal-entry__mark--pending').count(), { timeout: 15_000 }).toBe(0);
  expect(errors).toEqual([]);
}, 120_000);

it('shows another member only the public sessions, the total counting only those; deleting is confirmed inline', async () => {
  const { page, errors } = await open(390);
  await signIn(page, 'speedrun_sage');
  await page.goto(`${world.gateway.url}/user/${PIXEL}?tab=journal`);
  const tab = page.getByRole('tabpanel');
  await expect
    .poll(() => tab.locator('.profile-journal__total').textContent(), { timeout: 15_000 })
    .toBe('1 h 15 min played · 1 session');
  expect(await tab.getByText('Offline run through Velen').count()).toBe(1);
  expect(await tab.getByText('Secret Gwent grind').count()).toBe(0);
  expect(await tab.locator('.journal-entry__actions').count()).toBe(0);
  expect(await tab.locator('.profile-journal__saved').count()).toBe(0);
  await shot(page, 'profile-other-390', { fullPage: true });

  // Offline, a reload (served by the service worker) shows the journal as last seen on this
  // device, and says so.
  await expect
    .poll(() => page.evaluate(() => navigator.serviceWorker.controller?.state ?? null), { timeout: 15_000 })
    .toBe('activated');
  const context = page.context();
  await setOffline(context, true);
  await page.reload();
  await expect
    .poll(() => tab.locator('.profile-journal__saved').textContent(), { timeout: 15_000 })
    .toMatch(/^You're offline — showing the journal saved on this device /);
  expect(await tab.locator('.profile-journal__total').textContent()).toBe('1 h 15 min played · 1 session');
  expect(await tab.getByText('Offline run through Velen').count()).toBe(1);
  expect(await tab.getByText('Secret Gwent grind').count()).toBe(0);
  await shot(page, 'profile-other-offline-390', { fullPage: true });
  await setOffline(context, false);
  await expect.poll(() => tab.locator('.profile-journal__saved').count(), { timeout: 15_000 }).toBe(0);

  // The owner deletes the private one, confirming inline; Keep first changes nothing.
  const owner = await open(390);
  await signIn(owner.page, 'pixel_pilgrim');
  await owner.page.goto(`${world.gateway.url}/user/${PIXEL}?tab=journal`);
  const ownTab = owner.page.getByRole('tabpanel');
  const secret = ownTab.locator('.journal-entry', { hasText: 'Secret Gwent grind' });
  await secret.waitFor({ timeout: 15_000 });
  await shot(owner.page, 'profile-own-390', { fullPage: true });
  await secret.getByRole('button', { name: /^Delete session/ }).click();
  await secret.getByRole('button', { name: 'Keep' }).click();
  expect(await secret.count()).toBe(1);
  await secret.getByRole('button', { name: /^Delete session/ }).click();
  await secret.getByRole('button', { name: 'Delete', exact: true }).click();
  await expect
    .poll(() => ownTab.locator('.profile-journal__total').textContent())
    .toBe('1 h 15 min played · 1 session');
  await synced(owner.page);
  expect(await serverSessions('Secret Gwent grind')).toBe(0);
  expect([...errors, ...owner.errors]).toEqual([]);
}, 120_000);
