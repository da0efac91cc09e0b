// Noticing quickly, in every tab, in Chromium through the fault proxy (tests/support/fault-proxy.ts):
// with the app open, a server back after a restart is noticed within 5 s (the time is printed);
// two tabs of one browser show the same waiting count; /users offline lists the members the device
// knows, said to be the device's, never a failure or a false "no reviews".
// Its own gateway with ordinary hour-long access tokens: sync-status.test.ts's 10 s tokens make
// every sync refresh the token first, and auth-js retries a refresh the server does not answer for
// up to 30 s, which is not the retry measured here.
// Screenshots go to SYNC_SHOTS_DIR (default: a temporary directory).
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

const BREATH_OF_THE_WILD = 7346;
const ELDEN_RING = 119133;
const ANIMAL_CROSSING = 115289;

let gateway: RestartableGateway;
let proxy: FaultProxy;
let browser: Browser;
let shots: string;
let first: SignedUpMember;
let second: SignedUpMember;
const contexts: BrowserContext[] = [];

beforeAll(async () => {
  gateway = await startRestartableGateway();
  proxy = await startFaultProxy();
  browser = await launchChromium({ proxy });
  shots = process.env['SYNC_SHOTS_DIR'] ?? (await mkdtemp(path.join(tmpdir(), 'checkpoint-sync-shots-')));
  await mkdir(shots, { recursive: true });
  first = await signUpMember(gateway, 'quick_notice');
  second = await signUpMember(gateway, 'other_member');
});

afterAll(async () => {
  for (const context of contexts) await context.close().catch(() => undefined);
  await browser?.close();
  await proxy?.close();
  await gateway?.close();
});

async function openApp(width: number, member: SignedUpMember, route = '/'): Promise<Page> {
  const context = await browser.newContext({ viewport: { width, height: 844 } });
  contexts.push(context);
  await context.addInitScript(() => localStorage.setItem('checkpoint.devtools', '1'));
  const page = await context.newPage();
  await page.goto(`${gateway.url}${route}`);
  await expect
    .poll(() => page.evaluate(() => navigator.serviceWorker.controller?.state ?? null), { timeout: 60_000 })
    .toBe('activated');
  await expect.poll(() => page.evaluate(() => typeof window.checkpoint)).toBe('object');
  await page.evaluate(([email, password]) => window.checkpoint?.signIn(email, password), [
    member.email,
    TEST_PASSWORD,
  ] as const);
  expect(await page.evaluate(() => window.checkpoint?.syncNow())).toMatchObject({ lastError: null });
  // The games these tests save offline: a write names a game the device holds, and a fresh
  // browser's catalogue download may not have reached them yet.
  const games = await gateway.db.query<{ id: number }>(
    'select id::int as id from public.game where igdb_id = any($1::bigint[]) order by id',
    [[BREATH_OF_THE_WILD, ELDEN_RING, ANIMAL_CROSSING]],
  );
  expect(games).toHaveLength(3);
  expect(
    await page.evaluate(
      (ids) => window.checkpoint?.readThrough({ game_ids: ids }),
      games.map((g) => g.id),
    ),
  ).toBeGreaterThan(0);
  return page;
}

const status = (page: Page) => page.evaluate(() => window.checkpoint?.status()) as Promise<SyncStatus>;
const pending = (page: Page) => page.evaluate(() => window.checkpoint?.pending() ?? null);
const badge = (page: Page) => page.locator('header .sync-badge__pill');

async function wishlist(page: Page, igdbId: number): Promise<string> {
  const id = await page.evaluate(
    (igdb) => window.checkpoint?.mutate('wishlist.set', { igdb_id: igdb, in: true }),
    igdbId,
  );
  if (typeof id !== 'string') throw new Error('window.checkpoint is missing');
  return id;
}

const applied = (mutationId: string) =>
  gateway.db.query<{ user_id: number }>(
    'select user_id::int as user_id from public.sync_applied where mutation_id = $1::uuid',
    [mutationId],
  );

