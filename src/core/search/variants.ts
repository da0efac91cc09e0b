// Variant queries for the remote step: sequel numbers, franchise flagship titles and
// alternative spellings, at most 5, each with its own limit.
import { FRANCHISE_VARIANT_LIMIT, MAX_VARIANT_QUERIES, VARIANT_LIMIT } from './constants.ts';
import { ICONIC_GAMES } from './iconic.ts';
import { foldAccents, toRoman } from './normalize.ts';
import { prepareQuery } from './query.ts';

export interface VariantQuery {
  readonly searchTerm: string;
  readonly limit: number;
}

export function buildVariants(raw: string): VariantQuery[] {
  const q = prepareQuery(raw);
  if (q.text === '') return [];
  const out: VariantQuery[] = [];
  const seen = new Set([foldAccents(raw.trim())]);
  const add = (searchTerm: string, limit = VARIANT_LIMIT) => {
    const key = foldAccents(searchTerm);
    if (seen.has(key) || out.length >= MAX_VARIANT_QUERIES) return;
    seen.add(key);
    out.push({ searchTerm, limit });
  };
  // Short forms expanded and accents folded ("ff7" → "final fantasy 7").
  add(q.text);
  if (q.number !== undefined) {
    const roman = toRoman(q.number);
    if (roman !== undefined) add(`${q.base} ${roman}`);
  }
  if (q.franchise !== undefined) {
    add(q.franchise, FRANCHISE_VARIANT_LIMIT);
    const flagships = ICONIC_GAMES.filter((g) => g.franchise === q.franchise).sort((a, b) => a.priority - b.priority);
    for (const game of flagships) add(game.name);
  }
  return out;
}
