// The library view's query in the address (core/library/library-query.ts): read on every render,
// written with replace (typing in the filter box must not fill the history) and without moving the
// page. A list that only filters by text reads and writes `q` the same way.
import { useCallback } from 'react';
import { useSearchParams } from 'react-router-dom';
import { parseLibraryQuery, writeLibraryQuery, type LibraryQuery } from '../../../core/library/library-query.ts';

export function useLibraryQuery(): [LibraryQuery, (patch: Partial<LibraryQuery>) => void] {
  const [params, setParams] = useSearchParams();
  const query = parseLibraryQuery(params);
  const change = useCallback(
    (patch: Partial<LibraryQuery>) => {
      setParams((prev) => writeLibraryQuery(prev, { ...parseLibraryQuery(prev), ...patch }), {
        replace: true,
        preventScrollReset: true,
      });
    },
    [setParams],
  );
  return [query, change];
}
