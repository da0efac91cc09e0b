import { describe, expect, it } from 'vitest';
import { SYNC_LOCK, withSyncLock, type SyncLocks } from './leader.ts';

const tick = () => new Promise((resolve) => setTimeout(resolve, 1));

describe('withSyncLock', () => {
  it('[S6] without Web Locks, runs one holder at a time in call order, and a failure releases it', async () => {
    const log: string[] = [];
    const holder =
      (name: string, fail = false) =>
      async () => {
        log.push(`${name} in`);
        await tick();
        log.push(`${name} out`);
        if (fail) throw new Error(`${name} failed`);
        return name;
      };
    const results = await Promise.allSettled([
      withSyncLock(holder('a'), { locks: null }),
      withSyncLock(holder('b', true), { locks: null }),
      withSyncLock(holder('c'), { locks: null }),
    ]);
    expect(log).toEqual(['a in', 'a out', 'b in', 'b out', 'c in', 'c out']);
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
  });

  it('[S6] uses the Web Lock of that name when there is a lock manager (shared with the service worker)', async () => {
    const requested: string[] = [];
    const manager: SyncLocks = {
      async request(name, callback) {
        requested.push(name);
        return callback();
      },
    };
    expect(await withSyncLock(async () => 42, { locks: manager })).toBe(42);
    expect(requested).toEqual([SYNC_LOCK]);
  });
});
