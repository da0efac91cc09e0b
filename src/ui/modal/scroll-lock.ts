// Background scroll lock shared by every open modal. Counted, so modals can stack (a confirm over a
// profile modal): the first lock saves the page's inline styles, the last release puts them back
// exactly as they were, whatever order the modals close in.

export interface ScrollLockTarget {
  readonly style: { overflow: string; paddingRight: string };
  /** Width of the page's vertical scrollbar now, so hiding it does not shift the layout sideways. */
  scrollbarWidth(): number;
}

export interface ScrollLock {
  /** Locks (or joins the lock); the returned release is safe to call more than once. */
  lock(): () => void;
  readonly depth: number;
}

export function createScrollLock(target: () => ScrollLockTarget): ScrollLock {
  let depth = 0;
  let saved: { overflow: string; paddingRight: string } | null = null;
  return {
    get depth() {
      return depth;
    },
    lock() {
      if (depth === 0) {
        const { style } = target();
        const scrollbar = target().scrollbarWidth();
        saved = { overflow: style.overflow, paddingRight: style.paddingRight };
        style.overflow = 'hidden';
        if (scrollbar > 0) style.paddingRight = `${scrollbar}px`;
      }
      depth += 1;
      let released = false;
      return () => {
        if (released) return;
        released = true;
        depth -= 1;
        if (depth === 0 && saved) {
          const { style } = target();
          style.overflow = saved.overflow;
          style.paddingRight = saved.paddingRight;
          saved = null;
        }
      };
    },
  };
}

/** The page's lock: on <body>. */
export const pageScrollLock = createScrollLock(() => ({
  style: document.body.style,
  scrollbarWidth: () => window.innerWidth - document.documentElement.clientWidth,
}));
