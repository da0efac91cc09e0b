// A screen whose top (a game's header, the page's largest paint) shows first and the rest in the
// next task: rendered and committed together, a slow phone spent one task of about 176 ms (4× CPU)
// on a game page's header, its action bar, ratings, reviews and their covers, and the header's
// paint waited for all of it. What is below the top is new content under it, so nothing moves.
import { startTransition, useEffect, useState } from 'react';

/** False on the first render; true once that render has painted (in a hidden tab, in the next task). */
export function usePaintedFirst(): boolean {
  const [painted, setPainted] = useState(false);
  useEffect(() => {
    if (painted) return;
    let frame: number | undefined;
    let timer: number | undefined;
    // Not urgent: React renders the rest in slices, the page free to take input between them.
    const done = () => startTransition(() => setPainted(true));
    // requestAnimationFrame runs just before the next paint and a timeout queued from it just after;
    // a hidden tab paints nothing and runs no animation frames.
    if (document.visibilityState === 'hidden') timer = window.setTimeout(done, 0);
    else
      frame = requestAnimationFrame(() => {
        timer = window.setTimeout(done, 0);
      });
    return () => {
      if (frame !== undefined) cancelAnimationFrame(frame);
      if (timer !== undefined) window.clearTimeout(timer);
    };
  }, [painted]);
  return painted;
}
