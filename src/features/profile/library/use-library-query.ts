// The library view's query in the address (core/library/library-query.ts): read on every render,
// written with replace (typing in the filter box must not fill the history) and without moving the
// page. A list that only filters by text reads and writes `q` the same way. Changes made in quick
// succession (a year, then the sort) each keep the one before (layout/address-params.ts).
import { useCallback } from 'react';
import { parseLibraryQuery, writeLibraryQuery, type LibraryQuery } from '../../../core/library/library-query.ts';
import { useAddressParams } from '../../../ui/layout/address-params.ts';

export function useLibraryQuery(): [LibraryQuery, (patch: Partial<LibraryQuery>) => void] {
  const [params, write] = useAddressParams();
  const query = parseLibraryQuery(params);
  const change = useCallback(
    (patch: Partial<LibraryQuery>) => {
      write((prev) => writeLibraryQuery(prev, { ...parseLibraryQuery(prev), ...patch }), {
        replace: true,
        preventScrollReset: true,
      });
    },
    [write],
  );
  return [query, change];
}
