// Which requests are cover images, and how many the worker keeps (caching.ts registers the route).
// Apart from workbox so that the rule can be tested where there is no service worker.
import type { RouteMatchCallbackOptions } from 'workbox-core/types.js';

export const COVER_CACHE = 'checkpoint-covers';
const DAY_SECONDS = 24 * 60 * 60;
/** At most 500 covers for 30 days: a few MB of a browse wall, profiles and game pages, oldest out first. */
export const COVER_MAX_ENTRIES = 500;
export const COVER_MAX_AGE_SECONDS = 30 * DAY_SECONDS;

/** IGDB's image host (every size a srcset asks for), and IGDB-style cover paths served from anywhere else (a proxy, the seed). */
export function isCoverImage({ url }: Pick<RouteMatchCallbackOptions, 'url'>): boolean {
  return url.hostname === 'images.igdb.com' || url.pathname.includes('/t_cover_big/');
}
