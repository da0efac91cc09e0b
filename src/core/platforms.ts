// Platform names as members read them: the catalogue's long names mapped to the short
// ones the review form and game pages show, and the two fallback lists the spec names. Every short
// name here exists in the server's platform table (supabase/schema/tables/public.game.sql seeds them), so a review can
// always be saved with the platform it shows.

/** "Fallback platforms when a game has none: PC, PS5, Xbox Series X/S, Switch." */
export const FALLBACK_PLATFORMS: readonly string[] = ['PC', 'PS5', 'Xbox Series X/S', 'Switch'];

/** "Default radio options when none known: PS5, Xbox Series X/S, Nintendo Switch, PC, Retro." */
export const DEFAULT_PLATFORM_OPTIONS: readonly string[] = ['PS5', 'Xbox Series X/S', 'Nintendo Switch', 'PC', 'Retro'];

/**
 * Long name (lower-case) → short name. The spec's examples: PC (Microsoft Windows) → PC,
 * PlayStation 5 → PS5, Xbox Series X and S → Xbox Series X/S, Nintendo Switch → Switch; plus the
 * spellings the catalogues use for the same four.
 */
const SHORT_NAMES: ReadonlyMap<string, string> = new Map([
  ['pc (microsoft windows)', 'PC'],
  ['microsoft windows', 'PC'],
  ['windows', 'PC'],
  ['pc', 'PC'],
  ['playstation 5', 'PS5'],
  ['ps5', 'PS5'],
  ['xbox series x and s', 'Xbox Series X/S'],
  ['xbox series x|s', 'Xbox Series X/S'],
  ['xbox series x/s', 'Xbox Series X/S'],
  ['xbox series x', 'Xbox Series X/S'],
  ['xbox series s', 'Xbox Series X/S'],
  ['nintendo switch', 'Switch'],
  ['switch', 'Switch'],
]);

/** The short name of a platform; names the map does not know are kept (trimmed). */
export function platformName(name: string): string {
  const trimmed = name.trim().replace(/\s+/g, ' ');
  return SHORT_NAMES.get(trimmed.toLowerCase()) ?? trimmed;
}

// Platform names are plain ASCII: compared case-insensitively without Intl, whose first collator
// costs ~15 ms of a game page's first render (its locale data). ICU's order agrees on them (space,
// then punctuation . / - + ( ), then digits, then letters). Anything else goes to a collator.
const PLAIN = /^[A-Za-z0-9 ./+()-]*$/;
let nameCollator: Intl.Collator | undefined;
function byName(a: string, b: string): number {
  if (!PLAIN.test(a) || !PLAIN.test(b))
    return (nameCollator ??= new Intl.Collator('en', { sensitivity: 'base' })).compare(a, b);
  const [x, y] = [a.toLowerCase(), b.toLowerCase()];
  return x < y ? -1 : x > y ? 1 : 0;
}

/** Short names of a game's platforms, without blanks or repeats, sorted (case-insensitively). */
export function platformNames(names: readonly string[] | null | undefined): string[] {
  const seen = new Map<string, string>();
  for (const raw of names ?? []) {
    if (typeof raw !== 'string') continue;
    const name = platformName(raw);
    if (name !== '' && !seen.has(name.toLowerCase())) seen.set(name.toLowerCase(), name);
  }
  return [...seen.values()].sort(byName);
}

/** A game's platforms for display: its own (short names), else the fallback list. */
export function platformsOrFallback(names: readonly string[] | null | undefined): string[] {
  const own = platformNames(names);
  return own.length > 0 ? own : [...FALLBACK_PLATFORMS];
}

export interface PlatformOptions {
  /** The radio options, in order. */
  readonly options: readonly string[];
  /** Whether the game's platforms are known: then one must be chosen. */
  readonly required: boolean;
}

/** The review form's platform radios: the game's platforms, else the default options (optional then). */
export function reviewPlatformOptions(gamePlatforms: readonly string[] | null | undefined): PlatformOptions {
  const own = platformNames(gamePlatforms);
  return own.length > 0 ? { options: own, required: true } : { options: DEFAULT_PLATFORM_OPTIONS, required: false };
}

/** Whether two platform names mean the same platform ("Nintendo Switch" and "Switch" do). */
export function samePlatform(a: string, b: string): boolean {
  return platformName(a).toLowerCase() === platformName(b).toLowerCase();
}
