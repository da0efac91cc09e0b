// Generated covers for games the catalogue has no picture of (rather than a grey tile with two
// initials). One pure function turns what we know of a game (name, year, genres, platforms, id)
// into the plan of a poster: a palette from its genre family, a pattern from its platform family,
// variations picked by a hash of its id, and the title broken into lines that fit. The same game
// gives the same cover on every device and every render; media/generated-cover.tsx draws the plan
// as an inline SVG (no network, no canvas). The drawing is a 300 × 400 viewBox, so it is
// vector-sharp at every size it is shown.

/** The facts a cover is made from; any game shape of the app (GameRow, GameHit, a review's game) fits. */
export interface CoverFacts {
  readonly name: string;
  readonly igdb_id?: number | null;
  readonly id?: number | null;
  readonly genres?: readonly string[] | null;
  readonly genre?: string | null;
  readonly platforms?: readonly string[] | null;
  readonly release_year?: number | null;
  /** Unix seconds, or a date string. */
  readonly first_release_date?: number | string | null;
  readonly release_date?: string | null;
}

export type GenreFamily = 'rpg' | 'strategy' | 'sport' | 'action' | 'puzzle' | 'sim' | 'adventure' | 'other';
export type PlatformFamily = 'nintendo' | 'playstation' | 'xbox' | 'pc' | 'mobile' | 'retro' | 'vr' | 'other';
export type PatternKind = 'dots' | 'rings' | 'stripes' | 'grid' | 'waves' | 'pixels' | 'hatch';
export type MotifKind = 'sun' | 'band' | 'arc' | 'peaks';
export type FontKind = 'serif' | 'condensed' | 'sans' | 'rounded';
/** mark: a monogram only (suggestions, list rows); card: title and year; poster: title, year and genre. */
export type CoverTier = 'mark' | 'card' | 'poster';

export interface CoverPalette {
  /** Gradient from top to bottom. */
  readonly top: string;
  readonly bottom: string;
  /** The motif (a sun, a band…) and the year's rule. */
  readonly accent: string;
  /** The pattern's lines and dots, drawn faintly. */
  readonly ink: string;
}

export interface CoverPlan {
  readonly genre: GenreFamily;
  readonly platform: PlatformFamily;
  readonly tier: CoverTier;
  readonly palette: CoverPalette;
  readonly pattern: { readonly kind: PatternKind; readonly size: number; readonly angle: number };
  readonly motif: { readonly kind: MotifKind; readonly x: number; readonly y: number; readonly r: number };
  readonly font: FontKind;
  readonly uppercase: boolean;
  /** Title lines, bottom-left aligned; empty on a mark. */
  readonly lines: readonly string[];
  /** Title font size and line height in viewBox units. */
  readonly size: number;
  readonly leading: number;
  /** One or two letters, shown on a mark. */
  readonly monogram: string;
  /** The monogram's size in viewBox units (two wide letters still fit the width). */
  readonly monogramSize: number;
  readonly year: number | null;
  /** The genre word of a poster ('RPG', 'Strategy'…), or null. */
  readonly label: string | null;
  /** viewBox units per CSS pixel of the box: text sizes are chosen to stay readable at the box's size. */
  readonly metaSize: number;
}

export const COVER_WIDTH = 300;
export const COVER_HEIGHT = 400;
/** Margin of the text from the cover's edges, in viewBox units. */
export const COVER_PADDING = 22;
/** Below this width (CSS px) a cover shows only a monogram; from POSTER_MIN_WIDTH on, also the genre. */
export const MARK_MAX_WIDTH = 80;
export const POSTER_MIN_WIDTH = 160;
/** A monogram's largest size and widest extent, in viewBox units: bold but with room around it. */
const MONOGRAM_MAX = 132;
const MONOGRAM_WIDTH = 220;
/** The smallest title a cover sets, in CSS pixels at the box's size. */
const MIN_TITLE_PX = 11;
const MIN_META_PX = 9;
/** At most four lines of title (and the year above them) at the bottom, leaving the top to the motif. */
const TITLE_LINES = 4;

