// The sync status in Chromium, through the fault proxy (tests/support/fault-proxy.ts): the header
// and the sync menu say what is really wrong. An expired (revoked) session with a write waiting
// asks the member to sign in again and then sends the write once; another account signing in is
// asked what becomes of the first one's changes; a server out of reach is not "Offline"; the game
// page's "couldn't be reached" banners, Browse's device results and the members directory's device
// list clear themselves once the server answers again (noticing quickly, in every tab:
// sync-notice.test.ts). Screenshots of the banner and the sync menu go to SYNC_SHOTS_DIR (default:
// a temporary directory).
import { mkdir, mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { SyncStatus } from '../../src/sync/status.ts';
import { startFaultProxy, type FaultProxy } from '../support/fault-proxy.ts';
import {
  signUpMember,
  startRestartableGateway,
  TEST_PASSWORD,
  type RestartableGateway,
  type SignedUpMember,
} from '../support/gateway.ts';
import { expectAccessible } from './axe.ts';
import { launchChromium, setOffline } from './browser.ts';

const WITCHER_3 = 1942;
const HADES = 113112;
const CELESTE = 26226;
const SESSION_EXPIRED = 'Your session has expired. Please sign in again.';

let gateway: RestartableGateway;
let proxy: FaultProxy;
let browser: Browser;
let shots: string;
let first: SignedUpMember;
let second: SignedUpMember;
const contexts: BrowserContext[] = [];

beforeAll(async () => {
  // Access tokens of 10 s: a session revoked on the server is refused within seconds, as an
  // hour-old one would be.
  gateway = await startRestartableGateway({ jwtExpiry: 10 });
  proxy = await startFaultProxy();
  browser = await launchChromium({ proxy });
  shots = process.env['SYNC_SHOTS_DIR'] ?? (await mkdtemp(path.join(tmpdir(), 'checkpoint-sync-shots-')));
  await mkdir(shots, { recursive: true });
  first = await signUpMember(gateway, 'first_device_owner');
  second = await signUpMember(gateway, 'second_on_device');
});

afterAll(async () => {
  for (const context of contexts) await context.close().catch(() => undefined);
  await browser?.close();
  await proxy?.close();
  await gateway?.close();
});

async function openApp(width: number, route = '/'): Promise<Page> {
  const context = await browser.newContext({ viewport: { width, height: 844 } });
  contexts.push(context);
  await context.addInitScript(() => localStorage.setItem('checkpoint.devtools', '1'));
  const page = await context.newPage();
  await page.goto(`${gateway.url}${route}`);
  await expect
    .poll(() => page.evaluate(() => navigator.serviceWorker.controller?.state ?? null), { timeout: 60_000 })
    .toBe('activated');
  await expect.poll(() => page.evaluate(() => typeof window.checkpoint)).toBe('object');
  return page;
}

const status = (page: Page) => page.evaluate(() => window.checkpoint?.status()) as Promise<SyncStatus>;
const syncNow = (page: Page) => page.evaluate(() => window.checkpoint?.syncNow()) as Promise<SyncStatus>;
const pending = (page: Page) => page.evaluate(() => window.checkpoint?.pending() ?? null);
const badge = (page: Page) => page.locator('header .sync-badge__pill');
const banner = (page: Page) => page.locator('.session-banner');

async function wishlist(page: Page, igdbId: number): Promise<string> {
  const id = await page.evaluate(
    (igdb) => window.checkpoint?.mutate('wishlist.set', { igdb_id: igdb, in: true }),
    igdbId,
  );
  if (typeof id !== 'string') throw new Error('window.checkpoint is missing');
  return id;
}

/** The server forgets every session of the member (an admin revoked them, or they expired there). */
async function revokeSessions(member: SignedUpMember, page: Page): Promise<void> {
  await gateway.db.query('delete from auth.sessions where user_id = $1::uuid', [member.authId]);
  // Once the 10 s access token has run out, a sync meets the refusal.
  await expect.poll(async () => (await syncNow(page)).sessionExpired, { timeout: 30_000, interval: 1000 }).toBe(true);
}

async function signInThroughBanner(page: Page, member: SignedUpMember): Promise<void> {
  await banner(page).getByRole('button', { name: 'Sign In' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Email').fill(member.email);
  await dialog.getByLabel('Password', { exact: true }).fill(TEST_PASSWORD);
  await dialog.locator('button[type="submit"]').click();
}

const applied = (mutationId: string) =>
  gateway.db.query<{ user_id: number }>(
    'select user_id::int as user_id from public.sync_applied where mutation_id = $1::uuid',
    [mutationId],
  );

it('asks to sign in again when the session expired with a write waiting, keeps the write, and sends it once after', async () => {
  const page = await openApp(390);
  await page.evaluate(([email, password]) => window.checkpoint?.signIn(email, password), [
    first.email,
    TEST_PASSWORD,
  ] as const);
  expect(await syncNow(page)).toMatchObject({ lastError: null, sessionExpired: false });

  await revokeSessions(first, page);
  const write = await wishlist(page, HADES);
  await expect.poll(() => status(page)).toMatchObject({ sessionExpired: true, pending: 1, lastError: SESSION_EXPIRED });
  await expect
    .poll(() => banner(page).textContent())
    .toBe(`${SESSION_EXPIRED} 1 change waiting on this device.Sign In`);
  await expect.poll(() => badge(page).getAttribute('aria-label')).toBe('Session expired · 1 change waiting');
  expect(await applied(write)).toEqual([]);
  await page.screenshot({ path: path.join(shots, 'session-expired-390.png') });

  // The sync menu says how many wait, since when, and what clearing site data would do.
  await badge(page).click();
  const menu = page.getByRole('region', { name: 'Sync details' });
  await expect.poll(() => menu.textContent()).toContain('1 change waiting');
  // The storage line follows the browser's answer to navigator.storage.persisted(), a moment later.
  await expect
    .poll(() => menu.textContent())
    .toMatch(
      /Storage is (not )?persistent: the browser (keeps this data until you clear it|may clear this data when space runs low)\./,
    );
  const text = (await menu.textContent()) ?? '';
  expect(text).toContain('Waiting sincejust now');
  expect(text).toContain(SESSION_EXPIRED);
  const persisted = await page.evaluate(() => navigator.storage.persisted());
  expect(text).toContain(persisted ? 'Storage is persistent' : 'Storage is not persistent');
  expect(text).toContain(
    "Clearing this site's data in your browser would delete the change that hasn't reached the server yet.",
  );
  await page.screenshot({ path: path.join(shots, 'sync-menu-session-expired-390.png') });
  await expectAccessible(page.locator('body'));
  await page.keyboard.press('Escape');

  // Signing in again as the same member sends the write, once.
  await signInThroughBanner(page, first);
  await expect.poll(() => pending(page), { timeout: 20_000 }).toBe(0);
  await expect.poll(() => banner(page).count()).toBe(0);
  expect(await applied(write)).toEqual([{ user_id: first.id }]);
  const rows = await gateway.db.query('select 1 from public.user_wishlist where user_id = $1 and igdb_id = $2', [
    first.id,
    HADES,
  ]);
  expect(rows).toHaveLength(1);
}, 120_000);

it("asks another account signing in what becomes of the first one's waiting changes: kept for them, or discarded", async () => {
  const page = await openApp(1280);
  await page.evaluate(([email, password]) => window.checkpoint?.signIn(email, password), [
    first.email,
    TEST_PASSWORD,
  ] as const);
  expect(await syncNow(page)).toMatchObject({ lastError: null });
  // The first member's row on the device names them in the question.
  await page.evaluate((id) => window.checkpoint?.readThrough({ user_ids: [id] }), first.id);
  await revokeSessions(first, page);
  const kept = await wishlist(page, CELESTE);
  await expect.poll(() => pending(page)).toBe(1);
  await page.screenshot({ path: path.join(shots, 'session-expired-1280.png') });
  await expectAccessible(page.locator('.session-banner'));

  // Someone else signs in on this device: nothing is sent as them; they are asked.
  await signInThroughBanner(page, second);
  const question = page.getByRole('alertdialog', { name: 'Changes from another account are waiting' });
  await expect
    .poll(() => question.textContent(), { timeout: 15_000 })
    .toContain("This device has 1 change made as @first_device_owner that hasn't reached the server yet.");
  await page.screenshot({ path: path.join(shots, 'held-changes-1280.png') });
  await expectAccessible(question);
  await syncNow(page);
  expect(await applied(kept)).toEqual([]);

  // Kept for the first member: signed out here, the change still waits, and reaches the server once they sign in.
  await question.getByRole('button', { name: 'Keep them for @first_device_owner' }).click();
  await expect.poll(() => page.locator('header.topbar').getByRole('button', { name: 'Sign In' }).count()).toBe(1);
  expect(await pending(page)).toBe(1);
  await page.evaluate(([email, password]) => window.checkpoint?.signIn(email, password), [
    first.email,
    TEST_PASSWORD,
  ] as const);
  await expect.poll(async () => (await syncNow(page)).pending, { timeout: 20_000 }).toBe(0);
  expect(await applied(kept)).toEqual([{ user_id: first.id }]);

  // Once more, and this time the second member discards them: gone from the device, never sent.
  await revokeSessions(first, page);
  const discarded = await wishlist(page, WITCHER_3);
  await signInThroughBanner(page, second);
  await question.getByRole('button', { name: 'Discard them' }).click();
  await expect.poll(() => pending(page)).toBe(0);
  await expect.poll(() => page.evaluate(() => window.checkpoint?.status().lastError), { timeout: 15_000 }).toBeNull();
  await expect.poll(async () => (await syncNow(page)).lastError).toBeNull();
  expect(await applied(discarded)).toEqual([]);
  const members = await page.evaluate(() => window.checkpoint?.mirrors('wishlist'));
  expect((members ?? []).filter((w) => w.user_id === first.id)).toEqual([]);
}, 150_000);

it("tells a server out of reach from no network, and clears the game page's banners once the server answers", async () => {
  const page = await openApp(1280, `/game/${WITCHER_3}`);
  await expect
    .poll(() => page.locator('h1').first().textContent(), { timeout: 15_000 })
    .toBe('The Witcher 3: Wild Hunt');
  await expect.poll(() => page.getByText('Failed to load reviews').count()).toBe(0);
  const url = page.url();

  // The server goes down; the network stays up.
  await gateway.stop();
  await page.goto(url);
  await expect
    .poll(() => page.locator('h1').first().textContent(), { timeout: 15_000 })
    .toBe('The Witcher 3: Wild Hunt');
  await expect
    .poll(() => page.locator('.game-page__device-note').textContent(), { timeout: 15_000 })
    .toContain("The server couldn't be reached: showing this game as saved on this device.");
  await expect.poll(() => page.getByText('Failed to load reviews').count()).toBe(1);
  await expect.poll(() => badge(page).getAttribute('aria-label'), { timeout: 15_000 }).toBe("Can't reach server");
  expect(await badge(page).textContent()).toBe("Can't reach server");
  await page.screenshot({ path: path.join(shots, 'server-unreachable-1280.png') });
  await badge(page).click();
  await expect
    .poll(() => page.getByRole('region', { name: 'Sync details' }).textContent())
    .toContain("ConnectionServer can't be reached");
  await expectAccessible(page.locator('header.topbar'));
  await page.keyboard.press('Escape');

  // No network at all (the service worker's requests refused too): that is "Offline".
  proxy.offline();
  await setOffline(page.context(), true);
  await expect.poll(() => badge(page).getAttribute('aria-label')).toBe('Offline');
  await setOffline(page.context(), false);
  proxy.online();
  // Two more tabs, opened while the server is still down (and the network up, so no `online` event
  // will come to retry them): Browse shows the device's results, the members directory has nothing
  // saved to show.
  const browse = await page.context().newPage();
  await browse.goto(`${gateway.url}/search?q=witcher`);
  // Offline or unreachable, the note says the results are the device's; it must go once the server answers.
  const browseNote = browse.locator('.device-note');
  await expect
    .poll(() => browseNote.textContent(), { timeout: 20_000 })
    .toContain("The server couldn't be reached: these results are from this device.");
  const directory = await page.context().newPage();
  await directory.goto(`${gateway.url}/users`);
  // Never loaded here: the members this device has seen (the game page's reviewers), said so.
  const directoryNote = directory.locator('.directory-banner--device');
  await expect
    .poll(() => directoryNote.textContent(), { timeout: 20_000 })
    .toContain("The server couldn't be reached: these results are from this device (members it has seen).");
  expect(await directory.getByText('Failed to load users').count()).toBe(0);

  // The server is back: the next sync reaches it and the banners clear without a reload.
  await gateway.start();
  await expect.poll(() => page.locator('.game-page__device-note').count(), { timeout: 40_000 }).toBe(0);
  await expect.poll(() => page.getByText('Failed to load reviews').count()).toBe(0);
  // The badge goes when the next sync reaches the server, which may come after the page's own read
  // (a CI run under load still showed it 5 s after the note went).
  await expect.poll(() => badge(page).count(), { timeout: 40_000 }).toBe(0);
  expect(page.url()).toBe(url);
  // The other tabs' banners clear too, without a reload: the server's answers replace the device's.
  await expect.poll(() => browseNote.count(), { timeout: 60_000 }).toBe(0);
  expect(await browse.getByRole('link', { name: /The Witcher 3: Wild Hunt/ }).count()).toBeGreaterThan(0);
  await expect.poll(() => directoryNote.count(), { timeout: 60_000 }).toBe(0);
  await expect.poll(() => directory.getByText('pixel_pilgrim').count(), { timeout: 20_000 }).toBeGreaterThan(0);
}, 240_000);
