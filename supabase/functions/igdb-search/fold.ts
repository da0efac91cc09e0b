// Search folding: accents removed, lower case, `&` as "and", split into letter/digit tokens, and
// Roman numerals I..XX written as digits so "Final Fantasy VII" and "final fantasy 7" meet.
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
];
const ROMAN_TO_DIGITS = new Map(ROMAN.map((r, i) => [r, String(i + 1)]));

export function foldTokens(text: string): string[] {
  const plain = text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/&/g, ' and ');
  return plain
    .split(/[^\p{L}\p{N}]+/u)
    .filter((t) => t.length > 0)
    .map((t) => ROMAN_TO_DIGITS.get(t) ?? t);
}

export function foldText(text: string): string {
  return foldTokens(text).join(' ');
}
