// Bytes to text for an import: UTF-8 (with or without a BOM), UTF-16 with a BOM (either order),
// and Latin-1 / Windows-1252 when the bytes are not valid UTF-8 (spreadsheets still save that).
// Anything with NUL bytes left after decoding is not a text file and is refused.
import { IMPORT_MAX_BYTES, IMPORT_TEXT, ImportFileError } from './constants.ts';

export type TextEncodingName = 'utf-8' | 'utf-16le' | 'utf-16be' | 'windows-1252';

export interface DecodedText {
  readonly text: string;
  readonly encoding: TextEncodingName;
}

function utf16WithoutBom(bytes: Uint8Array): 'utf-16le' | 'utf-16be' | null {
  // Text in UTF-16 without a BOM: ASCII characters leave every other byte zero.
  const n = Math.min(bytes.length, 200) & ~1;
  if (n < 4) return null;
  let even = 0;
  let odd = 0;
  for (let i = 0; i < n; i += 2) {
    if (bytes[i] === 0) even++;
    if (bytes[i + 1] === 0) odd++;
  }
  if (odd > n / 4 && even === 0) return 'utf-16le';
  if (even > n / 4 && odd === 0) return 'utf-16be';
  return null;
}

export function decodeText(bytes: Uint8Array): DecodedText {
  if (bytes.length > IMPORT_MAX_BYTES) throw new ImportFileError('too_large', IMPORT_TEXT.tooLarge);
  let encoding: TextEncodingName;
  let start = 0;
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) {
    encoding = 'utf-8';
    start = 3;
  } else if (bytes[0] === 0xff && bytes[1] === 0xfe) {
    encoding = 'utf-16le';
    start = 2;
  } else if (bytes[0] === 0xfe && bytes[1] === 0xff) {
    encoding = 'utf-16be';
    start = 2;
  } else encoding = utf16WithoutBom(bytes) ?? 'utf-8';
  const body = bytes.subarray(start);
  let text: string;
  if (encoding === 'utf-8') {
    try {
      text = new TextDecoder('utf-8', { fatal: true }).decode(body);
    } catch {
      // Not UTF-8: the usual other one is Windows-1252 (a superset of Latin-1's printable range).
      encoding = 'windows-1252';
      text = new TextDecoder('windows-1252').decode(body);
    }
  } else {
    text = new TextDecoder(encoding).decode(body);
  }
  if (text.includes('\u0000')) throw new ImportFileError('binary', IMPORT_TEXT.binary);
  if (text.trim() === '') throw new ImportFileError('empty', IMPORT_TEXT.empty);
  return { text, encoding };
}
