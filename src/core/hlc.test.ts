import { describe, expect, it } from 'vitest';
import { compareHlc, formatHlc, maxHlc, parseHlc, tickHlc } from './hlc.ts';

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
});
