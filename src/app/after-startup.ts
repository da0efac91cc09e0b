// Background work that is not the first screen's own (the catalogue download) waits until that
// screen is up. On a phone the first seconds are spent downloading, evaluating and rendering the
// screen; background work there only makes the member wait longer for it (and in a Lighthouse run,
// it is main-thread time the first screen pays for).

/** How long it waits for an idle moment after the delay, at most. */
const IDLE_TIMEOUT_MS = 2000;

/**
 * Runs `task` once the page has loaded, `delayMs` have passed and the main thread is idle (or
 * two more seconds have passed). Returns a cancel function.
 */
export function afterStartup(task: () => void, delayMs: number): () => void {
  let cancelled = false;
  let timer: number | undefined;
  let idle: number | undefined;
  const run = () => {
    if (!cancelled) task();
  };
  const wait = () => {
    timer = window.setTimeout(() => {
      timer = undefined;
      if (typeof window.requestIdleCallback === 'function')
        idle = window.requestIdleCallback(run, { timeout: IDLE_TIMEOUT_MS });
      else run();
    }, delayMs);
  };
  if (document.readyState === 'complete') wait();
  else window.addEventListener('load', wait, { once: true });
  return () => {
    cancelled = true;
    window.removeEventListener('load', wait);
    if (timer !== undefined) window.clearTimeout(timer);
    if (idle !== undefined) window.cancelIdleCallback?.(idle);
  };
}
