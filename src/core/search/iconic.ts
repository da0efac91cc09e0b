// The iconic-game table: famous games that rank first for their franchise, and the
// franchises the search knows (owner companies feed fan-content protection).
import { ICONIC_BOOST_MAX, ICONIC_BOOST_MIN } from './constants.ts';
import { normalizeText } from './normalize.ts';

export interface IconicGame {
  readonly franchise: string;
  /** 1 is the franchise's first pick. */
  readonly priority: number;
  readonly name: string;
  readonly alternativeNames: readonly string[];
  readonly releaseYear: number;
  readonly flagship: boolean;
  readonly platforms: readonly string[];
  /** Between ICONIC_BOOST_MIN and ICONIC_BOOST_MAX. */
  readonly boost: number;
}

const entry = (
  franchise: string,
  priority: number,
  name: string,
  releaseYear: number,
  flagship: boolean,
  platforms: readonly string[],
  alternativeNames: readonly string[] = [],
): IconicGame => ({
  franchise,
  priority,
  name,
  alternativeNames,
  releaseYear,
  flagship,
  platforms,
  // Priority 1 gets the top of the spec's range, each later pick 25 less, never below the bottom.
  boost: Math.max(ICONIC_BOOST_MIN, ICONIC_BOOST_MAX - (priority - 1) * 25),
});

export const ICONIC_GAMES: readonly IconicGame[] = [
  entry(
    'pokemon',
    1,
    'Pokémon Red Version',
    1996,
    true,
    ['Game Boy'],
    ['Pokemon Red', 'Pokémon Red', 'Pokemon Red/Pokemon Blue'],
  ),
  entry('pokemon', 2, 'Pokémon Blue Version', 1996, false, ['Game Boy'], ['Pokemon Blue', 'Pokémon Blue']),
  entry(
    'pokemon',
    3,
    'Pokémon Yellow Version: Special Pikachu Edition',
    1998,
    false,
    ['Game Boy'],
    ['Pokemon Yellow', 'Pokémon Yellow'],
  ),
  entry('pokemon', 4, 'Pokémon Gold Version', 1999, false, ['Game Boy Color'], ['Pokemon Gold', 'Pokémon Gold']),
  entry('mario', 1, 'Super Mario Bros.', 1985, true, ['NES'], ['Super Mario Brothers']),
  entry('mario', 2, 'Super Mario 64', 1996, false, ['Nintendo 64']),
  entry('mario', 3, 'Mario Kart 8 Deluxe', 2017, false, ['Nintendo Switch']),
  entry('mario', 4, 'Super Mario Odyssey', 2017, false, ['Nintendo Switch']),
  entry('mario', 5, 'Mario Kart 8', 2014, false, ['Wii U']),
  entry('zelda', 1, 'The Legend of Zelda', 1986, true, ['NES'], ['Zelda']),
  entry('zelda', 2, 'The Legend of Zelda: Ocarina of Time', 1998, false, ['Nintendo 64'], ['Ocarina of Time']),
  entry(
    'zelda',
    3,
    'The Legend of Zelda: Breath of the Wild',
    2017,
    false,
    ['Nintendo Switch', 'Wii U'],
    ['Breath of the Wild', 'BotW'],
  ),
  entry(
    'zelda',
    4,
    'The Legend of Zelda: Tears of the Kingdom',
    2023,
    false,
    ['Nintendo Switch'],
    ['Tears of the Kingdom'],
  ),
  entry('star fox', 1, 'Star Fox', 1993, true, ['SNES'], ['Starwing']),
  entry('star fox', 2, 'Star Fox 64', 1997, false, ['Nintendo 64'], ['Lylat Wars']),
  entry('final fantasy', 1, 'Final Fantasy VII', 1997, true, ['PlayStation'], ['Final Fantasy 7', 'FF7']),
  entry('final fantasy', 2, 'Final Fantasy', 1987, false, ['NES']),
  entry('final fantasy', 3, 'Final Fantasy X', 2001, false, ['PlayStation 2'], ['Final Fantasy 10']),
  entry('call of duty', 1, 'Call of Duty', 2003, true, ['PC (Microsoft Windows)']),
  entry('call of duty', 2, 'Call of Duty 4: Modern Warfare', 2007, false, [
    'PC (Microsoft Windows)',
    'Xbox 360',
    'PlayStation 3',
  ]),
  entry('resident evil', 1, 'Resident Evil', 1996, true, ['PlayStation'], ['Biohazard']),
  entry('resident evil', 2, 'Resident Evil 2', 1998, false, ['PlayStation'], ['Biohazard 2']),
  entry('resident evil', 3, 'Resident Evil 4', 2005, false, ['Nintendo GameCube']),
];

/** The franchises of the table with the company that owns each (for fan-content protection). */
export const FRANCHISE_OWNERS: ReadonlyMap<string, string> = new Map([
  ['pokemon', 'The Pokémon Company'],
  ['mario', 'Nintendo'],
  ['zelda', 'Nintendo'],
  ['star fox', 'Nintendo'],
  ['final fantasy', 'Square Enix'],
  ['call of duty', 'Activision'],
  ['resident evil', 'Capcom'],
]);

/** The spec's "well-known franchise queries" (page size 75; fuzzy threshold 0.08). */
export const WELL_KNOWN_FRANCHISES: readonly string[] = [
  'mario',
  'zelda',
  'pokemon',
  'final fantasy',
  'call of duty',
  'grand theft auto',
  'gta',
  'street fighter',
  'mortal kombat',
  'mega man',
  'metal gear',
  'sonic',
  'dragon quest',
  'elder scrolls',
  'star fox',
  'resident evil',
];

const byName = new Map<string, IconicGame[]>();
for (const game of ICONIC_GAMES) {
  for (const name of [game.name, ...game.alternativeNames]) {
    const key = normalizeText(name);
    byName.set(key, [...(byName.get(key) ?? []), game]);
  }
}

/** The table entry a game is, by folded name (or alternative name, see normalizeText) and release year within one year. */
export function findIconic(
  normalizedNames: readonly string[],
  releaseYear: number | null | undefined,
): IconicGame | undefined {
  for (const candidate of normalizedNames) {
    const hit = byName.get(candidate)?.find((g) => releaseYear == null || Math.abs(g.releaseYear - releaseYear) <= 1);
    if (hit !== undefined) return hit;
  }
  return undefined;
}

/** Whether `words` (a folded text) contains `phrase` as whole words. */
export function hasPhrase(words: string, phrase: string): boolean {
  return ` ${words} `.includes(` ${phrase} `);
}

/** The well-known franchise a folded query names, if any. */
export function queryFranchise(normalizedQuery: string): string | undefined {
  return WELL_KNOWN_FRANCHISES.find((f) => hasPhrase(normalizedQuery, f));
}
