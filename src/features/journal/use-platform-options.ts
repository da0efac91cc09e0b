// The platforms a session of this game may name: the game's own platforms (the server refuses any
// other), with the ids the device knows for them. The list of platform ids is fetched once when
// the device has none yet and is online.
import { useEffect } from 'react';
import { platformName } from '../../core/platforms.ts';
import type { GameRow } from '../../data/db.ts';
import { useLive, useOnline } from '../../data/live.ts';
import { loadPlatforms, refreshPlatforms } from '../../data/repos/review-form.ts';

export interface PlatformOption { readonly id: number; readonly label: string }

export function usePlatformOptions(game: GameRow): readonly PlatformOption[] {
  const known = useLive((db) => loadPlatforms(db), []);
  const online = useOnline();
  const empty = known !== undefined && known.length === 0;
  useEffect(() => {
    // Best-effort: without the ids the form simply offers no platform choice.
    if (empty && online) refreshPlatforms().catch(() => undefined);
  }, [empty, online]);
  const wanted = new Set((game.platforms ?? []).map((n) => n.trim().toLowerCase()));
  const seen = new Set<string>();
  const options: PlatformOption[] = [];
  for (const p of known ?? []) {
    if (!wanted.has(p.name.trim().toLowerCase())) continue;
    const label = platformName(p.name);
    if (seen.has(label.toLowerCase())) continue;
    seen.add(label.toLowerCase());
    options.push({ id: p.id, label });
  }
  return options.sort((a, b) => a.label.localeCompare(b.label));
}
