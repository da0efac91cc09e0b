// The installable, offline side of the app in a real Chromium against the built app (vite build)
// served by the local gateway: the manifest and icons, the service worker's precache, navigation
// fallback and runtime caches, the sync badge, Background Sync with the session the page saved,
// and the update prompt. The built app is copied so one test can ship a "new version" of sw.js.
import { randomUUID } from 'node:crypto';
import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { DEMO_PASSWORD } from '../../supabase/local/demo.ts';
import { DEFAULT_DIST_DIR, startGateway, type Gateway } from '../../supabase/local/gateway.ts';
import { launchChromium, setOffline } from './browser.ts';
import { deviceRow, writeDevice } from './device-db.ts';

let gateway: Gateway;
let browser: Browser;
let distDir: string;

beforeAll(async () => {
  distDir = await mkdtemp(path.join(tmpdir(), 'checkpoint-dist-'));
  await cp(DEFAULT_DIST_DIR, distDir, { recursive: true });
  gateway = await startGateway({ port: 0, inMemory: true, distDir, log: () => undefined });
  browser = await launchChromium();
});

afterAll(async () => {
  await browser?.close();
  await gateway?.close();
  if (distDir) await rm(distDir, { recursive: true, force: true });
});

const contexts: BrowserContext[] = [];
async function newContext(width = 390, height = 844): Promise<BrowserContext> {
  const context = await browser.newContext({ viewport: { width, height } });
  contexts.push(context);
  return context;
}
afterAll(async () => {
  for (const context of contexts) await context.close().catch(() => undefined);
});

/** Opens the app and waits until the service worker is active and controls the page. */
async function openApp(context: BrowserContext, route = '/'): Promise<Page> {
  const page = await context.newPage();
  await page.goto(`${gateway.url}${route}`);
  await expect
    .poll(() => page.evaluate(() => navigator.serviceWorker.controller?.state ?? null), { timeout: 15_000 })
    .toBe('activated');
  return page;
}

/** Width and height from a PNG's IHDR chunk. */
function pngSize(bytes: Uint8Array): { width: number; height: number } {
  const signature = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
  expect([...bytes.subarray(0, 8)]).toEqual(signature);
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  return { width: view.getUint32(16), height: view.getUint32(20) };
}

interface ManifestImage {
  src: string;
  sizes: string;
  type: string;
  purpose?: string;
  form_factor?: string;
  label?: string;
}

