// The address's search params for a view that writes several of them (the library's filters and
// sort, the profile's tab). React Router hands setSearchParams' updater the params of the last
// render, and the app renders a new address in a transition (app/router.tsx), a moment later under
// load. So two changes made before that render (a release year, then the sort) would both start
// from the old address, and the second would drop the first: the list showed one view while the
// address, and so a reload or a shared link, kept another. Each change here starts from the address
// last written until the page has rendered it.
import { startTransition, useCallback, useOptimistic, useRef } from 'react';
import { useSearchParams, type NavigateOptions } from 'react-router-dom';

export type AddressChange = (params: URLSearchParams) => URLSearchParams;

/**
 * A page's changes to its address, each from the one written last while the page still shows the
 * address before it (`shown`: the address on show, as text; `rendered`: what it holds). Once the
 * page shows another address (ours, or one reached another way), that is the start.
 */
export function changeChain<P>(): (shown: string, rendered: P, change: (from: P) => P) => P {
  let ahead: { readonly from: string; readonly to: P } | null = null;
  return (shown, rendered, change) => {
    const to = change(ahead !== null && ahead.from === shown ? ahead.to : rendered);
    ahead = { from: shown, to };
    return to;
  };
}

/** What a change of search params starts from: the address written last, while the page still shows the one before it. */
export function addressChain(): (rendered: URLSearchParams, change: AddressChange) => URLSearchParams {
  const chain = changeChain<URLSearchParams>();
  return (rendered, change) => chain(rendered.toString(), rendered, (from) => change(new URLSearchParams(from)));
}

/**
 * For a page that parses its address into `params` and writes it back whole (browse, the users
 * directory): the params a change starts from, the latest written ones. `search` is the address's
 * search on show.
 */
export function useParamsChain<P>(params: P, search: string): (change: (from: P) => P) => P {
  const chain = useRef<ReturnType<typeof changeChain<P>> | null>(null);
  return useCallback(
    (change: (from: P) => P) => {
      chain.current ??= changeChain<P>();
      return chain.current(search, params, change);
    },
    [params, search],
  );
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

/**
 * Filters over the address that show a choice at once: the address it goes to renders a moment
 * later (the router's transition), and until then a select showed its old value again, as if the
 * choice had not been taken (some 400 ms on a phone 6 times slower than this machine). Returns the
 * values to show and `choose`, which shows a patch and hands it to `onChange`.
 */
export function useShownChoice<T extends object>(
  rendered: T,
  onChange: (patch: Partial<T>) => void,
): [shown: T, choose: (patch: Partial<T>) => void] {
  const [shown, show] = useOptimistic(rendered, (from: T, patch: Partial<T>) => ({ ...from, ...patch }));
  const choose = (patch: Partial<T>) =>
    startTransition(() => {
      show(patch);
      onChange(patch);
    });
  return [shown, choose];
}
