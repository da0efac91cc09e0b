// A text box over a text in the address (browse's and the users directory's search, a tab's filter
// box): the box hands each text up, and the page renders the new address in a transition
// (app/router.tsx), a moment after it is written. On a slow phone the keys typed in that moment
// were wiped when the box's own text came back ("zel", a pause, "da is great" left "zel"; the
// Library's filter box left "s4" of "starfall odyssey 4"). A text the box handed up coming back is
// not a change from elsewhere: it leaves the box alone. A change from elsewhere (Back, a link, a
// clear button, a quick filter) still sets it.
import { useCallback, useLayoutEffect, useRef, useState } from 'react';

/** What a box has handed up to the address and what came back. */
export interface HandedUp {
  /** The address's text last rendered. */
  readonly shown: string;
  /** Texts handed up that the address has not come back with yet, oldest first. */
  readonly pending: readonly string[];
}

export const handedUp = (text: string): HandedUp => ({ shown: text, pending: [] });

/** Notes `text` as handed up to the address. */
export const handUp = (from: HandedUp, text: string): HandedUp => ({ ...from, pending: [...from.pending, text] });

/**
 * After a render with the address's `value`: whether the box should take it (it came from
 * elsewhere), and what is still on its way. One of the box's own texts rendered is done, with
 * every text handed up before it.
 */
export function cameBack(from: HandedUp, value: string): { readonly next: HandedUp; readonly fromElsewhere: boolean } {
  const mine = from.pending.indexOf(value);
  if (mine >= 0) return { next: { shown: value, pending: from.pending.slice(mine + 1) }, fromElsewhere: false };
  if (value === from.shown) return { next: from, fromElsewhere: false };
  return { next: handedUp(value), fromElsewhere: true };
}

/** Follows `value` after every render; `take` is called with a value that came from elsewhere. */
export function useHandedUp(value: string, take: (value: string) => void): (text: string) => void {
  const state = useRef(handedUp(value));
  useLayoutEffect(() => {
    const { next, fromElsewhere } = cameBack(state.current, value);
    state.current = next;
    if (fromElsewhere) take(value);
  });
  return useCallback((text: string) => {
    state.current = handUp(state.current, text);
  }, []);
}

export interface AddressDraft {
  /** What the box shows. */
  readonly draft: string;
  readonly setDraft: (text: string) => void;
  /** Says the page is writing `text`, typed in the box, to the address. */
  readonly writing: (text: string) => void;
}

/** A box that keeps its text in React state and writes it to the address after a pause or on Enter. */
export function useAddressDraft(q: string): AddressDraft {
  const [draft, setDraft] = useState(q);
  // The box follows, unless it only differs by spaces the user is still typing.
  const writing = useHandedUp(q, (value) => setDraft((text) => (text.trim() === value ? text : value)));
  return { draft, setDraft, writing };
}
