// Debian's Chromium driven by playwright-core (Playwright cannot download browsers here).
import { chromium, type Browser, type BrowserContext } from 'playwright-core';

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
