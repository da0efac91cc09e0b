// When to try again after a failed sync: exponential backoff with full jitter (a random wait
// between a small floor and a ceiling that doubles per consecutive failure), so that many clients
// coming back online at once do not all retry in step.

/** Ceiling of the first retry. */
export const BACKOFF_BASE_MS = 1_000;
/** No retry waits longer than this. */
export const BACKOFF_CAP_MS = 60_000;
/** Full jitter may draw ~0; a floor keeps a failing client from spinning. */
export const BACKOFF_FLOOR_MS = 250;

/** The wait before retry number `failures` (1 after the first failure); random() in [0, 1). */
export function backoffDelay(failures: number, random: () => number): number {
  const ceiling = Math.min(BACKOFF_CAP_MS, BACKOFF_BASE_MS * 2 ** Math.max(0, failures - 1));
  return Math.max(BACKOFF_FLOOR_MS, Math.floor(random() * ceiling));
}
