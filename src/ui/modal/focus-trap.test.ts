import { describe, expect, it } from 'vitest';
import { nextStop, radioStops } from './focus-trap.ts';

describe('nextStop', () => {
  it('moves forward and back among the stops and wraps at both ends', () => {
    expect(nextStop(3, 0, false)).toBe(1);
    expect(nextStop(3, 2, false)).toBe(0);
    expect(nextStop(3, 0, true)).toBe(2);
    expect(nextStop(3, 1, true)).toBe(0);
  });

  it('stays on the only stop', () => {
    expect(nextStop(1, 0, false)).toBe(0);
    expect(nextStop(1, 0, true)).toBe(0);
  });

  it('has nowhere to go without stops', () => {
    expect(nextStop(0, -1, false)).toBeNull();
    expect(nextStop(0, -1, true)).toBeNull();
  });

  it('from the panel itself (no stop before it) goes to the first, or with Shift to the last', () => {
    expect(nextStop(4, -1, false, 0)).toBe(0);
    expect(nextStop(4, -1, true, 0)).toBe(3);
  });

  it('from a scroll box between stops goes to the stop after it, or with Shift the one before', () => {
    // Stops 0 and 1 come before the box, 2 and 3 after it.
    expect(nextStop(4, -1, false, 2)).toBe(2);
    expect(nextStop(4, -1, true, 2)).toBe(1);
  });

  it('from a scroll box after every stop wraps forward to the first, and goes back to the last', () => {
    expect(nextStop(4, -1, false, 4)).toBe(0);
    expect(nextStop(4, -1, true, 4)).toBe(3);
  });
});

describe('radioStops', () => {
  it('keeps one radio per group: the checked one, else the first', () => {
    const a1 = { name: 'a', checked: false };
    const a2 = { name: 'a', checked: true };
    const b1 = { name: 'b', checked: false };
    const b2 = { name: 'b', checked: false };
    expect([...radioStops([a1, a2, b1, b2])]).toEqual([a2, b1]);
  });
});
