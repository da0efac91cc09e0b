import { QUERY_MAX_LENGTH } from './constants.ts';

const STRIPPED_SEQUENCES = /--|\/\*|\*\//g;
const STRIPPED_CHARS = /['"\\;()%_]/g;

/** §5 sanitiser: strips ' " \ ; ( ) % _ and the sequences -- /* *\/, trims, caps at 100 characters. */
export function sanitizeQuery(raw: string): string {
  let text = raw;
  // Repeat: removing one sequence can join two halves into a new one ("-/**/-" → "--").
  for (let previous = ''; previous !== text;) {
    previous = text;
    text = text.replace(STRIPPED_SEQUENCES, '').replace(STRIPPED_CHARS, '');
  }
  return text.trim().slice(0, QUERY_MAX_LENGTH).trim();
}
