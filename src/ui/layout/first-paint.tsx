// The screen the local gateway painted into index.html's shell for a first visit (a game page's
// header: src/core/game-first-paint.ts). React replaces the shell when it renders, and the screen shows
// placeholders until its code and its data are in: the router's skeleton, then the screen's own.
// Had they replaced the painted screen, a first visit would show the game's words, then grey bars,
// then the words again. So the painted screen is kept (keepFirstPaint, before React renders) and
// shown in their place (FirstPaint), at the address it was painted for, until the screen has its
// data (forgetFirstPaint). The same markup as before, so nothing on screen changes or moves.
// Its buttons and boxes are the page's markup without the page's code: what is done on them
// meanwhile is held and made again on the page's own (first-paint-hold.ts).
import type { ReactNode } from 'react';
import { useLocation } from 'react-router-dom';
import { FIRST_PAINT_ATTRIBUTE } from '../../core/first-paint.ts';

interface Painted {
  readonly path: string;
  readonly className: string;
  readonly html: string;
}

let painted: Painted | null = null;

/** What is done on the first paint meanwhile (first-paint-hold.ts), loaded with a first paint only. */
let holding: Promise<typeof import('./first-paint-hold.ts')> | null = null;

/** Keeps the first paint in `root`, if the page has one for its own address. Call before React renders into it. */
export function keepFirstPaint(root: HTMLElement): void {
  const main = root.querySelector<HTMLElement>(`:scope > main[${FIRST_PAINT_ATTRIBUTE}]`);
  const path = main?.getAttribute(FIRST_PAINT_ATTRIBUTE);
  painted =
    main && path === window.location.pathname ? { path, className: main.className, html: main.innerHTML } : null;
  if (!main || !painted) return;
  // The painted main keeps what was typed into it even once React has replaced it; the focus does not.
  const active = document.activeElement;
  holding = import('./first-paint-hold.ts');
  holding.then(({ startHolding }) => startHolding(main, active)).catch(() => undefined);
}

/** The screen has shown its own content: the first paint is not shown again (a tap held on it is made now). */
export function forgetFirstPaint(): void {
  if (!painted) return;
  painted = null;
  holding?.then(({ replayHeld }) => replayHeld()).catch(() => undefined);
  holding = null;
}

/** Whether a first paint is on show at this address (not yet forgotten). */
export function useFirstPaintHeld(): boolean {
  const { pathname } = useLocation();
  return painted !== null && painted.path === pathname;
}

/**
 * The first paint in place of `children` (a placeholder) at the address it was painted for, until
 * forgotten; else `children`. Its markup is the page's own, as it was already in the document.
 */
export function FirstPaint({ children }: { readonly children: ReactNode }) {
  const { pathname } = useLocation();
  if (!painted || painted.path !== pathname) return children;
  return (
    <main
      // A copy of the painted screen: what was typed into the one before it, and the focus, carry over.
      ref={(main) => {
        if (main) holding?.then(({ restoreTyping }) => restoreTyping(main, false)).catch(() => undefined);
      }}
      className={painted.className}
      aria-busy="true"
      {...{ [FIRST_PAINT_ATTRIBUTE]: painted.path }}
      dangerouslySetInnerHTML={{ __html: painted.html }}
    />
  );
}
