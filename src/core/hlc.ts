// Hybrid logical clocks (docs/decisions/0002-hlc-per-field.md): when an edit was made, comparable
// across devices whose clocks disagree. A clock is a string that sorts as it compares —
// milliseconds since the epoch (15 digits), a counter (6 digits) and the device's client id — so
// the server compares them as plain text (collate "C") and a tie between two devices is broken by
// device id. A device never issues a clock below one it has seen (its own or the server's), so once
// a device whose clock runs ahead has synced, every other device's next edit is newer than its
// edits.

/** `<ms:15>-<counter:6>-<device>`. */
export type Hlc = string;

export const HLC_PATTERN = /^\d{15}-\d{6}-[0-9a-z-]{1,64}$/;

const COUNTER_MAX = 999_999;

/**
 * The last millisecond a clock can name: 15 digits. A wall clock past it (a broken device, a forged
 * clock seen) is held there instead of growing a 16th digit, which would no longer be a clock and
 * would sort wrongly as text. The server dates on arrival any clock more than a day ahead of it, so
 * a saturated clock never wins there.
 */
export const HLC_MS_MAX = 999_999_999_999_999;

export interface HlcParts {
  readonly ms: number;
  readonly counter: number;
  readonly device: string;
}

/** Milliseconds as a clock can hold them: whole, from 0 to HLC_MS_MAX (not a number: 0). */
function clampMs(ms: number): number {
  return Number.isNaN(ms) ? 0 : Math.min(HLC_MS_MAX, Math.max(0, Math.floor(ms)));
}

export function formatHlc({ ms, counter, device }: HlcParts): Hlc {
  const count = Math.min(COUNTER_MAX, Math.max(0, Math.floor(counter) || 0));
  return `${String(clampMs(ms)).padStart(15, '0')}-${String(count).padStart(6, '0')}-${device}`;
}

/** The parts of a clock, or null for anything that is not one. */
export function parseHlc(value: unknown): HlcParts | null {
  if (typeof value !== 'string' || !HLC_PATTERN.test(value)) return null;
  return { ms: Number(value.slice(0, 15)), counter: Number(value.slice(16, 22)), device: value.slice(23) };
}

/** Negative, zero or positive as a is older than, equal to or newer than b (text order). */
export function compareHlc(a: Hlc, b: Hlc): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** The newer of two clocks; null and malformed ones are ignored. */
export function maxHlc(a: Hlc | null | undefined, b: Hlc | null | undefined): Hlc | null {
  const okA = parseHlc(a) ? a! : null;
  const okB = parseHlc(b) ? b! : null;
  if (okA === null) return okB;
  if (okB === null) return okA;
  return compareHlc(okA, okB) >= 0 ? okA : okB;
}

/**
 * The clock of a new edit on `device` at physical time `nowMs`, given the newest clock this device
 * has issued or seen (`last`): later than both. When the wall clock is behind what was seen, the
 * seen time is kept and the counter goes up (a counter that would overflow moves to the next ms).
 * At HLC_MS_MAX with a full counter there is no later clock: the last one is issued again, still a
 * valid clock (it ties with the seen one and the device id breaks the tie).
 */
export function tickHlc(last: Hlc | null | undefined, nowMs: number, device: string): Hlc {
  const seen = parseHlc(last);
  const wall = clampMs(nowMs);
  if (!seen || wall > seen.ms) return formatHlc({ ms: wall, counter: 0, device });
  if (seen.counter >= COUNTER_MAX) {
    if (seen.ms >= HLC_MS_MAX) return formatHlc({ ms: HLC_MS_MAX, counter: COUNTER_MAX, device });
    return formatHlc({ ms: seen.ms + 1, counter: 0, device });
  }
  return formatHlc({ ms: seen.ms, counter: seen.counter + 1, device });
}
