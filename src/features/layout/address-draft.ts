// A search box over the address's `q` (browse, the users directory): the box holds what is typed,
// the page writes it to the address after a pause or on Enter, and the box follows the address when
// it changes from elsewhere (Back, a link). The page renders a new address in a transition
// (app/router.tsx), a moment after it is written; on a slow phone the keys typed in that moment
// were wiped when the box's own text came back ("zel", a pause, "da is great" left "zel"). A text
// the box wrote coming back is not a change from elsewhere: it leaves the box alone.
import { useCallback, useLayoutEffect, useRef, useState } from 'react';

export interface AddressDraft {
  /** What the box shows. */
  readonly draft: string;
  readonly setDraft: (text: string) => void;
  /** Says the page is writing `text`, typed in the box, to the address. */
  readonly writing: (text: string) => void;
}

export function useAddressDraft(q: string): AddressDraft {
  const [draft, setDraft] = useState(q);
  const shown = useRef(q);
  // Texts written to the address that it has not come back with yet, oldest first.
  const written = useRef<string[]>([]);
  useLayoutEffect(() => {
    if (q === shown.current) return;
    shown.current = q;
    const mine = written.current.indexOf(q);
    if (mine >= 0) {
      written.current = written.current.slice(mine + 1);
      return;
    }
    written.current = [];
    // From elsewhere: the box follows, unless it only differs by spaces the user is still typing.
    setDraft((text) => (text.trim() === q ? text : q));
  }, [q]);
  const writing = useCallback((text: string) => {
    if (text !== shown.current) written.current.push(text);
  }, []);
  return { draft, setDraft, writing };
}
