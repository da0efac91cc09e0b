// The generated covers' drawing (generated-cover.tsx, ~5 KB) is not part of the home page's code:
// it registers itself here when its chunk loads. Screens full of covers load it beside their own
// code (app/screens.ts), so their first render already has it; elsewhere the first cover to mount
// asks for it and shows a plain tile of the same size until it arrives.
import { useEffect, useSyncExternalStore, type ComponentType } from 'react';
import type { CoverFacts } from '../../core/cover-art.ts';
import { coverArtCode } from './cover-art-code.ts';

export interface GeneratedCoverProps {
  readonly game: CoverFacts;
  /**
   * The CSS width the cover is meant for. Its box may be stretched by CSS (a grid column, a media
   * query): the width it is really shown at is measured before the first paint and on every resize,
   * and picks how much text the cover carries and how big.
   */
  readonly width: number;
  /** An accessible name (the cover is then an image); without one the cover is decorative. */
  readonly label?: string;
}

let drawing: ComponentType<GeneratedCoverProps> | null = null;
const listeners = new Set<() => void>();

/** Called by generated-cover.tsx as its module is evaluated. */
export function provideCoverArt(component: ComponentType<GeneratedCoverProps>): void {
  drawing = component;
  for (const listener of listeners) listener();
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/** The generated cover component, or null until its code has loaded (which this asks for). */
export function useCoverArt(): ComponentType<GeneratedCoverProps> | null {
  const component = useSyncExternalStore(
    subscribe,
    () => drawing,
    () => drawing,
  );
  useEffect(() => {
    if (!component) void coverArtCode();
  }, [component]);
  return component;
}
