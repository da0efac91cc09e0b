// The game picker for screens that only open it on request (a profile's Top 5 and Want to Play):
// its code downloads the first time it opens, not with the screen. It stays mounted after that,
// so it closes as it always does.
import { lazy, Suspense, useState, type ComponentProps } from 'react';
import type { GamePicker as Picker } from './game-picker.tsx';

const GamePicker = lazy(() => import('./game-picker.tsx').then((module) => ({ default: module.GamePicker })));

export function LazyGamePicker(props: ComponentProps<typeof Picker>) {
  const [wanted, setWanted] = useState(props.open);
  if (props.open && !wanted) setWanted(true);
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <GamePicker {...props} />
    </Suspense>
  );
}
