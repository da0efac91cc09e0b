// Cutting long review text for display: the review page shows 500 characters and a 'more' control
// (the spec: "Review excerpt 500 characters with 'more' on the review page").
import { safeCutIndex } from './reviews/spoiler.ts';

/** "Review excerpt 500 characters with 'more' on the review page". */
export const REVIEW_PAGE_EXCERPT_LENGTH = 500;

export interface Excerpt {
  readonly text: string;
  /** Whether anything was left out. */
  readonly cut: boolean;
}

/**
 * The first `limit` characters (code points, so an emoji is never split in half), trailing spaces
 * dropped, when the text is longer; else the whole text.
 */
export function excerpt(text: string, limit: number): Excerpt {
  const chars = Array.from(text);
  if (chars.length <= limit) return { text, cut: false };
  return { text: chars.slice(0, limit).join('').trimEnd(), cut: true };
}

/**
 * excerpt() for text that may hold spoilers (`||…||`, core/reviews/spoiler.ts): the cut never falls inside
 * a spoiler, which would leave its first half as readable text; it moves before the spoiler (or
 * after one that opens the text).
 */
export function excerptKeepingSpoilers(text: string, limit: number): Excerpt {
  const plain = excerpt(text, limit);
  if (!plain.cut) return plain;
  const at = safeCutIndex(text, plain.text.length);
  if (at >= text.length) return { text, cut: false };
  return { text: text.slice(0, at).trimEnd(), cut: true };
}
