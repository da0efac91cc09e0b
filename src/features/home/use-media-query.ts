// Whether a CSS media query matches now, kept up to date (the home page's 3-or-4 reviews rule).
import { useSyncExternalStore } from 'react';

export function useMediaQuery(query: string): boolean {
  return useSyncExternalStore(
    (onChange) => {
      const list = window.matchMedia(query);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    () => window.matchMedia(query).matches,
  );
}

/** Spec 000 §2 layout breakpoints: mobile below 768 px, desktop from 1024 (tablet between). */
export const NOT_MOBILE = '(min-width: 768px)';
