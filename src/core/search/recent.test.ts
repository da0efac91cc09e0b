import { describe, expect, it } from 'vitest';
import { addRecent, clearRecent, listRecent, memoryRecentStorage } from './recent.ts';
import { RECENT_SEARCHES_KEPT, RECENT_SEARCHES_TTL_S } from './constants.ts';

describe('recent searches: 5 per kind, newest first, forgotten after 24 h', () => {
  it('keeps 5 per kind, newest first', () => {
    const s = memoryRecentStorage();
    for (let i = 0; i < 7; i++) addRecent(s, 'games', `game ${i}`, i);
    addRecent(s, 'users', 'alice', 10);
    expect(RECENT_SEARCHES_KEPT).toBe(5);
    expect(listRecent(s, 'games', 10).map((e) => e.query)).toEqual(['game 6', 'game 5', 'game 4', 'game 3', 'game 2']);
    expect(listRecent(s, 'users', 10).map((e) => e.query)).toEqual(['alice']);
  });
  it('saves only 2 or more characters', () => {
    const s = memoryRecentStorage();
    addRecent(s, 'games', ' z ', 0);
    expect(listRecent(s, 'games', 0)).toEqual([]);
    addRecent(s, 'games', 'ze', 0);
    expect(listRecent(s, 'games', 0)).toHaveLength(1);
  });
  it('moves a repeat to the top instead of duplicating it', () => {
    const s = memoryRecentStorage();
    addRecent(s, 'games', 'Zelda', 0);
    addRecent(s, 'games', 'mario', 1);
    addRecent(s, 'games', 'zelda', 2);
    expect(listRecent(s, 'games', 2).map((e) => e.query)).toEqual(['zelda', 'mario']);
  });
  it('forgets searches after 24 h and clears on request', () => {
    const s = memoryRecentStorage();
    addRecent(s, 'games', 'zelda', 0);
    expect(listRecent(s, 'games', RECENT_SEARCHES_TTL_S * 1000 - 1)).toHaveLength(1);
    expect(listRecent(s, 'games', RECENT_SEARCHES_TTL_S * 1000)).toHaveLength(0);
    addRecent(s, 'games', 'mario', 0);
    clearRecent(s, 'games');
    expect(listRecent(s, 'games', 0)).toEqual([]);
  });
});
