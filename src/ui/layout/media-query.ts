// Whether a CSS media query matches, kept current (the component re-renders when it changes), and
// the spec's layout breakpoints (mobile below 768 px, tablet 768–1023, desktop from 1024).
import { useCallback, useSyncExternalStore } from 'react';

/** A phone: below 768 px. */
export const PHONE = '(max-width: 767px)';
/** A tablet or a desktop: 768 px and wider. */
export const NOT_PHONE = '(min-width: 768px)';
/** A desktop: 1024 px and wider. */
export const DESKTOP = '(min-width: 1024px)';

export function useMediaQuery(query: string): boolean {
  const subscribe = useCallback(
    (notify: () => void) => {
      const list = window.matchMedia(query);
      list.addEventListener('change', notify);
      return () => list.removeEventListener('change', notify);
    },
    [query],
  );
  return useSyncExternalStore(
    subscribe,
    () => window.matchMedia(query).matches,
    () => false,
  );
}
