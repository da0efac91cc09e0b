// One comment: author, relative time, '(edited)' when its updated time differs from its created
// time, the text with a leading @mention set apart, and its controls: like (comment_like.set),
// reply, and for its author edit (in place) and delete (with a dialog).
import { useId, useState, type FormEvent, type KeyboardEvent } from 'react';
import { Link } from 'react-router-dom';
import { charactersRemaining, commentProblem, indentFor, splitMention } from '../../../core/reviews/comments.ts';
import { differentMoments, formatRelativeTime } from '../../../core/dates.ts';
import { momentTooltip } from '../../../ui/time/moment-tooltip.ts';
import { authorInitial, authorName } from '../../../core/reviews/review-card.ts';
import { write } from '../../../data/actions.ts';
import type { CommentNode } from '../../../data/repos/shapes.ts';
import { useToast } from '../../../ui/toasts/toast-context.tsx';
import { LikeButton } from '../like-button.tsx';
import { LOADING_USER_DATA, type Viewer } from '../viewer.ts';
import { commentRef } from './comment-ref.ts';
import { SpoilerButton } from '../spoiler-button.tsx';
import { SpoilerText } from '../../../ui/review-card/spoiler.tsx';

export interface CommentItemProps {
  readonly comment: CommentNode;
  /** 0: a thread; 1: a reply. */
  readonly level: number;
  readonly viewer: Viewer;
  readonly onReply: (comment: CommentNode) => void;
  readonly onDelete: (comment: CommentNode) => void;
  /** The review is not on the server yet: nothing can be liked or answered. */
  readonly locked: boolean;
}

export function CommentItem({ comment, level, viewer, onReply, onDelete, locked }: CommentItemProps) {
  const [editing, setEditing] = useState(false);
  const name = authorName(comment.author);
  const own = viewer.kind === 'member' && viewer.id === comment.user_id;
  const edited = differentMoments(comment.updated_at, comment.created_at);
  const pending = comment.id < 0;
  const { mention, rest } = splitMention(comment.content);

  return (
    <article
      className={`comment comment--level-${level}`}
      style={{ marginInlineStart: indentFor(level) }}
      aria-label={`Comment by ${name}`}
      data-comment-id={comment.id}
    >
      <Link to={`/user/${comment.user_id}`} className="comment__avatar" tabIndex={-1} aria-hidden="true">
        {comment.author?.avatar_url ? (
          <img src={comment.author.avatar_url} alt="" width={32} height={32} loading="lazy" />
        ) : (
          authorInitial(comment.author)
        )}
      </Link>
      <div className="comment__main">
        <header className="comment__head">
          <Link to={`/user/${comment.user_id}`} className="comment__author">
            {name}
          </Link>
          <time className="comment__time" dateTime={comment.created_at} {...momentTooltip(comment.created_at)}>
            {formatRelativeTime(comment.created_at)}
          </time>
          {edited && (
            <span className="comment__edited" {...momentTooltip(comment.updated_at, 'Edited ')}>
              (edited)
            </span>
          )}
          {pending && (
            <span className="comment__pending" title="Saved on this device; it is sent when you are online">
              Not synced yet
            </span>
          )}
        </header>
        {editing ? (
          <EditComment comment={comment} viewer={viewer} onClose={() => setEditing(false)} />
        ) : (
          <>
            <p className="comment__text">
              {mention && <span className="comment__mention">{mention}</span>}
              <SpoilerText text={rest} />
            </p>
            <div className="comment__actions">
              <LikeButton
                viewer={viewer}
                stored={{ liked: comment.liked_by_me, count: Math.max(0, comment.like_count) }}
                set={(memberId, liked) => write(memberId, 'comment_like.set', { ...commentLikeRef(comment), liked })}
                guestMessage="You must be logged in to like comments"
                failure="Failed to update comment like status"
                noun={`comment by ${name}`}
                memberTitle={(liked) =>
                  liked ? 'Unlike this comment' : own ? 'Like your own comment' : 'Like this comment'
                }
                size="sm"
                unavailable={locked ? 'Likes open once this review has synced' : null}
              />
              <button
                type="button"
                className="comment__action"
                onClick={() => onReply(comment)}
                aria-disabled={locked || viewer.kind === 'loading'}
                title={viewer.kind === 'loading' ? LOADING_USER_DATA : undefined}
              >
                Reply
              </button>
              {own && (
                <>
                  <button type="button" className="comment__action" onClick={() => setEditing(true)}>
                    Edit
                  </button>
                  <button
                    type="button"
                    className="comment__action comment__action--danger"
                    onClick={() => onDelete(comment)}
                  >
                    Delete
                  </button>
                </>
              )}
            </div>
          </>
        )}
      </div>
    </article>
  );
}

function commentLikeRef(comment: CommentNode): { comment_id: number } | { comment_key: string } {
  const ref = commentRef(comment);
  return 'id' in ref ? { comment_id: ref.id } : { comment_key: ref.key };
}

interface EditCommentProps {
  readonly comment: CommentNode;
  readonly viewer: Viewer;
  readonly onClose: () => void;
}

/** Edit in place: a text area with Spoiler, Save and Cancel (Escape cancels, Ctrl/⌘+Enter saves). */
function EditComment({ comment, viewer, onClose }: EditCommentProps) {
  const id = useId();
  const toast = useToast();
  const [text, setText] = useState(comment.content);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const remaining = charactersRemaining(text);

  async function save(event?: FormEvent) {
    event?.preventDefault();
    if (busy || viewer.kind !== 'member') return;
    const problem = commentProblem(text, 'edit');
    if (problem) {
      setError(problem);
      return;
    }
    if (text.trim() === comment.content) {
      onClose();
      return;
    }
    setBusy(true);
    try {
      await write(viewer.id, 'comment.edit', { ...commentRef(comment), content: text.trim() });
      onClose();
    } catch {
      setBusy(false);
      toast.push('Failed to update comment', 'error');
    }
  }

  function onKeyDown(event: KeyboardEvent<HTMLTextAreaElement>) {
    if (event.key === 'Escape') {
      event.stopPropagation();
      onClose();
    }
    if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) void save();
  }

  return (
    <form className="comment-form comment-form--edit" onSubmit={save} noValidate>
      <label htmlFor={`${id}-text`} className="visually-hidden">
        Edit your comment
      </label>
      <textarea
        id={`${id}-text`}
        className="comment-form__text"
        value={text}
        rows={3}
        autoFocus
        aria-describedby={`${id}-count`}
        aria-invalid={remaining < 0 || error !== null}
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
          <button type="button" className="button button--ghost" onClick={onClose} disabled={busy}>
            Cancel
          </button>
          <button type="submit" className="button button--primary" aria-disabled={busy}>
            {busy ? 'Saving...' : 'Save'}
          </button>
        </div>
      </div>
      {error && (
        <p className="comment-form__error error" role="alert">
          {error}
        </p>
      )}
    </form>
  );
}