/** 32-bit FNV-1a: small, fast and the same everywhere. */
export function coverHash(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

// Genre families in the order they win when a game has several ("Shooter, Adventure" is action):
// the specific before the broad; Indie (so many games carry it) is no family of its own.
const GENRE_FAMILIES: readonly (readonly [GenreFamily, RegExp])[] = [
  ['rpg', /role-playing|rpg/i],
  ['strategy', /strateg|tactic|moba|card|board/i],
  ['sport', /sport|racing/i],
  ['action', /shooter|fighting|hack and slash|beat|platform|arcade|pinball|action/i],
  ['adventure', /adventure|point-and-click|visual novel/i],
  ['puzzle', /puzzle|quiz|trivia|music/i],
  ['sim', /simulat/i],
];

export function genreFamily(genres: readonly string[]): GenreFamily {
  for (const [family, pattern] of GENRE_FAMILIES) if (genres.some((g) => pattern.test(g))) return family;
  return 'other';
}

const GENRE_LABELS: Readonly<Record<GenreFamily, string | null>> = {
  rpg: 'RPG',
  strategy: 'Strategy',
  sport: 'Sports',
  action: 'Action',
  puzzle: 'Puzzle',
  sim: 'Simulation',
  adventure: 'Adventure',
  other: null,
};

const PLATFORM_FAMILIES: readonly (readonly [PlatformFamily, RegExp])[] = [
  ['vr', /\bvr\b|oculus|quest|steamvr|vive/i],
  ['nintendo', /nintendo|switch|wii|game ?boy|gamecube|famicom|\bnes\b|\bsnes\b|\b(3|n)?ds\b|virtual boy/i],
  ['playstation', /playstation|\bps[0-9p]?\b|vita/i],
  ['xbox', /xbox/i],
  ['mobile', /ios|android|iphone|ipad|mobile|windows phone/i],
  [
    'retro',
    /sega|genesis|mega drive|saturn|dreamcast|atari|commodore|amiga|spectrum|amstrad|msx|neo ?geo|turbografx|arcade|apple ii|dos\b|3do|jaguar/i,
  ],
  ['pc', /\bpc\b|windows|mac|linux|steam|browser/i],
];

/** The platform family most of a game's platforms belong to; ties go to the earlier family above. */
export function platformFamily(platforms: readonly string[]): PlatformFamily {
  const counts = new Map<PlatformFamily, number>();
  for (const name of platforms) {
    const found = PLATFORM_FAMILIES.find(([, pattern]) => pattern.test(name));
    if (found) counts.set(found[0], (counts.get(found[0]) ?? 0) + 1);
  }
  let best: PlatformFamily = 'other';
  let most = 0;
  for (const [family] of PLATFORM_FAMILIES) {
    const n = counts.get(family) ?? 0;
    if (n > most) {
      best = family;
      most = n;
    }
  }
  return best;
}

const PATTERNS: Readonly<Record<PlatformFamily, PatternKind>> = {
  nintendo: 'dots',
  playstation: 'rings',
  xbox: 'stripes',
  pc: 'grid',
  mobile: 'waves',
  retro: 'pixels',
  vr: 'rings',
  other: 'hatch',
};

// Three palettes per genre family ([top, bottom, accent, ink]); the id picks one. Every top and
// bottom is dark enough for white text (at least 7:1 under the title's shade), so a cover reads
// the same on the app's dark pages and on a light one: it is a picture with its own background.
const PALETTES: Readonly<Record<GenreFamily, readonly (readonly [string, string, string, string])[]>> = {
  rpg: [
    ['#3a2470', '#120b26', '#e9b949', '#a98bff'],
    ['#5a1d44', '#1a0716', '#f4a261', '#e06a9d'],
    ['#1c3a6b', '#0a1224', '#e3c878', '#6f9cf0'],
  ],
  strategy: [
    ['#12406e', '#061320', '#7fd1ff', '#4a9bff'],
    ['#165050', '#061818', '#8ff0c8', '#3cc2a8'],
    ['#353b57', '#0e1018', '#c6d0ff', '#8c9bff'],
  ],
  sport: [
    ['#0f5a30', '#04170b', '#d8ff5a', '#3ad67c'],
    ['#123d7a', '#050f24', '#ffe14d', '#4a8dff'],
    ['#7a1616', '#1f0404', '#ffd0c7', '#ff5a4a'],
  ],
  action: [
    ['#7a1428', '#1c0509', '#ff7a45', '#ff4060'],
    ['#6b3410', '#1a0b03', '#ffbf3a', '#ff7a1a'],
    ['#2a2a38', '#0a0a0f', '#ff4566', '#ffcc33'],
  ],
  puzzle: [
    ['#61206b', '#1a0620', '#ff9ad5', '#d070ff'],
    ['#13506f', '#061824', '#a0f0ff', '#4fd0ff'],
    ['#6b4018', '#1e1006', '#ffd36e', '#ff9a66'],
  ],
  sim: [
    ['#1f5055', '#0a1719', '#c2f27a', '#62dcae'],
    ['#54402a', '#15100a', '#ffdba0', '#e8ac5c'],
    ['#3a3764', '#0e0d1c', '#c4beff', '#978bff'],
  ],
  adventure: [
    ['#15533f', '#06170f', '#f4c96e', '#4ccf95'],
    ['#134d66', '#061620', '#ffd494', '#4cc0d8'],
    ['#4d4418', '#151105', '#ffe38f', '#b3d65a'],
  ],
  other: [
    ['#39414f', '#101217', '#d2d9e6', '#95a2bb'],
    ['#46355a', '#120e17', '#e6d0f5', '#b08fd0'],
    ['#37503f', '#0f1511', '#d5ead6', '#8cb89a'],
  ],
};

const FONTS: Readonly<Record<GenreFamily, FontKind>> = {
  rpg: 'serif',
  adventure: 'serif',
  action: 'condensed',
  sport: 'condensed',
  strategy: 'sans',
  sim: 'sans',
  other: 'sans',
  puzzle: 'rounded',
};

/** Font stacks for each kind: system fonts only (nothing is downloaded), widest fallback last. */
export const FONT_STACKS: Readonly<Record<FontKind, string>> = {
  serif: "'Iowan Old Style', 'Palatino Linotype', Palatino, 'Book Antiqua', Georgia, 'DejaVu Serif', serif",
  condensed:
    "'Avenir Next Condensed', 'Roboto Condensed', 'Arial Narrow', 'Liberation Sans Narrow', 'DejaVu Sans Condensed', sans-serif",
  sans: "'Avenir Next', Avenir, 'Segoe UI Variable Display', 'Segoe UI', 'Helvetica Neue', Roboto, 'DejaVu Sans', sans-serif",
  rounded:
    "ui-rounded, 'SF Pro Rounded', 'Arial Rounded MT Bold', 'Varela Round', Nunito, system-ui, 'DejaVu Sans', sans-serif",
};

// Advance widths in em of bold glyphs, rounded up to those of DejaVu Sans Bold (the widest font the
// stacks can end on), so a line measured here is never wider in the browser than it was planned.
const WIDE = /[MWmw@%]/;
const NARROW = /[iIjl.,:;'!|`]/;
const MID = /[frt()[\]{}"\-/ ]/;
function glyphWidth(ch: string): number {
  if (WIDE.test(ch)) return 1.08;
  if (NARROW.test(ch)) return 0.4;
  if (MID.test(ch)) return 0.52;
  if (/[A-Z&#]/.test(ch)) return 0.86;
  return 0.74;
}
const FONT_WIDTH: Readonly<Record<FontKind, number>> = { serif: 1, condensed: 0.86, sans: 1, rounded: 1.02 };
/** Widths in em by character: a cover is planned on every render, and a title is measured at many sizes. */
const EM = new Map<string, number>();

/** The planned width of a line of text, in viewBox units. */
export function textWidth(text: string, size: number, font: FontKind): number {
  let em = 0;
  for (const ch of text) {
    let w = EM.get(ch);
    if (w === undefined) EM.set(ch, (w = glyphWidth(ch)));
    em += w;
  }
  return em * size * FONT_WIDTH[font];
}

/** Greedy word wrap; a word longer than a line is cut with a hyphen (`broken` says whether one was). */
export function wrapTitle(
  title: string,
  size: number,
  font: FontKind,
  width: number,
): { lines: string[]; broken: boolean } {
  const words = title.split(/\s+/).filter(Boolean);
  return wrapWords(
    words,
    words.map((w) => textWidth(w, 1, font)),
    textWidth(' ', 1, font),
    size,
    font,
    width,
  );
}

/** wrapTitle on words measured once (in units at size 1): a title is tried at many sizes. */
function wrapWords(
  words: readonly string[],
  ems: readonly number[],
  space: number,
  size: number,
  font: FontKind,
  width: number,
): { lines: string[]; broken: boolean } {
  const lines: string[] = [];
  let line = '';
  let used = 0;
  let broken = false;
  words.forEach((whole, i) => {
    const w = (ems[i] ?? 0) * size;
    if (line !== '' && used + space * size + w <= width) {
      line += ` ${whole}`;
      used += space * size + w;
      return;
    }
    if (line !== '') lines.push(line);
    let word = whole;
    if (w > width) {
      broken = true;
      while (textWidth(word, size, font) > width) {
        let cut = word.length - 1;
        while (cut > 1 && textWidth(`${word.slice(0, cut)}-`, size, font) > width) cut--;
        lines.push(`${word.slice(0, cut)}-`);
        word = word.slice(cut);
      }
    }
    line = word;
    used = word === whole ? w : textWidth(word, size, font);
  });
  if (line !== '') lines.push(line);
  return { lines, broken };
}

/**
 * The largest title size from `max` down to `min` whose lines fit `maxLines`: first without cutting
 * a word, then allowing hyphens; when nothing fits at `min`, the last line ends with '…'.
 */
export function fitTitle(
  title: string,
  font: FontKind,
  width: number,
  max: number,
  min: number,
  maxLines: number,
): { lines: string[]; size: number } {
  const words = title.split(/\s+/).filter(Boolean);
  const ems = words.map((w) => textWidth(w, 1, font));
  const space = textWidth(' ', 1, font);
  // No size can hold the title in maxLines if its words, end to end, are longer than maxLines lines.
  const total = ems.reduce((a, b) => a + b, 0) + space * Math.max(words.length - 1, 0);
  const longest = Math.max(0, ...ems);
  for (const hyphens of [false, true]) {
    for (let size = max; size >= min; size -= 2) {
      if (total * size > width * maxLines || (!hyphens && longest * size > width)) continue;
      const { lines, broken } = wrapWords(words, ems, space, size, font, width);
      if (lines.length <= maxLines && (hyphens || !broken)) return { lines, size };
    }
  }
  const lines = wrapWords(words, ems, space, min, font, width).lines.slice(0, maxLines);
  let last = lines[maxLines - 1] ?? '';
  while (last.length > 1 && textWidth(`${last}…`, min, font) > width) last = last.slice(0, -1).trimEnd();
  lines[maxLines - 1] = `${last.replace(/[\s\-:,.]+$/, '')}…`;
  return { lines, size: min };
}

const MINOR_WORDS = new Set(['the', 'a', 'an', 'of', 'and', '&', '-', ':']);

/** One or two letters: the first of the first two words that are not articles ("The Legend of Zelda" → "LZ"). */
export function monogram(name: string): string {
  const words = name
    .split(/[\s:–—-]+/)
    .map((w) => w.replace(/^[^\p{L}\p{N}]+/u, ''))
    .filter((w) => w !== '' && !MINOR_WORDS.has(w.toLowerCase()));
  const letters = words
    .slice(0, 2)
    .map((w) => [...w][0] ?? '')
    .join('')
    .toUpperCase();
  return letters === '' ? '?' : letters;
}

/** The release year from whichever date the row carries. */
export function coverYear(facts: CoverFacts): number | null {
  if (typeof facts.release_year === 'number') return facts.release_year;
  const first = facts.first_release_date;
  if (typeof first === 'number' && Number.isFinite(first)) return new Date(first * 1000).getUTCFullYear();
  const text = typeof first === 'string' ? first : facts.release_date;
  const match = typeof text === 'string' ? /^(\d{4})/.exec(text) : null;
  return match ? Number(match[1]) : null;
}

/** The tier of a cover shown `width` CSS pixels wide. */
export function coverTier(width: number): CoverTier {
  return width < MARK_MAX_WIDTH ? 'mark' : width < POSTER_MIN_WIDTH ? 'card' : 'poster';
}

/**
 * The plan of a game's cover at `width` CSS pixels. The seed is the external catalogue id when there
 * is one (a game's own id is negative until the server knows it, and differs between servers), else
 * the name, so the cover never changes when a game row is replaced by the server's.
 */
export function coverPlan(facts: CoverFacts, width: number): CoverPlan {
  const name = facts.name.trim().replace(/\s+/g, ' ') || 'Unknown game';
  const seed = coverHash(`${facts.igdb_id && facts.igdb_id > 0 ? facts.igdb_id : ''}|${name.toLowerCase()}`);
  const genres = [...(facts.genres ?? []), ...(facts.genre ? [facts.genre] : [])];
  const genre = genreFamily(genres);
  const platform = platformFamily(facts.platforms ?? []);
  const tier = coverTier(width);
  const [top, bottom, accent, ink] = PALETTES[genre][seed % 3] ?? ['#39414f', '#101217', '#d2d9e6', '#95a2bb'];
  const font = FONTS[genre];
  const uppercase = font === 'condensed';
  // viewBox units for one CSS pixel at this width: small boxes get proportionally bigger text.
  const unit = COVER_WIDTH / Math.max(width, 1);
  const motifs: readonly MotifKind[] = ['sun', 'band', 'arc', 'peaks'];
  const motif = {
    kind: motifs[(seed >>> 2) % 4] ?? 'sun',
    x: 60 + ((seed >>> 4) % 181),
    y: 70 + ((seed >>> 12) % 111),
    r: 70 + ((seed >>> 20) % 61),
  };
  const letters = monogram(name);
  const monogramSize = Math.min(MONOGRAM_MAX, Math.floor(MONOGRAM_WIDTH / (textWidth(letters, 1, font) || 1)));
  const patternSize = tier === 'mark' ? 56 : 24 + ((seed >>> 8) % 4) * 4;
  const angle = [45, -45, 30, -30][(seed >>> 24) % 4] ?? 45;
  const base = {
    genre,
    platform,
    tier,
    palette: { top, bottom, accent, ink },
    pattern: { kind: PATTERNS[platform], size: patternSize, angle },
    motif,
    font,
    uppercase,
    monogram: letters,
    monogramSize,
    year: coverYear(facts),
  };
  if (tier === 'mark') return { ...base, lines: [], size: 0, leading: 0, label: null, metaSize: 0 };
  const title = uppercase ? name.toUpperCase() : name;
  const min = Math.max(tier === 'poster' ? 26 : 22, Math.ceil(MIN_TITLE_PX * unit));
  const max = tier === 'poster' ? 56 : 60;
  const { lines, size } = fitTitle(title, font, COVER_WIDTH - 2 * COVER_PADDING, max, Math.min(min, max), TITLE_LINES);
  return {
    ...base,
    lines,
    size,
    leading: Math.round(size * (uppercase ? 1.02 : 1.1)),
    label: tier === 'poster' ? GENRE_LABELS[genre] : null,
    metaSize: Math.max(tier === 'poster' ? 17 : 20, Math.ceil(MIN_META_PX * unit)),
  };
}
