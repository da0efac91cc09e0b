// Creates the page's search service and provides it to the screens (useSearchService in
// features/search/search-context.tsx). The cache's cleanup pauses while the tab is hidden and
// stops when the page goes away.
import { useEffect, type ReactNode } from 'react';
import { SearchContext } from '../features/search/search-context.tsx';
import { afterStartup } from './after-startup.ts';
import { backend, localDb, readRpc } from '../data/backend.ts';
import { trackRead } from '../data/direct-rpc.ts';
import { searchRemoteCode } from '../data/read-code.ts';
import type { SearchRemote } from '../data/search/remote.ts';
import { createSearchService, type SearchService } from '../data/search/service.ts';

/**
 * The search RPCs, their zod checks included, load on the first call, not with the entry (issue
 * 7's budget). A first screen's reads (browse) go out before supabase-js is made (readRpc).
 */
function lazySearchRemote(): SearchRemote {
  let remote: Promise<SearchRemote> | undefined;
  const get = (): Promise<SearchRemote> => {
    if (!remote) {
      const loaded = trackRead(searchRemoteCode()).then(({ createSearchRemote }) => createSearchRemote(backend, readRpc));
      loaded.catch(() => {
        if (remote === loaded) remote = undefined;
      });
      remote = loaded;
    }
    return remote;
  };
  return {
    searchDatabase: async (...args) => (await get()).searchDatabase(...args),
    searchCatalogue: async (...args) => (await get()).searchCatalogue(...args),
    ratingStats: async (...args) => (await get()).ratingStats(...args),
    browse: async (...args) => (await get()).browse(...args),
    searchUsers: async (...args) => (await get()).searchUsers(...args),
    platforms: async (...args) => (await get()).platforms(...args),
    cataloguePage: async (...args) => (await get()).cataloguePage(...args),
  };
}

export function createAppSearch(): SearchService {
  return createSearchService({
    db: localDb(),
    remote: lazySearchRemote(),
    isOnline: () => navigator.onLine,
    timer: { setInterval: (run, ms) => window.setInterval(run, ms), clearInterval: (handle) => window.clearInterval(handle as number) },
  });
}

/** The device downloads the catalogue again after a day (new games, and the first visit). */
const CATALOGUE_REFRESH_MS = 86_400_000;
const CATALOGUE_STAMP = 'checkpoint.catalogue-downloaded-at';
/** How long after the page's load the download waits, so it never competes with the first screen. */
const CATALOGUE_START_DELAY_MS = 5000;

/** Once the page is idle and online, copies the catalogue onto the device for offline search. */
function downloadCatalogueWhenIdle(service: SearchService): () => void {
  const controller = new AbortController();
  let running = false;
  const run = () => {
    const last = Number(localStorage.getItem(CATALOGUE_STAMP) ?? 0);
    if (running || !navigator.onLine || Date.now() - last < CATALOGUE_REFRESH_MS) return;
    running = true;
    service.downloadCatalogue(controller.signal).then(
      () => localStorage.setItem(CATALOGUE_STAMP, String(Date.now())),
      // Tried again on the next start, or when the connection comes back.
      () => undefined,
    ).finally(() => { running = false; });
  };
  // Well after the first screen is up (the download writes thousands of rows), in an idle moment.
  const cancel = afterStartup(run, CATALOGUE_START_DELAY_MS);
  window.addEventListener('online', run);
  return () => {
    controller.abort();
    cancel();
    window.removeEventListener('online', run);
  };
}

export function SearchProvider({ service, children }: { service: SearchService; children: ReactNode }) {
  useEffect(() => downloadCatalogueWhenIdle(service), [service]);
  useEffect(() => {
    const onVisibility = () => (document.hidden ? service.cache.pause() : service.cache.resume());
    // A page kept in the back-forward cache comes back: only a real unload stops the cleanup.
    const onUnload = (event: PageTransitionEvent) => { if (!event.persisted) service.cache.stop(); };
    document.addEventListener('visibilitychange', onVisibility);
    window.addEventListener('pagehide', onUnload);
    return () => {
      document.removeEventListener('visibilitychange', onVisibility);
      window.removeEventListener('pagehide', onUnload);
    };
  }, [service]);
  return <SearchContext value={service}>{children}</SearchContext>;
}
