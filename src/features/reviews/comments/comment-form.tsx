// The comment and reply form: 500 characters at most with '{n} characters remaining' (red below
// zero), the spec's messages, a guest prompted to sign in (the comment is posted once they have),
// Ctrl/⌘+Enter to post. Posting is a local write: it shows at once and reaches the server when the
// device is online. What is typed and not yet posted is kept on the device (use-kept-comment.ts)
// until it is posted or the reply cancelled.
import { useEffect, useId, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { charactersRemaining, commentProblem, withMention } from '../../../core/reviews/comments.ts';
import { MutationError } from '../../../core/mutation-error.ts';
import { write } from '../../../data/actions.ts';
import type { CommentNode } from '../../../data/repos/shapes.ts';
import { useAuthUi } from '../../../ui/auth/auth-context.tsx';
import { LOADING_USER_DATA, WAIT_FOR_USER_DATA, type Viewer } from '../viewer.ts';
import { parentRef } from './comment-ref.ts';
import { SpoilerButton } from '../spoiler-button.tsx';
import { randomUuid } from '../../../core/random-uuid.ts';
import { useKeptComment } from './use-kept-comment.ts';

export interface CommentFormProps {
  readonly reviewId: number;
  readonly viewer: Viewer;
  /** A reply: the thread it goes under, the mention it opens with, and who is answered. */
  readonly reply?: { readonly thread: CommentNode; readonly mention: string; readonly to: string };
  readonly onDone?: () => void;
  readonly autoFocus?: boolean;
}

const GUEST_MESSAGE = 'You must be logged in to comment';

export function CommentForm({ reviewId, viewer, reply, onDone, autoFocus = false }: CommentFormProps) {
  const id = useId();
  const auth = useAuthUi();
  const memberId = viewer.kind === 'member' ? viewer.id : null;
  // A reply is kept per thread and per whom it answers: its text opens with their @mention.
  const replyKey = reply ? `${reply.thread.client_key ?? reply.thread.id}.${reply.mention.trim()}` : null;
  const kept = useKeptComment(memberId, reviewId, replyKey, reply?.mention ?? '');
  const { text, setText } = kept;
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const area = useRef<HTMLTextAreaElement>(null);
  const remaining = charactersRemaining(text);
  const isReply = reply !== undefined;
  const loading = viewer.kind === 'loading';

  // A reply opens with its @mention: the caret goes after it, ready for the member's words.
  useEffect(() => {
    const node = area.current;
    if (autoFocus && node) node.setSelectionRange(node.value.length, node.value.length);
  }, [autoFocus]);

  async function post(memberId: number, draft: string): Promise<void> {
    const content = withMention(draft, reply?.mention ?? '');
    const problem = commentProblem(content);
    if (problem) {
      setError(problem);
      return;
    }
    setBusy(true);
    setError(null);
    try {
      await write(memberId, 'comment.add', {
        key: randomUuid(),
        rating_id: reviewId,
        content,
        ...(reply ? parentRef(reply.thread) : {}),
      });
      kept.forget();
      setText('');
      onDone?.();
    } catch (failure) {
      // The spec's own refusals ('Parent comment not found', …) say what is wrong; anything else is ours.
      setError(
        failure instanceof MutationError && failure.code !== 'invalid_args'
          ? failure.message
          : isReply
            ? 'Failed to post reply. Please try again.'
            : 'Failed to post comment. Please try again.',
      );
    } finally {
      setBusy(false);
    }
  }

  function submit(event?: FormEvent) {
    event?.preventDefault();
    if (busy) return;
    if (viewer.kind === 'loading') {
      setError(WAIT_FOR_USER_DATA);
      return;
    }
    const problem = commentProblem(withMention(text, reply?.mention ?? ''));
    if (problem) {
      setError(problem);
      area.current?.focus();
      return;
    }
    if (viewer.kind === 'guest') {
      setError(GUEST_MESSAGE);
      const draft = text;
      auth.requireMember((memberId) => post(memberId, draft));
      return;
    }
    void post(viewer.id, text);
  }

  /** The member gives up the reply: what they typed goes with it. */
  function cancel() {
    kept.forget();
    onDone?.();
  }

  function onKeyDown(event: KeyboardEvent<HTMLTextAreaElement>) {
    if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) submit();
    if (event.key === 'Escape' && isReply) cancel();
  }

  const label = isReply ? `Reply to ${reply.to}` : 'Add a comment';
  return (
    <form className={`comment-form${isReply ? ' comment-form--reply' : ''}`} onSubmit={submit} noValidate>
      <label htmlFor={`${id}-text`} className="visually-hidden">
        {label}
      </label>
      <textarea
        id={`${id}-text`}
        ref={area}
        className="comment-form__text"
        value={text}
        rows={isReply ? 2 : 3}
        placeholder={isReply ? `Reply to ${reply.to}...` : 'Share your thoughts on this review...'}
        aria-describedby={`${id}-count${error ? ` ${id}-error` : ''}`}
        aria-invalid={remaining < 0 || error !== null}
        // Focus moves here only when the member has just asked to reply.
        autoFocus={autoFocus}
        onChange={(e) => {
          setText(e.target.value);
          if (error) setError(null);
        }}
        onKeyDown={onKeyDown}
        disabled={busy}
      />
      <div className="comment-form__bar">
        <p id={`${id}-count`} className={`comment-form__count${remaining < 0 ? ' comment-form__count--over' : ''}`}>
          {remaining} characters remaining
        </p>
        <div className="comment-form__buttons">
          <SpoilerButton
            textareaId={`${id}-text`}
            onChange={(next) => {
              setText(next);
              if (error) setError(null);
            }}
            disabled={busy}
          />
          {isReply && (
            <button
              type="button"
              className="button button--ghost comment-form__cancel"
              onClick={cancel}
              disabled={busy}
            >
              Cancel
            </button>
          )}
          <button
            type="submit"
            className="button button--primary comment-form__post"
            aria-disabled={loading || busy}
            title={loading ? LOADING_USER_DATA : undefined}
          >
            {busy ? 'Posting...' : isReply ? 'Reply' : 'Post Comment'}
          </button>
        </div>
      </div>
      {error && (
        <p id={`${id}-error`} className="comment-form__error error" role="alert">
          {error}
        </p>
      )}
    </form>
  );
}
