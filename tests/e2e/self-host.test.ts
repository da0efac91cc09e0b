// Self-hosting beyond localhost in Chromium: the gateway's public address is
// http://localhost:<port>, as `npm start`'s is by default, and the app opened at any other address
// of the same server still signs in and syncs, because it calls its page's own origin (the CSP's
// connect-src 'self' allows nothing else). Three doors: http://127.0.0.1 (a secure context: the
// service worker runs); http://checkpoint.test, a second host name (Chromium's resolver maps it to
// 127.0.0.1) that the browser is told to treat as secure, as a phone treats an HTTPS proxy's name,
// so the worker runs there too; and http://lan.checkpoint.test as a phone opens a plain-HTTP LAN
// address: no secure context, no service worker, and the page must still sign in and sync on its own.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '../../supabase/local/demo.ts';
import { startGateway, type Gateway } from '../../supabase/local/gateway.ts';
import { launchChromium } from './browser.ts';
import { freePort } from '../support/free-port.ts';

/** Games the demo members below have not touched (supabase/local/demo.ts). */
const CELESTE = 26226;
const WITCHER_3 = 1942;
const ELDEN_RING = 119133;
const API_PATH = /^\/(auth|rest|functions|_dev)\//;

let gateway: Gateway;
let port: number;
let browser: Browser;
let insecureBrowser: Browser;

/** A free port, so that the gateway's PUBLIC_URL can name it before it starts. */

beforeAll(async () => {
  port = await freePort();
  // As `npm start` with no PUBLIC_URL set: its public address is then http://localhost:PORT, and
  // (a server only this machine reaches) it keeps the dev mailbox and the demo members.
  gateway = await startGateway({
    port,
    inMemory: true,
    publicUrl: `http://localhost:${port}`,
    devMailbox: true,
    log: () => undefined,
  });
  const resolver = '--host-resolver-rules=MAP checkpoint.test 127.0.0.1, MAP lan.checkpoint.test 127.0.0.1';
  browser = await launchChromium({
    extraArgs: [resolver, `--unsafely-treat-insecure-origin-as-secure=http://checkpoint.test:${port}`],
  });
  insecureBrowser = await launchChromium({ extraArgs: [resolver] });
});

afterAll(async () => {
  await browser?.close();
  await insecureBrowser?.close();
  await gateway?.close();
});

interface Visit {
  readonly page: Page;
  /** Every call the page made to the backend (API paths), as full URLs. */
  readonly apiCalls: string[];
  /** Console messages about the Content-Security-Policy (a refused request). */
  readonly cspViolations: string[];
}

async function open(on: Browser, origin: string): Promise<Visit> {
  const context = await on.newContext({ viewport: { width: 390, height: 844 } });
  await context.addInitScript(() => localStorage.setItem('checkpoint.devtools', '1'));
  const page = await context.newPage();
  const apiCalls: string[] = [];
  const cspViolations: string[] = [];
  context.on('request', (request) => {
    if (API_PATH.test(new URL(request.url()).pathname)) apiCalls.push(request.url());
  });
  page.on('console', (message) => {
    if (/Content[- ]Security[- ]Policy/i.test(message.text())) cspViolations.push(message.text());
  });
  await page.goto(`${origin}/`);
  // The first visit of a run waits for the gateway's cold start.
  await expect
    .poll(() => page.locator('header .account button').first().textContent(), { timeout: 15_000 })
    .toMatch(/^Sign In/);
  return { page, apiCalls, cspViolations };
}

async function signIn(page: Page, username: string): Promise<void> {
  await page.locator('header .account button').first().click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Email', { exact: true }).fill(`${username}@demo.checkpoint.local`);
  await dialog.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD);
  await dialog.getByRole('button', { name: 'Sign In' }).click();
  await expect.poll(() => dialog.count()).toBe(0);
  await expect.poll(() => page.getByRole('button', { name: `Account menu for ${username}` }).isVisible()).toBe(true);
}

