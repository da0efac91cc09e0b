// What most e2e files share, written once: a file's own gateway (PGlite in memory, the demo
// community, relaxed rate limits) and Chromium, started before its tests and closed after them
// with every context they opened; a page at a width with the errors it threw; the devtools
// sign-in (`window.checkpoint`, src/app/devtools.ts) that skips the sign-in form where a test is
// not about it; and waiting until the device's outbox is empty.
import { mkdirSync } from 'node:fs';
import type { Browser, BrowserContext, BrowserContextOptions, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, expect } from 'vitest';
import { DEMO_PASSWORD } from '../../supabase/local/demo.ts';
import { startGateway, type Gateway, type GatewayOptions } from '../../supabase/local/gateway.ts';
import { launchChromium, type LaunchOptions } from './browser.ts';

export interface Opened {
  readonly context: BrowserContext;
  readonly page: Page;
  /** Every uncaught error the page threw (a test ends expecting none). */
  readonly errors: string[];
}

export interface E2eWorld {
  /** The file's gateway; read it inside tests and hooks (it starts in beforeAll). */
  readonly gateway: Gateway;
  readonly browser: Browser;
  /** A new context `width` px wide and 900 high (closed after the file's tests) and its page. */
  open(width?: number, options?: BrowserContextOptions): Promise<Opened>;
}

export interface WorldOptions {
  /** Over the defaults: port 0, in memory, relaxed rate limits, no log. */
  readonly gateway?: GatewayOptions;
  readonly chromium?: LaunchOptions;
  /** Runs once the gateway is up, before any test (extra rows a file needs). */
  readonly seed?: (gateway: Gateway) => Promise<unknown>;
  /** How long starting (and seeding) may take; the e2e project's hook timeout when unset. */
  readonly setupTimeout?: number;
}

/** Registers the file's beforeAll and afterAll; returns what they start. */
export function e2eWorld({ gateway: gatewayOptions, chromium, seed, setupTimeout }: WorldOptions = {}): E2eWorld {
  let gateway: Gateway | undefined;
  let browser: Browser | undefined;
  const contexts: BrowserContext[] = [];
  const started = <T>(value: T | undefined, what: string): T => {
    if (value === undefined) throw new Error(`The e2e ${what} starts in beforeAll: read it inside a test or a hook`);
    return value;
  };

  beforeAll(async () => {
    gateway = await startGateway({
      port: 0,
      inMemory: true,
      rateLimits: 'relaxed',
      log: () => undefined,
      ...gatewayOptions,
    });
    await seed?.(gateway);
    browser = await launchChromium(chromium);
  }, setupTimeout);

  afterAll(async () => {
    for (const context of contexts) await context.close().catch(() => undefined);
    await browser?.close();
    await gateway?.close();
  });

  return {
    get gateway() {
      return started(gateway, 'gateway');
    },
    get browser() {
      return started(browser, 'browser');
    },
    async open(width = 1280, options = {}) {
      const context = await started(browser, 'browser').newContext({ viewport: { width, height: 900 }, ...options });
      contexts.push(context);
      const page = await context.newPage();
      const errors: string[] = [];
      page.on('pageerror', (e) => errors.push(e.message));
      return { context, page, errors };
    },
  };
}

/** A demo member's address (supabase/local/demo.ts). */
export const demoEmail = (username: string): string => `${username}@demo.checkpoint.local`;

/** Turns `window.checkpoint` on for this origin and reloads home so it loads; the page is left there. */
export async function withDevtools(page: Page, baseUrl: string): Promise<void> {
  await page.goto(`${baseUrl}/`);
  await page.evaluate(() => localStorage.setItem('checkpoint.devtools', '1'));
  await page.reload();
  await page.waitForFunction(() => window.checkpoint !== undefined);
}

/** Signs in through `window.checkpoint` and returns the member's id. The page is left on home. */
export async function devtoolsSignIn(
  page: Page,
  baseUrl: string,
  email: string,
  password: string = DEMO_PASSWORD,
): Promise<number> {
  await withDevtools(page, baseUrl);
  const { memberId } = await page.evaluate(([e, p]) => window.checkpoint!.signIn(e ?? '', p ?? ''), [email, password]);
  return memberId;
}

/** Asks the page to sync until nothing waits in its outbox. */
export async function synced(page: Page, timeout = 20_000): Promise<void> {
  await expect
    .poll(
      async () => {
        await page.evaluate(() => window.checkpoint!.syncNow());
        return page.evaluate(() => window.checkpoint!.pending());
      },
      { timeout },
    )
    .toBe(0);
}

/** Waits until the service worker controls the page (its requests and the app's code are its). */
export async function workerInCharge(page: Page, timeout = 20_000): Promise<void> {
  await expect
    .poll(() => page.evaluate(() => navigator.serviceWorker.controller?.state ?? null), { timeout })
    .toBe('activated');
}

/**
 * Screenshots named `<prefix>-<name>.png` in `dir` (a file's …_SHOTS_DIR), or nothing when unset;
 * a page is taken whole when `fullPage` says so.
 */
export function screenshots(dir: string | undefined, prefix: string) {
  return async (target: Page | Locator, name: string, { fullPage = false } = {}): Promise<void> => {
    if (!dir) return;
    mkdirSync(dir, { recursive: true });
    await target.screenshot({ path: `${dir}/${prefix}-${name}.png`, ...('goto' in target ? { fullPage } : {}) });
  };
}
