import { describe, expect, it } from 'vitest';
import { prepareQuery } from '../search/query.ts';
import { buildTextIndex, EXACT, filterByText, NO_MATCH, TYPO } from './text-match.ts';

const TITLES = [
  'The Legend of Zelda: Breath of the Wild',
  'Final Fantasy VII',
  'Pokémon Red',
  'Super Mario Odyssey',
  'Mario Kart 8 Deluxe',
  'Hollow Knight',
  'Marie’s Atelier',
  'Grand Theft Auto V',
];
const index = buildTextIndex(TITLES);
const find = (q: string) => filterByText(TITLES, index, q);

describe('library filter box matcher', () => {
  it('matches whole words and the start of words, in any order', () => {
    expect(find('zelda')).toEqual(['The Legend of Zelda: Breath of the Wild']);
    expect(find('wild zel')).toEqual(['The Legend of Zelda: Breath of the Wild']);
    expect(find('odyssey')).toEqual(['Super Mario Odyssey']);
  });

  it('folds like the header search: accents, roman numerals, short forms', () => {
    expect(find('pokemon')).toEqual(['Pokémon Red']);
    expect(find('final fantasy 7')).toEqual(['Final Fantasy VII']);
    expect(find('ff7')).toEqual(['Final Fantasy VII']);
    expect(find('gta 5')).toEqual(['Grand Theft Auto V']);
  });

  it('forgives typos, and lists exact matches first', () => {
    expect(find('zleda')).toEqual(['The Legend of Zelda: Breath of the Wild']);
    expect(find('hollw knigt')).toEqual(['Hollow Knight']);
    expect(find('odysey')).toEqual(['Super Mario Odyssey']);
    // "marie" is one edit from "mario": the exact "Mario" games first, then the near miss.
    expect(find('mario')).toEqual(['Super Mario Odyssey', 'Mario Kart 8 Deluxe', 'Marie’s Atelier']);
    const grades = index.grade('mariu');
    expect(grades?.[3]).toBe(TYPO);
    expect(grades?.[0]).toBe(NO_MATCH);
    expect(find('marie')[0]).toBe('Marie’s Atelier');
    expect(find('marie')).toContain('Super Mario Odyssey');
  });

  it('forgives a typo in a word still being typed, from 4 letters', () => {
    expect(find('breth')).toEqual(['The Legend of Zelda: Breath of the Wild']);
    expect(find('hllow')).toEqual(['Hollow Knight']);
    expect(find('kbi')).toEqual([]);
  });

  it('asks every word to match', () => {
    expect(find('mario zelda')).toEqual([]);
    expect(index.grade('zelda')?.[0]).toBe(EXACT);
  });

  it('treats an empty or punctuation-only text as no filter', () => {
    expect(index.grade('')).toBeNull();
    expect(index.grade('  ;; ')).toBeNull();
    expect(find('')).toEqual(TITLES);
  });

  it('grades a query prepared by the caller as it grades the raw text', () => {
    for (const raw of ['ff7', 'hollw knigt', 'mario', 'zelda wild', '  ;; ']) {
      expect(index.grade(prepareQuery(raw))).toEqual(index.grade(raw));
      expect(filterByText(TITLES, index, prepareQuery(raw))).toEqual(find(raw));
    }
  });
});

describe('library filter box: joined, split and sound-alike words', () => {
  const LIBRARY = [
    'Marvel’s Spider-Man',
    'Hollow Knight',
    'The Witcher 3: Wild Hunt',
    'The Legend of Zelda: Breath of the Wild',
    'StarCraft II',
    'Stardew Valley',
    'Hades',
  ];
  const library = buildTextIndex(LIBRARY);
  const search = (q: string) => filterByText(LIBRARY, library, q);

  it('finds a title whose words the query writes as one', () => {
    expect(search('spiderman')).toEqual(['Marvel’s Spider-Man']);
    expect(search('marvels spiderman')).toEqual(['Marvel’s Spider-Man']);
    expect(search('hollowknight')).toEqual(['Hollow Knight']);
    expect(search('stardewvalley')).toEqual(['Stardew Valley']);
    expect(search('witcher3')).toEqual(['The Witcher 3: Wild Hunt']);
  });

  it('finds a title written as one word that the query splits', () => {
    expect(search('star craft')).toEqual(['StarCraft II']);
    expect(search('spider man')).toEqual(['Marvel’s Spider-Man']);
  });

  it('forgives sound-alike typos the way the header search does', () => {
    expect(search('hollow nite')).toEqual(['Hollow Knight']);
    expect(library.grade('hollow nite')?.[1]).toBe(TYPO);
    expect(search('zelda breath wild')).toEqual(['The Legend of Zelda: Breath of the Wild']);
  });

  it('forgives no typo across a join, so a sequel number still picks one game', () => {
    const sequels = ['Starfall Odyssey 2', 'Starfall Odyssey 42', 'Starfall Odyssey 4'];
    const index = buildTextIndex(sequels);
    expect(filterByText(sequels, index, 'strafall odysey 42')).toEqual(['Starfall Odyssey 42']);
    // Written as one, it is an exact match, listed before the near misses the typo rule allows.
    expect(index.grade('odyssey42')?.[1]).toBe(EXACT);
    expect(filterByText(sequels, index, 'odyssey42')[0]).toBe('Starfall Odyssey 42');
  });

  it('still asks the other words to match', () => {
    expect(search('hades nite')).toEqual([]);
    expect(search('nite')).toEqual([]);
    expect(search('spiderman zelda')).toEqual([]);
  });
});
