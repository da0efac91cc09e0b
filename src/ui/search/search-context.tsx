// The page's search service (src/data/search) for every screen: one per page, so its cache and
// its index over the device's catalogue are shared by the header, the browse page and the picker.
// The app creates it (src/app/search-provider.tsx) and puts it here.
import { createContext, use } from 'react';
import type { SearchService } from '../../data/search/service.ts';

export const SearchContext = createContext<SearchService | null>(null);

export function useSearchService(): SearchService {
  const service = use(SearchContext);
  if (!service) throw new Error('useSearchService needs a <SearchProvider> above it');
  return service;
}
