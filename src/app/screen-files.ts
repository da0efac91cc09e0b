// Preloads the app's code and the code of the screen a first visit opens on, from the lists the
// build puts in index.html (core/screen-files.ts): they download together, while boot.ts evaluates
// React, the router and Dexie, instead of each once it is asked for (vite.config.ts says why).
// Called once the shell has painted (boot.ts), not from index.html's head: Lighthouse's simulated
// LCP counts every file that finished downloading before the largest paint, and with the app's
// 150 KB listed in the head it counted them all (at its 1.6 Mbps, 0.8 s more than the baseline
// page) for a paint that needs none of them (the shell, or the screen the gateway painted into it).
import { APP_FILES_ID, parseAppFiles, parseScreenFiles, SCREEN_FILES_ID } from '../core/screen-files.ts';
import { yieldToPage } from '../core/yield-to-page.ts';
import { firstScreen } from './screens.ts';

/** Preloads added in one task: in a 4× throttled trace, the 24 of a game page took one task of 130 ms of CPU. */
const LINKS_PER_TASK = 6;

/**
 * Adds a preload for each of the app's files and then for each file of the screen `pathname` opens
 * on, that the page does not link yet: a module preload for a script (fetched and parsed, not
 * evaluated) and a style preload for a stylesheet (applied only once the screen's import links it,
 * as Vite's preload helper does). Each asks for a low priority (the first screen's read goes first)
 * and is marked `data-first-screen`.
 */
export async function preloadFirstScreenFiles(
  pathname: string,
  doc: Document = document,
  between: () => Promise<void> = yieldToPage,
): Promise<void> {
  const screen = firstScreen(pathname);
  const app = parseAppFiles(doc.getElementById(APP_FILES_ID)?.textContent);
  const files = screen ? (parseScreenFiles(doc.getElementById(SCREEN_FILES_ID)?.textContent)[screen.path] ?? []) : [];
  const linked = new Set(Array.from(doc.querySelectorAll('link'), (link) => link.getAttribute('href')));
  const wanted = [...app, ...files].filter((file) => !linked.has(file) && linked.add(file));
  for (let i = 0; i < wanted.length; i += LINKS_PER_TASK) {
    // Each preload costs its task a few milliseconds (the request is made then): a handful a task.
    if (i > 0) await between();
    const slice = doc.createDocumentFragment();
    for (const file of wanted.slice(i, i + LINKS_PER_TASK)) {
      const link = doc.createElement('link');
      if (file.endsWith('.css')) {
        link.rel = 'preload';
        link.as = 'style';
      } else {
        link.rel = 'modulepreload';
      }
      link.crossOrigin = '';
      link.setAttribute('fetchpriority', 'low');
      link.dataset['firstScreen'] = '';
      link.href = file;
      slice.append(link);
    }
    doc.head.append(slice);
  }
}
