// When to try again after a failed sync: exponential backoff with full jitter (a random wait
// between a small floor and a ceiling that doubles per consecutive failure), so that many clients
// coming back online at once do not all retry in step.

/** Ceiling of the first retry. */
export const BACKOFF_BASE_MS = 1_000;
/** No retry waits longer than this where nobody is looking (a hidden tab, the service worker): battery first. */
export const BACKOFF_CAP_MS = 60_000;
/**
 * No retry waits longer than this while the page is visible: the member is looking at the badge,
 * and a server back after a restart must be noticed within 5 s (a retry within 4 s, plus its call).
 */
export const VISIBLE_BACKOFF_CAP_MS = 4_000;
/** Full jitter may draw ~0; a floor keeps a failing client from spinning. */
export const BACKOFF_FLOOR_MS = 250;

/** The wait before retry number `failures` (1 after the first failure); random() in [0, 1). */
export function backoffDelay(failures: number, random: () => number, cap: number = BACKOFF_CAP_MS): number {
  const ceiling = Math.min(cap, BACKOFF_BASE_MS * 2 ** Math.max(0, failures - 1));
  return Math.max(BACKOFF_FLOOR_MS, Math.floor(random() * ceiling));
}
