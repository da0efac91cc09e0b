// Creates the page's search service and provides it to the screens (useSearchService in
// features/search/search-context.tsx). The cache's cleanup pauses while the tab is hidden and
// stops when the page goes away.
import { useEffect, type ReactNode } from 'react';
import { SearchContext } from '../features/search/search-context.tsx';
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
