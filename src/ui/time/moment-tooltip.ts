// A timestamp's tooltip: the full date and time in the reader's own locale and zone (formatMoment).
// It is written when the pointer first rests on the element, not as the list renders: the first
// Intl formatter of a page costs ~25 ms on a phone, in the middle of its first screen, for a
// tooltip a touch screen never shows.
import type { PointerEvent } from 'react';
import { formatMoment, type DateInput } from '../../core/dates.ts';

/** Props for the element: `prefix` goes before the moment ('Edited …'). */
export function momentTooltip(at: DateInput, prefix = ''): { onPointerEnter(event: PointerEvent<HTMLElement>): void } {
  return {
    onPointerEnter(event) {
      const element = event.currentTarget;
      if (element.title) return;
      const moment = formatMoment(at);
      if (moment) element.title = `${prefix}${moment}`;
    },
  };
}
