// Debian's Chromium driven by playwright-core (Playwright cannot download browsers here).
import { chromium, type Browser, type BrowserContext } from 'playwright-core';

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** `extraArgs`: more command-line switches (e.g. --host-resolver-rules for a second host name). */
export function launchChromium(extraArgs: readonly string[] = []): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update',
      '--disable-sync', '--no-first-run', '--disable-quic', ...extraArgs],
  });
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
    held.push(await Promise.race([released.then(() => true), new Promise<boolean>((resolve) => setTimeout(() => resolve(false), 5000))]));
    await route.continue();
  });
  return held;
}
