// The screen the local gateway painted into index.html's shell for a first visit (a game page's
// header: src/core/game-first-paint.ts). React replaces the shell when it renders, and the screen shows
// placeholders until its code and its data are in: the router's skeleton, then the screen's own.
// Had they replaced the painted screen, a first visit would show the game's words, then grey bars,
// then the words again. So the painted screen is kept (keepFirstPaint, before React renders) and
// shown in their place (FirstPaint), at the address it was painted for, until the screen has its
// data (forgetFirstPaint). The same markup as before, so nothing on screen changes or moves.
// Its buttons are the page's markup without the page's code: a tap on one (a profile's stats, its
// tabs, a game's Show more) is held and made again on the page's own button once the screen is
// shown, so an early tap is answered late rather than lost.
import type { ReactNode } from 'react';
import { useLocation } from 'react-router-dom';
import { FIRST_PAINT_ATTRIBUTE } from '../../core/first-paint.ts';

interface Painted {
  readonly path: string;
  readonly className: string;
  readonly html: string;
}

let painted: Painted | null = null;

/**
 * A tap on a painted button, to be made again on the page's own: the button of the same classes,
 * at the same place among those (its words may differ: a count the device has since changed).
 */
interface HeldTap {
  readonly className: string;
  readonly index: number;
  readonly at: number;
}

let heldTap: HeldTap | null = null;

/** How long a held tap stays worth making: a page that took longer, the member has moved on. */
const HELD_TAP_MS = 5000;

/** A main's buttons of `className`, in document order. */
const buttonsOf = (main: Element, className: string) =>
  Array.from(main.querySelectorAll('button')).filter((b) => b.className === className);

/** Holds a tap on a painted button (links work without the app: they are left to the browser). */
function holdTap(event: MouseEvent): void {
  const target = event.target instanceof Element ? event.target : null;
  const button = target?.closest('button');
  const main = button?.closest(`main[${FIRST_PAINT_ATTRIBUTE}]`);
  if (!button || !main) return;
  event.preventDefault();
  const { className } = button;
  heldTap = { className, index: buttonsOf(main, className).indexOf(button), at: performance.now() };
}

/** Makes the held tap, if any and still recent, on the shown screen's matching button, which takes the focus. */
function replayTap(): void {
  const tap = heldTap;
  heldTap = null;
  document.removeEventListener('click', holdTap, true);
  if (!tap || performance.now() - tap.at > HELD_TAP_MS) return;
  // After React's commit and the screen's effects: the button is the page's own by then.
  requestAnimationFrame(() => {
    const main = document.querySelector(`main:not([${FIRST_PAINT_ATTRIBUTE}])`);
    const button = main ? buttonsOf(main, tap.className)[tap.index] : undefined;
    if (!button || button.disabled) return;
    button.focus();
    button.click();
  });
}

/** Keeps the first paint in `root`, if the page has one for its own address. Call before React renders into it. */
export function keepFirstPaint(root: HTMLElement): void {
  const main = root.querySelector<HTMLElement>(`:scope > main[${FIRST_PAINT_ATTRIBUTE}]`);
  const path = main?.getAttribute(FIRST_PAINT_ATTRIBUTE);
  painted =
    main && path === window.location.pathname ? { path, className: main.className, html: main.innerHTML } : null;
  if (painted) document.addEventListener('click', holdTap, true);
}

/** The screen has shown its own content: the first paint is not shown again (a tap held on it is made now). */
export function forgetFirstPaint(): void {
  if (!painted) return;
  painted = null;
  replayTap();
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
      className={painted.className}
      aria-busy="true"
      {...{ [FIRST_PAINT_ATTRIBUTE]: painted.path }}
      dangerouslySetInnerHTML={{ __html: painted.html }}
    />
  );
}
