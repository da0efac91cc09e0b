import { describe, expect, it } from 'vitest';
import {
  addGame,
  cannotAdd,
  emptyChoicesText,
  moveGame,
  pickerChoices,
  removeGame,
  sameOrder,
  slots,
  TOP5_TEXT,
} from './top5.ts';

const g = (igdb_id: number) => ({ igdb_id, name: `Game ${igdb_id}` });
const ids = (list: ReadonlyArray<{ igdb_id: number } | null>) => list.map((x) => x?.igdb_id ?? null);
const rated = new Set([1, 2, 3, 4, 5, 6]);

describe('Top 5 rules', () => {
  it('always shows five slots, filled from position 1', () => {
    expect(ids(slots([g(3), g(1)]))).toEqual([3, 1, null, null, null]);
    expect(ids(slots([]))).toEqual([null, null, null, null, null]);
  });

  it('adds a rated game to the first empty slot', () => {
    expect(ids(addGame([g(1), g(2)], g(5), rated))).toEqual([1, 2, 5]);
  });

  it('refuses a sixth game, a game twice and a game the member has not rated', () => {
    const five = [1, 2, 3, 4, 5].map(g);
    expect(cannotAdd(five, g(6), rated)).toBe('full');
    expect(cannotAdd([g(1)], g(1), rated)).toBe('duplicate');
    expect(cannotAdd([g(1)], g(99), rated)).toBe('unrated');
    expect(cannotAdd([g(1)], g(2), rated)).toBeNull();
    expect(() => addGame(five, g(6), rated)).toThrow(RangeError);
  });

  it('removes a game and moves the ones after it up', () => {
    expect(ids(removeGame([g(1), g(2), g(3)], 2))).toEqual([1, 3]);
    expect(ids(removeGame([g(1)], 9))).toEqual([1]);
  });

  it('moves a game to a new position, the others shifting around it', () => {
    const list = [1, 2, 3, 4, 5].map(g);
    expect(ids(moveGame(list, 0, 2))).toEqual([2, 3, 1, 4, 5]);
    expect(ids(moveGame(list, 4, 0))).toEqual([5, 1, 2, 3, 4]);
    expect(ids(moveGame(list, 1, 1))).toEqual([1, 2, 3, 4, 5]);
    expect(ids(moveGame(list, 1, 7))).toEqual([1, 2, 3, 4, 5]);
    expect(moveGame(list, 0, 1)).not.toBe(list);
  });

  it("offers only the member's rated games not already chosen, and says why when none are left", () => {
    expect(ids(pickerChoices([g(4), g(1), g(6)], [g(1)]))).toEqual([4, 6]);
    expect(emptyChoicesText(0)).toBe(TOP5_TEXT.noRated);
    expect(emptyChoicesText(3)).toBe('All your reviewed games are already in your Top 5');
  });

  it('compares orders', () => {
    expect(sameOrder([g(1), g(2)], [g(1), g(2)])).toBe(true);
    expect(sameOrder([g(1), g(2)], [g(2), g(1)])).toBe(false);
    expect(sameOrder([g(1)], [g(1), g(2)])).toBe(false);
  });
});
