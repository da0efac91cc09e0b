// When the device last copied the catalogue (search-provider.tsx downloads it once a day, after the
// first screen). Kept apart from the search service so the home page's first script can read it
// without loading the service.

/** The device downloads the catalogue again after a day (new games, and the first visit). */
export const CATALOGUE_REFRESH_MS = 86_400_000;
const CATALOGUE_STAMP = 'checkpoint.catalogue-downloaded-at';

/** Whether the device holds a catalogue copied within the last day. */
export function catalogueIsFresh(now = Date.now()): boolean {
  return now - Number(globalThis.localStorage?.getItem(CATALOGUE_STAMP) ?? 0) < CATALOGUE_REFRESH_MS;
}

/** Notes a complete download. */
export function stampCatalogue(now = Date.now()): void {
  globalThis.localStorage?.setItem(CATALOGUE_STAMP, String(now));
}
