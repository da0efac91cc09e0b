// The page's first script. It lets the browser paint the static shell of index.html (the header
// and the screen's skeleton) before the app's code is evaluated: evaluating React, the router and
// the database layer takes a slow phone a good part of a second, and until now the shell waited
// for it. The app's files are not fetched any later for it: index.html lists them as module
// preloads (the `checkpoint:preload-app` plugin in vite.config.ts), so they download while the
// shell paints and import() finds them ready.
import { prefetchBackendSettings } from '../data/backend-settings.ts';
import { sendFirstRead } from '../data/first-read.ts';
import { firstScreenCode, firstScreenRead } from './screens.ts';

// The backend's settings leave first: the first screen's read needs them the moment the app is in.
// On a first visit that read itself leaves now too (first-read.ts).
prefetchBackendSettings();
const firstRead = firstScreenRead(window.location.pathname);
if (firstRead) sendFirstRead(firstRead);

const start = (): void => {
  // The screen the visit opens on (a game page, a profile, browse) is asked for with the app, not
  // once the app has evaluated and the router has matched the address: its files download beside
  // the app's and the router's own import() finds them loaded. A failure here is the router's to
  // show (it imports again).
  firstScreenCode(window.location.pathname)?.().catch(() => undefined);
  void import('./main.tsx');
};

// requestAnimationFrame runs just before the next paint and a timeout queued from it runs just
// after. A tab opened in the background paints nothing and runs no animation frames: it starts at once.
if (document.visibilityState === 'hidden') start();
else requestAnimationFrame(() => setTimeout(start, 0));
