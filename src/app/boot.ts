// The page's first script. It lets the browser paint the static shell of index.html (the header
// and the screen's skeleton) before the app's code is evaluated: evaluating React, the router and
// the database layer takes a slow phone a good part of a second, and until now the shell waited
// for it. The app's files are not fetched any later for it: index.html lists them as module
// preloads (.config/vite/preload-app.ts), so they download while the
// shell paints and import() finds them ready.
import { prefetchBackendSettings } from '../data/backend-settings.ts';
import { sendFirstRead } from '../data/first-read.ts';
import { yieldToPage } from '../core/yield-to-page.ts';
import { dexieCode } from '../store/dexie-code.ts';
import { preloadFirstScreenFiles } from './screen-files.ts';
import { firstScreenCode, firstScreenRead } from './screens.ts';

// The backend's settings leave first: the first screen's read needs them the moment the app is in.
// On a first visit that read itself leaves now too (first-read.ts).
prefetchBackendSettings();
const firstRead = firstScreenRead(window.location.pathname);
if (firstRead) sendFirstRead(firstRead);
// The first screen's code downloads now, beside the libraries' (evaluated below, one task each).
preloadFirstScreenFiles(window.location.pathname);

/**
 * The libraries the app evaluates before its own code, the largest first, each in a task of its own.
 * Imported with the app's (main.tsx) they were evaluated in one task with it, some 400 ms on a phone
 * four times slower than a laptop, during which the page took no input after its shell had painted
 * (all of it Lighthouse's Total Blocking Time). Each is a chunk of its own (vite.config.ts,
 * LIBRARY_CHUNKS), already downloading from index.html's preloads; a module is evaluated once, so the
 * app's import later finds them done. The router is asked for by name: a dynamic import of the whole
 * module would keep every export React Router has (its server rendering too) in the bundle.
 */
const LIBRARIES: ReadonlyArray<() => Promise<unknown>> = [
  () => import('react-dom/client'),
  async () => {
    const { Router } = await import('react-router-dom');
    return Router;
  },
  dexieCode,
];

const start = async (): Promise<void> => {
  for (const library of LIBRARIES) {
    // A library that fails to load fails the app's import as well, which shows the error.
    await library().catch(() => undefined);
    await yieldToPage();
  }
  // The screen the visit opens on (a game page, a profile, browse) is asked for with the app, not
  // once the app has evaluated and the router has matched the address: its files download beside
  // the app's and the router's own import() finds them loaded. A failure here is the router's to
  // show (it imports again). Not before the libraries: the screen's import would evaluate them all
  // in one task with it.
  firstScreenCode(window.location.pathname)?.().catch(() => undefined);
  void import('./main.tsx');
};

// requestAnimationFrame runs just before the next paint and a timeout queued from it runs just
// after. A tab opened in the background paints nothing and runs no animation frames: it starts at once.
if (document.visibilityState === 'hidden') void start();
else requestAnimationFrame(() => setTimeout(() => void start(), 0));