const onWishlist = async (username: string, igdbId: number) =>
  (
    await gateway.db.query(
      `select 1 from public.user_wishlist w join public."user" u on u.id = w.user_id where u.username = $1 and w.igdb_id = $2`,
      [username, igdbId],
    )
  ).length;

/** Opens the app at `origin`, signs in through the header's dialog, wishlists a game and waits for it on the server. */
async function signInAndSync(on: Browser, origin: string, username: string, igdbId: number): Promise<Visit> {
  expect(await onWishlist(username, igdbId)).toBe(0);
  const visit = await open(on, origin);
  const { page } = visit;
  await signIn(page, username);
  // With the game's summary, as a game page writes it: the device need not have the game yet.
  const [game] = await gateway.db.query<{ name: string; slug: string }>(
    'select name, slug from public.game where igdb_id = $1',
    [igdbId],
  );
  if (!game) throw new Error(`game ${igdbId} is not in the catalogue`);
  // The header shows the member's menu once their session is in; the device adopts them (after
  // get_or_create_user answers) a moment later, and a write before that is refused, not queued.
  await expect
    .poll(() =>
      page.evaluate(
        ([id, summary]) =>
          window.checkpoint?.mutate('wishlist.set', { igdb_id: id, in: true, game: summary }).then(
            () => 'queued',
            (error: Error) => error.message,
          ),
        [igdbId, game] as const,
      ),
    )
    .toBe('queued');
  // Synced: the outbox is empty and the server has the row.
  await expect.poll(async () => (await page.evaluate(() => window.checkpoint?.syncNow()))?.pending).toBe(0);
  expect(await page.evaluate(() => window.checkpoint?.pending())).toBe(0);
  expect(await page.evaluate(() => window.checkpoint?.status())).toMatchObject({ online: true, lastError: null });
  expect(await onWishlist(username, igdbId)).toBe(1);
  // Every backend call went to the page's own origin, none to PUBLIC_URL's, and the CSP refused nothing.
  expect(visit.apiCalls.length).toBeGreaterThan(0);
  expect(visit.apiCalls.filter((url) => new URL(url).origin !== origin)).toEqual([]);
  expect(visit.cspViolations).toEqual([]);
  return visit;
}

it("opened at http://127.0.0.1 (not PUBLIC_URL's localhost), signs in and syncs, with the service worker", async () => {
  const origin = `http://127.0.0.1:${port}`;
  const { page } = await signInAndSync(browser, origin, 'pixel_pilgrim', CELESTE);
  await expect
    .poll(() => page.evaluate(() => navigator.serviceWorker.controller?.state ?? null), { timeout: 15_000 })
    .toBe('activated');
});

it("opened at a second host name treated as secure (a proxy's https name), signs in and syncs, with the service worker", async () => {
  const origin = `http://checkpoint.test:${port}`;
  const { page } = await signInAndSync(browser, origin, 'cozy_quests', WITCHER_3);
  expect(await page.evaluate(() => window.isSecureContext)).toBe(true);
  await expect
    .poll(() => page.evaluate(() => navigator.serviceWorker.controller?.state ?? null), { timeout: 15_000 })
    .toBe('activated');
  // The worker is this origin's own (it takes its backend from its own origin, as the page does).
  expect(await page.evaluate(async () => (await navigator.serviceWorker.ready).active?.scriptURL)).toBe(
    `${origin}/sw.js`,
  );
});

it('opened at a plain-HTTP LAN name (no secure context, no service worker), still signs in and syncs', async () => {
  const origin = `http://lan.checkpoint.test:${port}`;
  const { page } = await signInAndSync(insecureBrowser, origin, 'retro_ranger', ELDEN_RING);
  expect(await page.evaluate(() => ({ secure: window.isSecureContext, worker: 'serviceWorker' in navigator }))).toEqual(
    { secure: false, worker: false },
  );
});
