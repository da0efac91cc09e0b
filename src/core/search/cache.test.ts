import { describe, expect, it } from 'vitest';
import { createMemoryCache, type Timer } from './cache.ts';
import {
  MEMORY_CACHE_CLEANUP_MS,
  MEMORY_CACHE_EVICT_FRACTION,
  MEMORY_CACHE_MAX_ITEMS,
  MEMORY_CACHE_TTL_MS,
} from './constants.ts';

function fakeTimer() {
  const live = new Map<number, () => void>();
  let next = 0;
  const timer: Timer = {
    setInterval: (run, ms) => {
      expect(ms).toBe(MEMORY_CACHE_CLEANUP_MS);
      live.set(++next, run);
      return next;
    },
    clearInterval: (handle) => {
      live.delete(handle as number);
    },
  };
  return { timer, live, tick: () => live.forEach((run) => run()) };
}

describe('memory cache: sizes, expiry and eviction of the oldest', () => {
  it('has the spec sizes', () => {
    expect([MEMORY_CACHE_TTL_MS, MEMORY_CACHE_MAX_ITEMS, MEMORY_CACHE_EVICT_FRACTION, MEMORY_CACHE_CLEANUP_MS]).toEqual(
      [300_000, 100, 0.2, 300_000],
    );
  });
  it('expires entries after 300 s', () => {
    let t = 0;
    const cache = createMemoryCache<string>({ now: () => t });
    cache.set('zelda', 'results');
    t = 299_999;
    expect(cache.get('zelda')).toBe('results');
    t = 300_000;
    expect(cache.get('zelda')).toBeUndefined();
  });
  it('evicts the oldest 20 % when over 100 items', () => {
    let t = 0;
    const cache = createMemoryCache<number>({ now: () => t++ });
    for (let i = 0; i <= 100; i++) cache.set(`k${i}`, i);
    expect(cache.size).toBe(101 - Math.ceil(101 * 0.2));
    expect(cache.get('k0')).toBeUndefined();
    expect(cache.get('k20')).toBeUndefined();
    expect(cache.get('k21')).toBe(21);
    expect(cache.get('k100')).toBe(100);
  });
  it('cleans up on its timer, pauses, resumes and stops', () => {
    let t = 0;
    const { timer, live, tick } = fakeTimer();
    const cache = createMemoryCache<number>({ now: () => t, timer });
    cache.set('a', 1);
    expect(live.size).toBe(1);
    cache.pause();
    expect(live.size).toBe(0);
    t = MEMORY_CACHE_TTL_MS;
    tick();
    expect(cache.size).toBe(1);
    cache.resume();
    tick();
    expect(cache.size).toBe(0);
    cache.stop();
    cache.resume();
    expect(live.size).toBe(0);
  });
});
