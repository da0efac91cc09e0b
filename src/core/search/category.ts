// What kind of entry a game is: IGDB's category when known, else the catalogue's guess, else a guess
// from the title (the same patterns the catalogue file uses), else a main game.
import type { SearchGame } from './types.ts';

export const CATEGORY = {
  MAIN: 0,
  DLC: 1,
  EXPANSION: 2,
  BUNDLE: 3,
  STANDALONE_EXPANSION: 4,
  MOD: 5,
  EPISODE: 6,
  SEASON: 7,
  REMAKE: 8,
  REMASTER: 9,
  EXPANDED: 10,
  PORT: 11,
  FORK: 12,
  PACK: 13,
  UPDATE: 14,
} as const;

const GUESSES: readonly (readonly [RegExp, number])[] = [
  [
    /\b(dlc|season pass|soundtrack|costumes?|skins?|add-?on|(?:map|booster|dlc|content|character|course) pack)\b/i,
    CATEGORY.DLC,
  ],
  [/\b(mod|wad|rom ?hack|fan ?game|fan-made)\b/i, CATEGORY.MOD],
  [/\bseason \d+\b/i, CATEGORY.SEASON],
  [/\b(episode|chapter) \d+\b/i, CATEGORY.EPISODE],
  [/\b(bundle|collection|trilogy|anthology|double pack|twin pack)\b/i, CATEGORY.BUNDLE],
  [/\bexpansion\b/i, CATEGORY.EXPANSION],
  [/\bremake\b/i, CATEGORY.REMAKE],
  [/\bremaster(ed)?\b/i, CATEGORY.REMASTER],
];

export function effectiveCategory(game: SearchGame): number {
  if (game.category != null) return game.category;
  if (game.category_guess != null) return game.category_guess;
  return GUESSES.find(([pattern]) => pattern.test(game.name))?.[1] ?? CATEGORY.MAIN;
}

const MOD_WORDS =
  /\b(mod|mods|modded|rom ?hack|hack|fan ?game|fan-made|fanmade|unofficial|homebrew|total conversion)\b/i;

/** "mod-related content": IGDB mod or fork, or a title that says it is one. */
export function isModContent(game: SearchGame): boolean {
  const category = effectiveCategory(game);
  return category === CATEGORY.MOD || category === CATEGORY.FORK || MOD_WORDS.test(game.name);
}

/** "Bundles are kept only if the name says collection, bundle and so on." */
export const BUNDLE_NAME =
  /\b(collection|bundle|trilogy|anthology|compilation|pack|edition|box set|complete|twin|double|triple)\b/i;
