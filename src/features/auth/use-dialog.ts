// What every modal of the accounts screens does while open: lock the page's scrolling, keep Tab
// inside, close on Escape, and give focus back to whatever opened it. Dialogs stack (the terms
// open over the sign-up form): only the topmost one hears the keyboard.
import { useLayoutEffect, useRef, type RefObject } from 'react';

const stack: symbol[] = [];

export function useDialog(dialog: RefObject<HTMLElement | null>, onEscape: () => void, initialFocus?: RefObject<HTMLElement | null>) {
  const escape = useRef(onEscape);
  useLayoutEffect(() => {
    escape.current = onEscape;
  });
  useLayoutEffect(() => {
    const me = Symbol('dialog');
    stack.push(me);
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const { overflow, paddingRight } = document.body.style;
    const scrollbar = window.innerWidth - document.documentElement.clientWidth;
    document.body.style.overflow = 'hidden';
    if (scrollbar > 0) document.body.style.paddingRight = `${scrollbar}px`;
    (initialFocus?.current ?? dialog.current)?.focus();
    const onKeyDown = (event: KeyboardEvent) => {
      if (stack.at(-1) !== me) return;
      if (event.key === 'Escape') {
        event.preventDefault();
        escape.current();
      } else if (event.key === 'Tab' && dialog.current) {
        trapTab(event, dialog.current);
      }
    };
    document.addEventListener('keydown', onKeyDown);
    return () => {
      document.removeEventListener('keydown', onKeyDown);
      stack.splice(stack.indexOf(me), 1);
      document.body.style.overflow = overflow;
      document.body.style.paddingRight = paddingRight;
      if (opener?.isConnected) opener.focus();
    };
  }, [dialog, initialFocus]);
}

const FOCUSABLE = 'a[href], button:not(:disabled), input:not(:disabled), select:not(:disabled), textarea:not(:disabled), [tabindex]:not([tabindex="-1"])';

function trapTab(event: KeyboardEvent, container: HTMLElement): void {
  const focusable = [...container.querySelectorAll<HTMLElement>(FOCUSABLE)].filter((el) => el.offsetParent !== null || el === document.activeElement);
  if (focusable.length === 0) return;
  const first = focusable[0];
  const last = focusable.at(-1);
  const active = document.activeElement;
  if (event.shiftKey && (active === first || !container.contains(active))) {
    event.preventDefault();
    last?.focus();
  } else if (!event.shiftKey && (active === last || !container.contains(active))) {
    event.preventDefault();
    first?.focus();
  }
}
