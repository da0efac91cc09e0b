// A query prepared once per search, so scoring each candidate does no re-parsing.
import { FUZZY_THRESHOLD, FUZZY_THRESHOLD_FRANCHISE } from './constants.ts';
import { queryFranchise } from './iconic.ts';
import { normalizeQuery } from './normalize.ts';
import { sanitizeQuery } from './sanitize.ts';

export interface PreparedQuery {
  /** Sanitised, folded, short forms expanded: "ff7" → "final fantasy 7". */
  readonly text: string;
  readonly tokens: readonly string[];
  /** The text without a leading article. */
  readonly articleStripped: string;
  /** A trailing sequel number and the words before it ("mario kart 8" → 8, "mario kart"). */
  readonly number: number | undefined;
  readonly base: string;
  /** The well-known franchise the query names, if any. */
  readonly franchise: string | undefined;
  /** The minimum fuzzy relevance: 0.08 for a known franchise, 0.12 otherwise. */
  readonly fuzzyThreshold: number;
}

export const stripArticle = (text: string): string => text.replace(/^(the|a|an) /, '');

export function prepareQuery(raw: string): PreparedQuery {
  const text = normalizeQuery(sanitizeQuery(raw));
  const tokens = text === '' ? [] : text.split(' ');
  const last = tokens.at(-1);
  const number = last !== undefined && tokens.length > 1 && /^\d{1,2}$/.test(last) ? Number(last) : undefined;
  const franchise = queryFranchise(text);
  return {
    text,
    tokens,
    articleStripped: stripArticle(text),
    number,
    base: number === undefined ? text : tokens.slice(0, -1).join(' '),
    franchise,
    fuzzyThreshold: franchise === undefined ? FUZZY_THRESHOLD : FUZZY_THRESHOLD_FRANCHISE,
  };
}
