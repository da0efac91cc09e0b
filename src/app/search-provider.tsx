// Gives the screens the page's search service (src/data/search): one per page, so its cache and
// its index over the device's catalogue are shared by the header, the browse page and the picker.
// The cache's cleanup pauses while the tab is hidden and stops when the page goes away.
import { createContext, use, useEffect, type ReactNode } from 'react';
import { backend, localDb } from '../data/backend.ts';
import { createSearchRemote } from '../data/search/remote.ts';
import { createSearchService, type SearchService } from '../data/search/service.ts';

export function createAppSearch(): SearchService {
  return createSearchService({
    db: localDb(),
    remote: createSearchRemote(backend),
    isOnline: () => navigator.onLine,
    timer: { setInterval: (run, ms) => window.setInterval(run, ms), clearInterval: (handle) => window.clearInterval(handle as number) },
  });
}

const SearchContext = createContext<SearchService | null>(null);

export function SearchProvider({ service, children }: { service: SearchService; children: ReactNode }) {
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

export function useSearchService(): SearchService {
  const service = use(SearchContext);
  if (!service) throw new Error('useSearchService needs a <SearchProvider> above it');
  return service;
}
