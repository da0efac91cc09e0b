import { describe, expect, it } from 'vitest';
import { compareHlc, formatHlc, HLC_MS_MAX, HLC_PATTERN, maxHlc, parseHlc, tickHlc } from './hlc.ts';

const A = '0a0a0a0a-0000-4000-8000-00000000000a';
const B = '0b0b0b0b-0000-4000-8000-00000000000b';

describe('hybrid logical clock', () => {
  it('sorts as text in the order of time, then counter, then device', () => {
    const early = formatHlc({ ms: 9_999, counter: 5, device: B });
    const later = formatHlc({ ms: 10_000, counter: 0, device: A });
    expect(compareHlc(early, later)).toBeLessThan(0);
    expect([later, early].sort()).toEqual([early, later]);
    expect(
      compareHlc(formatHlc({ ms: 1, counter: 0, device: A }), formatHlc({ ms: 1, counter: 0, device: B })),
    ).toBeLessThan(0);
    expect(parseHlc(later)).toEqual({ ms: 10_000, counter: 0, device: A });
    expect(parseHlc('yesterday')).toBeNull();
  });

  it('follows the wall clock when it is ahead of everything seen', () => {
    const seen = formatHlc({ ms: 1_000, counter: 7, device: B });
    expect(tickHlc(seen, 2_000, A)).toBe(formatHlc({ ms: 2_000, counter: 0, device: A }));
    expect(tickHlc(null, 2_000, A)).toBe(formatHlc({ ms: 2_000, counter: 0, device: A }));
  });

  it('never goes below a clock it has seen: a device a day behind still makes a newer edit after syncing', () => {
    const day = 86_400_000;
    const fromFastDevice = formatHlc({ ms: 10 * day + day, counter: 0, device: B });
    const next = tickHlc(fromFastDevice, 10 * day - day, A);
    expect(compareHlc(next, fromFastDevice)).toBeGreaterThan(0);
    expect(parseHlc(next)).toEqual({ ms: 11 * day, counter: 1, device: A });
    expect(compareHlc(tickHlc(next, 0, A), next)).toBeGreaterThan(0);
  });

  it('moves to the next millisecond when the counter is full', () => {
    const full = formatHlc({ ms: 5, counter: 999_999, device: A });
    expect(tickHlc(full, 5, A)).toBe(formatHlc({ ms: 6, counter: 0, device: A }));
  });

  it('keeps the newer of two clocks and ignores malformed ones', () => {
    const a = formatHlc({ ms: 5, counter: 0, device: A });
    const b = formatHlc({ ms: 6, counter: 0, device: A });
    expect(maxHlc(a, b)).toBe(b);
    expect(maxHlc(b, 'garbage')).toBe(b);
    expect(maxHlc(null, undefined)).toBeNull();
  });

  it('holds a clock past 15 digits of milliseconds at the last one instead of growing a digit', () => {
    const year2400 = Date.UTC(2400, 0, 1) * 1000; // 16 digits of ms
    const clock = formatHlc({ ms: year2400, counter: 0, device: A });
    expect(clock).toMatch(HLC_PATTERN);
    expect(parseHlc(clock)).toEqual({ ms: HLC_MS_MAX, counter: 0, device: A });
    expect(tickHlc(null, year2400, A)).toBe(`999999999999999-000000-${A}`);
    expect(tickHlc(null, Number.NaN, A)).toMatch(HLC_PATTERN);
  });

  it('after a forged last clock, still issues valid clocks that do not go backwards', () => {
    const forged = `999999999999999-999998-${B}`;
    const next = tickHlc(forged, Date.UTC(2026, 0, 1), A);
    expect(next).toBe(`999999999999999-999999-${A}`);
    expect(compareHlc(next, forged)).toBeGreaterThan(0);
    // The counter is full at the last millisecond: the same valid clock again, never a 16th digit.
    const after = tickHlc(next, Date.UTC(2026, 0, 1), A);
    expect(after).toMatch(HLC_PATTERN);
    expect(after).toBe(next);
    expect(tickHlc(`999999999999999-999999-${B}`, HLC_MS_MAX + 5, A)).toMatch(HLC_PATTERN);
  });
});
