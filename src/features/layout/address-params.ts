// The address's search params for a view that writes several of them (the library's filters and
// sort, the profile's tab). React Router hands setSearchParams' updater the params of the last
// render, and the app renders a new address in a transition (app/router.tsx), a moment later under
// load. So two changes made before that render (a release year, then the sort) would both start
// from the old address, and the second would drop the first: the list showed one view while the
// address, and so a reload or a shared link, kept another. Each change here starts from the address
// last written until the page has rendered it.
import { useCallback, useRef } from 'react';
import { useSearchParams, type NavigateOptions } from 'react-router-dom';

export type AddressChange = (params: URLSearchParams) => URLSearchParams;

/** What a change starts from: the address written last, while the page still shows the one before it. */
export function addressChain(): (rendered: URLSearchParams, change: AddressChange) => URLSearchParams {
  let ahead: { readonly from: string; readonly to: URLSearchParams } | null = null;
  return (rendered, change) => {
    const from = rendered.toString();
    // Once the page shows another address (ours, or one reached another way), that is the start.
    const start = ahead !== null && ahead.from === from ? ahead.to : rendered;
    const to = change(new URLSearchParams(start));
    ahead = { from, to };
    return to;
  };
}

/** The params on show, and a change written in place over the latest address. */
export function useAddressParams(): [URLSearchParams, (change: AddressChange, options?: NavigateOptions) => void] {
  const [params, setParams] = useSearchParams();
  const chain = useRef<ReturnType<typeof addressChain> | null>(null);
  const write = useCallback(
    (change: AddressChange, options?: NavigateOptions) => {
      chain.current ??= addressChain();
      const next = chain.current;
      setParams((rendered) => next(rendered, change), options);
    },
    [setParams],
  );
  return [params, write];
}
