// Keeping Tab inside a modal. Every Tab is moved by hand rather than only at the ends: Chromium also
// stops on scrollable boxes (a results list, a long text), and a stop the list does not know of would
// otherwise let focus slip out behind the modal.

export const FOCUSABLE = [
  'a[href]',
  'area[href]',
  'button:not(:disabled)',
  'input:not(:disabled):not([type="hidden"])',
  'select:not(:disabled)',
  'textarea:not(:disabled)',
  'summary',
  'iframe',
  '[contenteditable="true"]',
  '[tabindex]:not([tabindex="-1"])',
].join(', ');

/**
 * Where Tab (or Shift+Tab) goes among `count` stops. `at` is the focused stop's index, or, when focus
 * sits on something that is not a stop (the panel itself, a scroll box), -1 with `after` the index of
 * the first stop following it in the page (count when none follows). Wraps at both ends; null when
 * there is nowhere to go.
 */
export function nextStop(count: number, at: number, shift: boolean, after = 0): number | null {
  if (count === 0) return null;
  if (at >= 0) return (at + (shift ? -1 : 1) + count) % count;
  if (shift) return after === 0 ? count - 1 : after - 1;
  return after >= count ? 0 : after;
}

/** Radios take one stop per group: the checked one, or the first when none is. */
export function radioStops<T extends { readonly name: string; readonly checked: boolean }>(
  radios: readonly T[],
): Set<T> {
  const chosen = new Map<string, T>();
  for (const radio of radios) {
    const current = chosen.get(radio.name);
    if (!current || (radio.checked && !current.checked)) chosen.set(radio.name, radio);
  }
  return new Set(chosen.values());
}

/** The visible tab stops inside `root`, in page order. */
export function tabStops(root: HTMLElement): HTMLElement[] {
  const all = [...root.querySelectorAll<HTMLElement>(FOCUSABLE)].filter(
    (el) => el.getClientRects().length > 0 && getComputedStyle(el).visibility !== 'hidden' && !el.closest('[inert]'),
  );
  const radios = all.filter(
    (el): el is HTMLInputElement => el instanceof HTMLInputElement && el.type === 'radio' && el.name !== '',
  );
  const keep = radioStops(radios);
  return all.filter((el) => !(el instanceof HTMLInputElement && el.type === 'radio' && el.name !== '') || keep.has(el));
}

/** Moves focus for a Tab keydown inside `root`. */
export function trapTab(event: KeyboardEvent, root: HTMLElement): void {
  const stops = tabStops(root);
  const active = document.activeElement;
  const at = active instanceof HTMLElement ? stops.indexOf(active) : -1;
  let after = 0;
  if (at === -1 && active && root.contains(active)) {
    const index = stops.findIndex(
      (el) => (active.compareDocumentPosition(el) & Node.DOCUMENT_POSITION_FOLLOWING) !== 0,
    );
    after = index === -1 ? stops.length : index;
  }
  event.preventDefault();
  const next = nextStop(stops.length, at, event.shiftKey, after);
  if (next === null) root.focus();
  else stops[next]?.focus();
}
