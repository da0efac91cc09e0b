import { QUERY_MAX_LENGTH } from './constants.ts';

const STRIPPED_SEQUENCES = /--|\/\*|\*\//g;
const STRIPPED_CHARS = /['"\\;()%_]/g;
const STRIPPED_MEMBER_CHARS = /['"\\;()%]/g;

/** The spec's sanitiser: strips ' " \ ; ( ) % _ and the sequences -- /* *\/, trims, caps at 100 characters. */
export function sanitizeQuery(raw: string): string {
  return strip(raw, STRIPPED_CHARS);
}

/**
 * The same for member searches, keeping '_': usernames are written with it (pixel_pilgrim), and the
 * server matches it literally (search_users, get_users).
 */
export function sanitizeMemberQuery(raw: string): string {
  return strip(raw, STRIPPED_MEMBER_CHARS);
}

function strip(raw: string, chars: RegExp): string {
  let text = raw;
  // Repeat: removing one sequence can join two halves into a new one ("-/**/-" → "--").
  for (let previous = ''; previous !== text;) {
    previous = text;
    text = text.replace(STRIPPED_SEQUENCES, '').replace(chars, '');
  }
  return text.trim().slice(0, QUERY_MAX_LENGTH).trim();
}
