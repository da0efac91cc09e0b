// When the header's sync pill shows. A passing state (a sync running, a change about to be pushed)
// shows only once it has lasted a moment: the pull a page load or the periodic timer starts, and a
// change pushed at once, end before that, so they never flash "Syncing…" in the header nor squeeze
// the search box beside it for a tenth of a second. A lasting state (offline, the server out of
// reach, the session expired, a full disk) shows at once. A passing pill, once shown, stays a
// moment, so it reads as a state and not a flicker.
import { useLayoutEffect, useRef, useState } from 'react';
import { realTimers, type Timers } from '../../core/timers.ts';
import type { BadgeSummary } from './sync-summary.ts';

/** How long a passing state lasts before its pill shows. */
export const PASSING_SHOWN_AFTER_MS = 1000;
/** How long a passing pill, once shown, stays at least. */
export const PASSING_KEPT_MS = 600;

/** A sync running or a change waiting while online: states that end by themselves in a moment. */
export function isPassing(summary: BadgeSummary | null): boolean {
  return summary !== null && (summary.tone === 'syncing' || summary.tone === 'pending');
}

/** The sync engine's timers (core/timers.ts: setTimeout returns its cancel), with a clock. */
export interface SteadyTimers extends Timers {
  now(): number;
}

const browserTimers: SteadyTimers = { ...realTimers, now: () => performance.now() };

export interface SteadyBadge {
  /** The badge's state now; `show` is called when what the pill shows changes. */
  update(summary: BadgeSummary | null): void;
  dispose(): void;
}

export function steadyBadge(
  show: (summary: BadgeSummary | null) => void,
  timers: SteadyTimers = browserTimers,
): SteadyBadge {
  let shown: BadgeSummary | null = null;
  let shownAt = 0;
  let latest: BadgeSummary | null = null;
  let timer: (() => void) | null = null;

  const cancel = () => {
    timer?.();
    timer = null;
  };
  const wait = (ms: number, then: () => void) => {
    cancel();
    timer = timers.setTimeout(() => {
      timer = null;
      then();
    }, ms);
  };
  const put = (summary: BadgeSummary | null) => {
    if (summary === shown) return;
    // The minimum counts from when the pill began to say this.
    if (summary !== null && summary.label !== shown?.label) shownAt = timers.now();
    shown = summary;
    show(summary);
  };

  return {
    update(summary) {
      latest = summary;
      if (summary !== null && (!isPassing(summary) || shown !== null)) {
        // A lasting state, or a pill already showing: the pill says it now.
        cancel();
        put(summary);
      } else if (summary !== null) {
        // Passing, nothing shown: shown if still passing (or lasting by then) once the moment is over.
        if (timer === null) wait(PASSING_SHOWN_AFTER_MS, () => put(latest));
      } else if (shown === null) {
        cancel();
      } else {
        const left = isPassing(shown) ? shownAt + PASSING_KEPT_MS - timers.now() : 0;
        if (left > 0) wait(left, () => put(null));
        else {
          cancel();
          put(null);
        }
      }
    },
    dispose: cancel,
  };
}

/** The summary the pill shows, steadied as above. */
export function useSteadyBadge(summary: BadgeSummary | null): BadgeSummary | null {
  const [shown, setShown] = useState<BadgeSummary | null>(null);
  const machine = useRef<SteadyBadge | null>(null);
  const latest = useRef(summary);
  latest.current = summary;
  // A new object every render: the pill changes only when what it says does.
  const key = summary === null ? '' : `${summary.tone}|${summary.label}|${summary.count}|${summary.description}`;
  // Before the browser paints: a lasting state on start (offline) shows with the header's first frame.
  useLayoutEffect(() => {
    machine.current ??= steadyBadge(setShown);
    machine.current.update(latest.current);
  }, [key]);
  // Its timers end with the badge (a badge mounted again carries on from where it stood).
  useLayoutEffect(() => () => machine.current?.dispose(), []);
  return shown;
}
