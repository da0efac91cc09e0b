// The Top 5 editor's drag sensors: mouse and pen start a drag after 8 px (10 on phones), a finger
// after resting 250 ms within 5 px (so a swipe still scrolls the page), and the keyboard picks up
// with Space or Enter and moves one position per arrow press.
import {
  KeyboardCode,
  KeyboardSensor,
  PointerSensor,
  TouchSensor,
  useSensor,
  useSensors,
  type KeyboardCoordinateGetter,
} from '@dnd-kit/core';
import { hasSortableData } from '@dnd-kit/sortable';
import type { PointerEvent as ReactPointerEvent } from 'react';
import {
  DRAG_POINTER_DISTANCE,
  DRAG_POINTER_DISTANCE_PHONE,
  DRAG_TOUCH_DELAY_MS,
  DRAG_TOUCH_TOLERANCE,
} from '../../../core/top5.ts';

/** The pointer sensor leaves touch to the touch sensor, which waits for a press-and-hold. */
class MouseAndPenSensor extends PointerSensor {
  static override activators = [
    {
      eventName: 'onPointerDown' as const,
      handler: ({ nativeEvent }: ReactPointerEvent) =>
        nativeEvent.isPrimary && nativeEvent.button === 0 && nativeEvent.pointerType !== 'touch',
    },
  ];
}

/**
 * Every arrow moves the game one position: Right and Down to the next, Left and Up to the previous,
 * in the 1280 px row as in the 390 px column. Steps in pixels left a press short of the next slot
 * in the wide grid (the order then did not change), and Up and Down meant nothing in one row.
 */
const POSITION_STEP: Partial<Record<string, 1 | -1>> = {
  [KeyboardCode.Right]: 1,
  [KeyboardCode.Down]: 1,
  [KeyboardCode.Left]: -1,
  [KeyboardCode.Up]: -1,
};

const keyboardStep: KeyboardCoordinateGetter = (
  event,
  { context: { active, over, droppableRects, droppableContainers } },
) => {
  const step = POSITION_STEP[event.code];
  if (step === undefined) return undefined;
  event.preventDefault();
  const current = over ?? active;
  if (!current || !hasSortableData(current)) return undefined;
  const wanted = current.data.current.sortable.index + step;
  const target = droppableContainers
    .getEnabled()
    .find((c) => !c.disabled && hasSortableData(c) && c.data.current.sortable.index === wanted);
  const rect = target ? droppableRects.get(target.id) : undefined;
  // Past either end there is nowhere to go: the game stays where it is.
  return rect ? { x: rect.left, y: rect.top } : undefined;
};

export function useDragSensors(phone: boolean) {
  return useSensors(
    useSensor(MouseAndPenSensor, {
      activationConstraint: { distance: phone ? DRAG_POINTER_DISTANCE_PHONE : DRAG_POINTER_DISTANCE },
    }),
    useSensor(TouchSensor, { activationConstraint: { delay: DRAG_TOUCH_DELAY_MS, tolerance: DRAG_TOUCH_TOLERANCE } }),
    useSensor(KeyboardSensor, { coordinateGetter: keyboardStep }),
  );
}
