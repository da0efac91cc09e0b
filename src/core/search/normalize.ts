// Text folding shared by the index, the scorer and the variants: lower-case, accents folded,
// punctuation to spaces, roman numerals 1–20 written as arabic, and (queries only) short forms expanded.

const ROMAN = [
  'i',
  'ii',
  'iii',
  'iv',
  'v',
  'vi',
  'vii',
  'viii',
  'ix',
  'x',
  'xi',
  'xii',
  'xiii',
  'xiv',
  'xv',
  'xvi',
  'xvii',
  'xviii',
  'xix',
  'xx',
] as const;
const ROMAN_TO_ARABIC: ReadonlyMap<string, string> = new Map(ROMAN.map((r, i) => [r, String(i + 1)]));

/** The roman form of 1–20, or undefined. */
export function toRoman(n: number): string | undefined {
  return ROMAN[n - 1];
}

/** Query short forms. "re" only expands before a number ("re4", "re 2"): alone it is too common a word. */
const ABBREVIATIONS: ReadonlyMap<string, string> = new Map([
  ['ff', 'final fantasy'],
  ['gta', 'grand theft auto'],
  ['cod', 'call of duty'],
  ['botw', 'breath of the wild'],
  ['totk', 'tears of the kingdom'],
  ['oot', 'ocarina of time'],
  ['mgs', 'metal gear solid'],
  ['smt', 'shin megami tensei'],
  ['kh', 'kingdom hearts'],
  ['dq', 'dragon quest'],
  ['tlou', 'the last of us'],
  ['rdr', 'red dead redemption'],
]);
const NUMBER_ONLY_ABBREVIATIONS: ReadonlyMap<string, string> = new Map([['re', 'resident evil']]);

/** Lower-case with accents folded ("Pokémon" → "pokemon"). */
export function foldAccents(text: string): string {
  return text.normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase();
}

/** Words of a title or query: folded, '&' as "and", apostrophes dropped, other punctuation splits words,
 * roman numerals 1–20 as arabic except as the first word (so "I Am Setsuna" keeps its "i"). */
export function tokenize(text: string): string[] {
  const words = foldAccents(text)
    .replace(/&/g, ' and ')
    .replace(/['’`]/g, '')
    .split(/[^\p{L}\p{N}]+/u);
  const out: string[] = [];
  for (const word of words) {
    if (word === '') continue;
    out.push(out.length > 0 ? (ROMAN_TO_ARABIC.get(word) ?? word) : word);
  }
  return out;
}

/** A title folded to one comparable string: "Final Fantasy VII" → "final fantasy 7". */
export function normalizeText(text: string): string {
  return tokenize(text).join(' ');
}

/** A query folded like a title, with short forms expanded: "FF7" → "final fantasy 7", "re 4" → "resident evil 4". */
export function normalizeQuery(text: string): string {
  const out: string[] = [];
  const words = tokenize(text);
  words.forEach((word, i) => {
    const glued = /^([a-z]+)(\d+)$/.exec(word);
    const head = glued?.[1] ?? word;
    const number = glued?.[2];
    const nextIsNumber = number !== undefined || /^\d+$/.test(words[i + 1] ?? '');
    const long = ABBREVIATIONS.get(head) ?? (nextIsNumber ? NUMBER_ONLY_ABBREVIATIONS.get(head) : undefined);
    if (long !== undefined) out.push(long, ...(number !== undefined ? [number] : []));
    else out.push(word);
  });
  return out.join(' ');
}
