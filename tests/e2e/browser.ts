// Debian's Chromium driven by playwright-core (Playwright cannot download browsers here).
import { chromium, type Browser, type BrowserContext, type CDPSession, type Frame, type Page } from 'playwright-core';

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export const CHROMIUM_ARGS: readonly string[] = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];

export interface LaunchOptions {
  /**
   * Send every request through this proxy (tests/support/fault-proxy.ts), loopback included, so
   * that it can fail the service worker's requests too.
   */
  readonly proxy?: { readonly url: string };
  /** More command-line switches (e.g. --host-resolver-rules for a second host name). */
  readonly extraArgs?: readonly string[];
}

/** Chromium's flags, with the proxy's when one is given (for launchPersistentContext too). */
export function chromiumArgs({ proxy, extraArgs = [] }: LaunchOptions = {}): string[] {
  // `<-loopback>` takes loopback off the implicit bypass list: the app and its backend are on 127.0.0.1.
  const proxied = proxy ? [`--proxy-server=${proxy.url}`, '--proxy-bypass-list=<-loopback>'] : [];
  return [...CHROMIUM_ARGS, ...proxied, ...extraArgs];
}

export function launchChromium(options: LaunchOptions = {}): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM_PATH, args: chromiumArgs(options) });
}

/** The app's own code in the built app (React, the router, Dexie and the app: vite.config.ts's 'main' chunk). */
export const APP_CODE = /\/assets\/main-[^/]+\.js$/;

/**
 * Holds every request for the app's code back until `released` settles, 5 s at most: meanwhile only
 * the page's first script (boot.ts) runs. Returns, per request held, whether `released` came first.
 */
export async function holdAppCode(context: BrowserContext, released: Promise<unknown>): Promise<boolean[]> {
  const held: boolean[] = [];
  await context.route(APP_CODE, async (route) => {
    held.push(
      await Promise.race([
        released.then(() => true),
        new Promise<boolean>((resolve) => setTimeout(() => resolve(false), 5000)),
      ]),
    );
    await route.continue();
  });
  return held;
}

const OFFLINE = { offline: true, latency: 0, downloadThroughput: -1, uploadThroughput: -1 };
const ONLINE = { ...OFFLINE, offline: false };

/** What setOffline(context, true) installed on a context, to take off when it goes online. */
const heldOffline = new WeakMap<BrowserContext, () => Promise<void>>();

/**
 * `context.setOffline`, kept true for every document the context's pages load. With Debian's
 * Chromium 150 (newer than playwright-core 1.65 knows), a document loaded after `setOffline(true)`
 * (or a context launched with `offline`) reads `navigator.onLine` as true while its requests fail,
 * so the app, asking the browser, says "Can't reach server" where a phone without a network says
 * "Offline". Here each page's new document is sent the same emulation over a DevTools session of
 * our own, which also gives it its 'offline' event. (The service worker's requests are still
 * Playwright's to fail; for a dead server or a flaky link, use the fault proxy.)
 */
export async function setOffline(context: BrowserContext, offline: boolean): Promise<void> {
  // Back online: the context's network first, then the pages' own emulation, which fires their
  // 'online' event. The other way round, a page read again on 'online' while the context was still
  // offline, failed, and said "couldn't be reached" (profile.test.ts, 2 runs in 5).
  if (!offline) await context.setOffline(false);
  await heldOffline.get(context)?.();
  heldOffline.delete(context);
  if (!offline) return;
  await context.setOffline(true);
  const sessions = new Map<Page, Promise<CDPSession>>();
  const apply = async (page: Page) => {
    try {
      let session = sessions.get(page);
      if (!session) sessions.set(page, (session = context.newCDPSession(page)));
      await (await session).send('Network.emulateNetworkConditions', OFFLINE);
    } catch {
      // The page closed meanwhile.
    }
  };
  const navigated = (frame: Frame) => {
    if (frame === frame.page().mainFrame()) void apply(frame.page());
  };
  const watch = (page: Page) => {
    page.on('framenavigated', navigated);
    void apply(page);
  };
  for (const page of context.pages()) page.on('framenavigated', navigated);
  context.on('page', watch);
  await Promise.all(context.pages().map(apply));
  heldOffline.set(context, async () => {
    context.off('page', watch);
    for (const page of context.pages()) page.off('framenavigated', navigated);
    for (const session of sessions.values()) {
      const open = await session.catch(() => null);
      await open?.send('Network.emulateNetworkConditions', ONLINE).catch(() => undefined);
      await open?.detach().catch(() => undefined);
    }
  });
}
