// How a review's comments are arranged and checked: threads newest first; every reply under its
// top-level ancestor, oldest first; two displayed levels, 24 px indent per level; a reply to a
// reply starts with an @ mention of the replied-to author.
import { cleanText } from '../blank-text.ts';
import { COMMENT_MAX_LENGTH } from '../constants.ts';
import { INVALID_TEXT_MESSAGE, isStorableText } from '../storable-text.ts';
import { compareMoments } from '../dates.ts';

/** "reply-nesting walk depth 10": the ancestor walk stops after this many steps. */
export const COMMENT_REPLY_WALK_DEPTH = 10;
/** "two displayed levels": top-level comments (0) and their replies (1). */
export const COMMENT_DISPLAY_LEVELS = 2;
/** "indent 24 px per level". */
export const COMMENT_INDENT_PX = 24;
/** "load delay about 100 ms": comments load this long after the review card mounts. */
export const COMMENT_LOAD_DELAY_MS = 100;

export interface Threadable {
  readonly id: number;
  readonly parent_comment_id: number | null;
  readonly created_at: string;
}

export interface CommentThread<T> {
  readonly comment: T;
  /** Every reply whose top-level ancestor is `comment`, oldest first. */
  readonly replies: T[];
}

const newestFirst = (a: Threadable, b: Threadable) => compareMoments(b.created_at, a.created_at) || b.id - a.id;
const oldestFirst = (a: Threadable, b: Threadable) => compareMoments(a.created_at, b.created_at) || a.id - b.id;

/**
 * The top-level ancestor of a comment (itself when it has no parent), or null when the chain is
 * broken (a parent not among the rows) or longer than the walk allows.
 */
export function topLevelAncestor<T extends Threadable>(comment: T, byId: ReadonlyMap<number, T>): T | null {
  let node = comment;
  for (let depth = 0; depth < COMMENT_REPLY_WALK_DEPTH && node.parent_comment_id !== null; depth++) {
    const parent = byId.get(node.parent_comment_id);
    if (!parent) return null;
    node = parent;
  }
  return node.parent_comment_id === null ? node : null;
}

/**
 * Arranges comments for display. A reply whose ancestors cannot be traced shows as a thread of
 * its own rather than disappearing (its parent may be unpublished or not on this device yet).
 * Timestamps compare as the instants they name (compareMoments), not as text; ties go by id.
 */
export function threadComments<T extends Threadable>(rows: readonly T[]): Array<CommentThread<T>> {
  const byId = new Map(rows.map((row) => [row.id, row]));
  const threads = new Map<number, { comment: T; replies: T[] }>();
  const replies: Array<[T, T]> = [];
  for (const row of rows) {
    const top = topLevelAncestor(row, byId);
    if (top === null || top === row) threads.set(row.id, { comment: row, replies: [] });
    else replies.push([row, top]);
  }
  for (const [reply, top] of replies) threads.get(top.id)?.replies.push(reply);
  const ordered = [...threads.values()].sort((a, b) => newestFirst(a.comment, b.comment));
  for (const thread of ordered) thread.replies.sort(oldestFirst);
  return ordered;
}

/** Left indent of a displayed level (0 for threads, 1 for replies; deeper levels are not shown). */
export function indentFor(level: number): number {
  return Math.min(Math.max(level, 0), COMMENT_DISPLAY_LEVELS - 1) * COMMENT_INDENT_PX;
}

/** What a reply is posted under: the top-level comment, whichever comment was answered. */
export interface ReplyPlan {
  /** The comment the new reply attaches to. */
  readonly parent: Threadable;
  /** '@username ' when answering a reply, else ''. */
  readonly mention: string;
}

/**
 * Replying to `target`: a top-level comment is the parent itself; a reply's parent is its thread,
 * and the text opens with an @ mention of the reply's author (when they have a username).
 */
export function planReply(target: Threadable, thread: Threadable, targetUsername: string | null): ReplyPlan {
  if (target.parent_comment_id === null) return { parent: target, mention: '' };
  return { parent: thread, mention: targetUsername ? `@${targetUsername} ` : '' };
}

/** The text as posted: the mention first, unless the member already begins with it. */
export function withMention(text: string, mention: string): string {
  const trimmed = text.trim();
  if (!mention) return trimmed;
  const handle = mention.trim();
  const next = trimmed.slice(handle.length, handle.length + 1);
  if (trimmed.startsWith(handle) && (next === '' || /\s/.test(next))) return trimmed;
  return `${mention}${trimmed}`;
}

/** A leading '@username' of a comment, for display, and the text after it. */
export function splitMention(content: string): { mention: string | null; rest: string } {
  const match = /^@[A-Za-z0-9_]+(?=\s|$)/.exec(content);
  return match ? { mention: match[0], rest: content.slice(match[0].length) } : { mention: null, rest: content };
}

/** "'{n} characters remaining' and turns red when negative". */
export function charactersRemaining(text: string): number {
  return COMMENT_MAX_LENGTH - text.length;
}

export type CommentCheck = 'new' | 'edit';

/**
 * The spec's message for text that cannot be saved, or null. New comments and replies say
 * 'Comment cannot be empty' / 'Comment exceeds 500 characters'; edits use the edit wording
 * (the same as comment.edit's validation in mutations.ts).
 */
export function commentProblem(text: string, check: CommentCheck = 'new'): string | null {
  if (!isStorableText(text)) return INVALID_TEXT_MESSAGE;
  const trimmed = cleanText(text);
  if (trimmed === '') return check === 'new' ? 'Comment cannot be empty' : 'Comment content cannot be empty';
  if (trimmed.length > COMMENT_MAX_LENGTH) {
    return check === 'new'
      ? 'Comment exceeds 500 characters'
      : 'Comment content exceeds maximum length (500 characters)';
  }
  return null;
}
