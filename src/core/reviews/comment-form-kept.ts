// An unposted comment or reply, kept on the device until it is posted or the reply is cancelled
// (data/kept-forms.ts stores it): where it lives, and what is worth keeping.
import { COMMENT_MAX_LENGTH } from '../constants.ts';

const KEY_PREFIX = 'checkpoint.comment-form.';

/**
 * The localStorage key of a member's unposted comment on a review, or of a reply in one of its
 * threads (by the thread's client key where it has one: it stays when the comment gets its server id).
 */
export function keptCommentKey(memberId: number, reviewId: number, thread: string | null = null): string {
  return `${KEY_PREFIX}${memberId}.${reviewId}${thread === null ? '' : `.${thread}`}`;
}

export function isKeptCommentKey(key: string): boolean {
  return key.startsWith(KEY_PREFIX);
}

/** Not in spec: a kept text longer than this is none (the form refuses past 500 characters anyway). */
const KEPT_COMMENT_MAX_LENGTH = COMMENT_MAX_LENGTH * 4;

/**
 * What to keep of the box: its text, unless it is what the form opened with (empty, or a reply's
 * @mention alone) or only spaces around that.
 */
export function keptCommentText(opened: string, current: string): string | null {
  return current.trim() === '' || current.trim() === opened.trim() ? null : current;
}

/** A kept text read back (parsed JSON), or null for anything the form could not have kept. */
export function readKeptComment(value: unknown): string | null {
  return typeof value === 'string' && value.trim() !== '' && value.length <= KEPT_COMMENT_MAX_LENGTH ? value : null;
}
