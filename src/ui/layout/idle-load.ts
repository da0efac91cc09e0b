// Code a screen may need next (its other tabs, its dialogs) but does not show first: loaded once
// the page has loaded and the main thread is idle, so opening it later shows no placeholder, and a
// first visit does not pay for it before the screen is up.
import { useEffect } from 'react';

/** How long it waits for an idle moment after the page's load, at most. */
const IDLE_TIMEOUT_MS = 3000;

/** Calls each of `loaders` (an `import()` each) once, when the page is idle after its load. */
export function useIdleLoad(loaders: ReadonlyArray<() => Promise<unknown>>): void {
  useEffect(() => {
    let idle: number | undefined;
    const load = () => {
      // A failed download is not this hook's to report: opening the tab tries again and says so.
      for (const loader of loaders) loader().catch(() => undefined);
    };
    const wait = () => {
      if (typeof window.requestIdleCallback === 'function')
        idle = window.requestIdleCallback(load, { timeout: IDLE_TIMEOUT_MS });
      else idle = window.setTimeout(load, 0);
    };
    if (document.readyState === 'complete') wait();
    else window.addEventListener('load', wait, { once: true });
    return () => {
      window.removeEventListener('load', wait);
      if (idle === undefined) return;
      if (typeof window.cancelIdleCallback === 'function') window.cancelIdleCallback(idle);
      else window.clearTimeout(idle);
    };
    // The loaders are the module's own constants: once per mount.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
}
