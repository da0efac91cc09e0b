// Scroll positions across visits, as React Router's data router keeps them (its <ScrollRestoration>
// belongs to that router, which the app does without: router.tsx says why): a visit by Back or
// Forward returns to where the member was on that page, a new visit starts at the top (or at the
// element its #hash names), and a navigation asked with `preventScrollReset` (a filter or a tab
// written into the address) stays where it is. Positions last the tab's session (sessionStorage).
import { useEffect, useLayoutEffect } from 'react';
import { useLocation, useNavigationType } from 'react-router-dom';

const STORAGE_KEY = 'checkpoint-scroll-positions';

/** Scroll positions by location key (each entry of the tab's history has its own). */
const positions: Record<string, number> = readPositions();
/** The key of the location on screen. */
let shownKey: string | null = null;
/** The navigation under way asked to keep the scroll position. */
let keepScroll = false;

function readPositions(): Record<string, number> {
  try {
    const saved: unknown = JSON.parse(sessionStorage.getItem(STORAGE_KEY) ?? '{}');
    return saved !== null && typeof saved === 'object' ? (saved as Record<string, number>) : {};
  } catch {
    return {};
  }
}

/** Notes where the page on screen is scrolled to, as a navigation leaves it. */
export function leavingLocation(options?: { readonly preventScrollReset?: boolean }): void {
  if (shownKey !== null) positions[shownKey] = window.scrollY;
  if (options) keepScroll = options.preventScrollReset === true;
}

function savePositions(): void {
  leavingLocation();
  try {
    sessionStorage.setItem(STORAGE_KEY, JSON.stringify(positions));
  } catch {
    // Storage full or denied: positions last as long as the page instead.
  }
}

/** The element the address's #hash names, if any. */
function hashTarget(hash: string): HTMLElement | null {
  if (hash.length < 2) return null;
  try {
    return document.getElementById(decodeURIComponent(hash.slice(1)));
  } catch {
    return null;
  }
}

export function ScrollRestoration() {
  const location = useLocation();
  const navigationType = useNavigationType();

  useEffect(() => {
    window.history.scrollRestoration = 'manual';
    const hide = () => {
      savePositions();
      window.history.scrollRestoration = 'auto';
    };
    window.addEventListener('pagehide', hide);
    return () => {
      window.removeEventListener('pagehide', hide);
      window.history.scrollRestoration = 'auto';
    };
  }, []);

  useLayoutEffect(() => {
    shownKey = location.key;
    const keep = keepScroll;
    keepScroll = false;
    const saved = positions[location.key];
    if (navigationType === 'POP' && saved !== undefined) {
      window.scrollTo(0, saved);
      return;
    }
    const target = hashTarget(location.hash);
    if (target) target.scrollIntoView();
    else if (!keep) window.scrollTo(0, 0);
  }, [location, navigationType]);

  return null;
}
