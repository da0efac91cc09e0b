// A member's write shows at once (a like's heart, a posted comment), but it is on the device only
// once its IndexedDB transaction commits (mutate.ts): a few milliseconds, or longer while a sync's
// transaction holds the same tables (IndexedDB runs overlapping writes one after the other). A page
// reloaded or closed in between loses the write. So while one is on its way, leaving the page asks
// first, with the browser's own "Leave site?" prompt ([S2]). The listener is there only while a
// write is: a page with a beforeunload listener is kept out of some browsers' back-forward cache.

/** Where the listener goes: the window in a page, nothing in a worker or Node. */
type UnloadTarget = Pick<EventTarget, 'addEventListener' | 'removeEventListener'>;

// Typed without the DOM library: the service worker's build reaches the sync code too.
const scope = globalThis as {
  window?: UnloadTarget;
  BeforeUnloadEvent?: abstract new (...args: never[]) => Event;
};

let inFlight = 0;
let guarded: UnloadTarget | null = null;

function holdUnload(event: Event): void {
  event.preventDefault();
  // Chromium before 119 and Safari show the prompt only for a returnValue that is set.
  if (scope.BeforeUnloadEvent && event instanceof scope.BeforeUnloadEvent)
    (event as { returnValue: unknown }).returnValue = '';
}

/** Runs a write that stores a member's action; leaving the page asks first until it settles. */
export async function untilStored<T>(
  write: () => Promise<T>,
  target: UnloadTarget | null = scope.window ?? null,
): Promise<T> {
  if (inFlight++ === 0 && target) {
    guarded = target;
    target.addEventListener('beforeunload', holdUnload);
  }
  try {
    return await write();
  } finally {
    if (--inFlight === 0 && guarded) {
      guarded.removeEventListener('beforeunload', holdUnload);
      guarded = null;
    }
  }
}
