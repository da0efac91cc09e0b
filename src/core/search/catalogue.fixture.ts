// A small hand-made catalogue for the ranking tests: famous games, their DLCs, ports, fan mods,
// seasons and bundles, so every rule has a case whatever data the machine has.
import type { SearchGame } from './types.ts';

/** 2026-01-01T00:00:00Z, the tests' "now". */
export const NOW_S = 1_767_225_600;
const year = (y: number) => Date.UTC(y, 5, 1) / 1000;

let nextId = 1;
const g = (name: string, y: number, extra: Partial<SearchGame> = {}): SearchGame => ({
  id: nextId++,
  name,
  first_release_date: year(y),
  release_year: y,
  category: 0,
  platforms: [],
  genres: [],
  ...extra,
});

const NINTENDO = { developer: 'Nintendo EAD', publisher: 'Nintendo' };
const ADVENTURE = { genres: ['Adventure', 'Role-playing (RPG)'] };

export const HAND_CATALOGUE: readonly SearchGame[] = [
  g('The Legend of Zelda', 1986, { ...NINTENDO, ...ADVENTURE, platforms: ['NES'], rating: 84 }),
  g('The Legend of Zelda: Ocarina of Time', 1998, { ...NINTENDO, ...ADVENTURE, rating: 96 }),
  g('The Legend of Zelda: Breath of the Wild', 2017, {
    ...NINTENDO,
    ...ADVENTURE,
    platforms: ['Nintendo Switch'],
    rating: 97,
  }),
  g("The Legend of Zelda: Breath of the Wild - The Champions' Ballad", 2017, { ...NINTENDO, category: 1 }),
  g('The Legend of Zelda: Breath of the Wild - Expansion Pass', 2017, { ...NINTENDO, category: 1 }),
  g('Zelda: Fan Quest Mod', 2012, { category: 5, developer: 'Fans United' }),
  g('Zelda Classic', 2001, { developer: 'Armageddon Games', category: 12 }),
  g('Mario Kart 8', 2014, { ...NINTENDO, platforms: ['Wii U'], rating: 86 }),
  g('Mario Kart 8 Deluxe', 2017, { ...NINTENDO, platforms: ['Nintendo Switch'], rating: 92 }),
  g('Mario Kart 8 Deluxe: Booster Course Pass', 2022, { ...NINTENDO, category: 1 }),
  g('Mario Kart 7', 2011, { ...NINTENDO }),
  g('Mario Kart Wii', 2008, { ...NINTENDO }),
  g('Super Mario Bros.', 1985, { ...NINTENDO, platforms: ['NES'] }),
  g('Super Mario 64 Online Mod', 2019, { category: 5, developer: 'Kaze' }),
  g('Final Fantasy VII', 1997, { developer: 'Square', publisher: 'Square Enix', rating: 92 }),
  g('Final Fantasy VII Remake', 2020, { developer: 'Square Enix', publisher: 'Square Enix', category: 8, rating: 88 }),
  g('Final Fantasy VIII', 1999, { developer: 'Square', publisher: 'Square Enix' }),
  g('Final Fantasy VI', 1994, { developer: 'Square', publisher: 'Square Enix' }),
  g('Crisis Core: Final Fantasy VII', 2007, { developer: 'Square Enix', publisher: 'Square Enix' }),
  g('Pokémon Red Version', 1996, { developer: 'Game Freak', publisher: 'Nintendo', rating: 80 }),
  g('Pokémon Blue Version', 1996, { developer: 'Game Freak', publisher: 'Nintendo' }),
  g('Pokémon Mystery Dungeon: Red Rescue Team', 2005, { developer: 'Chunsoft', publisher: 'Nintendo' }),
  g('Pokémon Uranium', 2016, { developer: 'Fan team', category: 5 }),
  g('Resident Evil', 1996, { developer: 'Capcom', publisher: 'Capcom' }),
  g('Resident Evil 2', 1998, { developer: 'Capcom', publisher: 'Capcom' }),
  g('Resident Evil 4', 2005, { developer: 'Capcom', publisher: 'Capcom' }),
  g('Resident Evil 4 HD Mod', 2014, { developer: 'Fans', publisher: 'Capcom', category: 5 }),
  g('Resident Evil Village Mod Pack', 2025, { developer: 'Fans', publisher: 'Capcom', category: 5 }),
  g('Skyrim Together Mod', 2024, { developer: 'Fans', publisher: 'Bethesda Softworks', category: 5 }),
  g('Fortnite: Season 3', 2020, { developer: 'Epic Games', category: 7 }),
  g('Call of Duty 4: Modern Warfare', 2007, { developer: 'Infinity Ward', publisher: 'Activision' }),
  g('Call of Duty: Ultimate Bundle', 2021, { publisher: 'Activision', category: 3 }),
  g('Call of Duty Sampler', 2021, { publisher: 'Activision', category: 3 }),
  g('Super Mario Advance 4: Super Mario Bros. 3-e - World 1', 2003, { ...NINTENDO, category: 1 }),
  g('Grand Theft Auto V', 2013, { developer: 'Rockstar North', publisher: 'Rockstar Games' }),
];

/** The hand catalogue padded with generated filler to `size` games, so index paths see volume. */
export function paddedCatalogue(size: number): SearchGame[] {
  const words = [
    'Shadow',
    'Quest',
    'Dark',
    'Iron',
    'Crystal',
    'Dragon',
    'Storm',
    'Racing',
    'Tactics',
    'Kingdom',
    'Space',
    'Ninja',
    'Knight',
    'Souls',
    'World',
    'Frontier',
    'Galaxy',
    'Rogue',
    'Hunter',
    'Empire',
    'Saga',
    'Chronicles',
  ];
  const out = [...HAND_CATALOGUE];
  for (let i = 0; out.length < size; i++) {
    const w = (k: number) => words[(i * k) % words.length] ?? 'Game';
    out.push({
      id: 100_000 + i,
      name: `${w(7)} ${w(13)} ${i % 97}`,
      release_year: 1990 + (i % 30),
      category: i % 11 === 0 ? 1 : 0,
      genres: ['Adventure'],
      platforms: ['PC (Microsoft Windows)'],
      developer: `${w(5)} Studios`,
    });
  }
  return out;
}
