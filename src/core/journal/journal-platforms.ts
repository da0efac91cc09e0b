// The platforms a play session may name: the game's own platforms (play_session_guard
// refuses any other) that the device knows an id for, under their short names. Editing a session
// keeps its current platform selectable even when the device cannot list the game's platforms
// (offline, before the platform list or the game's details reached it), so an edit never drops it.
import { platformName } from '../platforms.ts';

export interface PlatformOption {
  readonly id: number;
  readonly label: string;
}

/** A session's platform as it stands: its id, and its short name when the device knows it. */
export interface CurrentPlatform {
  readonly id: number | null;
  readonly label: string | null;
}

/** Shown for a session's platform whose name the device does not know (it has no platform list yet). */
export const UNKNOWN_PLATFORM_LABEL = 'Current platform';

/**
 * `known`: every platform the device has an id for; `gamePlatforms`: the game's platform names as
 * the catalogue spells them (matched to `known` by name, case-insensitively); `current`: the
 * edited session's platform. One option per short name, sorted; where two ids share a short name
 * the session's own id wins, so saving an untouched form changes nothing.
 */
export function sessionPlatformOptions(
  known: readonly { readonly id: number; readonly name: string }[],
  gamePlatforms: readonly string[] | null | undefined,
  current?: CurrentPlatform,
): PlatformOption[] {
  const wanted = new Set((gamePlatforms ?? []).map((n) => n.trim().toLowerCase()));
  const byLabel = new Map<string, PlatformOption>();
  for (const p of known) {
    if (!wanted.has(p.name.trim().toLowerCase())) continue;
    const label = platformName(p.name);
    if (!byLabel.has(label.toLowerCase())) byLabel.set(label.toLowerCase(), { id: p.id, label });
  }
  const options = [...byLabel.values()];
  if (current && current.id !== null && !options.some((o) => o.id === current.id)) {
    const row = known.find((p) => p.id === current.id);
    const label = current.label ?? (row ? platformName(row.name) : UNKNOWN_PLATFORM_LABEL);
    const same = options.findIndex((o) => o.label.toLowerCase() === label.toLowerCase());
    if (same === -1) options.push({ id: current.id, label });
    else options[same] = { id: current.id, label };
  }
  return options.sort((a, b) => a.label.localeCompare(b.label));
}
