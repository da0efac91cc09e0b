// The in-memory search cache: entries live 300 s, at most 100; when over, the oldest
// 20 % go. Pure: the clock and the timer are injected, so the page can pause cleanup when hidden.
import {
  MEMORY_CACHE_CLEANUP_MS,
  MEMORY_CACHE_EVICT_FRACTION,
  MEMORY_CACHE_MAX_ITEMS,
  MEMORY_CACHE_TTL_MS,
} from './constants.ts';

export interface Timer {
  setInterval(run: () => void, ms: number): unknown;
  clearInterval(handle: unknown): void;
}

export interface CacheOptions {
  readonly now: () => number;
  readonly ttlMs?: number;
  readonly maxItems?: number;
  readonly timer?: Timer;
}

export interface MemoryCache<V> {
  get(key: string): V | undefined;
  set(key: string, value: V, ttlMs?: number): void;
  delete(key: string): void;
  clear(): void;
  readonly size: number;
  /** Drops expired entries; returns how many. */
  cleanup(): number;
  /** "paused when the tab is hidden, stopped on unload". */
  pause(): void;
  resume(): void;
  stop(): void;
}

export function createMemoryCache<V>(options: CacheOptions): MemoryCache<V> {
  const { now, ttlMs = MEMORY_CACHE_TTL_MS, maxItems = MEMORY_CACHE_MAX_ITEMS, timer } = options;
  // Map keeps insertion order, and set() re-inserts, so the first keys are the oldest.
  const entries = new Map<string, { value: V; expiresAt: number }>();
  let handle: unknown;
  let stopped = false;

  const cleanup = (): number => {
    const t = now();
    let dropped = 0;
    for (const [key, entry] of entries)
      if (entry.expiresAt <= t) {
        entries.delete(key);
        dropped++;
      }
    return dropped;
  };
  const resume = () => {
    if (timer === undefined || stopped || handle !== undefined) return;
    handle = timer.setInterval(cleanup, MEMORY_CACHE_CLEANUP_MS);
  };
  const pause = () => {
    if (timer !== undefined && handle !== undefined) timer.clearInterval(handle);
    handle = undefined;
  };
  resume();

  return {
    get(key) {
      const entry = entries.get(key);
      if (entry === undefined) return undefined;
      if (entry.expiresAt <= now()) {
        entries.delete(key);
        return undefined;
      }
      return entry.value;
    },
    set(key, value, ttl = ttlMs) {
      entries.delete(key);
      entries.set(key, { value, expiresAt: now() + ttl });
      if (entries.size > maxItems) {
        const evict = Math.ceil(entries.size * MEMORY_CACHE_EVICT_FRACTION);
        let n = 0;
        for (const k of entries.keys()) {
          if (n++ >= evict) break;
          entries.delete(k);
        }
      }
    },
    delete: (key) => {
      entries.delete(key);
    },
    clear: () => entries.clear(),
    get size() {
      return entries.size;
    },
    cleanup,
    pause,
    resume,
    stop() {
      pause();
      stopped = true;
    },
  };
}
