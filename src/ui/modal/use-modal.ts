// What every modal does while it is mounted: locks the page's scrolling, moves focus in, keeps Tab
// inside, closes on Escape, and gives focus back to whatever opened it when it goes. Modals stack (the
// terms over the sign-up form, a confirm over a profile modal): only the topmost hears the keyboard.
import { useLayoutEffect, useRef, type RefObject } from 'react';
import { trapTab, tabStops } from './focus-trap.ts';
import { pageScrollLock } from './scroll-lock.ts';

/** Where focus goes on opening: an element, the first tab stop, or by default the `[data-autofocus]`
 * element inside, else whatever inside already took focus (an `autoFocus` control), else the panel. */
export type InitialFocus = RefObject<HTMLElement | null> | 'first' | 'panel';

export interface ModalBehaviour {
  /** Escape: close (or start closing). */
  readonly onEscape: () => void;
  /** False while Escape must do nothing (a save or a delete under way). */
  readonly escapeCloses?: boolean;
  readonly initialFocus?: InitialFocus;
}

/** The panel is a <dialog>: shown with showModal() (top layer, inert page) once the opener is noted. */
export interface NativeOption {
  readonly native?: boolean;
}

const stack: symbol[] = [];

/** The open modals, topmost last (tests and the stacking rule read it). */
export function openModalCount(): number {
  return stack.length;
}

export function useModal(
  panel: RefObject<HTMLElement | null>,
  { onEscape, escapeCloses = true, initialFocus = 'panel', native = false }: ModalBehaviour & NativeOption,
): void {
  const latest = useRef({ onEscape, escapeCloses });
  useLayoutEffect(() => {
    latest.current = { onEscape, escapeCloses };
  });
  const focusChoice = useRef(initialFocus);
  const nativeDialog = useRef(native);

  useLayoutEffect(() => {
    const me = Symbol('modal');
    stack.push(me);
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const release = pageScrollLock.lock();
    const root = panel.current;
    // After noting the opener: showModal() moves focus into the dialog.
    if (nativeDialog.current && root instanceof HTMLDialogElement && !root.open) root.showModal();
    if (root) focusInitial(root, focusChoice.current);
    const onKeyDown = (event: KeyboardEvent) => {
      if (stack.at(-1) !== me || event.defaultPrevented) return;
      if (event.key === 'Escape') {
        // preventDefault also keeps a native <dialog> from closing itself behind React's back.
        event.preventDefault();
        if (latest.current.escapeCloses) latest.current.onEscape();
      } else if (event.key === 'Tab' && panel.current) {
        trapTab(event, panel.current);
      }
    };
    document.addEventListener('keydown', onKeyDown);
    return () => {
      document.removeEventListener('keydown', onKeyDown);
      stack.splice(stack.indexOf(me), 1);
      release();
      // Still open, a modal <dialog> keeps the page inert, and the opener could not take focus.
      if (root instanceof HTMLDialogElement && root.open) root.close();
      if (opener?.isConnected) opener.focus();
    };
  }, [panel]);
}

function focusInitial(root: HTMLElement, choice: InitialFocus): void {
  if (typeof choice === 'object') {
    (choice.current ?? root).focus();
    return;
  }
  if (choice === 'first') {
    (tabStops(root)[0] ?? root).focus();
    return;
  }
  const marked = root.querySelector<HTMLElement>('[data-autofocus]');
  if (marked) marked.focus();
  else if (!(document.activeElement && document.activeElement !== root && root.contains(document.activeElement)))
    root.focus();
}
