import { describe, expect, it } from 'vitest';
import { mergeResults } from './merge.ts';
import { NOW_S } from './catalogue.fixture.ts';
import type { SearchGame } from './types.ts';

const local: SearchGame[] = [
  {
    id: 7,
    igdb_id: 1026,
    name: 'The Legend of Zelda: Ocarina of Time',
    category: 0,
    release_year: 1998,
    summary: 'Local summary',
  },
  { id: 8, name: 'Zelda II: The Adventure of Link', category: 0, release_year: 1987 },
];
const remote: SearchGame[] = [
  {
    id: 1026,
    name: 'The Legend of Zelda: Ocarina of Time',
    category: 0,
    release_year: 1998,
    summary: 'Remote',
    rating: 96,
  },
  { id: 1022, name: 'The Legend of Zelda', category: 0, release_year: 1986 },
  { id: 5000, name: 'Zelda Fan Mod', category: 5 },
];

describe('mergeResults', () => {
  it('dedupes by external id, the local row winning and the remote filling gaps', () => {
    const out = mergeResults(local, remote, 'zelda', { nowSeconds: NOW_S, limit: 10 });
    const oot = out.games.filter((r) => r.game.name.includes('Ocarina'));
    expect(oot).toHaveLength(1);
    expect(oot[0]?.game.id).toBe(7);
    expect(oot[0]?.game.summary).toBe('Local summary');
    expect(oot[0]?.game.rating).toBe(96);
  });
  it('re-ranks, applies protection and counts what it filtered', () => {
    const out = mergeResults(local, remote, 'zelda', { nowSeconds: NOW_S, limit: 10 });
    expect(out.games[0]?.game.name).toBe('The Legend of Zelda');
    expect(out.games.map((r) => r.game.name)).not.toContain('Zelda Fan Mod');
    expect(out.filteredOut).toBe(1);
    expect(out.source).toBe('mixed');
  });
  it('labels the source database, igdb or mixed', () => {
    expect(mergeResults(local, [], 'zelda', { nowSeconds: NOW_S }).source).toBe('database');
    expect(mergeResults([], remote, 'zelda', { nowSeconds: NOW_S }).source).toBe('igdb');
    expect(mergeResults([], [], 'zelda', { nowSeconds: NOW_S })).toEqual({
      games: [],
      source: 'database',
      filteredOut: 0,
    });
  });
  it('is deterministic whatever the input order', () => {
    const a = mergeResults(local, remote, 'zelda', { nowSeconds: NOW_S });
    const b = mergeResults([...local].reverse(), [...remote].reverse(), 'zelda', { nowSeconds: NOW_S });
    expect(b.games.map((r) => r.game.id)).toEqual(a.games.map((r) => r.game.id));
  });
});

describe('the relevance cut on remote results (0.12 of 260, fuzzy rescue)', () => {
  it('drops remote games whose own text does not answer the query', () => {
    const out = mergeResults(
      [],
      [
        { id: 1, name: 'Tetris', category: 0 },
        { id: 2, name: 'Hyrule Warriors', category: 0, summary: 'A musou spin-off of Zelda.' },
        { id: 3, name: 'The Legend of Zelda', category: 0 },
      ],
      'zelda',
      { nowSeconds: NOW_S, limit: 10 },
    );
    expect(out.games.map((r) => r.game.name).sort()).toEqual(['Hyrule Warriors', 'The Legend of Zelda']);
    // Not fan content: the cut is not counted as content protection.
    expect(out.filteredOut).toBe(0);
  });

  it('keeps a typo match through the fuzzy threshold', () => {
    const out = mergeResults(
      [],
      [
        { id: 3, name: 'The Legend of Zelda', category: 0 },
        { id: 4, name: 'Animal Crossing', category: 0 },
      ],
      'legend of zleda',
      { nowSeconds: NOW_S, limit: 10 },
    );
    expect(out.games.map((r) => r.game.name)).toEqual(['The Legend of Zelda']);
  });
});
