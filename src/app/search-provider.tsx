// Creates the page's search service and provides it to the screens (useSearchService in
// ui/search/search-context.tsx). The cache's cleanup pauses while the tab is hidden and
// stops when the page goes away.
import { useEffect, type ReactNode } from 'react';
import { SearchContext } from '../ui/search/search-context.tsx';
import { afterStartup } from './after-startup.ts';
import { backend, localDb, readRpc } from '../data/backend.ts';
import { trackRead } from '../data/direct-rpc.ts';
import { searchRemoteCode, searchServiceCode } from '../data/read-code.ts';
import type { SearchRemote } from '../data/search/remote.ts';
import type { SearchService } from '../data/search/service.ts';
import type { MemoryCache } from '../core/search/cache.ts';
import type { GameSearchResult } from '../data/search/types.ts';
import { catalogueIsFresh, stampCatalogue } from '../data/search/catalogue-stamp.ts';

/**
 * The search RPCs, their zod checks included, load on the first call, not with the entry (issue
 * 7's budget). A first screen's reads (browse) go out before supabase-js is made (readRpc).
 */
function lazySearchRemote(): SearchRemote {
  let remote: Promise<SearchRemote> | undefined;
  const get = (): Promise<SearchRemote> => {
    if (!remote) {
      const loaded = trackRead(searchRemoteCode()).then(({ createSearchRemote }) =>
        createSearchRemote(backend, readRpc),
      );
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

/**
 * The search service, its code (the device's index, ranking, merging) loaded on the first search (a
 * focus of the header's search warms it), not with the entry: the home page's first screen searches
 * nothing, and its JavaScript has a budget (docs/decisions/0006-first-visit-javascript-budget.md).
 * Until then its cache is empty and remembers being paused or stopped.
 */
function lazySearchService(make: () => Promise<SearchService>): SearchService {
  let made: SearchService | undefined;
  let loading: Promise<SearchService> | undefined;
  let paused = false;
  let stopped = false;
  const get = (): Promise<SearchService> => {
    if (!loading) {
      const started = make().then((service) => {
        made = service;
        if (stopped) service.cache.stop();
        else if (paused) service.cache.pause();
        return service;
      });
      // A chunk that could not be fetched (offline before the worker had it) is asked for again.
      started.catch(() => {
        if (loading === started) loading = undefined;
      });
      loading = started;
    }
    return loading;
  };
  const cache: MemoryCache<GameSearchResult> = {
    get: (key) => made?.cache.get(key),
    set: (key, value, ttlMs) => made?.cache.set(key, value, ttlMs),
    delete: (key) => made?.cache.delete(key),
    clear: () => made?.cache.clear(),
    get size() {
      return made?.cache.size ?? 0;
    },
    cleanup: () => made?.cache.cleanup() ?? 0,
    pause() {
      paused = true;
      made?.cache.pause();
    },
    resume() {
      paused = false;
      if (!stopped) made?.cache.resume();
    },
    stop() {
      stopped = true;
      made?.cache.stop();
    },
  };
  return {
    searchGames: async (...args) => (await get()).searchGames(...args),
    browseGames: async (...args) => (await get()).browseGames(...args),
    searchUsers: async (...args) => (await get()).searchUsers(...args),
    platforms: async (...args) => (await get()).platforms(...args),
    downloadCatalogue: async (...args) => (await get()).downloadCatalogue(...args),
    warm: async () => (await get()).warm(),
    cache,
  };
}

export function createAppSearch(): SearchService {
  return lazySearchService(async () =>
    (await searchServiceCode()).createSearchService({
      db: localDb(),
      remote: lazySearchRemote(),
      isOnline: () => navigator.onLine,
      timer: {
        setInterval: (run, ms) => window.setInterval(run, ms),
        clearInterval: (handle) => window.clearInterval(handle as number),
      },
    }),
  );
}

/** How long after the page's load the download waits, so it never competes with the first screen. */
const CATALOGUE_START_DELAY_MS = 5000;

/** Once the page is idle and online, copies the catalogue onto the device for offline search. */
function downloadCatalogueWhenIdle(service: SearchService): () => void {
  const controller = new AbortController();
  let running = false;
  const run = () => {
    if (running || !navigator.onLine || catalogueIsFresh()) return;
    running = true;
    service
      .downloadCatalogue(controller.signal)
      .then(
        () => stampCatalogue(),
        // Tried again on the next start, or when the connection comes back.
        () => undefined,
      )
      .finally(() => {
        running = false;
      });
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
    const onUnload = (event: PageTransitionEvent) => {
      if (!event.persisted) service.cache.stop();
    };
    document.addEventListener('visibilitychange', onVisibility);
    window.addEventListener('pagehide', onUnload);
    return () => {
      document.removeEventListener('visibilitychange', onVisibility);
      window.removeEventListener('pagehide', onUnload);
    };
  }, [service]);
  return <SearchContext value={service}>{children}</SearchContext>;
}
