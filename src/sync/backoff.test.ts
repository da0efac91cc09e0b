import { describe, expect, it } from 'vitest';
import { BACKOFF_CAP_MS, BACKOFF_FLOOR_MS, backoffDelay, VISIBLE_BACKOFF_CAP_MS } from './backoff.ts';

describe('backoffDelay', () => {
  it('[S4] draws below a ceiling that doubles per failure (full jitter)', () => {
    const almostOne = () => 0.999_999;
    expect([1, 2, 3, 4].map((n) => backoffDelay(n, almostOne))).toEqual([999, 1999, 3999, 7999]);
    expect([1, 2, 3, 4].map((n) => backoffDelay(n, () => 0.5))).toEqual([500, 1000, 2000, 4000]);
  });

  it('never waits longer than the cap, however many failures', () => {
    expect(backoffDelay(7, () => 0.999_999)).toBe(BACKOFF_CAP_MS - 1);
    expect(backoffDelay(1_000, () => 0.999_999)).toBe(BACKOFF_CAP_MS - 1);
  });

  it('waits at most 4 s under the cap for a page on screen, so a server back is seen within seconds', () => {
    expect(VISIBLE_BACKOFF_CAP_MS).toBe(4_000);
    expect([1, 2, 3, 4, 10, 1_000].map((n) => backoffDelay(n, () => 0.999_999, VISIBLE_BACKOFF_CAP_MS))).toEqual([
      999, 1999, 3999, 3999, 3999, 3999,
    ]);
  });

  it('keeps a floor, so an unlucky draw does not spin', () => {
    expect(backoffDelay(1, () => 0)).toBe(BACKOFF_FLOOR_MS);
    expect(backoffDelay(0, () => 0.1)).toBe(BACKOFF_FLOOR_MS);
  });
});
