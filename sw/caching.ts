/// <reference lib="webworker" />
// Runtime caches (the app shell itself is precached in sw.ts):
// - cover images: cache first, they never change at a given URL;
// - catalogue search answers: network first, the last answer to the same question when the
//   network is slow (3 s) or gone (catalogue-search-cache.ts).
import { CacheableResponsePlugin } from 'workbox-cacheable-response';
import { ExpirationPlugin } from 'workbox-expiration';
import { registerRoute } from 'workbox-routing';
import { CacheFirst } from 'workbox-strategies';
import { catalogueSearchHandler, isCatalogueSearch } from './catalogue-search-cache.ts';
import { COVER_CACHE, COVER_MAX_AGE_SECONDS, COVER_MAX_ENTRIES, isCoverImage } from './cover-route.ts';

export function registerRuntimeCaching(): void {
  registerRoute(
    isCoverImage,
    new CacheFirst({
      cacheName: COVER_CACHE,
      plugins: [
        // 0: an <img> without crossorigin gets an opaque answer; it is still the right image.
        new CacheableResponsePlugin({ statuses: [0, 200] }),
        // Opaque answers count far above their size against the quota, hence purgeOnQuotaError:
        // covers are the first thing to give up when the disk is full, never the outbox.
        new ExpirationPlugin({
          maxEntries: COVER_MAX_ENTRIES,
          maxAgeSeconds: COVER_MAX_AGE_SECONDS,
          purgeOnQuotaError: true,
        }),
      ],
    }),
  );
  registerRoute(isCatalogueSearch, catalogueSearchHandler, 'POST');
}
