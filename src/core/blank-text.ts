// Which text counts as blank (zero-width and other invisible characters too, so a comment that
// looks empty is never stored), the one rule for comments, reviews, names and bios on
// both sides: the server's twin is app.clean_text / app.is_blank (supabase/schema/functions/app.clean_text.sql), and
// tests/integration/blank-text.test.ts holds the two to the same answers, character by character.
// - Text made of nothing but blank characters is blank: ordinary whitespace (NBSP included),
//   zero-width characters, fillers that render as nothing, and direction marks alone.
// - Other text keeps every visible character as typed; only the blank SPACE characters at its two
//   edges are trimmed. Direction marks and tag characters are never trimmed from text that has
//   something visible: they shape the text beside them (an RLM after "!" in Hebrew, the tags that
//   end a flag emoji). Joiners inside text (👨‍👩‍👧, Persian ZWNJ) are inside, never at an edge.

/** Code point ranges trimmed at the edges: whitespace, zero-width characters, blank fillers. */
export const SPACE_RANGES: ReadonlyArray<readonly [number, number]> = [
  [0x09, 0x0d],
  [0x20, 0x20],
  [0x85, 0x85],
  [0xa0, 0xa0],
  [0xad, 0xad], // tab…CR, space, NEL, NBSP, soft hyphen
  [0x34f, 0x34f],
  [0x115f, 0x1160],
  [0x1680, 0x1680],
  [0x180e, 0x180e], // grapheme joiner, Hangul fillers, Ogham space, Mongolian separator
  [0x2000, 0x200d], // en quad … hair space, zero-width space, ZWNJ, ZWJ
  [0x2028, 0x2029],
  [0x202f, 0x202f],
  [0x205f, 0x2064], // line/paragraph separators, narrow NBSP, math space, word joiner, invisible operators
  [0x2800, 0x2800],
  [0x3000, 0x3000],
  [0x3164, 0x3164],
  [0xfeff, 0xfeff],
  [0xffa0, 0xffa0], // braille blank, ideographic space, fillers, BOM
];

/** Invisible alone, kept beside visible text: direction marks and controls, tag characters. */
export const MARK_RANGES: ReadonlyArray<readonly [number, number]> = [
  [0x61c, 0x61c],
  [0x200e, 0x200f],
  [0x202a, 0x202e],
  [0x2066, 0x2069],
  [0xe0001, 0xe0001],
  [0xe0020, 0xe007f],
];

const hex = (cp: number) => `\\u{${cp.toString(16)}}`;
const charClass = (ranges: ReadonlyArray<readonly [number, number]>) =>
  ranges.map(([from, to]) => (from === to ? hex(from) : `${hex(from)}-${hex(to)}`)).join('');

const SPACE = charClass(SPACE_RANGES);
const BLANK = new RegExp(`^[${SPACE}${charClass(MARK_RANGES)}]*$`, 'u');
const EDGES = new RegExp(`^[${SPACE}]+|[${SPACE}]+$`, 'gu');

/** True when the text shows nothing: empty, or only blank characters and direction marks. */
export function isBlank(text: string): boolean {
  return BLANK.test(text);
}

/** The text as saved: '' when blank, else trimmed of blank space at both edges, the rest as typed. */
export function cleanText(text: string): string {
  return isBlank(text) ? '' : text.replace(EDGES, '');
}

/** An optional text field as saved: null when absent or blank (the server's nullif(app.clean_text(…), '')). */
export function cleanOrNull(text: string | null | undefined): string | null {
  if (text === null || text === undefined) return null;
  const cleaned = cleanText(text);
  return cleaned === '' ? null : cleaned;
}