it('notices the server back within 5 s with the app open, though it was down long enough for the backoff to grow', async () => {
  const page = await openApp(390, first);
  // The retries are short while someone looks at the page.
  expect(await page.evaluate(() => document.visibilityState)).toBe('visible');

  // The server restarts with a write waiting. Down 12 s: once, the retries had grown 16 to 32 s apart by then.
  await gateway.stop();
  let write = '';
  try {
    write = await wishlist(page, BREATH_OF_THE_WILD);
    await expect
      .poll(() => badge(page).getAttribute('aria-label'), { timeout: 15_000 })
      .toBe("Can't reach server · 1 change waiting");
    const downAt = Date.now();
    // No "Syncing…" flashes meanwhile: a retry against a server that does not answer says nothing new.
    const labels = new Set<string>();
    while (Date.now() - downAt < 12_000) {
      labels.add((await badge(page).getAttribute('aria-label')) ?? '');
      await page.waitForTimeout(100);
    }
    expect([...labels]).toEqual(["Can't reach server · 1 change waiting"]);
  } finally {
    // Whatever failed above, the tests after this one need the server.
    await gateway.start();
  }
  const backAt = Date.now();
  await expect.poll(() => badge(page).count(), { timeout: 5_000, interval: 100 }).toBe(0);
  const noticedMs = Date.now() - backAt;
  console.log(`server back → badge cleared in ${noticedMs} ms`);
  expect(noticedMs).toBeLessThan(5_000);
  expect(await pending(page)).toBe(0);
  expect(await applied(write)).toEqual([{ user_id: first.id }]);
}, 120_000);

it('shows the same waiting count in every tab: the outbox is shared, and each tab counts it', async () => {
  const page = await openApp(1280, first);
  // A second tab of the same browser, signed in as the same member.
  const other = await page.context().newPage();
  await other.goto(gateway.url);
  await expect.poll(() => other.evaluate(() => typeof window.checkpoint)).toBe('object');
  await expect.poll(async () => (await status(other)).lastSyncedAt, { timeout: 15_000 }).not.toBeNull();
  const tabs = [page, other];
  const labels = () => Promise.all(tabs.map((tab) => badge(tab).getAttribute('aria-label')));

  const writes: string[] = [];
  proxy.offline();
  try {
    await setOffline(page.context(), true);
    await expect.poll(labels).toEqual(['Offline', 'Offline']);
    writes.push(await wishlist(page, ELDEN_RING));
    await expect.poll(labels).toEqual(['Offline · 1 change waiting', 'Offline · 1 change waiting']);
    writes.push(await wishlist(other, ANIMAL_CROSSING));
    await expect.poll(labels).toEqual(['Offline · 2 changes waiting', 'Offline · 2 changes waiting']);
    await page.screenshot({ path: path.join(shots, 'two-tabs-offline-first.png') });
    await other.screenshot({ path: path.join(shots, 'two-tabs-offline-second.png') });
  } finally {
    // Back online: whichever tab sends them, both badges go (and the tests after this one need it).
    await setOffline(page.context(), false);
    proxy.online();
  }
  await expect.poll(() => Promise.all(tabs.map((tab) => badge(tab).count())), { timeout: 15_000 }).toEqual([0, 0]);
  for (const id of writes) expect(await applied(id)).toEqual([{ user_id: first.id }]);
  await other.close();
}, 120_000);

it("offline, /users lists the members this device knows and says so, with no failure and no false 'no reviews'", async () => {
  const member = await signUpMember(gateway, 'directory_offline');
  const page = await openApp(390, member);
  // The device meets two members, as a profile visit would; it never opened the directory.
  await page.evaluate((ids) => window.checkpoint?.readThrough({ user_ids: ids }), [first.id, second.id]);
  const known = ((await page.evaluate(() => window.checkpoint?.mirrors('users'))) ?? [])
    .filter((u) => u.id !== member.id)
    .map((u) => u.username)
    .sort();
  expect(known).toEqual(expect.arrayContaining(['quick_notice', 'other_member']));

  proxy.offline();
  await setOffline(page.context(), true);
  await page.goto(`${gateway.url}/users`);
  await expect.poll(() => page.locator('h1').first().textContent(), { timeout: 15_000 }).toBe('Discover Users');
  await expect
    .poll(() => page.locator('.directory-banner--device').textContent(), { timeout: 15_000 })
    .toContain("You're offline: these results are from this device (members it has seen).");
  const cards = page.locator('.directory-card');
  await expect.poll(() => cards.count()).toBe(known.length);
  expect(await page.locator('.directory-section__count').textContent()).toBe(`${known.length} users on this device`);
  for (const username of ['quick_notice', 'other_member'])
    expect(await page.locator('.directory-card', { hasText: username }).count()).toBe(1);
  expect(await page.getByText('Failed to load users').count()).toBe(0);
  expect(await page.getByText('No reviews written yet').count()).toBe(0);
  expect(await page.getByRole('heading', { name: 'Top Reviewers' }).count()).toBe(0);
  await page.screenshot({ path: path.join(shots, 'users-offline-390.png'), fullPage: true });
  await expectAccessible(page.locator('main'));

  // Online again: the server's directory, with its Top Reviewers, and the note goes.
  await setOffline(page.context(), false);
  proxy.online();
  await expect.poll(() => page.locator('.directory-banner--device').count(), { timeout: 15_000 }).toBe(0);
  await expect.poll(() => page.getByRole('heading', { name: 'Top Reviewers' }).count()).toBe(1);
}, 120_000);
