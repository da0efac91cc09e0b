// When the first screen of a visit has shown its data: the moment the page makes supabase-js and
// starts the sync engine (main.tsx). Until then a screen's reads go out over plain fetch
// (data/direct-rpc.ts), so on a slow phone the screen's data arrives while supabase-js, zod's
// settings check and the engine wait their turn instead of sharing the connection with it.
import { readsBusy, readsIdle } from '../data/direct-rpc.ts';

let committed: () => void = () => undefined;
const firstScreenCommitted = new Promise<void>((resolve) => {
  committed = resolve;
});

/**
 * The route's screen has committed (lazy-screen.tsx's `signalling`, from an effect that runs after
 * the screen's own, which have sent its reads by then).
 */
export function screenCommitted(): void {
  committed();
}

/** After the next frame has painted (a hidden tab paints none: the next task). */
function afterNextPaint(): Promise<void> {
  return new Promise((resolve) => {
    if (document.visibilityState === 'hidden') setTimeout(resolve, 0);
    else requestAnimationFrame(() => setTimeout(resolve, 0));
  });
}

/** When the main thread is next idle (the answer's rendering done), at most `ms` later. */
function whenIdle(ms: number): Promise<void> {
  return new Promise((resolve) => {
    if (typeof requestIdleCallback === 'function') requestIdleCallback(() => resolve(), { timeout: ms });
    else setTimeout(resolve, Math.min(ms, 50));
  });
}

/** The longest one idle wait lasts (a page that is never idle). */
const IDLE_WAIT_MS = 500;

/**
 * Resolves once the first screen has committed and its reads have come back and painted: each
 * answer renders and may ask for more (a game page first learns the game's id, then reads its
 * reviews), so it waits until the page, idle after a painted frame, has no read on its way.
 * `limitMs` bounds the wait (a screen that keeps reading, a phone slower still, a shell that failed).
 */
export function firstScreenShown(limitMs: number): Promise<void> {
  const settled = (async () => {
    await firstScreenCommitted;
    do {
      await readsIdle();
      // An answer is stored, read back by the screen's live query and rendered before it shows.
      await afterNextPaint();
      await whenIdle(IDLE_WAIT_MS);
    } while (readsBusy());
  })();
  return Promise.race([settled, new Promise<void>((resolve) => setTimeout(resolve, limitMs))]);
}
