// Timers as the sync engine and the sync badge take them, injected so tests control time.

/**
 * setTimeout returns the function that cancels it; the callback returns the sync run it starts, if
 * any (a test can await it, a real timer ignores it).
 */
export interface Timers {
  setTimeout(callback: () => unknown, ms: number): () => void;
}

/** The host's timers. */
export const realTimers: Timers = {
  setTimeout(callback, ms) {
    const handle = setTimeout(callback, ms);
    return () => clearTimeout(handle);
  },
};
