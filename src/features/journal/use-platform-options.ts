// The platforms a session of this game may name (core/journal/journal-platforms.ts), read from the device
// so the form works offline: the game's platform names from its row, the ids from the device's
// platform list, which is fetched once when the device has none yet and is online.
import { useEffect, useMemo } from 'react';
import {
  sessionPlatformOptions,
  type CurrentPlatform,
  type PlatformOption,
} from '../../core/journal/journal-platforms.ts';
import type { GameRow } from '../../store/db.ts';
import { useLive, useOnline } from '../../data/live.ts';
import { loadPlatforms, refreshPlatforms } from '../../data/reviews/review-form.ts';

/**
 * `game`: the game's row as the device holds it (null when it does not); `current`: the platform
 * of the session being edited, kept selectable.
 */
export function usePlatformOptions(
  game: Pick<GameRow, 'platforms'> | null,
  current?: CurrentPlatform,
): readonly PlatformOption[] {
  const known = useLive((db) => loadPlatforms(db), []);
  const online = useOnline();
  const empty = known !== undefined && known.length === 0;
  useEffect(() => {
    // Best-effort: without the ids the form offers only what it can (the session's own platform).
    if (empty && online) refreshPlatforms().catch(() => undefined);
  }, [empty, online]);
  const platforms = game?.platforms;
  const currentId = current?.id ?? null;
  const currentLabel = current?.label ?? null;
  return useMemo(
    () => sessionPlatformOptions(known ?? [], platforms, { id: currentId, label: currentLabel }),
    [known, platforms, currentId, currentLabel],
  );
}
