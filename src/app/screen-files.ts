// Preloads the code of the screen a first visit opens on, from the table the build puts in
// index.html (core/screen-files.ts): its files download beside the app's, while boot.ts evaluates
// React, the router and Dexie, instead of once it asks for them (.config/vite/screen-files.ts says why).
import { parseScreenFiles, SCREEN_FILES_ID } from '../core/screen-files.ts';
import { firstScreen } from './screens.ts';

/**
 * Adds a low-priority preload for each file of the screen `pathname` opens on that the page does not
 * link yet: a module preload for a script (fetched and parsed, not evaluated) and a style preload for
 * a stylesheet (applied only once the screen's import links it, as Vite's preload helper does). The
 * links are marked `data-first-screen`.
 */
export function preloadFirstScreenFiles(pathname: string, doc: Document = document): void {
  const screen = firstScreen(pathname);
  if (!screen) return;
  const files = parseScreenFiles(doc.getElementById(SCREEN_FILES_ID)?.textContent)[screen.path] ?? [];
  const linked = new Set(Array.from(doc.querySelectorAll('link'), (link) => link.getAttribute('href')));
  for (const file of files) {
    if (linked.has(file)) continue;
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
    doc.head.append(link);
  }
}
