// The Top 5 editor's drag sensors (spec 002 §9 "Drag"): mouse and pen start a drag after 8 px
// (10 on phones), a finger after resting 250 ms within 5 px (so a swipe still scrolls the page),
// and the keyboard picks up with Space or Enter and moves 25 px per arrow press.
import { KeyboardCode, KeyboardSensor, PointerSensor, TouchSensor, useSensor, useSensors, type KeyboardCoordinateGetter } from '@dnd-kit/core';
import type { PointerEvent as ReactPointerEvent } from 'react';
import {
  DRAG_KEYBOARD_STEP, DRAG_POINTER_DISTANCE, DRAG_POINTER_DISTANCE_PHONE, DRAG_TOUCH_DELAY_MS, DRAG_TOUCH_TOLERANCE,
} from '../../../core/top5.ts';

/** The pointer sensor leaves touch to the touch sensor, which waits for a press-and-hold. */
class MouseAndPenSensor extends PointerSensor {
  static override activators = [{
    eventName: 'onPointerDown' as const,
    handler: ({ nativeEvent }: ReactPointerEvent) => nativeEvent.isPrimary && nativeEvent.button === 0 && nativeEvent.pointerType !== 'touch',
  }];
}

const keyboardStep: KeyboardCoordinateGetter = (event, { currentCoordinates }) => {
  switch (event.code) {
    case KeyboardCode.Down: return { ...currentCoordinates, y: currentCoordinates.y + DRAG_KEYBOARD_STEP };
    case KeyboardCode.Up: return { ...currentCoordinates, y: currentCoordinates.y - DRAG_KEYBOARD_STEP };
    case KeyboardCode.Right: return { ...currentCoordinates, x: currentCoordinates.x + DRAG_KEYBOARD_STEP };
    case KeyboardCode.Left: return { ...currentCoordinates, x: currentCoordinates.x - DRAG_KEYBOARD_STEP };
    default: return undefined;
  }
};

export function useDragSensors(phone: boolean) {
  return useSensors(
    useSensor(MouseAndPenSensor, { activationConstraint: { distance: phone ? DRAG_POINTER_DISTANCE_PHONE : DRAG_POINTER_DISTANCE } }),
    useSensor(TouchSensor, { activationConstraint: { delay: DRAG_TOUCH_DELAY_MS, tolerance: DRAG_TOUCH_TOLERANCE } }),
    useSensor(KeyboardSensor, { coordinateGetter: keyboardStep }),
  );
}
