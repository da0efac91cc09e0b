/// <reference lib="webworker" />
// The service worker: precaches the built app (Workbox injectManifest) and answers navigations to
// app routes with the cached index.html, so the app starts offline; runtime caches for covers and
// catalogue search (caching.ts); Background Sync pushes the outbox (background-sync.ts).
import { clientsClaim } from 'workbox-core';
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { listenForBackgroundSync } from './background-sync.ts';
import { registerRuntimeCaching } from './caching.ts';
import { NOT_APP_ROUTES } from './navigation.ts';
import { routeApiPastWorker } from './static-routes.ts';

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: Array<{ url: string; revision: string | null }> };

routeApiPastWorker(self);
precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();
registerRoute(new NavigationRoute(createHandlerBoundToURL('/index.html'), { denylist: [...NOT_APP_ROUTES] }));
registerRuntimeCaching();
listenForBackgroundSync(self);

// The first worker takes the open pages at once, so their covers and searches are cached from the
// first visit. An update waits until the member says Reload (SKIP_WAITING from the page).
clientsClaim();
const isSkipWaiting = (data: unknown) =>
  typeof data === 'object' && data !== null && 'type' in data && data.type === 'SKIP_WAITING';
self.addEventListener('message', (event) => {
  if (isSkipWaiting(event.data)) void self.skipWaiting();
});