describe('install', () => {
  it('serves a valid web app manifest with PNG icons, a maskable icon and install screenshots', async () => {
    // The app links its manifest once the first screen has shown (src/app/manifest-link.ts), not
    // from index.html, where the browser would fetch it (and an icon) before the app's code.
    const html = await (await fetch(gateway.url)).text();
    expect(html).not.toContain('rel="manifest"');
    const page = await (await newContext()).newPage();
    await page.goto(gateway.url);
    await expect
      .poll(() => page.evaluate(() => document.querySelector<HTMLLinkElement>('link[rel="manifest"]')?.href ?? null), {
        timeout: 15_000,
      })
      .toBe(`${gateway.url}/manifest.webmanifest`);
    expect(await page.evaluate(() => document.querySelectorAll('link[rel="manifest"]').length)).toBe(1);

    const response = await fetch(`${gateway.url}/manifest.webmanifest`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('application/manifest+json');
    const manifest = (await response.json()) as {
      name: string;
      short_name: string;
      start_url: string;
      scope: string;
      display: string;
      id: string;
      theme_color: string;
      background_color: string;
      icons: ManifestImage[];
      screenshots: ManifestImage[];
    };
    expect(manifest).toMatchObject({
      name: 'Checkpoint',
      short_name: 'Checkpoint',
      start_url: '/',
      scope: '/',
      id: '/',
      display: 'standalone',
    });
    expect(manifest.theme_color).toMatch(/^#[0-9a-f]{6}$/i);
    expect(manifest.background_color).toMatch(/^#[0-9a-f]{6}$/i);

    const pngIcons = manifest.icons.filter((icon) => icon.type === 'image/png');
    expect(pngIcons.map((icon) => `${icon.sizes} ${icon.purpose ?? 'any'}`).sort()).toEqual([
      '192x192 any',
      '512x512 any',
      '512x512 maskable',
    ]);
    for (const image of [...pngIcons, ...manifest.screenshots]) {
      const file = await fetch(new URL(image.src, gateway.url));
      expect(file.status, image.src).toBe(200);
      expect(file.headers.get('content-type')).toBe('image/png');
      const { width, height } = pngSize(new Uint8Array(await file.arrayBuffer()));
      expect(`${width}x${height}`, image.src).toBe(image.sizes);
    }
    expect(manifest.screenshots.map((s) => s.form_factor).sort()).toEqual(['narrow', 'wide']);
    for (const screenshot of manifest.screenshots) expect(screenshot.label).toBeTruthy();
  });
});

describe('service worker', () => {
  it('precaches the app shell and activates', async () => {
    const page = await openApp(await newContext());
    const cached = await page.evaluate(async () => {
      const urls: string[] = [];
      for (const name of await caches.keys()) {
        if (!name.includes('precache')) continue;
        for (const request of await (await caches.open(name)).keys()) urls.push(new URL(request.url).pathname);
      }
      return urls.sort();
    });
    const built = [
      ...(await readFile(path.join(distDir, 'index.html'), 'utf8')).matchAll(/(?:src|href)="(\/assets\/[^"]+)"/g),
    ].map((m) => m[1]);
    expect(built.length).toBeGreaterThanOrEqual(2);
    expect(cached).toEqual(
      expect.arrayContaining([
        '/index.html',
        '/manifest.webmanifest',
        '/icon-192.png',
        '/icon-512.png',
        '/icon-maskable-512.png',
        ...built,
      ]),
    );
    // Install screenshots are for the install dialog only.
    expect(cached.filter((url) => url.startsWith('/screenshots/'))).toEqual([]);
  });

  it('opens a deep app route offline with the cached shell', async () => {
    const context = await newContext();
    await openApp(context);
    await setOffline(context, true);
    const page = await context.newPage();
    const response = await page.goto(`${gateway.url}/game/the-witcher-3-wild-hunt`);
    expect(response?.status()).toBe(200);
    expect(response?.fromServiceWorker()).toBe(true);
    await expect.poll(() => page.locator('header .brand').textContent()).toBe('Checkpoint');
    await expect.poll(() => page.locator('.sync-badge__pill').textContent()).toContain('Offline');
  });

  it('never answers /_dev or /rest with the shell: online they reach the gateway, offline they fail', async () => {
    const context = await newContext();
    const page = await openApp(context);

    const config = await page.goto(`${gateway.url}/_dev/config.json`);
    expect(config?.fromServiceWorker()).toBe(false);
    expect(await config?.json()).toMatchObject({ anonKey: expect.any(String) });

    const rest = await page.goto(`${gateway.url}/rest/v1/rpc/get_recent_reviews`);
    expect(rest?.fromServiceWorker()).toBe(false);
    expect(await rest?.text()).not.toContain('<div id="root">');

    await setOffline(context, true);
    await expect(page.goto(`${gateway.url}/_dev/config.json`)).rejects.toThrow(/ERR_INTERNET_DISCONNECTED/);
    await expect(page.goto(`${gateway.url}/rest/v1/rpc/get_recent_reviews`)).rejects.toThrow(
      /ERR_INTERNET_DISCONNECTED/,
    );
  });

  it('answers a repeated catalogue search from its cache when offline, and only that one', async () => {
    const context = await newContext();
    const page = await openApp(context);
    const search = (term: string) =>
      page.evaluate(
        async (body) => {
          const response = await fetch('/.netlify/functions/igdb-search', {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body,
          });
          return { status: response.status, body: await response.text() };
        },
        JSON.stringify({ searchTerm: term, limit: 20 }),
      );

    const online = await search('witcher');
    expect(online.status).toBe(200);
    // The cache is written in the worker's waitUntil, just after the answer.
    await expect
      .poll(() => page.evaluate(async () => (await (await caches.open('checkpoint-catalogue-search')).keys()).length))
      .toBe(1);

    await setOffline(context, true);
    expect(await search('witcher')).toEqual(online);
    await expect(search('zelda')).rejects.toThrow(/Failed to fetch/);
  });
});

describe('sync badge', () => {
  it('is hidden online with nothing waiting, shows Offline when the connection drops, and opens its details', async () => {
    const context = await newContext();
    const page = await openApp(context);
    const pill = page.locator('.sync-badge__pill');
    await expect.poll(() => pill.count()).toBe(0);

    await setOffline(context, true);
    await expect.poll(() => pill.textContent()).toBe('Offline');
    // Keyboard reachable: Tab from the brand lands on the badge, Enter opens the details.
    // Tab order of the header: brand, search box, sync badge.
    await page.locator('header [role="combobox"]').focus();
    await page.keyboard.press('Tab');
    expect(await pill.evaluate((el) => el === document.activeElement)).toBe(true);
    await page.keyboard.press('Enter');
    const panel = page.getByRole('region', { name: 'Sync details' });
    await expect.poll(() => panel.textContent()).toContain('ConnectionOffline');
    expect(await panel.textContent()).toContain('Nothing waiting');
    expect(await panel.getByRole('button', { name: 'Sync now' }).isDisabled()).toBe(true);
    await page.keyboard.press('Escape');
    await expect.poll(() => panel.count()).toBe(0);

    await setOffline(context, false);
    await expect.poll(() => pill.count(), { timeout: 15_000 }).toBe(0);
  });
});

// ---------------------------------------------------------------------------------------------
// Background Sync: the worker pushes with the session the page saved in IndexedDB.

interface StoredSession {
  access_token: string;
  refresh_token: string;
  expires_at: number;
  expires_in: number;
  user: { id: string };
}

async function signIn(username: string): Promise<StoredSession> {
  const response = await fetch(`${gateway.url}/auth/v1/token?grant_type=password`, {
    method: 'POST',
    headers: { apikey: gateway.anonKey, 'content-type': 'application/json' },
    body: JSON.stringify({ email: `${username}@demo.checkpoint.local`, password: DEMO_PASSWORD }),
  });
  expect(response.status).toBe(200);
  return (await response.json()) as StoredSession;
}

async function memberId(username: string): Promise<number> {
  const rows = await gateway.db.query<{ id: number }>('select id from public."user" where username = $1', [username]);
  const id = rows[0]?.id;
  if (id === undefined) throw new Error(`no member ${username}`);
  return Number(id);
}

/** What the app's IndexedDB holds under the session key (as supabase-js would save it). */
async function storedSession(page: Page): Promise<StoredSession | null> {
  const row = await deviceRow<{ value?: unknown }>(page, 'auth', 'checkpoint.auth');
  return typeof row?.value === 'string' ? (JSON.parse(row.value) as StoredSession) : null;
}

describe('background sync', () => {
  it('pushes a change made offline from the worker after the tab is closed, refreshing the expired token first', async () => {
    const context = await newContext();
    const page = await openApp(context);
    const signedIn = await signIn('pixel_pilgrim');
    // The access token has (as far as the client can tell) expired: the worker must refresh it.
    const expired = { ...signedIn, expires_at: Math.floor(Date.now() / 1000) - 60 };
    const [me, them] = [await memberId('pixel_pilgrim'), await memberId('cozy_quests')];
    const follows = () =>
      gateway.db.query('select 1 from public.user_follow where follower_id = $1 and following_id = $2', [me, them]);
    expect(await follows()).toEqual([]);

    await setOffline(context, true);
    await writeSessionAndOutbox(page, expired, them);
    const registered = await page.evaluate(async () => {
      const registration = await navigator.serviceWorker.ready;
      if (!registration.sync) return false;
      await registration.sync.register('checkpoint-outbox');
      return true;
    });
    expect(registered).toBe(true);
    await page.close();

    // No tab is open: only the worker can push when the connection comes back.
    await setOffline(context, false);
    await expect.poll(follows, { timeout: 20_000 }).toHaveLength(1);

    // It refreshed the token once and saved the rotated session where the page will read it.
    const tokens = await gateway.db.query<{ token: string; revoked: boolean; parent: string | null }>(
      'select token, revoked, parent from auth.refresh_tokens where user_id = $1::uuid order by id',
      [signedIn.user.id],
    );
    const live = tokens.filter((t) => !t.revoked);
    expect(live).toHaveLength(1);
    expect(live[0]?.parent).toBe(signedIn.refresh_token);
    const reader = await context.newPage();
    await reader.goto(`${gateway.url}/`);
    expect((await storedSession(reader))?.refresh_token).toBe(live[0]?.token);
  });

  it('waits for the origin-wide auth lock a tab holds before touching the session (one refresher at a time)', async () => {
    const context = await newContext();
    const page = await openApp(context);
    const signedIn = await signIn('combo_breaker');
    const [me, them] = [await memberId('combo_breaker'), await memberId('retro_ranger')];
    const follows = () =>
      gateway.db.query('select 1 from public.user_follow where follower_id = $1 and following_id = $2', [me, them]);
    expect(await follows()).toEqual([]);
    await writeSessionAndOutbox(page, { ...signedIn, expires_at: Math.floor(Date.now() / 1000) - 60 }, them);

    // This tab takes the lock supabase-js uses for the session (lock:<storage key>) and keeps it.
    await page.evaluate(() => {
      void navigator.locks.request(
        'lock:checkpoint.auth',
        () =>
          new Promise<void>((release) => {
            window.releaseAuthLock = release;
          }),
      );
    });
    await expect.poll(() => page.evaluate(() => typeof window.releaseAuthLock)).toBe('function');
    await page.evaluate(async () => (await navigator.serviceWorker.ready).sync?.register('checkpoint-outbox'));

    // The worker's client queues for the same lock instead of refreshing alongside this tab.
    const waiting = () =>
      page.evaluate(
        async () =>
          (await navigator.locks.query()).pending?.some((lock) => lock.name === 'lock:checkpoint.auth') ?? false,
      );
    await expect.poll(waiting, { timeout: 15_000 }).toBe(true);
    expect(await follows()).toEqual([]);

    await page.evaluate(() => window.releaseAuthLock?.());
    await expect.poll(follows, { timeout: 20_000 }).toHaveLength(1);
    const tokens = await gateway.db.query<{ revoked: boolean }>(
      'select revoked from auth.refresh_tokens where user_id = $1::uuid',
      [signedIn.user.id],
    );
    expect(tokens.filter((t) => !t.revoked)).toHaveLength(1);
  });
});

declare global {
  interface Window {
    releaseAuthLock?: () => void;
  }
}

/** Saves a session and one queued follow as the app would (auth and outbox tables). */
async function writeSessionAndOutbox(page: Page, session: StoredSession, follow: number): Promise<void> {
  await writeDevice(page, [
    { store: 'auth', op: 'put', value: { key: 'checkpoint.auth', value: JSON.stringify(session) } },
    {
      store: 'outbox',
      op: 'add',
      value: {
        id: randomUUID(),
        name: 'follow.set',
        args: { user_id: follow, following: true },
        created_at: new Date().toISOString(),
        attempts: 0,
      },
    },
  ]);
}

// ---------------------------------------------------------------------------------------------

describe('updates', () => {
  it('offers a new version, keeps it waiting on Later, and reloads exactly once on Reload', async () => {
    const context = await newContext();
    const page = await openApp(context);
    const prompt = page.getByRole('status', { name: 'Update available' });
    expect(await prompt.count()).toBe(0);

    // Ship a new worker, then run the check the page runs every 60 s.
    const swFile = path.join(distDir, 'sw.js');
    await writeFile(swFile, `${await readFile(swFile, 'utf8')}\n// next version\n`);
    await page.evaluate(async () => (await navigator.serviceWorker.ready).update());
    await expect.poll(() => prompt.textContent(), { timeout: 15_000 }).toContain('A new version is available — Reload');

    await prompt.getByRole('button', { name: 'Later' }).click();
    expect(await prompt.count()).toBe(0);
    // Still waiting: the next start offers it again.
    await page.reload();
    await expect.poll(() => prompt.count(), { timeout: 15_000 }).toBe(1);

    let loads = 0;
    page.on('load', () => {
      loads += 1;
    });
    // The page keeps talking to the backend while the worker hands over (the sync engine pulls every
    // few seconds). A request reaching the old worker as skipWaiting stops it used to leave the new
    // version waiting in Chromium, and the page never reloaded: the API now bypasses the worker.
    await page.evaluate(() => {
      const burst = setInterval(() => {
        void fetch('/rest/v1/rpc/sync_pull', { method: 'POST' }).catch(() => undefined);
      }, 3);
      setTimeout(() => clearInterval(burst), 400);
    });
    await prompt.getByRole('button', { name: 'Reload' }).click();
    await expect.poll(() => loads, { timeout: 15_000 }).toBe(1);
    await page.waitForTimeout(2_000);
    expect(loads).toBe(1);
    expect(
      await page.evaluate(async () => {
        const registration = await navigator.serviceWorker.ready;
        return { waiting: registration.waiting !== null, controlled: navigator.serviceWorker.controller !== null };
      }),
    ).toEqual({ waiting: false, controlled: true });
    expect(await prompt.count()).toBe(0);
  });
});
